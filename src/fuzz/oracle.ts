// The oracle: after a batch (or a single case) settled, did the server break a rule? A crash,
// a hang, a dropped or duplicated answer, an answer with an id we did not use, an answer to a
// notification, a non-JSON line on stdout or a response that fails the schema. An error
// response to bad input is always fine. Over HTTP each case is a POST of its own, judged also by
// its status: never a 5xx or a broken connection, a body that is not JSON refused (a 4xx or an
// error response), and a request's answer in a 2xx reply.
import type { CauseKey } from '../checks/causes.js';
import type { Problem } from '../schema/index.js';
import { keyOf, schemaCause, type Received } from '../session/index.js';
import type { Batch, BatchWait, CaseRun } from './observation.js';

export type AnomalyKind =
  | 'crash' // the process exited or the connection closed
  | 'unresponsive' // the ping behind the cases got no answer
  | 'wrong-id' // a response carried an id none of our messages used
  | 'duplicate' // a request was answered more than once
  | 'no-response' // a request was never answered
  | 'unsolicited' // more responses than the input allows (e.g. an answer to a notification)
  | 'bad-output' // stdout (or an HTTP body) carried something that is not a JSON-RPC message
  | 'bad-response' // a response that fails the schema of the negotiated revision
  | 'dropped' // HTTP: the server broke the connection instead of answering (and still lives)
  | 'server-error' // HTTP: a 5xx status
  | 'not-rejected' // HTTP: a body that is not JSON accepted with a 2xx and no error
  | 'not-refused' // 2026-07-28: a request the revision says how to refuse (no _meta, headers that disagree) was served, or refused otherwise
  | 'http-status'; // HTTP: a request answered with a status outside 2xx (tolerated: warn)

/** Most severe first: the primary anomaly of a run, and the one shrinking keeps. */
export const ANOMALY_ORDER: readonly AnomalyKind[] = [
  'crash',
  'unresponsive',
  'dropped',
  'server-error',
  'wrong-id',
  'duplicate',
  'no-response',
  'not-rejected',
  'not-refused',
  'unsolicited',
  'bad-output',
  'bad-response',
  'http-status',
];

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
  /** The wire behaviour it shows, when one of src/checks/causes.ts names it (other checks may see it too). */
  cause?: CauseKey;
}

/** Requirement ids a check cites for a crash and for a hang (they differ: STDIO-7 vs TOOLS-18). */
export interface OracleOptions {
  crashRequirement: string;
  hangRequirement: string;
  caseTimeoutMs: number;
  /** 2026-07-28: error answers come with a 4xx over HTTP (S26-3, S26-25, S26-28), so only a result outside 2xx is odd. */
  stateless?: boolean;
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

/** What the POST of a case got, in words: the status, media type and the start of a body that held no answer. `waited`: how long it was waited for (waitedFor). */
function describePost(run: CaseRun, waited: string): string {
  if (!run.http) return `: its POST was answered ${run.posted?.status ?? `with an error (${run.posted?.error})`} and nothing came on the SSE stream`;
  const post = run.http;
  if (post.pending) return `its POST got no reply within ${waited}`;
  if (post.error !== undefined && post.status === undefined) return `its POST failed (${post.error})`;
  const body = post.exchange?.response?.body?.trim();
  const shown = body ? ` (${JSON.stringify(body.length > 80 ? `${body.slice(0, 79)}…` : body)})` : '';
  return `its POST was answered ${post.status}${post.media ? ` ${post.media}` : ''}${shown} without it`;
}

/**
 * A well-formed request (not one made invalid on purpose, nor one JSON-RPC lets go unanswered)
 * refused with an HTTP error status alone: RPC-13/RPC-25 owe it a JSON-RPC answer carrying its
 * id, HTTP-8 an application/json or SSE reply. The same behaviour errors/method-not-found fails.
 */
function refusedWithoutAnswer(run: CaseRun, nullOk: boolean): boolean {
  const status = run.http?.status;
  return !nullOk && !invalidByConstruction(run) && !run.http?.pending && status !== undefined && status >= 400 && status < 500;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** stdio: does the case hold a line (not blank) that is not JSON, in strict UTF-8? */
function holdsNonJsonLine(bytes: Buffer): boolean {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return true;
  }
  return text.split('\n').some((line) => {
    if (line.trim() === '') return false;
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
}

/** Why the server went away, with the inputs in flight when no single one is to blame. */
function crashSummary(batch: Batch): string {
  const suspects = batch.culprit ? [] : (batch.suspects ?? []);
  if (suspects.length === 0) return `the connection ended: ${batch.closed}`;
  const strategies = [...new Set(suspects.map((r) => r.spec.strategy))].join(', ');
  return `the connection ended: ${batch.closed}, while ${suspects.length} input(s) were in flight (${strategies})`;
}

/** How long the batch's answers were waited for: the deadline, or less once the ping was in, or more while the server was busy. */
function waitedMs(batch: Batch, opts: OracleOptions): number {
  return batch.settledAt === undefined ? opts.caseTimeoutMs : Math.round(batch.settledAt - batch.sentAt);
}

/** The wait actually made for the batch's answers, in words, with why it was that long. */
function waitedFor(batch: Batch, opts: OracleOptions): string {
  const ms = waitedMs(batch, opts);
  return `${ms} ms${whyThatLong(ms, batch.wait, batch.wait?.queuedMs)}`;
}

/** HTTP: the wait actually made for the ping POSTed behind the cases, in words, with why it was that long. */
function pingWaitedFor(batch: Batch, ping: NonNullable<BatchWait['ping']>): string {
  const ms = Math.round((batch.settledAt ?? ping.sentAt) - ping.sentAt);
  return `${ms} ms${whyThatLong(ms, batch.wait, ping.queuedMs)}`;
}

/**
 * A wait longer than the batch's deadline says what made it so: the measured cost of the costly
 * requests queued ahead (queue-cost.ts), and going on while the server was busy (session latency.ts).
 */
function whyThatLong(ms: number, wait: BatchWait | undefined, queuedMs = 0): string {
  if (!wait || ms <= wait.deadlineMs) return '';
  const why: string[] = [];
  if (queuedMs > 0) why.push(`plus ${queuedMs} ms the server was measured to need for the costly requests queued ahead`);
  if (wait.busy) why.push('then on while the server was still busy with earlier requests');
  return why.length ? ` (the case timeout of ${wait.deadlineMs} ms, ${why.join(', ')})` : '';
}

const isError = (r: Received) => isObj(r.message) && 'error' in r.message;

/** A body that is not JSON is to be refused with a 4xx (RPC-11); a request, to be answered like any other (the check's hang rule). */
function refusalRequirement(run: CaseRun, opts: OracleOptions): string {
  if (run.expect.notJson) return 'RPC-11';
  return run.expect.answer.length || run.expect.optional.length ? opts.hangRequirement : opts.crashRequirement;
}

/** HTTP: what the status of each case's POST says. */
function judgePosts(batch: Batch, opts: OracleOptions, out: Anomaly[]): void {
  for (const run of batch.runs) {
    const post = run.http;
    if (!post || run.slow) continue;
    const status = post.status;
    if (post.pending) {
      // A request's missing answer is judged below; a POST of anything else must get a reply too (202, or an error).
      if (run.expect.answer.length === 0 && !run.spec.soft && batch.pingAnswered) out.push({ kind: 'no-response', requirement: opts.hangRequirement, summary: `the POST got no reply within ${waitedFor(batch, opts)}, although the server still answers ping`, run, received: [] });
    } else if (post.dropped) {
      out.push({ kind: 'dropped', requirement: refusalRequirement(run, opts), summary: `the server broke the connection instead of answering (${post.error}), although it still answers ping`, run, received: [] });
    } else if (status !== undefined && status >= 500) {
      const instead = run.expect.answer.length ? 'the answer' : 'a 4xx or an error response';
      out.push({ kind: 'server-error', requirement: refusalRequirement(run, opts), summary: `the POST was answered ${status}, a server error, instead of ${instead}`, run, received: [...run.responses, ...post.loose] });
    } else if (run.expect.notJson && status !== undefined && status < 300 && run.responses.length === 0 && !post.loose.some(isError)) {
      out.push({ kind: 'not-rejected', requirement: 'RPC-11', summary: `a body that is not JSON was accepted (${status}) without an error: a 4xx, or a -32700 error, was due`, run, received: [], cause: 'no-answer-to-non-json' });
    } else if (status !== undefined && (status < 200 || status >= 300) && run.expect.answer.some((id) => countFor(run, id) > 0) && !(opts.stateless && run.responses.every(isError))) {
      out.push({ kind: 'http-status', warnOnly: true, requirement: 'HTTP-8', summary: `a request was answered with HTTP ${status} rather than 200 (the JSON-RPC answer was in the body)`, run, received: run.responses });
    }
  }
}

const isClientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** Legacy HTTP+SSE: each case's POST is only acknowledged (the answers come on the stream), but never with a 5xx or a broken connection. */
function judgeSsePosts(batch: Batch, opts: OracleOptions, out: Anomaly[]): void {
  for (const run of batch.runs) {
    const post = run.posted;
    if (!post || run.slow) continue;
    if (post.dropped) out.push({ kind: 'dropped', requirement: refusalRequirement(run, opts), summary: `the server broke the connection of the POST instead of accepting it (${post.error}), although it still answers ping`, run, received: [] });
    else if (post.status !== undefined && post.status >= 500) out.push({ kind: 'server-error', requirement: refusalRequirement(run, opts), summary: `the POST was answered ${post.status}, a server error`, run, received: run.responses });
  }
}

/** 2026-07-28: a request the revision says how to refuse (see RefusalRule) got exactly that refusal. */
function judgeRefusals(batch: Batch, out: Anomaly[]): void {
  for (const run of batch.runs) {
    const rule = run.spec.mustRefuse;
    if (!rule || run.slow) continue;
    const answer = [...run.responses, ...(run.http?.loose ?? [])][0];
    if (!answer || !isObj(answer.message)) continue; // a missing answer is account()'s to report
    const error = isObj(answer.message.error) ? answer.message.error : undefined;
    const status = run.http?.status;
    const due = `error ${rule.codes.join(' or ')}${rule.status !== undefined ? ` with HTTP ${rule.status}` : ''} was due`;
    let problem: string | undefined;
    // What other checks see of the same behaviour: the request served, or rightly refused but not with HTTP 400.
    let cause: CauseKey | undefined;
    if (!error) {
      problem = `was served${status !== undefined ? ` (HTTP ${status})` : ''}`;
      cause = rule.servedCause;
    } else if (!rule.codes.includes(error.code as number)) problem = `was refused with ${JSON.stringify(error.code)}${status !== undefined ? ` (HTTP ${status})` : ''}`;
    else if (rule.status !== undefined && status !== undefined && status !== rule.status) {
      problem = `was refused with ${String(error.code)} but HTTP ${status}`;
      cause = rule.status === 400 ? 'error-without-http-400' : undefined;
    }
    if (problem) out.push({ kind: 'not-refused', requirement: rule.requirement, summary: `${rule.why} ${problem}: ${due}`, run, received: [answer], ...(cause ? { cause } : {}) });
  }
}

/**
 * Answers carrying the cases' ids (each request once, at most once for the rest), and answers
 * without a usable id: no more than the cases can justify.
 */
/** Strategies whose requests a server may refuse as invalid (it still owes an answer). */
function invalidByConstruction(run: CaseRun): boolean {
  return run.spec.strategy.startsWith('envelope/') || run.spec.strategy.startsWith('params/');
}

function account(runs: CaseRun[], loose: Received[], batch: Batch, opts: OracleOptions, out: Anomaly[]): void {
  let allowed = 0;
  let used = loose.length;
  const missing: Array<{ run: CaseRun; id: unknown; nullOk: boolean }> = [];
  for (const run of runs) {
    allowed += run.expect.extra;
    for (const id of run.expect.answer) {
      const n = countFor(run, id);
      // A request refused by rule may be refused before its id was read (an error with id null).
      const nullOk = run.expect.nullOk.includes(id as never) || run.spec.mustRefuse !== undefined;
      // Legacy SSE: a request with members JSON-RPC does not define may be refused at its POST (a 4xx).
      const refusedAtPost = run.expect.nullOk.includes(id as never) && isClientError(run.posted?.status);
      if (n === 0 && !run.slow && batch.pingAnswered && !refusedAtPost) missing.push({ run, id, nullOk });
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
    const waited = waitedFor(batch, opts);
    const when = m.run.http ? `: ${describePost(m.run, waited)}` : m.run.posted ? `${describePost(m.run, waited)}, within ${waited}` : ` within ${waited}`;
    // A request made invalid on purpose (a foreign member, a broken envelope, params that do not
    // fit the method) and dropped while ping is answered: the server did not accept it and said
    // nothing (a POST still pending is a hang instead).
    const refused = refusedWithoutAnswer(m.run, m.nullOk);
    const cause = refused ? 'http-error-instead-of-answer' : (m.nullOk || invalidByConstruction(m.run)) && !m.run.http?.pending ? 'no-answer-to-invalid-request' : undefined;
    const none = refused ? 'no JSON-RPC response' : 'no response';
    out.push({ kind: 'no-response', requirement: 'RPC-25', summary: `request ${JSON.stringify(m.id)} got ${none}${when}, although the server still answers ping${why}`, run: m.run, received: m.run.http?.loose ?? [], ...(cause ? { cause } : {}) });
  }
  if (used > allowed) {
    const single = runs.length === 1 ? runs[0] : undefined;
    const onlyNotifications = single && single.expect.answer.length === 0 && single.expect.extra === 0;
    out.push({
      kind: 'unsolicited',
      requirement: 'RPC-7',
      summary: onlyNotifications
        ? `the server answered a notification (${loose.length} response(s))`
        : `${used} response(s) without a usable id where at most ${allowed} can be justified (a notification or a response must not be answered)`,
      run: single ?? (batch.runs.length === 1 ? batch.runs[0] : undefined),
      received: loose,
    });
  }
}

export function judge(batch: Batch, opts: OracleOptions): Anomaly[] {
  const out: Anomaly[] = [];
  if (batch.closed) {
    // One input that is not JSON, alone to blame: the behaviour errors/parse-error sees ending the connection.
    const alone = batch.culprit ?? (batch.runs.length === 1 ? batch.runs[0] : undefined);
    const cause = alone && (alone.expect.notJson || (!alone.http && !alone.posted && holdsNonJsonLine(alone.bytes))) ? 'ends-on-non-json' : undefined;
    out.push({ kind: 'crash', requirement: opts.crashRequirement, summary: crashSummary(batch), run: batch.culprit, received: [], ...(cause ? { cause } : {}) });
    return out; // nothing else is meaningful once the server is gone
  }
  // The ping's wait reached its ceiling while the server worked through earlier requests: no evidence either way.
  if (batch.tooSlow) return out;
  if (!batch.pingAnswered) {
    const ping = batch.wait?.ping;
    const how = batch.pingNote
      ? `a ping POSTed after the input ${batch.pingNote}`
      : ping
        ? `a ping POSTed after the input got no answer within ${pingWaitedFor(batch, ping)}`
        : `a ping sent behind the input got no answer within ${waitedFor(batch, opts)}`;
    out.push({ kind: 'unresponsive', requirement: opts.hangRequirement, summary: `the server stopped answering: ${how}`, received: [] });
  }
  judgePosts(batch, opts, out);
  judgeSsePosts(batch, opts, out);
  judgeRefusals(batch, out);
  // Over HTTP each reply is known: answers without an id are counted per case; on a pipe, per batch.
  if (batch.runs.some((r) => r.http)) for (const run of batch.runs) account([run], run.http?.loose ?? [], batch, opts, out);
  else account(batch.runs, batch.loose, batch, opts, out);
  for (const late of batch.late) {
    out.push({ kind: 'duplicate', requirement: 'RPC-25', summary: `request ${JSON.stringify(idOf(late.received))} was answered again later`, run: late.run, received: [late.received] });
  }
  // HTTP tells which reply carried a wrong id; on a pipe only a lone case can be blamed.
  const pinned = new Set<Received>();
  for (const run of batch.runs) {
    const wrong = run.http?.unexpected ?? [];
    if (wrong.length === 0) continue;
    wrong.forEach((r) => pinned.add(r));
    const ids = wrong.map((r) => JSON.stringify(idOf(r))).join(', ');
    out.push({ kind: 'wrong-id', requirement: 'RPC-2', summary: `the reply to this input carried id ${ids}, which is not the id of a request in it`, run, received: wrong });
  }
  const unpinned = batch.unexpected.filter((r) => !pinned.has(r));
  if (unpinned.length) {
    const ids = unpinned.map((r) => JSON.stringify(idOf(r))).join(', ');
    out.push({ kind: 'wrong-id', requirement: 'RPC-2', summary: `a response carried id ${ids}, which none of our in-flight messages used`, run: batch.runs.length === 1 ? batch.runs[0] : undefined, received: unpinned });
  }
  for (const f of batch.framing) {
    const run = f.run ?? (batch.runs.length === 1 ? batch.runs[0] : undefined);
    const what = f.problem === 'invalid-utf8' ? 'bytes that are not UTF-8' : f.problem === 'too-large' ? 'a message larger than we accept' : `${f.run ? 'a body or event' : 'a line'} that is not a JSON-RPC message`;
    out.push({
      kind: 'bad-output',
      requirement: f.run ? 'HTTP-8' : f.problem === 'invalid-utf8' ? 'STDIO-1' : 'STDIO-3',
      summary: `the server ${f.run ? 'answered the POST with' : 'wrote'} ${what}${f.run ? '' : ' on stdout'}: ${JSON.stringify(f.raw.slice(0, 120))}`,
      run,
      received: [],
    });
  }
  for (const m of batch.malformed) {
    const problems = m.received.validation.problems;
    const first = problems[0];
    // The answer to one of our requests whose result (or error) breaks the method's schema: the
    // same behaviour the session names for every check whose request met it (e.g. a liveness probe).
    const causes = problems.map((p) => schemaCause(p, m.received.answers));
    const cause = problems.length && causes.every((c) => c === causes[0]) ? causes[0] : undefined;
    out.push({
      kind: 'bad-response',
      warnOnly: onlyGarbledId(problems, m.run ? [m.run] : batch.runs),
      requirement: first?.requirement ?? 'RPC-3',
      summary: `a response does not fit the schema: ${first?.message ?? 'invalid'}${problems.length > 1 ? ` (+${problems.length - 1} more)` : ''}`,
      run: m.run ?? (batch.runs.length === 1 ? batch.runs[0] : undefined),
      received: [m.received],
      problems,
      ...(cause ? { cause } : {}),
    });
  }
  return out.sort((a, b) => ANOMALY_ORDER.indexOf(a.kind) - ANOMALY_ORDER.indexOf(b.kind));
}
