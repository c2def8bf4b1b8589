// A small MCP server of ours built on tmcp, the way its README shows.
// `node server.mjs stdio` talks over stdin/stdout; `node server.mjs http` serves
// Streamable HTTP on 127.0.0.1:$PORT/mcp (loopback only).
// tmcp also answers 2026-07-28's `server/discover` by itself (no registration needed):
// it is reachable only as a per-request call (params._meta carries the protocol version
// and client capabilities) and fires the server's 'discover' event.
import { McpServer } from 'tmcp';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { z } from 'zod';

const notes = [];

const server = new McpServer(
  { name: 'mcp-conform-tmcp', version: '1.0.0', description: 'Notes server on tmcp' },
  {
    adapter: new ZodJsonSchemaAdapter(),
    capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } },
  },
);

server.tool(
  {
    name: 'echo',
    description: 'Echo the given text back',
    schema: z.object({ text: z.string().describe('Text to echo') }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ text }) => ({ content: [{ type: 'text', text }] }),
);

server.tool(
  {
    name: 'add',
    description: 'Add two numbers',
    schema: z.object({ a: z.number(), b: z.number() }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);

server.tool(
  {
    name: 'add_note',
    description: 'Store a note in memory',
    schema: z.object({ text: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ text }) => {
    notes.push(text);
    return { content: [{ type: 'text', text: `stored note #${notes.length}` }] };
  },
);

server.resource(
  { name: 'readme', description: 'What this server is', uri: 'memo://readme', mimeType: 'text/plain' },
  async (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'A tiny notes server built on tmcp.' }] }),
);

server.resource(
  { name: 'notes', description: 'All stored notes as JSON', uri: 'memo://notes', mimeType: 'application/json' },
  async (uri) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(notes) }] }),
);

server.prompt(
  {
    name: 'summarize',
    description: 'Ask for a summary of a topic',
    schema: z.object({ topic: z.string().describe('What to summarize') }),
  },
  async ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} in one paragraph.` } }] }),
);

if (process.argv[2] === 'http') {
  const { HttpTransport } = await import('@tmcp/transport-http');
  const { serve } = await import('@hono/node-server');
  const transport = new HttpTransport(server, { path: '/mcp' });
  serve({
    hostname: '127.0.0.1',
    port: Number(process.env.PORT ?? 3000),
    fetch: async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }),
  });
} else {
  const { StdioTransport } = await import('@tmcp/transport-stdio');
  new StdioTransport(server).listen();
}
