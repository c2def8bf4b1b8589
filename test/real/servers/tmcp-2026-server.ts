// The surface of our 2026-07-28 (stateless) server on tmcp, shared by its stdio and HTTP
// entries (tmcp-2026.ts). Written the way tmcp's README shows; every tool is read-only
// (nothing outside this process changes), so the whole suite may call all of them.
import { McpError, McpServer } from 'tmcp';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { z } from 'zod';

const NOTES: Record<string, string> = { '1': 'Buy milk', '2': 'Water the plants', '3': 'Call Ada' };
const TOPICS = ['caching', 'cancellation', 'elicitation', 'logging', 'subscriptions'];

/** What the slow tool did, readable as memo://stats, so a client can see whether aborted work stopped (S26-27). */
const stats = { started: 0, completed: 0, aborted: 0 };

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

/** Waits ms, or rejects early when the request is cancelled. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createTmcp2026Server(): McpServer<z.ZodType> {
  const server = new McpServer(
    { name: 'mcp-conform-tmcp-2026', version: '1.0.0', description: 'Stateless (2026-07-28) notes server on tmcp' },
    {
      adapter: new ZodJsonSchemaAdapter(),
      instructions: 'A tiny notes server. Read memo://readme first.',
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      // tmcp's default is ttlMs 0 / private; lists here never vary per caller, reads may.
      cache: { ttlMs: 60_000, cacheScope: 'public', methods: { 'resources/read': { ttlMs: 0, cacheScope: 'private' } } },
    },
  );

  server.tool(
    {
      name: 'echo',
      description: 'Echo the given text back',
      schema: z.object({ text: z.string().describe('Text to echo') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text: t }) => text(t),
  );

  // MRTR: without an open session tmcp answers with an InputRequiredResult and reruns
  // the handler from the top on the retry, hence `replayable`. Two questions, so the
  // second round carries a requestState holding the first answer.
  server.tool(
    {
      name: 'ask_name',
      description: 'Ask the user for their name and preferred style (elicitation), then greet them',
      schema: z.object({ greeting: z.string().optional().describe('Greeting word, default "Hello"') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
      replayable: true,
    },
    async ({ greeting }) => {
      const who = await server.elicitation('What is your name?', z.object({ name: z.string().describe('Your name') }));
      if (who.action !== 'accept' || !who.content) return text(`No name given (${who.action}).`);
      const style = await server.elicitation(
        'Formal or casual?',
        z.object({ style: z.enum(['formal', 'casual']).describe('Greeting style') }),
      );
      const formal = style.action === 'accept' && style.content?.style === 'formal';
      return text(`${formal ? 'Good day' : (greeting ?? 'Hello')}, ${who.content.name}!`);
    },
  );

  server.tool(
    {
      name: 'log_levels',
      description: 'Send one log message at each of debug, info, warning and error',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      for (const level of ['debug', 'info', 'warning', 'error'] as const) server.log(level, `a ${level} message`, 'log_levels');
      return text('logged debug, info, warning, error');
    },
  );

  server.tool(
    {
      name: 'slow',
      description: 'Count to `steps`, waiting `delayMs` per step and reporting progress; stops when cancelled',
      schema: z.object({
        // Defaults in the handler: zod's .default() would mark them required in the JSON Schema.
        steps: z.number().int().min(1).max(50).optional().describe('How many steps (default 5)'),
        delayMs: z.number().int().min(0).max(5_000).optional().describe('Milliseconds per step (default 100)'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ steps = 5, delayMs = 100 }) => {
      stats.started++;
      try {
        for (let i = 1; i <= steps; i++) {
          await sleep(delayMs, server.ctx.signal);
          server.progress(i, steps, `step ${i} of ${steps}`);
        }
      } catch (error) {
        stats.aborted++;
        server.changed('resource', 'memo://stats');
        throw error;
      }
      stats.completed++;
      server.changed('resource', 'memo://stats');
      return text(`counted to ${steps}`);
    },
  );

  // S26-29/30: `region` is mirrored in the Mcp-Param-Region header over HTTP.
  server.tool(
    {
      name: 'lookup_note',
      description: 'Find notes containing a word; the region is routed as a header',
      schema: z.object({
        region: z.string().meta({ 'x-mcp-header': 'Region' }).describe('Region code, e.g. eu'),
        word: z.string().describe('Word to look for'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ region, word }) => {
      const hits = Object.entries(NOTES).filter(([, note]) => note.toLowerCase().includes(word.toLowerCase()));
      return text(`${region}: ${hits.map(([id]) => `memo://notes/${id}`).join(', ') || 'no match'}`);
    },
  );

  server.resource(
    { name: 'readme', description: 'What this server is', uri: 'memo://readme', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'A tiny stateless notes server built on tmcp.' }] }),
  );

  server.resource(
    { name: 'stats', description: 'Counters of the slow tool (started, completed, aborted)', uri: 'memo://stats', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(stats) }] }),
  );

  server.template(
    {
      name: 'note',
      description: 'One note by id',
      uri: 'memo://notes/{id}',
      mimeType: 'text/plain',
      list: () => Object.keys(NOTES).map((id) => ({ name: `note-${id}`, uri: `memo://notes/${id}`, mimeType: 'text/plain' })),
      complete: {
        id: (value) => {
          const values = Object.keys(NOTES).filter((id) => id.startsWith(value));
          return { completion: { values, total: values.length, hasMore: false } };
        },
      },
    },
    async (uri, { id }) => {
      const note = typeof id === 'string' ? NOTES[id] : undefined;
      // 2026-07-28 wants -32602 for a missing resource (S26-22), as tmcp itself uses.
      if (note === undefined) throw new McpError(-32602, `Resource ${uri} not found`, { uri });
      return { contents: [{ uri, mimeType: 'text/plain', text: note }] };
    },
  );

  server.prompt(
    {
      name: 'summarize',
      description: 'Ask for a summary of a topic',
      schema: z.object({ topic: z.string().describe('What to summarize') }),
      complete: {
        topic: (value) => {
          const values = TOPICS.filter((t) => t.startsWith(value));
          return { completion: { values, total: values.length, hasMore: false } };
        },
      },
    },
    async ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} in one paragraph.` } }] }),
  );

  return server;
}
