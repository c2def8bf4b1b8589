// Helpers the client checks share: evidence from a scenario's record, schema problems of what the
// client sent, and the verdicts of "did the client answer our request".
import type { Evidence, Verdict } from '../../src/checks/types.js';
import { validateMessage, type Problem, type Revision } from '../../src/schema/index.js';
import { inbound, toEvidence, type Ask, type ScenarioRecord, type WireEvent } from '../../src/client/record.js';

export const expected = (what: string, actual: string): Evidence => ({ type: 'expected', expected: what, actual });
export const note = (text: string): Evidence => ({ type: 'note', text });

export function schemaEvidence(problems: readonly Problem[]): Evidence[] {
  return problems.map((p) => ({ type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, ...(p.requirement ? { requirement: p.requirement } : {}) }));
}

/** The events at or around `at`: what we sent and what came back, for a verdict's evidence. */
export function eventsBetween(record: ScenarioRecord, from: number, to: number, max = 8): Evidence[] {
  return record.events.filter((e) => e.at >= from && e.at <= to).slice(0, max).map(toEvidence);
}

export function firstEvents(record: ScenarioRecord, max = 6): Evidence[] {
  return record.events.slice(0, max).map(toEvidence);
}

export const isRequest = (e: WireEvent): boolean => {
  const m = e.message as Record<string, unknown> | undefined;
  return typeof m?.method === 'string' && m !== undefined && 'id' in m;
};
export const methodOf = (e: WireEvent): string | undefined => (e.message as { method?: unknown } | undefined)?.method as string | undefined;

/** The inbound messages after our initialize reply. */
export function afterInitialize(record: ScenarioRecord): WireEvent[] {
  const at = record.initializedAt;
  return at === undefined ? [] : inbound(record).filter((e) => e.at >= at && !(isRequest(e) && methodOf(e) === 'initialize'));
}

export function findAsk(record: ScenarioRecord, method: string): Ask | undefined {
  return record.asks.find((a) => a.method === method);
}

/** Why an ask was never sent, for a skip. */
export function notAskedReason(record: ScenarioRecord, method: string): string {
  if (record.initializedAt === undefined) return 'the client never completed initialize';
  if (!record.trigger) return `the client sent no request after notifications/initialized, so ${method} had no moment to be sent (we send ours while one of its requests is in progress)`;
  if (record.ends.length) return `the client ended the session before ${method} was due`;
  return `${method} does not exist in the negotiated revision`;
}

/** The ask's evidence: our request and the client's answer. */
export function askEvidence(record: ScenarioRecord, ask: Ask): Evidence[] {
  const ours = record.events.filter((e) => {
    const m = e.message as { id?: unknown; method?: unknown } | undefined;
    if (m?.id !== ask.id) return false;
    // Our request out, the client's response in: a request of the client's own may carry the same id.
    return e.dir === 'out' ? m.method === ask.method : m.method === undefined;
  });
  return ours.map(toEvidence);
}

/**
 * A request of ours the client did not answer: skipped when it ended its side first (it may have
 * been its way to stop), failed when it stayed connected past the bound (CLIENT-RPC-5).
 */
export function unanswered(record: ScenarioRecord, ask: Ask, timeoutMs: number): Verdict {
  const evidence = askEvidence(record, ask);
  if (ask.outcome === 'gone') {
    const end = record.ends[0];
    return { status: 'skip', message: `the client ${end?.how === 'exit' ? `exited (${describeEnd(end)})` : 'closed the session'} before answering ${ask.method}`, evidence };
  }
  return {
    status: 'fail',
    message: `no response to ${ask.method} within ${timeoutMs} ms while the client stayed connected`,
    evidence: [...evidence, expected(`a response to ${ask.method} (id ${ask.id})`, `nothing within ${timeoutMs} ms`)],
  };
}

export function describeEnd(end: ScenarioRecord['ends'][number] | undefined): string {
  if (!end) return 'still running';
  if (end.how === 'closed') return 'closed the session';
  return end.signal ? `signal ${end.signal}` : `code ${end.code}`;
}

/** Schema problems of a response of the client to our request `method`. */
export function responseProblems(response: unknown, method: string, revision: Revision): Problem[] {
  return validateMessage(response, { revision, direction: 'client->server', inReplyTo: method }).problems;
}

export function errorCode(response: Record<string, unknown> | undefined): number | undefined {
  const error = response?.error as { code?: unknown } | undefined;
  return typeof error?.code === 'number' ? error.code : undefined;
}
