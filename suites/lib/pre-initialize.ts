// One un-initialized connection shared by two checks, so they cost one server process:
// lifecycle/request-before-initialize sends a request on it before any initialize, and then
// cancellation/initialize (stdio) sends initialize there and cancels it. The request is tagged
// with the first check's id whichever check gets here first.
import type { CheckContext } from '../../src/checks/index.js';
import type { Evidence, Outcome, Session } from '../../src/session/index.js';
import { exchangeEvidence, exchangeOn } from './exchange.js';

export const EARLY_REQUEST_CHECK = 'lifecycle/request-before-initialize';

export interface PreInitialize {
  session: Session;
  /** The answer to tools/list sent before initialize. */
  early: Outcome;
  evidence: Evidence[];
}

export function preInitialize(ctx: CheckContext): Promise<PreInitialize> {
  return ctx.shared('lifecycle/pre-initialize', async () => {
    const { session } = await ctx.connect({ initialize: false, forRun: true });
    const x = await exchangeOn(session, 'tools/list', undefined, { tag: EARLY_REQUEST_CHECK });
    return { session, early: x.outcome, evidence: exchangeEvidence(x) };
  });
}
