// Raw 2026-07-28 POSTs for the Streamable HTTP checks: a request with its routing headers
// (Mcp-Method, Mcp-Name) and the protocol version header, any of which a probe may replace or
// leave out, recorded as evidence; and how a reply answered (served, or rejected with which
// status and code).
import type { CheckContext } from '../../src/checks/index.js';
import type { Session } from '../../src/session/index.js';
import { routingHeaders } from '../../src/transport/index.js';
import { answerIn, describeReply, exchange, probeId, statusOf, type Reply } from './http-probe.js';
import { isObject, type Item } from './json-object.js';

export interface PostInit {
  /** Headers over the routing ones; `undefined` leaves that header out. */
  headers?: Record<string, string | undefined>;
  /** MCP-Protocol-Version to send instead of the session's (the session must be the check's own). */
  protocolVersion?: string;
  omitProtocolVersion?: boolean;
  /** Mcp-Session-Id to send (the session must be the check's own). */
  sessionId?: string;
  timeoutMs?: number;
}

/** A request with a probe id and the session's full _meta. */
export function probeRequest(session: Session, name: string, method: string, params?: Item): Item & { id: string } {
  return session.buildRequest(method, params, { id: probeId(name) }) as Item & { id: string };
}

/** POSTs one message the way a 2026-07-28 client does, with the changes `init` asks for. */
export async function statelessPost(ctx: CheckContext, session: Session, message: Item, init: PostInit = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...routingHeaders(message) };
  const omit: string[] = [];
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === name.toLowerCase()) delete headers[k];
    if (value === undefined) omit.push(name);
    else headers[name] = value;
  }
  return exchange(
    ctx,
    session,
    {
      method: 'POST',
      body: JSON.stringify(message),
      headers,
      omitHeaders: omit,
      omitProtocolVersion: init.omitProtocolVersion,
      timeoutMs: init.timeoutMs ?? ctx.options.requestTimeoutMs,
    },
    { protocolVersion: init.protocolVersion, sessionId: init.sessionId },
  );
}

export interface Answer {
  status?: number;
  /** The JSON-RPC answer to the probe's id, if the body held one. */
  result?: Item;
  code?: unknown;
  data?: unknown;
  text: string;
}

export function answerOf(reply: Reply, id: string | number): Answer {
  const answer = answerIn(reply, id);
  const out: Answer = { status: statusOf(reply), text: describeReply(reply) };
  if (answer && isObject(answer.result)) out.result = answer.result;
  if (answer && isObject(answer.error)) {
    out.code = answer.error.code;
    out.data = answer.error.data;
  }
  return out;
}

/** The reply refused the request with this status and JSON-RPC code. */
export const refusedWith = (a: Answer, status: number, code: number): boolean => a.status === status && a.code === code;

/** The request was refused before it was handled: a 4xx status. */
export const refused = (a: Answer): boolean => a.status !== undefined && a.status >= 400 && a.status < 500;

/** A header the reply carried (names are lower-case in the record). */
export function replyHeader(reply: Reply, name: string): string | undefined {
  return reply.response?.headers[name.toLowerCase()];
}
