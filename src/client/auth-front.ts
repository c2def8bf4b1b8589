// The authorization server's origin in an OAuth scenario: an HTTP listener of its own (another
// port, so another origin than the MCP endpoint; in the 2025-03-26 style the MCP endpoint's own
// listener, for every path but the endpoint's) that hands every request to the authorization
// server (ours, or one a test puts behind it) and records the exchange for the checks; a token
// it sees issued becomes valid at the protected resource (AuthGate.learn).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AuthExchange, AuthLog } from './auth-record.js';
import type { AuthGate } from './auth-gate.js';
import type { AsResponse, AuthorizationServer, AuthorizationServerFactory } from './auth-server.js';

const MAX_BODY_BYTES = 256 * 1024;

export interface AuthFront {
  issuer: string;
  /** Starts serving with the server the factory builds for our issuer. */
  serve(factory: AuthorizationServerFactory): Promise<void>;
  close(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error(`body over ${MAX_BODY_BYTES} bytes`);
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A front without a listener of its own: the 2025-03-26 style serves it at the MCP server's origin (`issuer`), on our endpoint's listener. */
export interface AuthFrontHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  serve(factory: AuthorizationServerFactory): Promise<void>;
  close(): Promise<void>;
}

/** Records each request to the authorization server at `issuer` and hands it over; `activity` is the scenario's idle clock. */
export function authFrontHandler(issuer: string, log: AuthLog, gate: AuthGate, now: () => number, activity: () => void): AuthFrontHandler {
  let server: AuthorizationServer | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.on('error', () => undefined);
    const url = new URL(req.url ?? '/', issuer);
    const headers = headersOf(req);
    const exchange: AuthExchange = { at: now(), side: 'as', method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, status: 0 };
    log.exchanges.push(exchange);
    activity();
    let body = '';
    try {
      body = await readBody(req);
    } catch (err) {
      exchange.status = 413;
      res.writeHead(413).end((err as Error).message);
      return;
    }
    if ((headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) exchange.form = Object.fromEntries(new URLSearchParams(body));
    else if (body) exchange.body = body;
    const failed = (status: number, text: string): AsResponse => ({ status, headers: {}, body: text });
    const answer = server ? await server.handle({ method: exchange.method, url: req.url ?? '/', headers, body }).catch((err: Error) => failed(500, err.message)) : failed(503, '');
    exchange.status = answer.status;
    const location = answer.headers.location ?? answer.headers.Location;
    if (location) exchange.location = location;
    const json = parseJson(answer.body);
    if (json) exchange.response = json;
    if (exchange.path === tokenPath(log) && json && answer.status === 200) gate.learn(exchange.form?.grant_type ?? '', json, requestedScope(log, exchange));
    activity();
    res.writeHead(answer.status, answer.headers).end(answer.body);
  }

  return {
    handle,
    async serve(factory) {
      server = await factory(issuer);
    },
    async close() {
      await server?.close?.();
    },
  };
}

/** Listens on `host` (a port of its own); `activity` is called on every request (the scenario's idle clock). */
export async function listenAuthFront(host: string, log: AuthLog, gate: AuthGate, now: () => number, activity: () => void): Promise<AuthFront> {
  let front: AuthFrontHandler | undefined;
  const sockets = new Set<Socket>();
  const http = createServer((req, res) => void front?.handle(req, res));
  http.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, host, () => resolve());
  });
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('the authorization server front has no TCP address');
  const issuer = `http://${host}:${address.port}`;
  front = authFrontHandler(issuer, log, gate, now, activity);

  return {
    issuer,
    serve: (factory) => front!.serve(factory),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await front?.close();
    },
  };
}

/** The token endpoint the metadata we served named (default /token). */
function tokenPath(log: AuthLog): string {
  const meta = log.exchanges.find((x) => x.side === 'as' && x.path.startsWith('/.well-known/') && typeof x.response?.token_endpoint === 'string');
  return meta ? new URL(meta.response!.token_endpoint as string).pathname : '/token';
}

/** The scope a token request stands for: its own, else that of the authorization request its code came from. */
function requestedScope(log: AuthLog, token: AuthExchange): string | undefined {
  if (token.form?.scope) return token.form.scope;
  const code = token.form?.code;
  if (!code) return undefined;
  const authorization = log.exchanges.find((x) => x.location && new URL(x.location, 'http://x').searchParams.get('code') === code);
  return authorization?.query.scope;
}
