// The node:http client under the HTTP transports: connection reuse, sockets that really close
// when an exchange is dropped, what a dropped connection reads as, and redirects.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport, type HttpTransport } from '../../src/transport/http.js';
import { waitFor } from './helpers.js';

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/ok': (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'),
  // An SSE body that never ends: only the client can end the exchange.
  '/endless': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: \n\n');
  },
  '/hang-up': (req) => req.socket.destroy(),
  '/cut': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
    res.write('{"jsonrpc":', () => req.socket.destroy());
  },
  '/moved': (_req, res) => res.writeHead(307, { Location: '/ok' }).end(),
  '/loop': (_req, res) => res.writeHead(302, { Location: '/loop' }).end(),
};

const sockets = new Set<Socket>();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const route = routes[new URL(req.url!, 'http://x').pathname];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open: HttpTransport[] = [];
function client(path: string): HttpTransport {
  const transport = createHttpTransport({ url: `${base}${path}`, requestTimeoutMs: 5000 });
  open.push(transport);
  return transport;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
  await waitFor('the client to close its sockets', () => sockets.size === 0, 2000);
});

const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('http client: connections', () => {
  it('reuses one keep-alive connection for sequential exchanges', async () => {
    const t = client('/ok');
    let connections = 0;
    const count = () => connections++;
    server.on('connection', count);
    for (let i = 0; i < 5; i++) expect((await t.request({ method: 'POST', body: ping })).response?.status).toBe(200);
    server.off('connection', count);
    expect(connections).toBe(1);
  });

  it('closes the socket of an exchange cancelled mid-body instead of pooling it', async () => {
    const t = client('/endless');
    const cancel = new AbortController();
    const sending = t.request({ method: 'POST', body: ping, signal: cancel.signal });
    await waitFor('the stream to open', () => sockets.size === 1);
    const [socket] = sockets;
    const closed = new Promise((resolve) => socket!.once('close', resolve));
    cancel.abort();
    const reply = await sending;
    expect(reply.error).toBe('aborted: the client cancelled the request');
    await closed;
  });

  it('closes the socket of a headers-only probe of a stream that never ends', async () => {
    const t = client('/endless');
    const probe = await t.request({ method: 'GET', headersOnly: true });
    expect(probe.response?.status).toBe(200);
    await waitFor('the probe socket to close', () => sockets.size === 0, 2000);
  });

  it('close() ends the connections it pooled', async () => {
    const t = client('/ok');
    await t.request({ method: 'POST', body: ping });
    expect(sockets.size).toBe(1);
    await t.close(); // afterEach waits for the socket to go
  });
});

describe('http client: dropped connections and redirects', () => {
  it('says so when the server closes the connection before answering', async () => {
    const reply = await client('/hang-up').request({ method: 'POST', body: ping });
    expect(reply.response).toBeUndefined();
    expect(reply.error).toBe('the server closed the connection without a response');
  });

  it('says so when the server closes the connection in the middle of the body', async () => {
    const reply = await client('/cut').request({ method: 'POST', body: ping });
    expect(reply.response?.status).toBe(200);
    expect(reply.response?.body).toBe('{"jsonrpc":');
    expect(reply.error).toBe('the server closed the connection before the response ended');
  });

  it('follows a redirect and notes it in the trace', async () => {
    const t = client('/moved');
    const reply = await t.request({ method: 'POST', body: ping });
    expect(reply.response?.status).toBe(200);
    expect(reply.messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(t.trace.some((e) => e.kind === 'note' && e.text === `POST ${base}/moved was redirected to ${base}/ok`)).toBe(true);
  });

  it('gives up on a redirect loop after 20 hops', async () => {
    const reply = await client('/loop').request({ method: 'GET' });
    expect(reply.response).toBeUndefined();
    expect(reply.error).toBe('redirect count exceeded (20)');
  });
});
