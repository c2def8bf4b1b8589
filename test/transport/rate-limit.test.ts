// HTTP 429: the request was not served, and the server says when to ask again. The exchange asks
// again after Retry-After (capped), a few times within its own timeout, and notes each retry in
// the trace; a 429 that persists is the answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/transport/http-exchange.js';
import { createHttpTransport, type HttpTransport } from '../../src/transport/http.js';
import { byId, collect, waitFor } from './helpers.js';

const servers: Server[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Answers the first `limited` POSTs with 429 (Retry-After 0), then each request with an empty result. */
async function rateLimited(limited: number): Promise<{ url: string; posts: () => number }> {
  let posts = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      posts++;
      if (posts <= limited) return void res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' }).end('slow down');
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, posts: () => posts };
}

function transportFor(url: string): HttpTransport {
  const t = createHttpTransport({ url, requestTimeoutMs: 5000 });
  transports.push(t);
  return t;
}

const notes = (t: HttpTransport) => t.trace.filter((e) => e.kind === 'note').map((e) => (e as { text: string }).text);

describe('http transport: rate limits (HTTP 429)', () => {
  it('asks again after Retry-After, and the answer that follows is the one delivered', async () => {
    const server = await rateLimited(2);
    const t = transportFor(server.url);
    const got = collect(t);
    const sent = await t.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect(sent.http?.response?.status).toBe(200);
    expect(await waitFor('the answer', () => byId(got, 7))).toMatchObject({ result: {} });
    expect(server.posts()).toBe(3);
    expect(notes(t).filter((n) => /HTTP 429 \(rate limited\), sent again after 0 ms/.test(n))).toHaveLength(2);
  });

  it('gives a 429 that persists as the answer, after three retries', async () => {
    const server = await rateLimited(100);
    const t = transportFor(server.url);
    const sent = await t.send({ jsonrpc: '2.0', id: 8, method: 'ping' });
    expect(sent.http?.response?.status).toBe(429);
    expect(server.posts()).toBe(4);
  });

  it('reads Retry-After as seconds or a date, within 0 to 2 s', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs('120', now)).toBe(2000);
    expect(retryAfterMs('Tue, 01 Dec 2026 12:00:01 GMT', now)).toBe(1000);
    expect(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(250);
    expect(retryAfterMs('soon', now)).toBe(250);
  });
});
