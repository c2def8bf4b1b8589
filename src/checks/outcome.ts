// Small readers over request outcomes, shared by the suites.
import { absence } from '../session/carried.js';
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
      return absence(`no response within ${o.ms} ms${o.beforeStart ? ' (the start bound: the server answered nothing on this connection)' : ''}`, o.carried, bodyChars);
    case 'closed':
      return `connection closed (${o.reason})`;
    case 'http-error':
      return `HTTP ${o.status}${o.body ? ` ${truncate(o.body, 120)}` : ''}`;
  }
}

export function errorCode(o: Outcome): number | undefined {
  return o.kind === 'error' && typeof o.error.code === 'number' ? o.error.code : undefined;
}

function truncate(s: string, n = 160): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
