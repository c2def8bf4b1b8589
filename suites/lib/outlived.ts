// When an unanswered call counts as lost although the server is alive (RPC-25). A probe answered
// behind the call shows the server was there, not that the call was done: server-everything's
// trigger-long-running-operation sleeps 10 s by default, and answers. Only the call's own figure
// from a run where we answered validly says how long it needs (slow is not broken).
import type { Outcome } from '../../src/session/index.js';
import type { ToolCall } from './tool-call.js';

/** How many times the time the call took when answered validly it must stay unanswered. */
export const OUTLIVED_FACTOR = 4;

/**
 * Why `call` counts as lost: a probe sent behind it was answered while it was not, and the same
 * call, when we answered validly (`then`), was answered in a small fraction of the time we waited
 * now. Undefined without both figures (the call unanswered in the control too, or not called there).
 */
export function outlivedPastNeed(call: Pick<ToolCall, 'outcome' | 'outlived'>, then: Outcome | undefined): string | undefined {
  const { outcome, outlived } = call;
  if (!outlived || outcome.kind !== 'timeout') return undefined;
  if (!then || (then.kind !== 'result' && then.kind !== 'error')) return undefined;
  if (outcome.ms < OUTLIVED_FACTOR * Math.max(then.ms, 1)) return undefined;
  return `unanswered after ${outcome.ms} ms though it was answered in ${then.ms} ms when we answered validly, while the server answered ${outlived.method} sent behind it`;
}
