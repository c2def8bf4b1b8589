// Requests that make a Streamable HTTP server open SSE streams, for the checks that judge
// streams: they make the condition they judge instead of hoping for it. A server may answer any
// request with JSON (HTTP-8), and many answer ping so; a call that reports progress (the
// --slow-tool, with a progress token) is what servers stream. When nothing streams, the checks
// skip saying what was tried.
import type { CheckContext } from '../../src/checks/index.js';
import { isStateless } from '../../src/schema/index.js';
import type { Session } from '../../src/session/index.js';
import { routingHeaders } from '../../src/transport/index.js';
import { exchange, mediaOf, probeId, type Reply } from './http-probe.js';
import { findSlowTool, slowCallTimeoutMs, type SlowTool } from './slow-tool.js';

export interface WireRequest {
  id: string;
  method: string;
  body: string;
  /** 2026-07-28: the routing headers its client sends (S26-25). */
  headers: Record<string, string>;
  /** A slow call's progress token. */
  token?: string;
}

/** A request as `session` puts it on the wire (the revision's _meta), with a probe id. */
export function wireRequest(session: Session, method: string, params: Record<string, unknown> | undefined, name: string): WireRequest {
  const id = probeId(name);
  const message = session.buildRequest(method, params, { id });
  return { id, method, body: JSON.stringify(message), headers: isStateless(session.revision) ? routingHeaders(message) : {} };
}

/** A call of the slow tool with a progress token of its own. */
export function slowCallRequest(session: Session, slow: SlowTool, name: string): WireRequest {
  const token = probeId(`${name}-token`);
  return { ...wireRequest(session, 'tools/call', { name: slow.tool.name, arguments: slow.args, _meta: { progressToken: token } }, name), token };
}

export const SSE = 'text/event-stream';

/** How a reply came back, for the list of what was tried. */
export function howAnswered(method: string, r: Reply): string {
  const media = mediaOf(r);
  return `${method} → ${r.response ? `HTTP ${r.response.status} ${media || 'no content type'}` : (r.error ?? 'no response')}`;
}

export interface Streamed {
  reply: Reply;
  request: WireRequest;
}

/**
 * POSTs `first` (a request every server answers), and when its reply is no SSE stream, a call of
 * the slow tool: the first reply that is an SSE stream, or what was tried. `timeoutMs` bounds the
 * first; a slow call gets the time a slow call may take.
 */
export async function firstStreamedReply(ctx: CheckContext, first: WireRequest, timeoutMs?: number): Promise<Streamed | string> {
  const tried: string[] = [];
  const reply = await exchange(ctx, ctx.session, { method: 'POST', body: first.body, headers: first.headers, timeoutMs });
  if (mediaOf(reply) === SSE) return { reply, request: first };
  tried.push(howAnswered(first.method, reply));
  const slow = await findSlowTool(ctx);
  if ('skip' in slow) return `no request was answered with an SSE stream (${tried.join('; ')}), and no call to try next: ${slow.skip}`;
  const call = slowCallRequest(ctx.session, slow, 'streamed-call');
  const called = await exchange(ctx, ctx.session, { method: 'POST', body: call.body, headers: call.headers, timeoutMs: Math.max(timeoutMs ?? 0, slowCallTimeoutMs(ctx)) });
  if (mediaOf(called) === SSE) return { reply: called, request: call };
  tried.push(howAnswered(`tools/call ${slow.tool.name} with a progress token`, called));
  return `no request was answered with an SSE stream: ${tried.join('; ')}`;
}
