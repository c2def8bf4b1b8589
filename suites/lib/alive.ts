// The liveness probe of a session (Session.liveness, src/session/liveness.ts): ping in the
// stateful revisions, server/discover in 2026-07-28, or — on a server that refuses ping — the
// request the run saw it serve instead. Also the harmless request the server answers with a
// result, for checks that need one. A "still alive?" question is settled by any answer (answered).
import type { CheckContext, RequestCallOptions } from '../../src/checks/context.js';
import type { Outcome, RequestId, Session } from '../../src/session/index.js';

export { answered, livenessRequest, type LivenessRequest } from '../../src/session/index.js';

/** The liveness request as it goes on the wire from `session` (with _meta where the revision wants it), to send raw. */
export function livenessMessage(session: Session, id?: RequestId, params?: Record<string, unknown>): Record<string, unknown> {
  const live = session.liveness;
  return session.buildRequest(live.method, params ?? live.params, id === undefined ? {} : { id });
}

/** Sends the liveness request on `session` (default: the check's own), recorded as evidence. */
export function probeAlive(ctx: CheckContext, session: Session = ctx.session, opts: Omit<RequestCallOptions, 'session'> = {}): Promise<Outcome> {
  const live = session.liveness;
  return ctx.request(live.method, live.params, { ...opts, session });
}

/** Least wait, once a liveness request sent behind some input was answered, for an answer to that input. */
const SENTINEL_GRACE_MS = 50;

/**
 * How long to wait for an input's answer once the liveness request sent behind it was answered
 * after `roundTripMs`: a server may finish the input's work after the sentinel's (a batch's
 * handlers run concurrently), so the grace grows with the round trip and a loaded machine is not
 * mistaken for a missing answer; never longer than a quiet period.
 */
export function graceAfterSentinel(ctx: CheckContext, roundTripMs: number): number {
  return Math.min(ctx.options.quietMs, Math.max(SENTINEL_GRACE_MS, 2 * roundTripMs));
}

/** The liveness method's name on `session`, for verdict texts ("ping answered", "tools/list answered"). */
export function livenessName(session: Session): string {
  return session.liveness.method;
}
