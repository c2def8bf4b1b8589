// The HTTP proxy through the built CLI: headers both ways, JSON and SSE bodies byte for byte and
// streamed as they come, GET streams and DELETE, recordings that validate, and no credential in
// anything written.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { startHttpFixture } from '../fixtures/launch.js';
import { INIT, INITIALIZED, Peer, recordedLine, scratch, validateRecording } from './helpers.js';

type Ctx = Pick<TestContext, 'onTestFinished'>;
const TOKEN = 'tok-3f9a8b7c6d5e4f3a2b1c';
const POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The proxy in front of `upstream`; resolves with its endpoint once it listens. */
async function startProxy(ctx: Ctx, upstream: string, flags: string[] = []) {
  const peer = new Peer([process.execPath, CLI, 'proxy', '--url', upstream, '--listen', '127.0.0.1:0', ...flags]);
  ctx.onTestFinished(() => void peer.child.kill('SIGKILL'));
  await peer.waitFor('the listening line', () => /listening on (\S+),/.test(peer.err));
  const endpoint = /listening on (\S+),/.exec(peer.err)![1]!;
  /** Ends the proxy as a user would (Ctrl-C) and waits for it. */
  const stop = async () => {
    peer.child.kill('SIGINT');
    return peer.exit();
  };
  return { peer, endpoint, stop };
}

/** A deterministic upstream: echoes what it got, streams SSE when told, holds GET streams open. */
async function startUpstream(ctx: Ctx) {
  /** The headers of every request, as the upstream saw them. */
  const requests: Record<string, string | string[] | undefined>[] = [];
  let releaseSecond!: () => void;
  const second = new Promise<void>((resolve) => (releaseSecond = resolve));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8').on('data', (text: string) => (body += text));
    req.on('end', () => {
      requests.push(req.headers);
      // The reply echoes the headers but the credential (a message may carry anything; this one must not).
      const seen = { method: req.method, url: req.url, headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'authorization'].includes(k))) };
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"on the GET stream"}}\n\n');
        return; // held open until the client goes away
      }
      const id = (JSON.parse(body) as { id: number }).id;
      if (id === 2) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'sess-1' });
        res.write(': priming comment\nid: e1\ndata:\n\n');
        res.write(`event: message\nid: e2\ndata: {"jsonrpc":"2.0","method":"notifications/progress",\ndata: "params":{"progressToken":"p","progress":1}}\n\n`);
        void second.then(() => res.end(`event: message\nid: e3\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n`));
        return;
      }
      res.writeHead(200, [['Content-Type', 'application/json'], ['Mcp-Session-Id', 'sess-1'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2'], ['X-Route', 'blue']].flat());
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { seen } }, null, 1)); // multi-line JSON, on purpose
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return { url, requests, releaseSecond };
}

const headersOf = (res: Response) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  session: res.headers.get('mcp-session-id'),
  cookies: res.headers.getSetCookie(),
  route: res.headers.get('x-route'),
});

describe.concurrent('proxy over Streamable HTTP', () => {
  it('relays a JSON reply and every header both ways byte for byte, and records credentials as fingerprints only', async (ctx) => {
    const dir = scratch(ctx.onTestFinished);
    const record = join(dir, 'http.jsonl');
    const upstream = await startUpstream(ctx);
    const proxy = await startProxy(ctx, upstream.url, ['--record', record, '--json', join(dir, 'r.json')]);
    const headers = { ...POST, authorization: `Bearer ${TOKEN}`, 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 'sess-1', 'x-route': 'green' };
    const body = JSON.stringify({ ...INIT, id: 7 });
    const direct = await fetch(upstream.url, { method: 'POST', headers, body });
    const proxied = await fetch(proxy.endpoint, { method: 'POST', headers, body });
    const [directText, proxiedText] = [await direct.text(), await proxied.text()];
    expect(proxiedText).toBe(directText); // the upstream echoes the request headers it saw
    expect(JSON.parse(proxiedText).result.seen.headers).toMatchObject({ 'mcp-session-id': 'sess-1', 'x-route': 'green', 'mcp-protocol-version': '2025-11-25' });
    expect(upstream.requests.map((h) => h.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    expect(headersOf(proxied)).toEqual(headersOf(direct));
    expect(headersOf(proxied).cookies).toEqual(['a=1', 'b=2']);

    const ended = await proxy.stop();
    expect(ended.code).toBe(0);
    for (const text of [readFileSync(record, 'utf8'), readFileSync(join(dir, 'r.json'), 'utf8'), ended.stderr]) expect(text).not.toContain(TOKEN);
    const request = recordedLine(record, 1) as { direction: string; http: { headers: Record<string, string> } };
    expect(request.direction).toBe('client->server');
    expect(request.http.headers.authorization).toMatch(/^Bearer sha256:[0-9a-f]{8}…$/);
    expect(recordedLine(record, 2)).toMatchObject({ direction: 'server->client', message: { id: 7 } });
  });

  it('streams SSE events through as they arrive, byte for byte', async (ctx) => {
    const upstream = await startUpstream(ctx);
    const proxy = await startProxy(ctx, upstream.url);
    const res = await fetch(proxy.endpoint, { method: 'POST', headers: POST, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    // The last event is only sent once the first two reached the client through the proxy.
    const deadline = Date.now() + 10_000;
    while (!text.includes('id: e2') && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain('id: e3');
    upstream.releaseSecond();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toBe(
      ': priming comment\nid: e1\ndata:\n\nevent: message\nid: e2\ndata: {"jsonrpc":"2.0","method":"notifications/progress",\ndata: "params":{"progressToken":"p","progress":1}}\n\nevent: message\nid: e3\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n',
    );
    const ended = await proxy.stop();
    // The multi-line data event is one message, checked whole: no framing finding.
    expect(ended.stderr).not.toMatch(/not JSON/);
  });

  it('relays a GET stream until the client closes it, and DELETE', async (ctx) => {
    const upstream = await startUpstream(ctx);
    const proxy = await startProxy(ctx, upstream.url);
    const abort = new AbortController();
    const stream = await fetch(proxy.endpoint, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
    const first = new TextDecoder().decode((await stream.body!.getReader().read()).value);
    expect(first).toContain('on the GET stream');
    abort.abort();
    const deleted = await fetch(proxy.endpoint, { method: 'DELETE', headers: { 'mcp-session-id': 'sess-1' } });
    expect(deleted.status).toBe(204);
    const ended = await proxy.stop();
    expect(ended.code).toBe(0);
    expect(ended.ms).toBeLessThan(20_000);
  });

  it('answers 502 with one stderr line when the upstream cannot be reached', async (ctx) => {
    const upstream = await startUpstream(ctx);
    const proxy = await startProxy(ctx, upstream.url.replace(/:\d+\//, ':1/'));
    const res = await fetch(proxy.endpoint, { method: 'POST', headers: POST, body: JSON.stringify(INIT) });
    expect(res.status).toBe(502);
    await proxy.stop();
    expect(proxy.peer.err).toMatch(/mcp-conform proxy: POST \/mcp: upstream 127\.0\.0\.1:1 failed: ECONNREFUSED/);
  });

  for (const sse of [false, true]) {
    for (const fault of [undefined, 'result-and-error']) {
      it(`records a fixture session (${sse ? 'SSE' : 'JSON'} replies${fault ? `, fault ${fault}` : ''}) that validate ${fault ? 'flags at the right line' : 'finds clean'}`, async (ctx) => {
        const dir = scratch(ctx.onTestFinished);
        const record = join(dir, 'fixture.jsonl');
        const server = await startHttpFixture({ sse, fault });
        ctx.onTestFinished(() => server.close());
        const proxy = await startProxy(ctx, server.url, ['--record', record]);
        const init = await fetch(proxy.endpoint, { method: 'POST', headers: POST, body: JSON.stringify(INIT) });
        expect(init.status).toBe(200);
        await init.text();
        const session = { ...POST, 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
        expect((await fetch(proxy.endpoint, { method: 'POST', headers: session, body: JSON.stringify(INITIALIZED) })).status).toBe(202);
        const ping = await fetch(proxy.endpoint, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
        expect(await ping.text()).toContain('"id":2');
        const ended = await proxy.stop();
        expect(ended.code).toBe(0);
        const { code, report } = await validateRecording(record);
        if (!fault) {
          expect(report.findings).toEqual([]);
          expect(code).toBe(0);
          expect(report.messages).toBe(5);
          // What it checks, said at the start, and a summary at the end, even with nothing found.
          expect(ended.stderr).toContain(`forwarding to ${server.url}; findings on stderr, recording in ${record}\n`);
          expect(ended.stderr).toContain('mcp-conform proxy: ended: 5 messages relayed, findings: 0\n');
          return;
        }
        expect(code).toBe(1);
        expect(report.findings).toMatchObject([{ line: 5, direction: 'server->client', requirement: 'RPC-3' }]);
        expect(recordedLine(record, 5)).toMatchObject({ direction: 'server->client', message: { id: 2, result: {}, error: {} } });
        expect(ended.stderr).toContain('mcp-conform proxy: line 5 server->client error');
      });
    }
  }
});
