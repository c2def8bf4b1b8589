// A small MCP server of ours built on mcp-lite, the way its README shows.
// `node server.mjs http` serves Streamable HTTP on 127.0.0.1:$PORT/mcp through Hono, with
// the README's single-server setup (in-memory sessions and client requests).
// `node server.mjs stdio`: mcp-lite ships no stdio transport, so ./stdio.mjs binds the same
// core over stdin/stdout (see there for what that binding decides on its own).
import { Hono } from 'hono';
import { InMemoryClientRequestAdapter, InMemorySessionAdapter, McpServer, StreamableHttpTransport } from 'mcp-lite';
import { z } from 'zod';

const notes = [];

const mcp = new McpServer({
  name: 'mcp-conform-mcp-lite',
  version: '1.0.0',
  schemaAdapter: (schema) => z.toJSONSchema(schema),
});

mcp.tool('echo', {
  description: 'Echo the given text back',
  inputSchema: z.object({ text: z.string().describe('Text to echo') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  handler: ({ text }) => ({ content: [{ type: 'text', text }] }),
});

mcp.tool('add', {
  description: 'Add two numbers',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  handler: ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
});

mcp.tool('add_note', {
  description: 'Store a note in memory',
  inputSchema: z.object({ text: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  handler: ({ text }) => {
    notes.push(text);
    return { content: [{ type: 'text', text: `stored note #${notes.length}` }] };
  },
});

mcp.resource('memo://readme', { name: 'readme', description: 'What this server is', mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'A tiny notes server built on mcp-lite.' }],
}));

mcp.resource('memo://notes', { name: 'notes', description: 'All stored notes as JSON', mimeType: 'application/json' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(notes) }],
}));

mcp.prompt('summarize', {
  description: 'Ask for a summary of a topic',
  arguments: z.object({ topic: z.string().describe('What to summarize') }),
  handler: ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} in one paragraph.` } }] }),
});

if (process.argv[2] === 'http') {
  const { serve } = await import('@hono/node-server');
  const transport = new StreamableHttpTransport({
    sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 1024 }),
    clientRequestAdapter: new InMemoryClientRequestAdapter({ defaultTimeoutMs: 30000 }),
  });
  const httpHandler = transport.bind(mcp);
  const app = new Hono();
  app.all('/mcp', (c) => httpHandler(c.req.raw));
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
} else {
  const { serveStdio } = await import('./stdio.mjs');
  serveStdio(mcp);
}
