// The oracle: after a batch (or a single case) settled, did the server break a rule? A crash,
// a hang, a dropped or duplicated answer, an answer with an id we did not use, an answer to a
// notification, a non-JSON line on stdout or a response that fails the schema. An error
// response to bad input is always fine.
import type { Problem } from '../schema/index.js';
import { keyOf, type Received } from '../session/index.js';
import type { Batch, CaseRun } from './observation.js';

export type AnomalyKind =
  | 'crash' // the process exited or the connection closed
  | 'unresponsive' // the ping behind the cases got no answer
  | 'wrong-id' // a response carried an id none of our messages used
  | 'duplicate' // a request was answered more than once
  | 'no-response' // a request was never answered
  | 'unsolicited' // more responses than the input allows (e.g. an answer to a notification)
  | 'bad-output' // stdout carried something that is not a JSON-RPC message
  | 'bad-response'; // a response that fails the schema of the negotiated revision

/** Most severe first: the primary anomaly of a run, and the one shrinking keeps. */
export const ANOMALY_ORDER: readonly AnomalyKind[] = ['crash', 'unresponsive', 'wrong-id', 'duplicate', 'no-response', 'unsolicited', 'bad-output', 'bad-response'];

export interface Anomaly {
  kind: AnomalyKind;
  /** A tolerated deviation (an invalid id echoed back): graded warn, not fail. */
  warnOnly?: boolean;
  requirement: string;
  summary: string;
  /** The case it belongs to, when the ids tell. */
  run?: CaseRun;
  /** What came back that shows it. */
  received: Received[];
  problems?: Problem[];
}

/** Requirement ids a check cites for a crash and for a hang (they differ: STDIO-7 vs TOOLS-18). */
export interface OracleOptions {
  crashRequirement: string;
  hangRequirement: string;
  caseTimeoutMs: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function idOf(r: Received): unknown {
  return isObj(r.message) ? r.message.id : undefined;
}

function countFor(run: CaseRun, id: unknown): number {
  const key = keyOf(id);
  return run.responses.filter((r) => keyOf(idOf(r)) === key).length;
}

/** A garbled id in the answer to a message whose own id was invalid is a tolerated deviation; anything else in the schema is not. */
function onlyGarbledId(problems: readonly Problem[], runs: readonly CaseRun[]): boolean {
  return runs.some((run) => run.expect.badId) && problems.every((p) => p.pointer === '/id');
}

export function judge(batch: Batch, opts: OracleOptions): Anomaly[] {
  const out: Anomaly[] = [];
  if (batch.closed) {
    out.push({ kind: 'crash', requirement: opts.crashRequirement, summary: `the connection ended: ${batch.closed}`, received: [] });
    return out; // nothing else is meaningful once the server is gone
  }
  if (!batch.pingAnswered) {
    out.push({ kind: 'unresponsive', requirement: opts.hangRequirement, summary: `the server stopped answering: a ping sent behind the input got no answer within ${opts.caseTimeoutMs} ms`, received: [] });
  }
  let allowed = 0;
  let used = batch.loose.length;
  const missing: Array<{ run: CaseRun; id: unknown; nullOk: boolean }> = [];
  for (const run of batch.runs) {
    allowed += run.expect.extra;
    for (const id of run.expect.answer) {
      const n = countFor(run, id);
      if (n === 0 && !run.slow && batch.pingAnswered) missing.push({ run, id, nullOk: run.expect.nullOk.includes(id as never) });
      else if (n > 1) out.push({ kind: 'duplicate', requirement: 'RPC-25', summary: `request ${JSON.stringify(id)} was answered ${n} times`, run, received: run.responses });
    }
    for (const id of run.expect.optional) {
      const n = countFor(run, id);
      used += Math.min(n, 1);
      if (n > 1) out.push({ kind: 'duplicate', requirement: 'RPC-25', summary: `message ${JSON.stringify(id)} was answered ${n} times`, run, received: run.responses });
    }
  }
  // An error without an id may stand in for the answer to a request a server may reject as invalid.
  let spare = used - allowed;
  for (const m of missing) {
    if (m.nullOk && spare > 0) {
      spare--;
      used--;
      continue;
    }
    const why = m.nullOk ? ' (a request with a member JSON-RPC does not define: serve it, or reject it with -32600, but answer)' : '';
    out.push({ kind: 'no-response', requirement: 'RPC-25', summary: `request ${JSON.stringify(m.id)} got no response within ${opts.caseTimeoutMs} ms, although the server still answers ping${why}`, run: m.run, received: [] });
  }
  for (const late of batch.late) {
    out.push({ kind: 'duplicate', requirement: 'RPC-25', summary: `request ${JSON.stringify(idOf(late.received))} was answered again later`, run: late.run, received: [late.received] });
  }
  if (used > allowed) {
    const single = batch.runs.length === 1 ? batch.runs[0] : undefined;
    const onlyNotifications = single && single.expect.answer.length === 0 && single.expect.extra === 0;
    out.push({
      kind: 'unsolicited',
      requirement: 'RPC-7',
      summary: onlyNotifications
        ? `the server answered a notification (${batch.loose.length} response(s))`
        : `${used} response(s) without a usable id where at most ${allowed} can be justified (a notification or a response must not be answered)`,
      run: single,
      received: batch.loose,
    });
  }
  if (batch.unexpected.length) {
    const ids = batch.unexpected.map((r) => JSON.stringify(idOf(r))).join(', ');
    out.push({ kind: 'wrong-id', requirement: 'RPC-2', summary: `a response carried id ${ids}, which none of our in-flight messages used`, run: batch.runs.length === 1 ? batch.runs[0] : undefined, received: batch.unexpected });
  }
  for (const f of batch.framing) {
    out.push({
      kind: 'bad-output',
      requirement: f.problem === 'invalid-utf8' ? 'STDIO-1' : 'STDIO-3',
      summary: `the server wrote ${f.problem === 'invalid-utf8' ? 'bytes that are not UTF-8' : 'a line that is not a JSON-RPC message'} on stdout: ${JSON.stringify(f.raw.slice(0, 120))}`,
      run: batch.runs.length === 1 ? batch.runs[0] : undefined,
      received: [],
    });
  }
  for (const m of batch.malformed) {
    const problems = m.received.validation.problems;
    const first = problems[0];
    out.push({
      kind: 'bad-response',
      warnOnly: onlyGarbledId(problems, m.run ? [m.run] : batch.runs),
      requirement: first?.requirement ?? 'RPC-3',
      summary: `a response does not fit the schema: ${first?.message ?? 'invalid'}${problems.length > 1 ? ` (+${problems.length - 1} more)` : ''}`,
      run: m.run ?? (batch.runs.length === 1 ? batch.runs[0] : undefined),
      received: [m.received],
      problems,
    });
  }
  return out.sort((a, b) => ANOMALY_ORDER.indexOf(a.kind) - ANOMALY_ORDER.indexOf(b.kind));
}
