// Verdicts that can depend on what a connection has already seen. A server may answer a request
// one way on a fresh connection and another once earlier requests were served there: the
// official SDK v2 over stdio checks a request's _meta protocolVersion only until the connection
// has served a 2026-07-28 request (an unknown method's -32601 counts, and our runner's liveness
// probe is one). When a check's answer on a connection with history is a violation, it asks
// again on a fresh connection and the verdict reports both answers.
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import { keyOf, type Outcome, type Session } from '../../src/session/index.js';
import { isObject } from './json-object.js';
import { plural } from './plural.js';
import { httpStatusOf, METHOD_NOT_FOUND, receivedResponses, sentMethods } from './stateless-wire.js';

/** What a connection had seen before a request: how many requests, and the methods it answered -32601. */
export interface History {
  requests: number;
  unknownMethods: string[];
}

/**
 * The history of the requests in `before` (default: all sent so far). Read once the answer to a
 * later request is in: a server may have answered an earlier request only just before it.
 */
export function historyOf(session: Session, before: Map<string, string> = sentMethods(session)): History {
  const unknown = receivedResponses(session)
    .filter((r) => before.has(keyOf(r.message.id)) && isObject(r.message.error) && r.message.error.code === METHOD_NOT_FOUND)
    .map((r) => r.method ?? 'a request of unknown method');
  return { requests: before.size, unknownMethods: [...new Set(unknown)] };
}

/** "on a fresh connection", or "after 14 earlier requests on the connection, among them an unknown-method request (…)". */
export function describeHistory(h: History): string {
  if (h.requests === 0) return 'on a fresh connection';
  const n = h.unknownMethods.length;
  const unknown = n === 0 ? '' : `, among them ${n === 1 ? 'an unknown-method request' : 'unknown-method requests'} (${h.unknownMethods.slice(0, 2).join(', ')}${n > 2 ? ', …' : ''}: -32601)`;
  return `after ${plural(h.requests, 'earlier request')} on the connection${unknown}`;
}

/** The answer in a word or two: "-32022 (HTTP 400)", "a result", "no response within 5000 ms". */
export function shortAnswer(o: Outcome): string {
  const status = httpStatusOf(o);
  const word = o.kind === 'error' ? String(o.error.code) : o.kind === 'result' ? 'a result' : describeOutcome(o);
  return status === undefined || o.kind === 'http-error' ? word : `${word} (HTTP ${status})`;
}

export interface Asked {
  outcome: Outcome;
  /** What the check's judge found wrong with the answer, if anything. */
  problem?: string;
  history: History;
}

export interface HistoryAware {
  /** The answer on the connection the check asked first. */
  first: Asked;
  /** Only when `first` was a violation on a connection with history: the same question on a fresh one. */
  fresh?: Asked;
}

/**
 * Asks on `session`; when `judge` finds a problem and the session had sent requests before, asks
 * the same again on a fresh connection (one new stdio process, or a new HTTP session) and judges
 * that answer too. Each ask is one request under the run's request timeout.
 */
export async function askFreshOnViolation(
  ctx: CheckContext,
  session: Session,
  ask: (session: Session) => Promise<Outcome>,
  judge: (o: Outcome) => string | undefined,
): Promise<HistoryAware> {
  const first = await askOn(ctx, session, ask, judge);
  if (first.problem === undefined || first.history.requests === 0) return { first };
  const { session: fresh } = await ctx.connect({ startOrder: 'last' });
  return { first, fresh: await askOn(ctx, fresh, ask, judge) };
}

async function askOn(ctx: CheckContext, session: Session, ask: (session: Session) => Promise<Outcome>, judge: (o: Outcome) => string | undefined): Promise<Asked> {
  const before = sentMethods(session);
  ctx.note(before.size === 0 ? 'asked on a fresh connection:' : `asked after ${plural(before.size, 'earlier request')} on the connection:`);
  const outcome = await ask(session);
  return { outcome, problem: judge(outcome), history: historyOf(session, before) };
}

/**
 * The violation message with both answers when they were asked on two connections:
 * "-32022 on a fresh connection; a result after 14 earlier requests … (the problem)", or the
 * problem followed by the fresh connection's answer when that one is wrong too.
 */
export function withHistory(asked: HistoryAware, problem: string): string {
  const { first, fresh } = asked;
  if (!fresh) return problem;
  const earlier = `${shortAnswer(first.outcome)} ${describeHistory(first.history)}`;
  if (fresh.problem === undefined) return `${shortAnswer(fresh.outcome)} on a fresh connection; ${earlier}: the answer depends on what the connection has seen (${problem})`;
  return `${problem} (${earlier}; on a fresh connection too: ${fresh.problem})`;
}
