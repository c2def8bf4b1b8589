// A small MCP server of ours built on fastmcp, the way its README shows.
// `node server.mjs stdio` talks over stdin/stdout; `node server.mjs http` serves
// Streamable HTTP on 127.0.0.1:$PORT/mcp (fastmcp's httpStream transport). `node server.mjs
// http-auth` is the same server protected the way fastmcp's README teaches: an `authenticate`
// hook (here a jose verifier of the test authorization server's JWTs, AUTH_ISSUER/AUTH_JWKS)
// and `oauth` discovery metadata.
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const notes = [];
const mode = process.argv[2];

const server = new FastMCP({ name: 'mcp-conform-fastmcp', version: '1.0.0', ...(mode === 'http-auth' ? await (await import('./auth.mjs')).fastmcpAuth() : {}) });

server.addTool({
  name: 'echo',
  description: 'Echo the given text back',
  parameters: z.object({ text: z.string().describe('Text to echo') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  execute: async ({ text }) => text,
});

server.addTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  execute: async ({ a, b }) => String(a + b),
});

server.addTool({
  name: 'add_note',
  description: 'Store a note in memory',
  parameters: z.object({ text: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  execute: async ({ text }) => {
    notes.push(text);
    return `stored note #${notes.length}`;
  },
});

server.addResource({
  uri: 'memo://readme',
  name: 'readme',
  description: 'What this server is',
  mimeType: 'text/plain',
  async load() {
    return { text: 'A tiny notes server built on fastmcp.' };
  },
});

server.addResource({
  uri: 'memo://notes',
  name: 'notes',
  description: 'All stored notes as JSON',
  mimeType: 'application/json',
  async load() {
    return { text: JSON.stringify(notes) };
  },
});

server.addPrompt({
  name: 'summarize',
  description: 'Ask for a summary of a topic',
  arguments: [{ name: 'topic', description: 'What to summarize', required: true }],
  load: async ({ topic }) => `Summarize ${topic} in one paragraph.`,
});

if (mode === 'http' || mode === 'http-auth') {
  await server.start({ transportType: 'httpStream', httpStream: { host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) } });
} else {
  await server.start({ transportType: 'stdio' });
}
