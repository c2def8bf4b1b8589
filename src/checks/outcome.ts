// Small readers over request outcomes, shared by the suites.
import { absence } from '../session/carried.js';
import { describeTooSlow } from '../session/latency.js';
import type { Outcome } from '../session/index.js';

/** One line for an outcome; a timeout also says what its exchange carried (`bodyChars` of any body shown). */
export function describeOutcome(o: Outcome, bodyChars?: number): string {
  switch (o.kind) {
    case 'result':
      // The raw member as sent: a `null` result must read as null, not as the {} we hand checks.
      return `result ${truncate(JSON.stringify(o.message.result))}`;
    case 'error':
      return `error ${String(o.error.code)} ${truncate(JSON.stringify(o.error.message))}`;
    case 'timeout':
      if (o.tooSlow) return `no response within ${o.ms} ms: ${describeTooSlow(o.tooSlow)}`;
      return absence(`no response within ${o.ms} ms${o.beforeStart ? ' (the start bound: the server answered nothing on this connection)' : ''}`, o.carried, bodyChars);
    case 'closed':
      return `connection closed (${o.reason})`;
    case 'http-error':
      return `HTTP ${o.status}${o.body ? ` ${truncate(o.body, 120)}` : ''}`;
  }
}

/**
 * Why an outcome shows the response is lost for good, not merely late (RPC-25: every request
 * gets exactly one response): the process exited or the server dropped the connection, or the
 * request's own SSE reply ended without it, with nothing to resume it from: no `retry:` field and
 * no event id (HTTP-15 lets a client resume after any event id, and a conformant server may count
 * on that; we do not resume a plain call, so such a stream is not evidence). A bare timeout is no
 * such evidence either (slow is not broken): undefined.
 */
export function lostResponse(o: Outcome): string | undefined {
  if (o.kind === 'closed') return closedByServer(o.reason) ? `the connection ended without it (${o.reason})` : undefined;
  if (o.kind !== 'timeout') return undefined;
  const http = o.carried?.http;
  if (!http || http.open) return undefined;
  if (http.error !== undefined) return serverDrop(http.error) ? `the server dropped its ${http.method} (${http.error})` : undefined;
  const sse = http.contentType?.split(';')[0].trim().toLowerCase() === 'text/event-stream';
  if (!sse || http.status === undefined || http.status < 200 || http.status > 299) return undefined;
  if (http.retryMs !== undefined) return undefined; // the server asked to be resumed (HTTP-15), which a plain call does not do
  if (http.lastEventId !== undefined) return undefined; // resumable after that id: only a resumption would show it lost
  return `its SSE stream ended without it (${http.sseEvents ?? 0} event(s), no event id to resume from, no retry: field)`;
}

/** Our own close, or a transport we had not started: not the server's doing. */
function closedByServer(reason: string): boolean {
  return reason !== 'session closed' && !/transport (is|was) (closed|not started)|closed while starting/.test(reason);
}

/** Exchange errors that are the server hanging up (http-errors.ts), not our abort or timeout. */
function serverDrop(error: string): boolean {
  return /server closed the connection|connection reset by the server/.test(error);
}

export function errorCode(o: Outcome): number | undefined {
  return o.kind === 'error' && typeof o.error.code === 'number' ? o.error.code : undefined;
}

function truncate(s: string, n = 160): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
