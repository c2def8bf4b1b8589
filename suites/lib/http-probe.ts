// Helpers for the Streamable HTTP checks: raw exchanges recorded as evidence, and readers for
// what came back (status, media type, the JSON-RPC answer to an id, SSE events as written).
import type { CheckContext } from '../../src/checks/index.js';
import type { Session } from '../../src/session/index.js';
import type { HttpExchange, HttpTransport, RawRequestInit } from '../../src/transport/index.js';
import { mediaType } from '../../src/transport/headers.js';
import { isObject } from './json-object.js';

export type Reply = HttpExchange & { messages: unknown[] };


export function httpOf(session: Session): HttpTransport {
  if (session.transport.kind !== 'http') throw new Error(`an HTTP check ran on a ${session.transport.kind} transport`);
  return session.transport as HttpTransport;
}

/** Header values to send instead of the session's own (the transport puts those last, over per-call headers). */
export interface Forged {
  sessionId?: string;
  protocolVersion?: string;
}

/** One raw exchange on `session`'s transport, recorded as evidence; `forged` values replace the session's for this exchange only. */
export async function exchange(ctx: CheckContext, session: Session, init: RawRequestInit, forged: Forged = {}): Promise<Reply> {
  const t = httpOf(session);
  const own = { sessionId: t.sessionId, protocolVersion: session.revision as string | undefined };
  if (forged.sessionId !== undefined) t.setSessionId(forged.sessionId);
  if (forged.protocolVersion !== undefined) t.setProtocolVersion(forged.protocolVersion);
  let reply: Reply;
  try {
    reply = await t.request({ timeoutMs: ctx.options.requestTimeoutMs, ...init });
  } finally {
    if (forged.sessionId !== undefined) t.setSessionId(own.sessionId);
    if (forged.protocolVersion !== undefined) t.setProtocolVersion(own.protocolVersion);
  }
  ctx.evidence.push({ type: 'http', at: session.now(), request: reply.request, response: reply.response });
  if (reply.error) ctx.note(`${init.method} ${reply.request.url}: ${reply.error}`);
  return reply;
}

/** A session a probe's initialize opened on the server (one that was served, or should have been refused): end it, best effort. */
export async function endStraySession(ctx: CheckContext, r: Reply): Promise<void> {
  const id = headerOf(r, 'mcp-session-id');
  if (id === undefined || id === httpOf(ctx.session).sessionId) return;
  await exchange(ctx, ctx.session, { method: 'DELETE' }, { sessionId: id }).catch(() => undefined);
}

/** A JSON-RPC request body. */
export function rpc(id: string | number, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
}

/** A fresh, unguessable id for probes, so answers never collide with the session's own ids. */
export function probeId(name: string): string {
  return `mcp-conform-${name}-${Math.random().toString(36).slice(2, 10)}`;
}

export const statusOf = (r: Reply): number | undefined => r.response?.status;

/** The reply's media type, lower-cased, without parameters such as charset. */
export const mediaOf = (r: HttpExchange): string => mediaType(r.response?.headers['content-type'] ?? null);

export function headerOf(r: Reply, name: string): string | undefined {
  return r.response?.headers[name.toLowerCase()];
}

/** The JSON-RPC response to `id` in the reply's body, if any. */
export function answerIn(r: Reply, id: string | number): Record<string, unknown> | undefined {
  return r.messages.find((m): m is Record<string, unknown> => isObject(m) && m.id === id && ('result' in m || 'error' in m));
}

/** The server processed the request: its body answers `id` with a result. */
export function served(r: Reply, id: string | number): boolean {
  const answer = answerIn(r, id);
  return answer !== undefined && 'result' in answer;
}

/** Status and the start of the body, for messages. */
export function describeReply(r: Reply): string {
  if (!r.response) return `no response (${r.error ?? 'unknown error'})`;
  const body = (r.response.body ?? '').replace(/\s+/g, ' ').trim();
  return `HTTP ${r.response.status}${body ? ` ${body.slice(0, 120)}` : ''}`;
}

export interface SseEvent {
  id?: string;
  event?: string;
  /** undefined when the event had no data field at all. */
  data?: string;
  retry?: string;
}

/** The events of an SSE body as written (comment-only blocks are not events). */
export function sseEvents(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.replace(/\r\n?/g, '\n').split(/\n\n/)) {
    const event: SseEvent = {};
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      fields++;
      if (name === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else if (name === 'id' || name === 'event' || name === 'retry') event[name] = value;
    }
    if (fields > 0) events.push(event);
  }
  return events;
}

/** Is `value` one JSON-RPC message (request, notification or response)? */
export function isJsonRpcMessage(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  return typeof value.method === 'string' || ('id' in value && ('result' in value || 'error' in value));
}
