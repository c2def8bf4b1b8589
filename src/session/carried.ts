// What an exchange did carry when a wait ends without what it waited for. A verdict that
// concludes from absence ("no response", "no event", "nothing arrived") says it with
// describeCarried, so the reader sees the server's actual answer instead of our conclusion.
import type { FramingProblem, HttpExchange } from '../transport/types.js';
import { detached } from './evidence.js';

/** Body text kept in a summary (the recorded exchange keeps more). */
export const CARRIED_BODY_CHARS = 512;
/** Characters of one received line or message kept in a summary. */
const ARRIVAL_CHARS = 200;
/** Received lines or messages kept in a summary. */
const ARRIVALS_SHOWN = 5;

/** The HTTP response of one exchange, as far as it had come. Never holds request headers. */
export interface HttpCarried {
  method: string;
  /** Undefined: no response headers (yet). */
  status?: number;
  contentType?: string;
  /** The first CARRIED_BODY_CHARS characters of the body. */
  bodyHead: string;
  bodyChars: number;
  sseEvents?: number;
  /** The stream's `retry:` field (ms), when it sent one: it invited the client to resume (HTTP-15). */
  retryMs?: number;
  /** The stream's last event id, when one came: the client could have resumed after it (HTTP-15). */
  lastEventId?: string;
  /** The body was still being read when the wait ended. */
  open: boolean;
  error?: string;
}

/** One wire unit the connection received: a message (or batch), or text that is not one. */
export interface Arrival {
  at: number;
  text: string;
  problem?: FramingProblem;
  /** Said beside it: what it is to us (the answer to our own liveness ping). */
  ours?: string;
}

export interface Carried {
  /** HTTP: the exchange of the request waited for. */
  http?: HttpCarried;
  /** Other transports: what the connection received during the wait (first few). */
  arrived?: Arrival[];
  /** stdio: what arrived are stdout lines (else messages on a stream). */
  lines?: boolean;
  /** How many more arrived than `arrived` holds. */
  moreArrived?: number;
}

export function httpCarried(exchange: HttpExchange, open: boolean): HttpCarried {
  const body = exchange.response?.body ?? '';
  const carried: HttpCarried = { method: exchange.request.method, bodyHead: body.slice(0, CARRIED_BODY_CHARS), bodyChars: body.length, open };
  if (exchange.response) {
    carried.status = exchange.response.status;
    carried.contentType = headerValue(exchange.response.headers, 'content-type');
  }
  if (exchange.sseEvents !== undefined) carried.sseEvents = exchange.sseEvents;
  if (exchange.sseRetryMs !== undefined) carried.retryMs = exchange.sseRetryMs;
  if (exchange.sseLastEventId !== undefined) carried.lastEventId = exchange.sseLastEventId;
  if (exchange.error !== undefined) carried.error = exchange.error;
  return carried;
}

/** Bounded record of what arrived from `since` on (ms on the session clock). */
export function arrivalsSince(all: readonly Arrival[], since: number): Pick<Carried, 'arrived' | 'moreArrived'> {
  const window = all.filter((a) => a.at >= since);
  const arrived = window.slice(0, ARRIVALS_SHOWN);
  return window.length > arrived.length ? { arrived, moreArrived: window.length - arrived.length } : { arrived };
}

export function arrival(at: number, raw: string, problem?: FramingProblem): Arrival {
  // Detached: a slice of a 1 MB page would keep the page alive as long as the session keeps its arrivals.
  const text = raw.length > ARRIVAL_CHARS ? detached(`${raw.slice(0, ARRIVAL_CHARS)}…`) : raw;
  return problem ? { at, text, problem } : { at, text };
}

/** The arrival, marked when it is the answer to our liveness probe `probeId` (sent while a wait was still open). */
export function markProbeAnswer(a: Arrival, probeId: string | number): Arrival {
  if (a.problem) return a;
  try {
    const m = JSON.parse(a.text) as { id?: unknown };
    return m.id === probeId ? { ...a, ours: 'the answer to our liveness ping, sent to see whether the server was busy' } : a;
  } catch {
    return a;
  }
}

/**
 * "the exchange carried: HTTP 200, application/json, body `{…}` (still open)", or for stdio
 * "meanwhile the server sent 2 lines: `…` (not JSON), `{…}`" / "nothing else arrived meanwhile".
 */
export function describeCarried(c: Carried, bodyChars = 160): string {
  if (c.http) return describeHttp(c.http, bodyChars);
  const arrived = c.arrived ?? [];
  if (arrived.length === 0) return 'nothing else arrived meanwhile';
  const total = arrived.length + (c.moreArrived ?? 0);
  const shown = arrived.map((a) => `${quote(a.text, bodyChars)}${a.problem ? ` (${a.problem})` : ''}${a.ours ? ` (${a.ours})` : ''}`).join(', ');
  const unit = c.lines ? 'line' : 'message';
  return `meanwhile the server sent ${total} ${total === 1 ? unit : `${unit}s`}: ${shown}${c.moreArrived ? ', …' : ''}`;
}

/** "<what>; <what was carried>": the one way an absence verdict reads. */
export function absence(what: string, carried: Carried | undefined, bodyChars?: number): string {
  return carried ? `${what}; ${describeCarried(carried, bodyChars)}` : what;
}

function describeHttp(h: HttpCarried, bodyChars: number): string {
  if (h.status === undefined) return `the ${h.method} got no response headers${h.error ? ` (${h.error})` : h.open ? ' (still waiting)' : ''}`;
  const parts = [`HTTP ${h.status}`, h.contentType ?? 'no Content-Type'];
  if (h.sseEvents !== undefined) parts.push(`${h.sseEvents} SSE ${h.sseEvents === 1 ? 'event' : 'events'}`);
  parts.push(h.bodyChars === 0 ? 'an empty body' : `body ${quote(h.bodyHead, bodyChars)}${h.bodyChars > bodyChars ? ` (${h.bodyChars} chars)` : ''}`);
  const state = h.error ? `, then ${h.error}` : h.open ? ' (still open)' : ' (the body ended there)';
  return `the exchange carried: ${parts.join(', ')}${state}`;
}

/** Wire text in backticks, on one line, control characters escaped, cut to `max`. */
function quote(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  const shown = cut.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `\`${shown}\``;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
