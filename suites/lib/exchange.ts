// One request and how it ended, kept so that the check that judges it can record it as
// evidence later (requests sent without ctx.request: shared, untagged or memoized work), and
// the findings its answer raised.
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import { keyOf, type Evidence, type Finding, type Outcome, type RequestId, type RequestOptions, type Session } from '../../src/session/index.js';
import { isObject } from './json-object.js';

export interface Exchange {
  method: string;
  params?: Record<string, unknown>;
  outcome: Outcome;
  /** When the request went out (session clock). */
  at: number;
}

/** An exchange with the findings its answer raised. */
export interface Judged extends Exchange {
  findings: Finding[];
}

/** Sends one request, remembering what and when, and the findings its answer raised. */
export async function exchangeOn(session: Session, method: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<Judged> {
  const at = session.now();
  const from = session.findings.length;
  const outcome = await session.request(method, params, opts);
  return { method, params, at, outcome, findings: findingsAbout(session, from, outcome.id) };
}

/** The request as sent and its answer (or a note on why there was none). */
export function exchangeEvidence(x: Exchange): Evidence[] {
  const sent: Record<string, unknown> = { jsonrpc: '2.0', id: x.outcome.id, method: x.method };
  if (x.params !== undefined) sent.params = x.params;
  const answer: Evidence =
    x.outcome.kind === 'result' || x.outcome.kind === 'error'
      ? { type: 'message', direction: 'received', at: x.at + x.outcome.ms, message: x.outcome.message }
      : { type: 'note', text: describeOutcome(x.outcome) };
  return [{ type: 'message', direction: 'sent', at: x.at, message: sent }, answer];
}

/** Records an exchange as the check's evidence. */
export function recordExchange(ctx: CheckContext, x: Exchange): void {
  ctx.evidence.push(...exchangeEvidence(x));
}

/** Findings raised by the answer to request `id` since finding index `from` (for untagged requests). */
export function findingsAbout(session: Session, from: number, id: RequestId): Finding[] {
  const key = keyOf(id);
  return session.findings.slice(from).filter((f) =>
    f.evidence.some((e) => e.type === 'message' && e.direction === 'received' && isObject(e.message) && keyOf(e.message.id) === key),
  );
}
