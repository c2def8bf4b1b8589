// Runs checks against one target at one revision: a shared main session for checks that
// do not disturb it, a disposable session that disruptive checks share (disposable-lanes.ts),
// fresh sessions (new processes on stdio, started a few at a time: start-gate.ts) for the rest,
// bounded parallelism, a deadline per check and for the whole run, and a fresh main session
// whenever the server crashes.
import { CheckContext, gradeViolation, HANDSHAKE_TAG, specUrl, type Check, type CheckOptions, type CheckResult, type RunResult, type ServerFacts, type StartOrder } from '../checks/index.js';
import type { Status, Verdict } from '../checks/types.js';
import { isStateless, LATEST_STATEFUL, type Revision } from '../schema/index.js';
import { CLIENT_INFO, initialize, livenessRequest, openSession, Session, type Evidence, type Finding, type SessionOptions, type TargetSpec } from '../session/index.js';
import { DisposableLane, runOnLanes, type LaneRun } from './disposable-lanes.js';
import { openMainSession, type MainSession } from './main-session.js';
import { StartGate } from './start-gate.js';
import { warmValidation } from './warm-validation.js';
import { silenceAfterHandshake } from './liveness.js';
import { traceCheck } from './trace.js';
import { notApplicable, selectChecks } from './select.js';
import { summarize } from '../checks/summary.js';
import { attributeCauses, distinctCauses } from './causes.js';
import { authSkipReason, authSummary, refusedForAuth } from './auth-gate.js';

export interface RunOptions extends CheckOptions {
  target: TargetSpec;
  checks: readonly Check[];
  /** Revision to request on the main session (default: detect — 2026-07-28 if server/discover works, else the newest stateful one). */
  protocolVersion?: Revision;
  only?: readonly string[];
  skip?: readonly string[];
  seed: number;
  /** Most checks in flight on the main session at once. */
  concurrency?: number;
  /** Server processes (stdio) that may be starting at once. */
  processStarts?: number;
  /** Sessions (stdio: server processes) that disruptive checks share, apart from the main one. */
  disposableLanes?: number;
  /** Most fresh connections (server processes on stdio) at once. */
  freshConcurrency?: number;
  /** Ceiling for one check (ms). */
  checkTimeoutMs?: number;
  /** Ceiling for the whole run (ms); checks not started by then are reported as skipped. */
  deadlineMs?: number;
  onProgress?: (done: number, total: number, id: string) => void;
}

/** The main session could not be opened or initialized. */
export class HandshakeFailed extends Error {}

const DEFAULT_CLIENT_CAPABILITIES = {};
/**
 * Checks in flight on the main session. On stdio they mostly wait (for answers, quiet periods,
 * the processes of probes), so many can wait at once. Over HTTP each holds a request open: a few
 * at a time keep a cancellation from being overtaken by load on the server (cancellation/in-flight).
 */
const DEFAULT_CONCURRENCY = { stdio: 32, http: 4, sse: 4 } as const;
/**
 * At the end of a run no exit is judged (lifecycle/stdin-close-exit watches one of its own with
 * the catalog's 5 s): a server still running this long after stdin closed gets SIGTERM, the
 * usual request to stop, then SIGKILL. Processes that end on EOF do so within a few tens of
 * milliseconds even when several end at once on a loaded machine (server-everything: 10–30 ms);
 * one kept up by timers (server-everything's subscription and log intervals, on every run's main
 * session) waits for the signal however long we wait, and every run waited the whole grace for it.
 * A process that would have ended on its own a little later gets SIGTERM instead: nothing is
 * judged any more, and it ends just the same. It also cuts short the grace of sessions closed earlier.
 */
const END_OF_RUN_GRACE_MS = 25;
/**
 * Sessions the disruptive checks share. One: the side-by-side batch plus the runsAlone turns take
 * about as long as the other chains of a run, and a second lane's process cost more (measured
 * against server-everything on two cores: 3.8 s with one lane, 4.1 s with two).
 */
const DEFAULT_DISPOSABLE_LANES = 1;
/** Server processes starting at once (stdio). */
const DEFAULT_PROCESS_STARTS = 2;

export async function runRevision(opts: RunOptions): Promise<RunResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const requested = opts.protocolVersion;
  const deadline = t0 + (opts.deadlineMs ?? 120_000);
  const sessionOptions = { revision: requested ?? LATEST_STATEFUL, requestTimeoutMs: opts.requestTimeoutMs, clientCapabilities: DEFAULT_CLIENT_CAPABILITIES, clientInfo: CLIENT_INFO };

  // Once the main session's process is spawned (below), and while it starts.
  const warm = setTimeout(() => warmValidation(requested && !isStateless(requested) ? requested : LATEST_STATEFUL), 0);
  // stdio: the first disposable lane's process starts beside the main one, on the core that is
  // otherwise idle while the main server starts; the lane's chain of checks is one of the run's longest.
  const wantsLane =
    opts.target.transport === 'stdio' &&
    (opts.disposableLanes ?? DEFAULT_DISPOSABLE_LANES) > 0 &&
    selectChecks(opts.checks, { only: opts.only, skip: opts.skip, revision: requested ?? LATEST_STATEFUL }).some((c) => c.connection === 'disposable' && !c.clientCapabilities);
  const laneProcess = wantsLane ? openSession(opts.target, sessionOptions) : undefined;
  laneProcess?.catch(() => undefined); // a target that cannot start fails the main session just the same
  // The main session: opened once (in the era the server speaks), reopened after a crash.
  let first: MainSession;
  try {
    first = await openMainSession(opts.target, sessionOptions, requested);
  } catch (err) {
    void laneProcess?.then((s) => s.close({ graceMs: END_OF_RUN_GRACE_MS }), () => undefined);
    throw err;
  } finally {
    clearTimeout(warm);
  }
  let main = first.session;
  const mains: Session[] = [main];
  const stateless = first.era === 'stateless';
  const facts: ServerFacts = {
    revision: first.revision,
    requestedRevision: requested ?? first.revision,
    initializeResult: first.handshake.kind === 'result' ? first.handshake.result : {},
    handshake: first.handshake,
    capabilities: first.capabilities,
    unclaimed: [],
  };
  const mainReady = first.handshake.kind === 'result';
  /** The process started beside the main one, once, as a connection like a new one at the run's revision. */
  let laneProcessTaken = false;
  const takeLaneProcess = async (): Promise<Session | undefined> => {
    if (laneProcessTaken || !laneProcess) return undefined;
    laneProcessTaken = true;
    const s = await laneProcess.catch(() => undefined);
    if (!s || s.closed) return undefined;
    if (stateless) s.setRevision(facts.revision);
    else s.prepareHandshake(facts.revision);
    return s;
  };
  // Over HTTP a connection is a request, not a process: no gate.
  const gate = new StartGate(opts.target.transport === 'stdio' ? (opts.processStarts ?? DEFAULT_PROCESS_STARTS) : Infinity);
  const newSession = (options: SessionOptions, order?: StartOrder): Promise<Session> => gate.open(() => openSession(opts.target, options), order);
  let reopening: Promise<void> | undefined;
  const ensureMain = async () => {
    if (!main.closed) return;
    reopening ??= (async () => {
      const s = await newSession({ ...sessionOptions, revision: facts.revision });
      mains.push(s);
      if (!stateless) await initialize(s, { protocolVersion: facts.revision, capabilities: DEFAULT_CLIENT_CAPABILITIES, tag: HANDSHAKE_TAG });
      main = s;
    })().finally(() => (reopening = undefined));
    await reopening;
  };

  const selected = selectChecks(opts.checks, { only: opts.only, skip: opts.skip, revision: facts.revision });
  const results = new Map<string, CheckResult>();
  let done = 0;
  const finish = (r: CheckResult) => {
    results.set(r.id, r);
    opts.onProgress?.(++done, selected.length, r.id);
  };
  const declares = (path: string) => {
    let cur: unknown = facts.capabilities;
    for (const part of path.split('.')) {
      if (typeof cur !== 'object' || cur === null || !(part in cur)) return false;
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur !== false && cur != null;
  };

  const runnable: Check[] = [];
  const step = stateless ? 'server/discover' : 'initialize';
  // A server that answered nothing: new connections would each wait the whole timeout as well.
  const silent = first.handshake.kind === 'timeout';
  const refused = refusedForAuth(first.handshake);
  if (refused && !opts.auth?.token) facts.authRequired = true;
  for (const check of selected) {
    // Refused: what the server declares is unknown, so the 401 is the reason for all but the auth checks.
    const reason = (refused ? authSkipReason(check, opts.auth, step) : undefined) ?? notApplicable(check, opts.target.transport, declares);
    if (reason) finish(record(check, facts.revision, { status: 'skip', message: reason }, 0));
    else if (!mainReady && check.connection !== 'raw' && !check.runsWithoutHandshake) {
      finish(record(check, facts.revision, { status: 'skip', message: `the server did not complete ${step} (${first.handshake.kind}), so this check cannot run` }, 0));
    } else if (silent && check.opensConnections) {
      finish(record(check, facts.revision, { status: 'skip', message: `the server did not answer ${step} on the main connection within ${opts.requestTimeoutMs} ms, and the connections this check opens would wait as long, so it did not run` }, 0));
    } else runnable.push(check);
  }

  /** Sessions checks are done with, winding down while the run goes on. */
  const closing: Session[] = [];
  const windDown = (s: Session) => {
    closing.push(s);
    void s.close().catch(() => undefined);
  };
  /** Sessions checks opened for the whole run (ConnectOptions.forRun); also in `mains`. */
  const runScoped: Session[] = [];
  // Disruptive checks share a few extra sessions (stdio: processes) while the server stays healthy.
  const reuseDisposable = opts.target.transport === 'stdio';
  /** A lane's session: a process started beside the main one, one a check handed over (ready), or a new one. */
  const laneOf = (first?: () => Promise<Session | undefined>, ready?: Session) =>
    new DisposableLane({
      open: async () => {
        if (ready && !ready.closed) {
          const s = ready;
          ready = undefined;
          return s;
        }
        const started = await first?.();
        const s = started ?? (await newSession({ ...sessionOptions, revision: facts.revision }));
        mains.push(s);
        if (!stateless) await initialize(s, { protocolVersion: facts.revision, capabilities: DEFAULT_CLIENT_CAPABILITIES, tag: HANDSHAKE_TAG });
        return s;
      },
      healthy: async (s) => {
        const live = livenessRequest(s.revision);
        const probe = await s.request(live.method, live.params, { timeoutMs: Math.min(opts.requestTimeoutMs, 2000) });
        return probe.kind === 'result';
      },
      discard: windDown,
    });
  const lanes = Array.from({ length: opts.disposableLanes ?? DEFAULT_DISPOSABLE_LANES }, (_, i) => laneOf(i === 0 ? takeLaneProcess : undefined));
  // stdio: a session a check hands over (ctx.offerSession) becomes one more lane, once, for the
  // runsAlone checks still queued: their turns are the run's longest chain, and it costs no process.
  let offerLane: (s: Session) => void = () => undefined;
  const lateLane = new Promise<DisposableLane | undefined>((resolve) => {
    offerLane = (s) => {
      if (!reuseDisposable) return;
      offerLane = () => undefined;
      resolve(laneOf(undefined, s));
    };
  });

  // Checks that start once the server has shown it answers nothing after the handshake are not run.
  let silence: string | undefined;
  const watchingSilence = mainReady ? silenceAfterHandshake(main, opts.requestTimeoutMs).then((why) => void (silence = why)) : undefined;

  const execute = async (check: Check, lane?: DisposableLane): Promise<LaneRun> => {
    const alone = (result: CheckResult): LaneRun => ({ result, overlapped: false });
    if (performance.now() > deadline) return alone(record(check, facts.revision, { status: 'skip', message: 'not run: the run deadline passed' }, 0));
    if (silence && !isFinal(check)) return alone(record(check, facts.revision, { status: 'skip', message: silence }, 0));
    const started = performance.now();
    const opener = async (o: { clientCapabilities?: Record<string, unknown>; forRun?: boolean; startOrder?: StartOrder }) => {
      const s = await newSession({ ...sessionOptions, revision: facts.revision, clientCapabilities: o.clientCapabilities ?? {} }, o.startOrder);
      if (o.forRun) {
        runScoped.push(s);
        mains.push(s);
      }
      return s;
    };
    let session: Session;
    let ownSession = false;
    const abort = new AbortController();
    try {
      if (check.connection === 'shared') {
        await ensureMain();
        session = main;
      } else if (lane) {
        session = await lane.acquire();
      } else {
        session = await opener({ clientCapabilities: check.clientCapabilities });
        ownSession = true;
        if ((check.connection === 'fresh' || check.connection === 'disposable') && !stateless) {
          const h = await initialize(session, { protocolVersion: facts.revision, capabilities: check.clientCapabilities ?? {}, tag: HANDSHAKE_TAG });
          if (h.outcome.kind !== 'result') {
            await session.close().catch(() => undefined);
            return alone(record(check, facts.revision, { status: 'fail', message: `initialize on a fresh connection failed: ${h.outcome.kind}` }, performance.now() - started));
          }
        }
      }
    } catch (err) {
      return alone(record(check, facts.revision, { status: 'fail', message: `could not open a connection: ${(err as Error).message}` }, performance.now() - started));
    }
    const findingsFrom = session.findings.length;
    const ctx = new CheckContext(check, session, facts, opts, opts.target, opener, abort.signal, (s) => offerLane(s));
    const limit = opts.checkTimeoutMs ?? Math.max(10_000, opts.requestTimeoutMs * 4);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Verdict>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        // Graded as a violation of the check's own rule (a derived one never fails), never below warn.
        const status = gradeViolation(check) === 'fail' ? 'fail' : 'warn';
        resolve({ status, message: `the check did not finish within ${limit} ms: the server stopped answering`, evidence: ctx.evidence });
      }, limit);
    });
    let verdict: Verdict;
    const occupant = lane?.enter();
    try {
      verdict = await Promise.race([check.run(ctx), timeout]);
    } catch (err) {
      verdict = { status: 'fail', message: `mcp-conform error in this check: ${(err as Error).message}`, evidence: ctx.evidence };
    } finally {
      clearTimeout(timer);
      if (lane && occupant) lane.leave(occupant);
    }
    // Findings caused by this check's own requests are its failures; the rest of what its own
    // sessions saw (framing, handshakes, unsolicited messages) goes to the whole-run checks.
    const own = [...(ownSession ? [session] : []), ...ctx.openedSessions];
    const findings = session.findingsSince(findingsFrom, check.id);
    for (const s of own) {
      for (const f of s.findings) {
        if (f.tag === check.id) {
          if (s !== session) findings.push(f);
        } else facts.unclaimed.push(f);
      }
    }
    // Sessions kept for the run: only what this check's requests caused (the rest is read at the end).
    for (const s of runScoped) if (s !== session) findings.push(...s.findings.filter((f) => f.tag === check.id));
    verdict = mergeFindings(verdict, findings);
    const result = record(check, facts.revision, verdict, performance.now() - started);
    traceCheck(check, facts.revision, started - t0, performance.now() - t0);
    // Processes wind down while other checks run; the run waits for all of them at the end.
    own.forEach(windDown);
    if (lane) await lane.release(session);
    return { result, overlapped: occupant?.overlapped ?? false };
  };
  const runOne = async (check: Check): Promise<void> => finish((await execute(check)).result);

  const takesTurns = (c: Check) => c.connection === 'disposable' && reuseDisposable && !c.clientCapabilities;
  const longFirst = (a: Check, b: Check) => Number(b.long ?? false) - Number(a.long ?? false);
  const shared = runnable.filter((c) => c.connection === 'shared' && !isFinal(c)).sort(longFirst);
  const turns = runnable.filter((c) => takesTurns(c) && !isFinal(c));
  // Long checks first: started last, they would set the run's wall time alone.
  const separate = runnable.filter((c) => c.connection !== 'shared' && !takesTurns(c) && !isFinal(c)).sort(longFirst);
  const finals = runnable.filter((c) => isFinal(c));
  await Promise.all([
    // Each lane is closed as soon as it finds nothing left to run (runOnLanes), so its process
    // winds down while the other checks finish.
    runOnLanes(turns, lanes, execute, finish, lateLane),
    pool(separate, opts.freshConcurrency ?? 2, runOne),
    pool(shared, opts.concurrency ?? DEFAULT_CONCURRENCY[opts.target.transport], runOne),
  ]);
  // Not needed after all (no disposable check could run): closed with the others.
  if (!laneProcessTaken) await takeLaneProcess().then((s) => s && mains.push(s));
  for (const s of mains) facts.unclaimed.push(...s.findings.filter((f) => f.tag === undefined || f.tag === HANDSHAKE_TAG));
  await pool(finals, 1, runOne);

  const stderrTail = main.transport.stderrTail();
  // Every check is done, so no exit is judged any more: what is still winding down gets the same short grace.
  await Promise.all([...closing, ...mains].map((s) => s.close({ graceMs: END_OF_RUN_GRACE_MS }).catch(() => undefined)));
  // Ended by the close at the latest (its requests end with the session): a short run does not wait on it.
  await watchingSilence;

  const checks = attributeCauses(selected.map((c) => results.get(c.id)!).filter(Boolean));
  return {
    target: targetOf(opts.target),
    protocolVersion: facts.revision,
    seed: opts.seed,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    summary: { ...summarize(checks), causes: distinctCauses(checks) },
    checks,
    stderrTail,
    era: first.era,
    ...(first.stateless !== undefined ? { eras: { stateless: first.stateless, ...(first.stateless ? {} : { stateful: mainReady }) } } : {}),
    ...withAuth(opts.target.transport === 'stdio' ? undefined : authSummary(refused, opts.auth, facts.authRequired)),
  };
}

function withAuth(auth: RunResult['auth']): Pick<RunResult, 'auth'> {
  return auth ? { auth } : {};
}

/** Checks that read what the whole run saw (e.g. every server message valid) run after the others. */
function isFinal(check: Check): boolean {
  return check.id === 'messages/all-server-messages' || check.id.endsWith('-whole-run');
}

/** The check's own findings raise its verdict: failing ones to fail; warnings (problems our own input caused) to warn, when nothing fails. */
function mergeFindings(verdict: Verdict, findings: Finding[]): Verdict {
  const failing = findings.filter((f) => f.severity === 'fail');
  const shown = failing.length ? failing : findings;
  if (shown.length === 0) return verdict;
  const status: Status = failing.length ? 'fail' : 'warn';
  const evidence: Evidence[] = [...(verdict.evidence ?? [])];
  for (const f of shown.slice(0, 5)) evidence.push({ type: 'note', text: `${f.requirement ? `[${f.requirement}] ` : ''}${f.message}` }, ...f.evidence);
  const rank: Record<Status, number> = { fail: 4, warn: 3, info: 2, pass: 1, skip: 0 };
  const first = shown[0];
  const message = `${first.requirement ? `${first.requirement}: ` : ''}${first.message}${shown.length > 1 ? ` (+${shown.length - 1} more)` : ''}`;
  // Failing findings have no cause we can name, so the verdict's causes no longer explain it all.
  const { causes: _partial, ...rest } = verdict;
  const kept = failing.length ? rest : verdict;
  if (rank[verdict.status] >= rank[status]) return { ...kept, evidence, message: verdict.message ? `${verdict.message}; ${message}` : message };
  return { status, message: verdict.status === 'pass' || !verdict.message ? message : `${verdict.message}; ${message}`, evidence };
}

function record(check: Check, revision: Revision, verdict: Verdict, ms: number): CheckResult {
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    status: verdict.status,
    requirements: [...check.requirements],
    spec: specUrl(check, revision),
    // A pass may carry a note worth reading (e.g. which tools were not called, and why).
    ...(verdict.message !== undefined ? { message: verdict.message } : {}),
    evidence: verdict.status === 'pass' ? [] : (verdict.evidence ?? []).slice(0, 200),
    durationMs: Math.round(ms),
    // Only a failure's causes: they say which failures are one finding (attributeCauses).
    ...(verdict.status === 'fail' && verdict.causes?.length ? { causes: [...verdict.causes] } : {}),
  };
}

function targetOf(t: TargetSpec): RunResult['target'] {
  return t.transport === 'stdio' ? { transport: 'stdio', command: t.command } : { transport: 'http', url: t.url };
}

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}
