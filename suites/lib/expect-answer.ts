// Lets a check write a request's bytes itself while the session still correlates, times out
// and validates the answer (coalesced or split stdio writes, or a POST whose reply we inspect).
import type { CheckContext } from '../../src/checks/index.js';
import type { Outcome, Session } from '../../src/session/index.js';

/**
 * Registers `message` with the session as a request in flight without writing it, so the check
 * can write the bytes itself (coalesced or split) and still get the answer correlated and
 * validated.
 */
export function expectAnswer(ctx: CheckContext, session: Session, message: Record<string, unknown>): Promise<Outcome> {
  return session.awaitAnswer(message, { tag: ctx.check.id });
}
