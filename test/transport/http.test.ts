import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport, type HttpTransport, type HttpTransportOptions } from '../../src/transport/http.js';
import { TargetUnreachable, type HttpExchange } from '../../src/transport/types.js';
import { TransportClosed } from '../../src/transport/errors.js';
import { SESSION_ID, startHttpServer } from './servers/http-server.mjs';
import { byId, byMethod, collect, freePort, waitFor } from './helpers.js';

let server: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  server = await startHttpServer();
});
afterAll(async () => {
  await server.close();
});

const open: HttpTransport[] = [];
function client(options: Partial<HttpTransportOptions> = {}): HttpTransport {
  const transport = createHttpTransport({ url: server.url, requestTimeoutMs: 5000, ...options });
  open.push(transport);
  return transport;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };
type Echoed = { result: { headers: Record<string, string> } };

describe('http transport: headers and session', () => {
  it('sends Accept and Content-Type, adopts the session id, then sends it with the protocol version', async () => {
    const t = client({ headers: { 'X-Custom': 'yes', Authorization: 'Bearer secret-token' } });
    const got = collect(t);
    await t.start();
    const first = await t.send(initialize);
    const init = (await waitFor('initialize result', () => byId(got, 0))) as unknown as Echoed;
    expect(init.result.headers).toMatchObject({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'x-custom': 'yes',
      authorization: 'Bearer secret-token',
    });
    expect(init.result.headers['mcp-session-id']).toBeUndefined();
    expect(init.result.headers['mcp-protocol-version']).toBeUndefined();
    expect(first.http?.response?.status).toBe(200);
    expect(first.http?.response?.headers['mcp-session-id']).toBe(SESSION_ID);
    expect(t.sessionId).toBe(SESSION_ID);

    t.setProtocolVersion('2025-06-18');
    const second = await t.send({ jsonrpc: '2.0', id: 1, method: 'echo' });
    const echo = (await waitFor('echo result', () => byId(got, 1))) as unknown as Echoed;
    expect(echo.result.headers).toMatchObject({ 'mcp-session-id': SESSION_ID, 'mcp-protocol-version': '2025-06-18' });
    // The recorded request shows what we sent, with the secret redacted.
    expect(second.http?.request.headers).toMatchObject({
      'Mcp-Session-Id': SESSION_ID,
      'MCP-Protocol-Version': '2025-06-18',
      Accept: 'application/json, text/event-stream',
      'X-Custom': 'yes',
      Authorization: 'Bearer <redacted>',
    });
    const traced = t.trace.filter((e): e is { at: number; kind: 'http'; exchange: HttpExchange } => e.kind === 'http');
    expect(traced.map((e) => e.exchange.request.headers['Mcp-Session-Id'])).toEqual([undefined, SESSION_ID]);
    expect(t.trace.map((e) => e.kind)).toEqual(expect.arrayContaining(['send', 'recv', 'http']));
  });

  it('close() sends DELETE with the session id and records the status', async () => {
    const t = client();
    await t.send(initialize);
    const before = server.deletes.length;
    await t.close();
    expect(server.deletes.slice(before)).toEqual([SESSION_ID]);
    const del = t.trace.find((e) => e.kind === 'http' && e.exchange.request.method === 'DELETE');
    expect(del && del.kind === 'http' && del.exchange.response?.status).toBe(200);
    await expect(t.send(initialize)).rejects.toBeInstanceOf(TransportClosed);
  });

  it('request() can leave out the session id, protocol version and any header', async () => {
    const t = client();
    await t.send(initialize);
    t.setProtocolVersion('2025-06-18');
    const raw = await t.request({
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'echo' }),
      omitSessionId: true,
      omitProtocolVersion: true,
      omitHeaders: ['accept'],
      headers: { Origin: 'http://evil.example' },
    });
    expect(raw.response?.status).toBe(200);
    expect(raw.messages).toHaveLength(1);
    const headers = (raw.messages[0] as Echoed).result.headers;
    expect(headers.origin).toBe('http://evil.example');
    expect(headers.accept === undefined || headers.accept === '*/*').toBe(true);
    expect(headers['mcp-session-id']).toBeUndefined();
    expect(headers['mcp-protocol-version']).toBeUndefined();
  });
});

describe('http transport: response bodies', () => {
  it('emits SSE events as they arrive, before the stream ends', async () => {
    const t = client();
    const got = collect(t);
    let settled = false;
    const sending = t.send({ jsonrpc: '2.0', id: 9, method: 'stream' }).finally(() => (settled = true));
    await waitFor('progress notification', () => byMethod(got, 'notifications/progress'));
    // The server holds the stream open until released: the message came while send() was pending.
    expect(settled).toBe(false);
    expect(byId(got, 9)).toBeUndefined();
    await fetch(`${server.base}/release`, { method: 'POST' });
    const outcome = await sending;
    expect(byId(got, 9)).toMatchObject({ result: { done: true } });
    expect(got.framing).toEqual([]); // the empty priming event is not a message
    expect(outcome.http?.response?.headers['content-type']).toBe('text/event-stream');
    expect(outcome.http?.response?.body).toContain('id: p2');
  });

  it('reports SSE data that is not a JSON-RPC message as sse-malformed and keeps reading', async () => {
    const t = client();
    const got = collect(t);
    await t.send({ jsonrpc: '2.0', id: 10, method: 'sse-garbage' });
    expect(got.framing).toEqual([
      { problem: 'sse-malformed', raw: 'this is not json' },
      { problem: 'sse-malformed', raw: '42' },
    ]);
    expect(byId(got, 10)).toBeDefined();
  });

  it('splits a JSON batch reply into messages', async () => {
    const t = client();
    const got = collect(t);
    await t.send({ jsonrpc: '2.0', id: 11, method: 'batch' });
    expect(got.messages).toEqual([
      { jsonrpc: '2.0', id: 11, result: { n: 1 } },
      { jsonrpc: '2.0', method: 'notifications/extra' },
    ]);
    expect(got.raws[0]?.startsWith('[')).toBe(true);
  });

  it('records 202 with no messages, a non-JSON JSON body as not-json, and a body over the cap as too-large', async () => {
    const t = client({ maxMessageBytes: 1024 * 1024 });
    const got = collect(t);
    const accepted = await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(accepted.http?.response).toMatchObject({ status: 202, body: '' });
    await t.send({ jsonrpc: '2.0', id: 12, method: 'bad-json' });
    await t.send({ jsonrpc: '2.0', id: 13, method: 'big' });
    expect(got.messages).toEqual([]);
    expect(got.framing.map((f) => f.problem)).toEqual(['not-json', 'too-large']);
  });

  it('bounds a request that gets no answer by the timeout, without throwing', async () => {
    const t = client({ requestTimeoutMs: 300 });
    const outcome = await t.send({ jsonrpc: '2.0', id: 14, method: 'slow' });
    expect(outcome.http?.error).toMatch(/no complete response within 300 ms/);
    expect(outcome.http?.response).toBeUndefined();
  });
});

describe('http transport: GET stream', () => {
  it('records 405 for GET and carries on', async () => {
    const t = client();
    const exchange = await t.openGetStream();
    expect(exchange.response?.status).toBe(405);
    expect(exchange.request.headers.Accept).toBe('text/event-stream');
  });

  it('emits messages from an open GET stream and close() aborts it', async () => {
    const t = client({ url: `${server.base}/stream/mcp` });
    const got = collect(t);
    const exchange = await t.openGetStream();
    expect(exchange.response?.status).toBe(200);
    await waitFor('both notifications', () => byMethod(got, 'notifications/hello') && byMethod(got, 'notifications/again'));
    expect(exchange.response?.body).toContain('id: g1');
    await t.close();
    expect(t.trace.some((e) => e.kind === 'note' && /stream ended: aborted: transport closed/.test(e.text))).toBe(true);
  });

  it('request() with headersOnly returns at the headers of a stream that never ends', async () => {
    const t = client({ url: `${server.base}/stream/mcp` });
    const probe = await t.request({ method: 'GET', headersOnly: true });
    expect(probe.response?.status).toBe(200);
    expect(probe.response?.headers['content-type']).toBe('text/event-stream');
    expect(probe.request.headers.Accept).toBe('text/event-stream');
  });
});

describe('http transport: which stream carried a message', () => {
  it('names the POSTed request whose reply stream carried a message, and the GET stream for its own', async () => {
    const t = client({ url: `${server.base}/stream/mcp` });
    const contexts: Array<{ method?: unknown; id?: unknown; stream?: unknown }> = [];
    t.on('message', (m, _raw, context) => {
      const { method, id } = m as Record<string, unknown>;
      contexts.push({ method, id, stream: context?.http?.stream });
    });
    await t.openGetStream();
    await waitFor('the GET stream notifications', () => contexts.some((c) => c.method === 'notifications/again'));
    await t.send({ jsonrpc: '2.0', id: 'b1', method: 'batch' });
    expect(contexts.find((c) => c.method === 'notifications/hello')?.stream).toEqual({ kind: 'get' });
    expect(contexts.find((c) => c.id === 'b1')?.stream).toEqual({ kind: 'post', requestId: 'b1' });
    expect(contexts.find((c) => c.method === 'notifications/extra')?.stream).toEqual({ kind: 'post', requestId: 'b1' });
  });

  it('names no stream for the reply to a POST that carried no single request', async () => {
    const t = client();
    const streams: unknown[] = [];
    t.on('message', (_m, _raw, context) => streams.push(context?.http ? ('stream' in context.http ? context.http.stream : 'absent') : 'no http'));
    await t.send([{ jsonrpc: '2.0', id: 21, method: 'batch' }]);
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((s) => s === 'absent')).toBe(true);
  });
});

describe('http transport: unreachable targets', () => {
  it('rejects start() with a one-line TargetUnreachable when nothing listens, without an HTTP request', async () => {
    const port = await freePort();
    const t = client({ url: `http://127.0.0.1:${port}/mcp` });
    await expect(t.start()).rejects.toThrow(new TargetUnreachable(`cannot reach http://127.0.0.1:${port}/mcp: connection refused`));
    expect(t.trace.filter((e) => e.kind === 'http')).toEqual([]);
  });

  it('start() passes for a listening server without sending it anything', async () => {
    const before = server.requests.length;
    await client().start();
    expect(server.requests.length).toBe(before);
  });

  it('rejects send() with a one-line TargetUnreachable when the connection is refused', async () => {
    const port = await freePort();
    const t = client({ url: `http://127.0.0.1:${port}/mcp` });
    const error = await t.send(initialize).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TargetUnreachable);
    expect((error as Error).message).toBe(`cannot reach http://127.0.0.1:${port}/mcp: connection refused`);
    expect(t.trace.some((e) => e.kind === 'http' && e.exchange.error === 'connection refused')).toBe(true);
  });

  it('rejects start() for a URL that is not http(s)', async () => {
    await expect(client({ url: 'ftp://127.0.0.1/mcp' }).start()).rejects.toBeInstanceOf(TargetUnreachable);
    await expect(client({ url: 'not a url' }).start()).rejects.toThrow(/^invalid URL: not a url$/);
  });
});
