// The two ways a client reaches our scenario server: a TCP listener that the stdio relay
// (stdio-bridge.ts) connects to, and a Streamable HTTP endpoint. Both hand each message to the
// ScenarioServer and write back what it answers; neither judges anything.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { LineSplitter } from '../transport/line-splitter.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../transport/limits.js';
import { MCP_PATH, type HttpRequestSeen } from './record.js';
import type { Channel, ScenarioServer } from './scenario-server.js';
import type { AuthGate, GateAnswer } from './auth-gate.js';
import { STREAM_RETRY_MS } from './scenarios.js';

export interface Endpoint {
  /** stdio: `host:port` for the relay; HTTP: the MCP endpoint's URL. */
  address: string;
  close(): Promise<void>;
}

export interface ListenAt {
  host: string;
  port: number;
}

function parse(raw: string): { ok: true; message: unknown } | { ok: false } {
  try {
    return { ok: true, message: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

async function listening(server: Server | ReturnType<typeof createHttpServer>, at: ListenAt): Promise<{ host: string; port: number }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no TCP address');
  return { host: address.address, port: address.port };
}

function closeServer(server: Server | ReturnType<typeof createHttpServer>, sockets: Set<Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The stdio relay's listener: one connection at a time is the client's. A connection that closed
 * before initialize was an era probe (a dual-era client may start its server once just to ask
 * server/discover), so the next one is served; any other second copy is noted and closed.
 */
export async function listenStdio(scenario: ScenarioServer, at: ListenAt): Promise<Endpoint> {
  const sockets = new Set<Socket>();
  let open = false;
  let sessionStarted = false;
  const server = createTcpServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (open || sessionStarted) {
      scenario.record.notes.push('the client started our server a second time during the scenario; only the first copy was served');
      socket.destroy();
      return;
    }
    open = true;
    serveSocket(scenario, socket, {
      initialized: () => (sessionStarted = true),
      ended: (probe) => {
        open = false;
        if (probe) scenario.record.notes.push(`a connection of the client closed ${scenario.modern ? 'having asked only server/discover' : 'before initialize'} (an era probe); the next one was served`);
        // 2026-07-28 has no initialize: the session was the connection that did more than probe.
        else if (scenario.modern) sessionStarted = true;
      },
    });
  });
  const { host, port } = await listening(server, at);
  return { address: `${host}:${port}`, close: () => closeServer(server, sockets) };
}

function serveSocket(scenario: ScenarioServer, socket: Socket, life: { initialized(): void; ended(probe: boolean): void }): void {
  let sawInitialize = false;
  /** 2026-07-28: this connection sent a request other than server/discover (it was no probe). */
  let sawOtherRequest = false;
  const channel: Channel = {
    write: (text) => {
      if (!socket.destroyed && socket.writable) socket.write(`${text}\n`);
    },
  };
  const onLine = (line: Buffer) => {
    const raw = line.toString('utf8').replace(/\r$/, '');
    const parsed = parse(raw);
    if (!parsed.ok) return scenario.receivedRaw(raw);
    const method = (parsed.message as { method?: unknown } | null)?.method;
    if (typeof method === 'string' && method !== 'server/discover' && !method.startsWith('notifications/')) sawOtherRequest = true;
    if (method === 'initialize' && !sawInitialize) {
      sawInitialize = true;
      life.initialized();
    }
    void scenario.receive(parsed.message, raw, channel).then((response) => response && scenario.send(channel, response));
  };
  const lines = new LineSplitter(DEFAULT_MAX_MESSAGE_BYTES, onLine, (prefix) => scenario.receivedRaw(`${prefix.toString('utf8')}… [line over ${DEFAULT_MAX_MESSAGE_BYTES} bytes]`));
  socket.on('data', (chunk: Buffer) => lines.push(chunk));
  socket.once('end', () => {
    const rest = lines.flush();
    if (rest) onLine(rest);
    // A probe's end is not the session's: the client goes on with a connection of its own.
    // At 2026-07-28 there is no initialize: a probe is a connection that asked server/discover only.
    const probe = scenario.modern ? !sawOtherRequest : !sawInitialize && scenario.record.events.some((e) => e.dir === 'in' && (e.message as { method?: unknown } | undefined)?.method === 'server/discover');
    life.ended(probe);
    if (!probe) scenario.clientEnded('closed');
    socket.end();
  });
  socket.on('error', () => socket.destroy());
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The Streamable HTTP endpoint at /mcp: POST for messages, GET 405 (a standalone stream only where the scenario offers one), DELETE ends the session. */
export async function listenHttp(scenario: ScenarioServer, at: ListenAt, gate?: AuthGate): Promise<Endpoint> {
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => void serveHttp(scenario, req, res, gate));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const { host, port } = await listening(server, at);
  return { address: `http://${host}:${port}/mcp`, close: () => closeServer(server, sockets) };
}

function seen(req: IncomingMessage, status: number): HttpRequestSeen {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  return { method: req.method ?? '', path: req.url ?? '', headers, status };
}

/** A GET that asks for an event stream on a session we issued (a GET without one, e.g. OAuth discovery's, gets 405). */
function opensStream(scenario: ScenarioServer, req: IncomingMessage): boolean {
  const session = req.headers['mcp-session-id'];
  return /text\/event-stream/i.test(req.headers.accept ?? '') && typeof session === 'string' && scenario.record.sessions.includes(session);
}

/** The standalone stream: every event has an id unique in the session and our retry; open until the scenario drops it or the client closes it. */
function serveStream(scenario: ScenarioServer, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': req.headers['mcp-session-id'] as string });
  res.flushHeaders();
  let index = -1;
  let sent = 0;
  const channel: Channel = {
    write: (text) => {
      if (res.writableEnded) return;
      const id = `stream-${index + 1}-${++sent}`;
      scenario.streamEvent(index, id);
      res.write(`id: ${id}\nretry: ${STREAM_RETRY_MS}\nevent: message\ndata: ${text}\n\n`);
    },
  };
  const lastEventId = req.headers['last-event-id'];
  index = scenario.streamOpened({ channel, drop: () => res.end() }, typeof lastEventId === 'string' ? lastEventId : undefined, seen(req, 200));
  res.once('close', () => scenario.streamClosed(index));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

const answerWith = (res: ServerResponse, a: GateAnswer): void => void res.writeHead(a.status, a.headers).end(a.body);

async function serveHttp(scenario: ScenarioServer, req: IncomingMessage, res: ServerResponse, gate?: AuthGate): Promise<void> {
  res.on('error', () => undefined);
  const path = (req.url ?? '').split('?')[0];
  // An OAuth scenario: its metadata outside /mcp (2025-03-26: the authorization server itself), and a challenge for a request not authorized.
  if (path !== MCP_PATH && gate?.atOrigin) return gate.atOrigin(req, res);
  const metadata = path !== MCP_PATH ? gate?.outside(req.method ?? '', path) : undefined;
  if (metadata) {
    scenario.receivedHttp(seen(req, metadata.status));
    return answerWith(res, metadata);
  }
  const refused = path === MCP_PATH && req.method !== 'POST' ? gate?.refusal(req.headers, undefined) : undefined;
  if (refused) {
    scenario.receivedHttp(seen(req, refused.status));
    return answerWith(res, refused);
  }
  if (path !== MCP_PATH) {
    scenario.receivedHttp(seen(req, 404));
    res.writeHead(404).end();
    return;
  }
  const sessionIn = req.headers['mcp-session-id'] as string | undefined;
  if (req.method !== 'POST' && scenario.sessionGone(undefined, sessionIn)) {
    scenario.receivedHttp(seen(req, 404));
    res.writeHead(404).end();
    return;
  }
  if (req.method === 'GET' && scenario.offersStream && opensStream(scenario, req)) {
    serveStream(scenario, req, res);
    return;
  }
  // 2026-07-28 has no sessions to end: DELETE is 405 like GET.
  if (req.method === 'DELETE' && !scenario.modern) {
    scenario.receivedHttp(seen(req, 200));
    res.writeHead(200).end();
    return;
  }
  if (req.method !== 'POST') {
    scenario.receivedHttp(seen(req, 405));
    res.writeHead(405, { allow: 'POST, DELETE' }).end();
    return;
  }
  const body = await readBody(req).catch(() => undefined);
  const parsed = body === undefined ? { ok: false as const } : parse(body);
  if (!parsed.ok || Array.isArray(parsed.message)) {
    scenario.receivedRaw(body ?? `[body over ${MAX_BODY_BYTES} bytes or unreadable]`, seen(req, 400));
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    return;
  }
  const message = parsed.message as Record<string, unknown> | null;
  const challenge = gate?.refusal(req.headers, message);
  if (challenge) {
    scenario.receivedRefused(message, body!, seen(req, challenge.status));
    return answerWith(res, challenge);
  }
  if (scenario.sessionGone(message, sessionIn)) {
    scenario.receivedRefused(message, body!, seen(req, 404));
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
    return;
  }
  const isRequest = typeof message?.method === 'string' && 'id' in message;
  const http = seen(req, isRequest ? 200 : 202);
  let session = scenario.record.sessionId;
  if (message?.method === 'initialize' && !scenario.modern) {
    session = scenario.record.sessionId = http.issuedSession = randomUUID();
    scenario.record.sessions.push(session);
  }
  const sessionHeader: Record<string, string> = session ? { 'mcp-session-id': session } : {};
  let streaming = false;
  const channel: Channel = {
    write: (text) => {
      if (!streaming) {
        streaming = true;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...sessionHeader });
      }
      if (!res.writableEnded) res.write(`event: message\ndata: ${text}\n\n`);
    },
  };
  const response = await scenario.receive(message, body!, channel, http);
  if (!response && isRequest) {
    // A request the scenario leaves unanswered: its stream ends without a response.
    if (streaming) res.end();
    else res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...sessionHeader }).end();
    return;
  }
  if (!response) {
    res.writeHead(202, sessionHeader).end();
    return;
  }
  const text = JSON.stringify(response);
  scenario.noteSent(response, text);
  if (streaming) res.end(`event: message\ndata: ${text}\n\n`);
  else res.writeHead(scenario.httpStatus(response), { 'content-type': 'application/json', ...sessionHeader }).end(text);
}
