// The surface of our servers on the official TypeScript SDK v2 (@modelcontextprotocol/server),
// written the way its docs teach (docs/servers/*.md of modelcontextprotocol/typescript-sdk):
// one factory that builds a fresh McpServer, handed to serveStdio or createMcpHandler (main.ts).
// State lives at module scope, since the HTTP entry calls the factory once per request.
import { writeFileSync } from 'node:fs';
import { completable, McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const NOTES = ['Buy milk', 'Water the plants', 'Call Ada'];
const TOPICS = ['caching', 'cancellation', 'elicitation', 'logging', 'subscriptions'];
const LEVELS = ['debug', 'info', 'warning', 'error'];

/**
 * The destructive tool must never be called by the suite (it only calls readOnlyHint tools):
 * if it is, it leaves this file behind, which the test asserts absent.
 */
const DESTRUCTIVE_MARKER = process.env.SDK_V2_DESTRUCTIVE_MARKER;

const text = (t) => ({ content: [{ type: 'text', text: t }] });

/** The factory serveStdio and createMcpHandler call; `ctx.era` names the era it serves. */
export function createSdkV2Server(ctx) {
  const server = new McpServer(
    { name: 'mcp-conform-sdk-v2', version: '1.0.0' },
    { capabilities: { logging: {} }, instructions: `A tiny notes server on the official SDK v2 (${ctx?.era ?? 'unknown'} era). Read memo://readme first.` },
  );

  server.registerTool(
    'echo',
    {
      description: 'Echo the given text back',
      inputSchema: z.object({ text: z.string().describe('Text to echo') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text: t }) => text(t),
  );

  server.registerTool(
    'add',
    {
      description: 'Add two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ a, b }) => text(String(a + b)),
  );

  server.registerTool(
    'log_levels',
    {
      description: 'Send one log message at each of debug, info, warning and error',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (toolCtx) => {
      for (const level of LEVELS) await toolCtx.mcpReq.log(level, `a ${level} message`);
      return text(`logged ${LEVELS.join(', ')}`);
    },
  );

  server.registerTool(
    'add_note',
    {
      description: 'Store a note in memory',
      inputSchema: z.object({ text: z.string() }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async ({ text: t }) => text(`stored note #${NOTES.push(t)}`),
  );

  server.registerTool(
    'delete_all_notes',
    {
      description: 'Delete every stored note',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      if (DESTRUCTIVE_MARKER) writeFileSync(DESTRUCTIVE_MARKER, `delete_all_notes called at ${new Date().toISOString()}\n`);
      return { ...text('refusing: this tool exists to prove it is never called'), isError: true };
    },
  );

  server.registerResource(
    'readme',
    'memo://readme',
    { description: 'What this server is', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'A tiny notes server built on the official SDK v2.' }] }),
  );

  server.registerResource(
    'notes',
    'memo://notes',
    { description: 'All stored notes as JSON', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(NOTES) }] }),
  );

  server.registerResource(
    'note',
    new ResourceTemplate('memo://notes/{id}', {
      list: async () => ({ resources: NOTES.map((_, i) => ({ uri: `memo://notes/${i + 1}`, name: `note-${i + 1}`, mimeType: 'text/plain' })) }),
      complete: { id: async (value) => NOTES.map((_, i) => String(i + 1)).filter((id) => id.startsWith(value)) },
    }),
    { description: 'One note by its number', mimeType: 'text/plain' },
    async (uri, { id }) => {
      const note = NOTES[Number(id) - 1];
      // The docs' typed error for a read miss (docs/servers/errors.md).
      if (note === undefined) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: note }] };
    },
  );

  server.registerPrompt(
    'summarize',
    {
      description: 'Ask for a summary of a topic',
      argsSchema: z.object({
        topic: completable(z.string().describe('What to summarize'), (value) => TOPICS.filter((t) => t.startsWith(value))),
      }),
    },
    ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} in one paragraph.` } }] }),
  );

  return server;
}
