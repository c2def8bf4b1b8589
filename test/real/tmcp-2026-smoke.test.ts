// Our 2026-07-28 (stateless) server on tmcp, driven with raw JSON-RPC over stdio and Streamable
// HTTP: every request carries the per-request _meta (and, over HTTP, the routing headers), and
// every message the server sends must validate against the 2026-07-28 schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/schema/index.js';
import { startTmcp2026Http, startTmcp2026Stdio, type Exchange, type Json, type RawClient, type StdioServer } from './servers/tmcp-2026-launch.js';

const REVISION = '2026-07-28';

function meta(capabilities: Json = {}, extra: Json = {}): Json {
  return {
    'io.modelcontextprotocol/protocolVersion': REVISION,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'mcp-conform-smoke', version: '0.0.0' },
    ...extra,
  };
}

let nextId = 1;

/** Sends one request and checks every message that came back against the 2026-07-28 schema. */
async function call(client: RawClient, method: string, params: Json = {}, metaFields: Json = meta()): Promise<Exchange> {
  const fullParams = { ...params, _meta: metaFields };
  const exchange = await client.request({ jsonrpc: '2.0', id: nextId++, method, params: fullParams });
  for (const message of [...exchange.notifications, exchange.response]) {
    const result = validateMessage(message, { revision: REVISION, direction: 'server->client', inReplyTo: { method, params: fullParams } });
    expect(result.problems, `${method}: ${JSON.stringify(message)}`).toEqual([]);
  }
  return exchange;
}

function result(exchange: Exchange): Json {
  expect(exchange.response.error, JSON.stringify(exchange.response)).toBeUndefined();
  return exchange.response.result as Json;
}

function texts(content: unknown): string[] {
  return (content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text!);
}

const transports: [string, () => Promise<RawClient>][] = [
  ['stdio', async () => startTmcp2026Stdio()],
  ['http', startTmcp2026Http],
];

describe.each(transports)('tmcp 2026-07-28 server over %s', (transport, start) => {
  let client: RawClient;
  beforeAll(async () => {
    client = await start();
  });
  afterAll(async () => {
    await client?.close();
  });

  it('discovers, lists tools, calls echo, reads a resource and gets a prompt', async () => {
    const discover = result(await call(client, 'server/discover'));
    expect(discover.supportedVersions).toContain(REVISION);
    expect(discover).toMatchObject({ resultType: 'complete', cacheScope: 'public', ttlMs: 60_000 });
    expect(discover._meta).toMatchObject({ 'io.modelcontextprotocol/serverInfo': { name: 'mcp-conform-tmcp-2026' } });
    expect(Object.keys(discover.capabilities as Json)).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts', 'logging', 'completions']));

    const tools = result(await call(client, 'tools/list')).tools as { name: string; annotations?: Json }[];
    expect(tools.map((t) => t.name)).toEqual(['echo', 'ask_name', 'log_levels', 'slow', 'lookup_note']);
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true });

    const echo = result(await call(client, 'tools/call', { name: 'echo', arguments: { text: `hello over ${transport}` } }));
    expect(texts(echo.content)).toEqual([`hello over ${transport}`]);
    expect(echo.isError).toBeUndefined();

    const read = result(await call(client, 'resources/read', { uri: 'memo://readme' }));
    expect(read).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(read.contents).toEqual([expect.objectContaining({ uri: 'memo://readme', mimeType: 'text/plain' })]);

    const prompt = result(await call(client, 'prompts/get', { name: 'summarize', arguments: { topic: 'caching' } }));
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarize caching in one paragraph.' } }]);
  });

  it('lists the template and completes its variable and the prompt argument', async () => {
    const templates = result(await call(client, 'resources/templates/list')).resourceTemplates as Json[];
    expect(templates).toEqual([expect.objectContaining({ name: 'note', uriTemplate: 'memo://notes/{id}' })]);
    const note = result(await call(client, 'resources/read', { uri: 'memo://notes/2' }));
    expect((note.contents as Json[])[0]!.text).toBe('Water the plants');
    const topic = result(await call(client, 'completion/complete', { ref: { type: 'ref/prompt', name: 'summarize' }, argument: { name: 'topic', value: 'ca' } }));
    expect(topic.completion).toEqual({ values: ['caching', 'cancellation'], total: 2, hasMore: false });
  });

  it('asks for input through InputRequiredResult and finishes on the retry (MRTR)', async () => {
    const withElicitation = meta({ elicitation: {} });
    const first = result(await call(client, 'tools/call', { name: 'ask_name', arguments: {} }, withElicitation));
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests).toEqual({ '1': expect.objectContaining({ method: 'elicitation/create' }) });

    const name = { '1': { action: 'accept', content: { name: 'Ada' } } };
    const second = result(await call(client, 'tools/call', { name: 'ask_name', arguments: {}, inputResponses: name }, withElicitation));
    expect(second.resultType).toBe('input_required');
    expect(Object.keys(second.inputRequests as Json)).toEqual(['2']);
    expect(typeof second.requestState).toBe('string');

    const style = { '2': { action: 'accept', content: { style: 'formal' } } };
    const done = result(
      await call(client, 'tools/call', { name: 'ask_name', arguments: {}, inputResponses: style, requestState: second.requestState }, withElicitation),
    );
    expect(done.resultType).toBe('complete');
    expect(texts(done.content)).toEqual(['Good day, Ada!']);

    // No elicitation capability on this request: -32021 naming it (S26-6).
    const refused = await call(client, 'tools/call', { name: 'ask_name', arguments: {} });
    expect(refused.response.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
  });

  it('logs only at or above the per-request logLevel and reports progress for the request', async () => {
    const silent = await call(client, 'tools/call', { name: 'log_levels', arguments: {} });
    expect(silent.notifications).toEqual([]);
    const logged = await call(client, 'tools/call', { name: 'log_levels', arguments: {} }, meta({}, { 'io.modelcontextprotocol/logLevel': 'warning' }));
    expect(logged.notifications.map((n) => (n.params as Json).level)).toEqual(['warning', 'error']);

    const slow = await call(client, 'tools/call', { name: 'slow', arguments: { steps: 3, delayMs: 1 } }, meta({}, { progressToken: 'p-1' }));
    expect(texts(result(slow).content)).toEqual(['counted to 3']);
    expect(slow.notifications.map((n) => [n.method, (n.params as Json).progress])).toEqual([
      ['notifications/progress', 1],
      ['notifications/progress', 2],
      ['notifications/progress', 3],
    ]);
  });

  if (transport === 'http') {
    it('answers over SSE with X-Accel-Buffering and no session, and 400/-32020 on a wrong Mcp-Name', async () => {
      const ok = await call(client, 'tools/list');
      expect(ok.status).toBe(200);
      expect(ok.headers!.get('content-type')).toContain('text/event-stream');
      expect(ok.headers!.get('x-accel-buffering')).toBe('no');
      expect(ok.headers!.has('mcp-session-id')).toBe(false);

      const id = nextId++;
      const params = { name: 'echo', arguments: { text: 'x' }, _meta: meta() };
      const bad = await client.request({ jsonrpc: '2.0', id, method: 'tools/call', params }, { 'Mcp-Name': 'not-echo' });
      expect(bad.status).toBe(400);
      expect(bad.response).toMatchObject({ id, error: { code: -32020 } });
      expect(validateMessage(bad.response, { revision: REVISION, direction: 'server->client', inReplyTo: { method: 'tools/call', params } }).problems).toEqual([]);
    });
  } else {
    it('writes only valid 2026-07-28 messages on stdout and exits on stdin EOF', async () => {
      const stdio = client as StdioServer;
      expect(stdio.received.length).toBeGreaterThan(0);
      // No server-initiated requests on stdio (S26-13).
      expect(stdio.received.filter((m) => 'method' in m && 'id' in m)).toEqual([]);
      expect(await stdio.endInput()).toBe(0);
    });
  }
});
