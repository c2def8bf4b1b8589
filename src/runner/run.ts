// Runs checks against one target at one revision: opens the main session in the era the server
// speaks (main-session.ts), plans the run at the revision it negotiated (plan.ts: phases, groups,
// widths), decides which checks can run (admission.ts), and executes the plan (schedule.ts), each
// check under its ceiling (execute-check.ts), until the run stops: its deadline, or its caller's
// signal (SIGINT/SIGTERM in the CLI), ends every phase (stop.ts).
import { areaOf, HANDSHAKE_TAG, type Check, type CheckOptions, type CheckResult, type RunResult, type ServerFacts } from '../checks/index.js';
import { isStateless, LATEST_STATEFUL, type Revision } from '../schema/index.js';
import { CLIENT_INFO, DEFAULT_START_TIMEOUT_MS, openSession, type Session, type SessionOptions, type TargetSpec } from '../session/index.js';
import { within } from '../transport/index.js';
import { openMainSession, type MainSession } from './main-session.js';
import { confirmStarted } from './start-failure.js';
import { RunStarts } from './run-starts.js';
import { OneCopyAtATime } from './one-copy.js';
import { warmValidation } from './warm-validation.js';
import { probeAfterHandshake, type AfterHandshake } from './liveness.js';
import { selectChecks } from './select.js';
import { summarize } from '../checks/summary.js';
import { attributeCauses, distinctCauses } from './causes.js';
import { attributeFramework } from '../attribution/index.js';
import { authSummary } from './auth-gate.js';
import { admit } from './admission.js';
import { checkExecutor } from './execute-check.js';
import { DEFAULT_CLIENT_CAPABILITIES, END_OF_RUN_GRACE_MS, RunSessions } from './run-sessions.js';
import { executePlan } from './schedule.js';
import { admittedOnly, planRevision, reusesLanes, type PlanOptions } from './plan.js';
import { record, targetOf } from './check-record.js';
import type { DisposableLane } from './disposable-lanes.js';
import { runStop, STOPPED, stopReason, unlessStopped } from './stop.js';

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
  /** Most checks on connections of their own (server processes on stdio) at once. */
  ownConcurrency?: number;
  /** Ceiling for one check (ms). */
  checkTimeoutMs?: number;
  /** Ceiling for the whole run (ms): checks still running then are cut short, those not started are not run (both skipped). */
  deadlineMs?: number;
  /** Stops the run as the deadline does (the CLI's SIGINT/SIGTERM); its reason is the report's `stopped`. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, id: string) => void;
}

/** The main session could not be opened or initialized. */
export class HandshakeFailed extends Error {}

/** Longest the checks wait for the run's liveness request to be decided (see livenessDecided). */
const LIVENESS_WAIT_MS = 2000;
const DEFAULT_DEADLINE_MS = 120_000;
/**
 * Once the run has stopped, how long closing may take: servers get their stdin closed and
 * SIGTERM, and whatever still runs after this is the CLI's exit hook's to kill (SIGKILL).
 */
const STOPPED_CLOSE_MS = 500;

export async function runRevision(opts: RunOptions): Promise<RunResult> {
  const stop = runStop(opts.deadlineMs ?? DEFAULT_DEADLINE_MS, opts.signal);
  try {
    return await runUntilStopped(opts, stop.signal);
  } finally {
    stop.dispose();
  }
}

async function runUntilStopped(opts: RunOptions, stop: AbortSignal): Promise<RunResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const requested = opts.protocolVersion;
  const starts = new RunStarts();
  // stdio: a server that turns out unable to run two copies at once is then run one copy at a time.
  const oneCopy = opts.target.transport === 'stdio' ? new OneCopyAtATime((wait) => starts.span(wait)) : undefined;
  const sessionOptions = { revision: requested ?? LATEST_STATEFUL, requestTimeoutMs: opts.requestTimeoutMs, startTimeoutMs: opts.startTimeoutMs, clientCapabilities: DEFAULT_CLIENT_CAPABILITIES, clientInfo: CLIENT_INFO, lease: oneCopy };
  const opened = stop.aborted ? undefined : await openUnlessStopped(opts, sessionOptions, stop);
  if (!opened) return unstarted(opts, startedAt, t0, stop);
  const { first, laneProcess } = opened;
  const stateless = first.era === 'stateless';
  const facts: ServerFacts = {
    revision: first.revision,
    requestedRevision: requested ?? first.revision,
    initializeResult: first.handshake.kind === 'result' ? first.handshake.result : {},
    handshake: first.handshake,
    capabilities: first.capabilities,
    unclaimed: [],
  };
  const sessions = new RunSessions({ target: opts.target, sessionOptions, facts, stateless, processStarts: opts.processStarts, requestTimeoutMs: opts.requestTimeoutMs, starts }, first.session, laneProcess);

  const plan = planRevision({ ...planOptionsOf(opts), revision: facts.revision });
  const selected = plan.selected;
  const results = new Map<string, CheckResult>();
  let done = 0;
  let reported = false;
  const finish = (r: CheckResult) => {
    if (reported) return; // a stopped run's report is out: checks still winding down change nothing
    results.set(r.id, r);
    opts.onProgress?.(++done, selected.length, r.id);
  };
  const admission = admit({ selected, facts, handshake: first.handshake, stateless, target: opts.target, auth: opts.auth, handshakeWaitMs: Math.max(opts.requestTimeoutMs, opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) });
  if (admission.refused && !opts.auth?.token) facts.authRequired = true;
  admission.skipped.forEach(finish);

  // stdio: a session a check hands over (ctx.offerSession) becomes one more lane, once, for the
  // runsAlone checks still queued: their turns are the run's longest chain, and it costs no process.
  let offerLane: (s: Session) => void = () => undefined;
  const lateLane = new Promise<DisposableLane | undefined>((resolve) => {
    offerLane = (s) => {
      if (!reusesLanes(opts.target.transport)) return;
      offerLane = () => undefined;
      resolve(sessions.lane(undefined, s));
    };
  });
  // Checks that start once the server has shown it answers nothing after the handshake are not run.
  let silence: string | undefined;
  const mainReady = first.handshake.kind === 'result';
  const afterHandshake = mainReady ? probeAfterHandshake(first.session, first.capabilities, opts.requestTimeoutMs) : undefined;
  const watchingSilence = afterHandshake?.silence.then((why) => void (silence = why));
  await livenessDecided(afterHandshake, sessions, opts.requestTimeoutMs);

  const execute = checkExecutor({
    sessions,
    facts,
    options: opts,
    target: opts.target,
    stateless,
    t0,
    stop,
    silence: () => silence,
    offerSession: (s) => offerLane(s),
    starts,
    turn: oneCopy && ((check) => oneCopy.turn(areaOf(check.id), selected.indexOf(check))),
  });
  const lanes = Array.from({ length: plan.during.lanes.count }, (_, i) => sessions.lane(i === 0 ? () => sessions.takeLaneProcess() : undefined));
  const scheduled = executePlan(admittedOnly(plan, admission.runnable), {
    execute,
    finish,
    lanes,
    lateLane,
    beforeFinals: async () => {
      // Not needed after all (no disposable check could run): closed with the others.
      await sessions.adoptUnusedLaneProcess();
      for (const s of sessions.mains) facts.unclaimed.push(...s.findings.filter((f) => f.tag === undefined || f.tag === HANDSHAKE_TAG));
    },
  });
  // The checks running when the run stops are cut short at once (execute-check.ts), the rest
  // are not started; their results land within this turn of the event loop.
  if ((await unlessStopped(scheduled, stop)) === STOPPED) await new Promise((resolve) => setImmediate(resolve));
  reported = true;

  const stderrTail = sessions.main.transport.stderrTail();
  await closeRun(sessions, stop, watchingSilence);

  const notRun = (c: Check) => record(c, facts.revision, { status: 'skip', message: `not run: ${stopReason(stop)}` }, 0);
  const explains = new Map(selected.map((c) => [c.id, c.explains]));
  // Failures known to come from the server's framework say so; no verdict changes.
  const attributed = attributeFramework({ initializeResult: facts.initializeResult, checks: attributeCauses(selected.map((c) => results.get(c.id) ?? notRun(c)), (id) => explains.get(id)), stderrTail }, opts.target.transport === 'stdio' ? 'stdio' : 'http');
  const checks = attributed.checks;
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
    startup: { connections: [...starts.connections], ...(oneCopy?.reason ? { oneAtATime: oneCopy.reason } : {}) },
    ...(first.stateless !== undefined ? { eras: { stateless: first.stateless, ...(first.stateless ? {} : { stateful: mainReady }), ...(first.discoverVersions ? { discoverVersions: first.discoverVersions } : {}) } } : {}),
    ...withAuth(opts.target.transport === 'stdio' ? undefined : authSummary(admission.refused, opts.auth, facts.authRequired)),
    ...(stop.aborted ? { stopped: stopReason(stop) } : {}),
    ...(attributed.framework ? { framework: attributed.framework } : {}),
  };
}

/** The first sessions (openFirstSessions), or undefined when the run stops first: they are closed once ready. */
async function openUnlessStopped(opts: RunOptions, sessionOptions: SessionOptions, stop: AbortSignal): Promise<{ first: MainSession; laneProcess?: Promise<Session> } | undefined> {
  const opening = openFirstSessions(opts, sessionOptions);
  const opened = await unlessStopped(opening, stop);
  if (opened !== STOPPED) return opened;
  const quiet = () => undefined;
  void opening.then(({ first, laneProcess }) => {
    first.session.close().catch(quiet);
    laneProcess?.then((s) => s.close()).catch(quiet);
  }, quiet);
  return undefined;
}

/** Closes the run's sessions; once the run has stopped, waits STOPPED_CLOSE_MS at most, and not for the silence watch. */
async function closeRun(sessions: RunSessions, stop: AbortSignal, watchingSilence: Promise<void> | undefined): Promise<void> {
  const closing = sessions.closeAll();
  if ((await unlessStopped(closing, stop)) === STOPPED) await within(closing, STOPPED_CLOSE_MS);
  // Ended by the close at the latest (its requests end with the session): a short run does not wait on it.
  await unlessStopped(watchingSilence ?? Promise.resolve(), stop);
}

/** A run stopped before its server was ready: the checks it would have run (at the revision asked for), none of them run. */
function unstarted(opts: RunOptions, startedAt: Date, t0: number, stop: AbortSignal): RunResult {
  const revision = opts.protocolVersion ?? LATEST_STATEFUL;
  const reason = `not run: ${stopReason(stop)} (before the server was ready)`;
  const checks = selectChecks(opts.checks, { only: opts.only, skip: opts.skip, revision }).map((c) => record(c, revision, { status: 'skip', message: reason }, 0));
  return {
    target: targetOf(opts.target),
    protocolVersion: revision,
    seed: opts.seed,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    summary: { ...summarize(checks), causes: distinctCauses(checks) },
    checks,
    stopped: stopReason(stop),
  };
}

/**
 * The main session, opened in the era the server speaks; on stdio, the first disposable lane's
 * process starts beside it, on the core that is otherwise idle while the main server starts (the
 * lane's chain of checks is one of the run's longest).
 */
async function openFirstSessions(opts: RunOptions, sessionOptions: SessionOptions): Promise<{ first: MainSession; laneProcess?: Promise<Session> }> {
  const requested = opts.protocolVersion;
  // Once the main session's process is spawned (below), and while it starts.
  const warm = setTimeout(() => warmValidation(requested && !isStateless(requested) ? requested : LATEST_STATEFUL), 0);
  const wantsLane = planRevision({ ...planOptionsOf(opts), revision: requested ?? LATEST_STATEFUL }).during.lanes.checks.length > 0;
  const laneProcess = wantsLane ? openSession(opts.target, sessionOptions) : undefined;
  laneProcess?.catch(() => undefined); // a target that cannot start fails the main session just the same
  try {
    const first = await openMainSession(opts.target, sessionOptions, requested);
    await confirmStarted(first.session, opts.target, opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
    return { first, laneProcess };
  } catch (err) {
    void laneProcess?.then((s) => s.close({ graceMs: END_OF_RUN_GRACE_MS }), () => undefined);
    throw err;
  } finally {
    clearTimeout(warm);
  }
}

/**
 * Checks start once the run's liveness request is decided (one round trip when ping is
 * answered), but wait no longer than half the timeout: a server that leaves ping unanswered has
 * it decided later, for the checks that start then, and a silent one is still found silent by
 * the checks already running (lifecycle/ping among them).
 */
async function livenessDecided(after: AfterHandshake | undefined, sessions: RunSessions, requestTimeoutMs: number): Promise<void> {
  if (!after) return;
  const decided = after.liveness.then((request) => sessions.useLiveness(request));
  let timer: NodeJS.Timeout | undefined;
  const enough = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(LIVENESS_WAIT_MS, requestTimeoutMs / 2))));
  await Promise.race([decided, enough]).finally(() => clearTimeout(timer));
}

/** What the plan takes from the run's options (the revision is the run's to decide). */
export function planOptionsOf(opts: RunOptions): Omit<PlanOptions, 'revision'> {
  return { target: opts.target, checks: opts.checks, only: opts.only, skip: opts.skip, concurrency: opts.concurrency, ownConcurrency: opts.ownConcurrency, disposableLanes: opts.disposableLanes };
}

function withAuth(auth: RunResult['auth']): Pick<RunResult, 'auth'> {
  return auth ? { auth } : {};
}
