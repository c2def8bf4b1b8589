// A big catalog on the official SDK v1 (@modelcontextprotocol/sdk), stdio, written the way its
// README teaches (McpServer.registerTool / registerResource / registerPrompt): N read-only tools,
// N resources and N prompts, each described at length, as users measured in issue 28 (with
// N = 1,000, tools/list is one page of about 360 KB that the SDK rebuilds from its zod schemas on
// every call). The size is the first argument, so one file gives 10, 100 and 1,000:
//   node test/real/servers/sdk-v1-catalog/server.mjs 1000
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod/v4';

const size = Number(process.argv[2] ?? 10);
if (!Number.isInteger(size) || size < 1) {
  process.stderr.write(`usage: server.mjs <size>: a positive whole number, not ${process.argv[2]}\n`);
  process.exit(2);
}

const FILLER = 'It stands for one integration of a server that offers many, as large servers do.';
const numbered = (i) => String(i).padStart(4, '0');
const text = (t) => ({ content: [{ type: 'text', text: t }] });

const server = new McpServer({ name: 'mcp-conform-sdk-v1-catalog', version: '1.0.0' });

for (let i = 1; i <= size; i++) {
  server.registerTool(
    `lookup_${numbered(i)}`,
    {
      title: `Lookup ${i}`,
      description: `Looks up a record in source ${i} of the catalog. ${FILLER}`,
      inputSchema: { query: z.string().describe('What to look up'), limit: z.number().int().min(1).max(50).optional().describe('At most this many records') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => text(`source ${i}: no record matches ${JSON.stringify(query)} (limit ${limit ?? 10})`),
  );
  server.registerResource(
    `record-${numbered(i)}`,
    `catalog://records/${numbered(i)}`,
    { title: `Record ${i}`, description: `Record ${i} of the catalog, as plain text. ${FILLER}`, mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Record ${i}: nothing stored yet.` }] }),
  );
  server.registerPrompt(
    `summarize_${numbered(i)}`,
    { title: `Summarize ${i}`, description: `Asks for a summary of a topic from source ${i}. ${FILLER}`, argsSchema: { topic: z.string().describe('What to summarize') } },
    ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} from source ${i} in one paragraph.` } }] }),
  );
}

await server.connect(new StdioServerTransport());
