// An HTTP endpoint that is not an MCP server at all (a static site, the wrong path of a web app)
// cannot be tested: its hundred-odd failures would say nothing about MCP. It is told apart at the
// first contact, from the handshake's own exchanges, and the run stops with one line naming what
// came back. Anything that could be MCP is still tested: a JSON-RPC answer of any kind (an error
// to initialize too), a 401 or a challenge (a protected server), a rate limit, a JSON or SSE
// body, and any silence (slow is not broken).
import { isJsonMedia, mediaType } from '../transport/headers.js';
import { TargetUnreachable, type HttpExchange } from '../transport/types.js';
import type { Outcome, Session, TargetSpec } from '../session/index.js';

/** The endpoint answered the handshake, but not as an MCP server. Exit 4, as an unreachable one. */
export class NotAnMcpEndpoint extends TargetUnreachable {
  constructor(message: string) {
    super(message);
    this.name = 'NotAnMcpEndpoint';
  }
}

/** Statuses that say the URL takes no POST or has nothing there, whatever the body. */
const NOTHING_HERE = new Set([404, 405, 501]);
const SNIPPET_CHARS = 80;
const HANDSHAKE_METHODS = new Set(['initialize', 'server/discover']);

/** Throws NotAnMcpEndpoint when the handshake's exchanges show a web server that does not speak MCP. */
export function assertSpeaksMcp(target: TargetSpec, session: Session, handshake: Outcome): void {
  if (target.transport !== 'http' || handshake.kind === 'result' || handshake.kind === 'error') return;
  if (session.received.length > 0) return; // something spoke JSON-RPC
  const posts = session.transport.trace.flatMap((e) => (e.kind === 'http' && e.exchange.request.method === 'POST' && e.exchange.response ? [e.exchange] : []));
  if (posts.length === 0 || !posts.every(notMcpAnswer)) return;
  // The handshake's own request, not a liveness ping the session sent when its wait ran out.
  const last = posts.filter((p) => HANDSHAKE_METHODS.has(methodOf(p))).at(-1) ?? posts.at(-1)!;
  throw new NotAnMcpEndpoint(`${target.url} does not speak MCP: ${methodOf(last)} was answered ${answerText(last)}, with no JSON-RPC in it (is this the server's MCP endpoint?)`);
}

function notMcpAnswer(exchange: HttpExchange): boolean {
  const { status, headers, body = '' } = exchange.response!;
  if (status === 401 || status === 429 || headers['www-authenticate'] !== undefined) return false;
  if (/"jsonrpc"/.test(body)) return false;
  const media = mediaType(headers['content-type'] ?? null);
  if (NOTHING_HERE.has(status) || media === 'text/html') return true;
  // A successful answer must carry JSON or an SSE stream; a refusal in plain text may still be an MCP server's.
  return status < 300 && !isJsonMedia(media) && media !== 'text/event-stream';
}

function methodOf(exchange: HttpExchange): string {
  return /"method"\s*:\s*"([\w/]+)"/.exec(exchange.request.body ?? '')?.[1] ?? 'a POST';
}

/** `HTTP 501 text/html "<!DOCTYPE HTML> <html>…"`: status, content type and the first bytes, inert. */
function answerText(exchange: HttpExchange): string {
  const { status, headers, body = '' } = exchange.response!;
  const type = mediaType(headers['content-type'] ?? null) || 'no content type';
  const flat = body.replace(/\s+/g, ' ').trim();
  const first = flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
  return `HTTP ${status} ${type}${first ? ` ${inertQuoted(first)}` : ' (empty body)'}`;
}

/** Quoted, with every control, C1 and bidi character escaped: the server's bytes must not steer a terminal. */
function inertQuoted(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
