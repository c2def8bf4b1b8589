// What the requests ahead of a batch's ping will cost the server (issue 28 item 1): slow is not
// broken. A server that answers one request at a time answers the ping behind a 1.2 s listing
// (or a 560 KB page) only once that listing is done, so the ping's wait is the case timeout
// plus the measured time of the costly requests queued ahead of it. Only methods the server was
// seen to answer slowly count, and only as measured: a server that never answered a method gives
// it no cost, so one that truly never answers still fails at the case timeout, as before.
import type { MethodCost } from '../session/index.js';
import type { CaseRun } from './observation.js';

/** Below this a method costs nothing worth waiting for: the case timeout covers it. */
export const COSTLY_MS = 50;
/** The longest a ping's wait may grow to, in multiples of the case timeout (the session's own hard ceiling: QUEUE_CEILING_FACTOR). */
export const PING_CEILING_FACTOR = 12;

export type CostOf = (method: string) => MethodCost | undefined;

/** The server's measured time for the costly requests among `runs` whose answers have not come yet. */
export function queuedWorkMs(runs: readonly CaseRun[], costOf: CostOf, answered: (run: CaseRun, id: unknown) => boolean): number {
  let total = 0;
  // Each method's cost looked up once: a pipe holds hundreds of cases of a few methods.
  const costs = new Map<string, number>();
  for (const run of runs) {
    for (const ref of run.expect.refs) {
      let ms = costs.get(ref.method);
      if (ms === undefined) costs.set(ref.method, (ms = costOf(ref.method)?.latencyMs ?? 0));
      if (ms >= COSTLY_MS && !answered(run, ref.id)) total += ms;
    }
  }
  return total;
}

/** A batch's wait for its ping: the case timeout, plus the work queued ahead of it, within the ceiling. */
export function pingWaitMs(caseTimeoutMs: number, queuedMs: number): number {
  return Math.round(Math.min(caseTimeoutMs + queuedMs, Math.max(caseTimeoutMs, caseTimeoutMs * PING_CEILING_FACTOR)));
}
