// Runs one check: on the connection its record asks for (the main session, a lane's session, or
// one of its own, initialized where the era has one), under the check's own ceiling and until the
// run stops (its deadline, SIGINT/SIGTERM: stop.ts), then turns what it returned and the findings
// its requests caused into its result. A check the stop cuts short is skipped, not judged.
import { CheckContext, gradeViolation, HANDSHAKE_TAG, type Check, type CheckOptions, type CheckResult, type ServerFacts, type StartOrder } from '../checks/index.js';
import type { Verdict } from '../checks/types.js';
import { describeTooSlow, initialize, ServerClosedConnection, type Session, type TargetSpec } from '../session/index.js';
import type { DisposableLane, LaneRun } from './disposable-lanes.js';
import type { RunSessions } from './run-sessions.js';
import { mergeFindings, record } from './check-record.js';
import { traceCheck } from './trace.js';
import { STOPPED, stopReason, unlessStopped } from './stop.js';
import type { RunStarts } from './run-starts.js';

export interface ExecutorDeps {
  sessions: RunSessions;
  facts: ServerFacts;
  options: CheckOptions;
  target: TargetSpec;
  stateless: boolean;
  /** performance.now() of the run's start. */
  t0: number;
  /** Aborted when the run stops: checks not started are not run, those running are cut short. */
  stop: AbortSignal;
  /** Why checks starting now are not run (the server went silent after the handshake), if it did. */
  silence: () => string | undefined;
  /** A check hands over a session it is done with (it may become a lane). */
  offerSession: (s: Session) => void;
  /** How long the run's servers spent starting (a check's ceiling does not count it). */
  starts: RunStarts;
  /** Once a server that cannot run two copies at once runs one at a time, checks take turns. */
  turn?: (check: Check) => Promise<() => void>;
}

/** Checks that read what the whole run saw (e.g. every server message valid) run after the others. */
export function isFinal(check: Check): boolean {
  return check.phase === 'final';
}

export function checkExecutor(d: ExecutorDeps): (check: Check, lane?: DisposableLane) => Promise<LaneRun> {
  const revision = () => d.facts.revision;
  const alone = (result: CheckResult): LaneRun => ({ result, overlapped: false });

  /** The check's session: the main one, its lane's, or its own (initialized for fresh and disposable checks). */
  const sessionFor = async (check: Check, lane: DisposableLane | undefined, started: number): Promise<{ session: Session; own: boolean } | CheckResult> => {
    try {
      if (check.connection === 'shared') return { session: await d.sessions.ensureMain(), own: false };
      if (lane) return { session: await lane.acquire(), own: false };
      const session = await d.sessions.open({ clientCapabilities: check.clientCapabilities ?? {} }, undefined, check.id);
      if ((check.connection === 'fresh' || check.connection === 'disposable') && !d.stateless) {
        const h = await initialize(session, { protocolVersion: revision(), capabilities: check.clientCapabilities ?? {}, tag: HANDSHAKE_TAG });
        if (h.outcome.kind !== 'result') {
          await session.close().catch(() => undefined);
          return record(check, revision(), { status: 'fail', message: `initialize on a fresh connection failed: ${h.outcome.kind}` }, performance.now() - started);
        }
      }
      return { session, own: true };
    } catch (err) {
      return record(check, revision(), { status: 'fail', message: `could not open a connection: ${(err as Error).message}` }, performance.now() - started);
    }
  };

  /** Connections a check opens itself (ctx.connect); kept for the run when it asks (forRun). */
  const opener = async (o: { clientCapabilities?: Record<string, unknown>; forRun?: boolean; startOrder?: StartOrder }, openedFor: string) => {
    const s = await d.sessions.open({ clientCapabilities: o.clientCapabilities ?? {} }, o.startOrder, openedFor);
    if (o.forRun) {
      d.sessions.runScoped.push(s);
      d.sessions.mains.push(s);
    }
    return s;
  };

  const runOnce: RunOnce = async (check, lane) => {
    const endTurn = (await d.turn?.(check)) ?? (() => undefined);
    try {
      return await runInTurn(check, lane);
    } finally {
      endTurn();
    }
  };

  async function runInTurn(check: Check, lane: DisposableLane | undefined): Promise<LaneRun & { mainEnded?: string }> {
    if (d.stop.aborted) return alone(record(check, revision(), { status: 'skip', message: `not run: ${stopReason(d.stop)}` }, 0));
    const silence = d.silence();
    if (silence && !isFinal(check)) return alone(record(check, revision(), { status: 'skip', message: silence }, 0));
    const started = performance.now();
    const opening = sessionFor(check, lane, started);
    const got = await unlessStopped(opening, d.stop);
    if (got === STOPPED) {
      // Opened all the same: nothing will run on it.
      void opening.then((g) => 'session' in g && g.own && d.sessions.windDown(g.session));
      return alone(record(check, revision(), cutShort(d.stop), performance.now() - started));
    }
    if (!('session' in got)) return alone(got);
    const { session, own } = got;
    const findingsFrom = session.findings.length;
    const abort = new AbortController();
    const ctx = new CheckContext(check, session, d.facts, d.options, d.target, (o) => opener(o, check.id), abort.signal, d.offerSession);
    const occupant = lane?.enter();
    let verdict: Verdict;
    try {
      verdict = await withinCeiling(check, ctx, abort, d, d.sessions.runScoped);
    } finally {
      if (lane && occupant) lane.leave(occupant);
    }
    const ownSessions = [...(own ? [session] : []), ...ctx.openedSessions];
    verdict = tooSlowToJudge(verdict, check, session, ownSessions);
    verdict = mergeFindings(verdict, ownFindings(check, session, findingsFrom, ownSessions, d));
    const result = record(check, revision(), verdict, performance.now() - started, ctx.toolSample);
    traceCheck(check, revision(), started - d.t0, performance.now() - d.t0);
    // Processes wind down while other checks run; the run waits for all of them at the end.
    ownSessions.forEach((s) => d.sessions.windDown(s));
    // Once the run stops, a lane's session is not probed for health: it is closed with the others.
    if (lane && !d.stop.aborted) await lane.release(session);
    // The main session was open when the check began (ensureMain): ended meanwhile, by the server.
    const mainEnded = check.connection === 'shared' ? session.endedByServer : undefined;
    return { result, overlapped: occupant?.overlapped ?? false, ...(mainEnded ? { mainEnded } : {}) };
  }

  return rerunWhenMainEnded(runOnce);
}

type RunOnce = (check: Check, lane: DisposableLane | undefined) => Promise<LaneRun & { mainEnded?: string }>;

/**
 * A check on the main session that the server ended during it (maybe for a neighbour's request)
 * gets the verdict it gets on a new main session; one that ends it again keeps its failure.
 * Re-runs take turns, so one that ends the main session again cannot end another's.
 */
function rerunWhenMainEnded(runOnce: RunOnce): (check: Check, lane?: DisposableLane) => Promise<LaneRun> {
  let reruns: Promise<unknown> = Promise.resolve();
  return async (check, lane) => {
    const first = await runOnce(check, lane);
    if (!first.mainEnded || first.result.status === 'pass') return first;
    const again = reruns.then(() => runOnce(check, lane));
    reruns = again.catch(() => undefined);
    const { result, overlapped } = await again;
    const note = { type: 'note' as const, text: `run again on a new connection: the server ended the shared one during its first run (${first.mainEnded})` };
    return { result: result.status === 'pass' ? result : { ...result, evidence: [note, ...result.evidence] }, overlapped };
  };
}

/** The verdict of a check the run's stop cut short: not judged. */
function cutShort(stop: AbortSignal, evidence?: Verdict['evidence']): Verdict {
  return { status: 'skip', message: `not finished: ${stopReason(stop)}`, evidence };
}

/**
 * A failure or warning the check concluded while one of its waits reached the ceiling with the
 * server still busy (session latency.ts) is no verdict: the server was too slow to judge. It is a
 * skip with the figures (counted apart in summary.tooSlow), failing nothing; the findings its
 * answers caused still raise it (mergeFindings), so a violation seen meanwhile still fails.
 */
function tooSlowToJudge(verdict: Verdict, check: Check, session: Session, own: readonly Session[]): Verdict {
  if (verdict.status !== 'fail' && verdict.status !== 'warn') return verdict;
  if (verdict.tooSlow) return { ...verdict, status: 'skip' };
  const sessions = new Set([session, ...own]);
  for (const s of sessions) {
    const wait = s.tooSlowWaits.find((w) => w.tag === check.id || (w.tag === undefined && own.includes(s)));
    if (!wait) continue;
    const note = { type: 'note' as const, text: `the verdict it would have given: ${verdict.status}: ${verdict.message ?? ''}` };
    return { status: 'skip', message: `too slow to judge: ${wait.method}: ${describeTooSlow(wait.tooSlow)}`, evidence: [note, ...(verdict.evidence ?? [])], tooSlow: { method: wait.method, ...wait.tooSlow } };
  }
  return verdict;
}

/**
 * A check that reached its ceiling: a timeout verdict graded as a violation of its own rule (never
 * below warn); or, when its waits went on up to now because the server was busy, or the server was
 * still answering the check's requests within the last request timeout (a long check, a fuzz
 * campaign on a loaded machine), too slow to judge: "stopped answering" needs a server that stopped.
 */
function ceilingVerdict(check: Check, ctx: CheckContext, runScoped: readonly Session[], t: { limit: number; startingMs: number; busyMs: number; waitedMs: number }): Verdict {
  const moved = [t.startingMs > 0 ? `${t.startingMs} ms while servers were starting` : '', t.busyMs > 0 ? `${Math.round(t.busyMs)} ms while the server was busy with earlier requests` : ''].filter(Boolean).join(', ');
  const plus = moved ? ` (plus ${moved})` : '';
  // The last request timeout, or the last quarter of the check's time when that is shorter.
  const window = Math.min(ctx.options.requestTimeoutMs, t.limit / 4);
  const busy = t.busyMs > 0 && ctx.session.busyWithin(window);
  // On its own connections any answer counts; on shared ones (the main session, the run's), answers to its own requests.
  const answering = ctx.openedSessions.some((s) => s.answeredWithin(window)) || [ctx.session, ...runScoped].some((s) => s.answeredWithin(window, check.id));
  if (busy || answering) {
    const tooSlow = { method: 'check', waitedMs: t.waitedMs, timeoutMs: t.limit, latencyMs: ctx.session.latencyMs, answeredMeanwhile: 0 };
    const why = busy ? `the server still busy with earlier requests (its answers take ${tooSlow.latencyMs} ms)` : `the server still answering its requests in the last ${Math.round(window)} ms`;
    const message = `too slow to judge: the check did not finish within ${t.limit} ms${plus}, ${why}; a longer --timeout lets it be judged`;
    return { status: 'skip', message, evidence: ctx.evidence, tooSlow };
  }
  const status = gradeViolation(check) === 'fail' ? 'fail' : 'warn';
  return { status, message: `the check did not finish within ${t.limit} ms${plus}: the server stopped answering`, evidence: ctx.evidence };
}

/** How far waits the server kept busy may move a check's ceiling on, in multiples of the ceiling. */
const BUSY_CEILING_FACTOR = 2;

/** Time (ms) the waits on the check's connections went on because the server was busy (session latency.ts). */
function busyMs(ctx: CheckContext): number {
  const sessions = new Set([ctx.session, ...ctx.openedSessions]);
  let ms = 0;
  for (const s of sessions) ms += s.extendedMs;
  return ms;
}

/**
 * The check's verdict, or a timeout verdict at its ceiling (graded as a violation of its own
 * rule, never below warn), or, when the run stops first, a skip (its body is aborted). Time the
 * run's servers spent starting meanwhile moves the ceiling on, and so does time its waits went on
 * because the server was busy with earlier requests (up to BUSY_CEILING_FACTOR times the ceiling).
 */
async function withinCeiling(check: Check, ctx: CheckContext, abort: AbortController, { options: o, stop, starts }: Pick<ExecutorDeps, 'options' | 'stop' | 'starts'>, runScoped: readonly Session[]): Promise<Verdict> {
  const limit = o.checkTimeoutMs ?? Math.max(10_000, o.requestTimeoutMs * 4);
  const begun = performance.now();
  const startingBefore = starts.elapsed();
  const busyBefore = busyMs(ctx);
  // A body that throws at once is an error like one that rejects (caught below).
  const body = new Promise<Verdict>((resolve) => resolve(check.run(ctx)));
  const run = unlessStopped(body, stop).then((v) => {
    if (v !== STOPPED) return v;
    abort.abort();
    return cutShort(stop, ctx.evidence);
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Verdict>((resolve) => {
    const expire = () => {
      const startingMs = Math.round(starts.elapsed() - startingBefore);
      const busy = Math.min(BUSY_CEILING_FACTOR * limit, busyMs(ctx) - busyBefore);
      const left = begun + limit + startingMs + busy - performance.now();
      if (left > 0) {
        timer = setTimeout(expire, left);
        return;
      }
      abort.abort();
      resolve(ceilingVerdict(check, ctx, runScoped, { limit, startingMs, busyMs: busy, waitedMs: Math.round(performance.now() - begun) }));
    };
    timer = setTimeout(expire, limit);
  });
  try {
    return await Promise.race([run, timeout]);
  } catch (err) {
    // A write on a connection the server ended is no error of ours, and no verdict: the exchange
    // that ended it (this check's or an earlier one's on a shared connection) is judged where it was sent.
    if (err instanceof ServerClosedConnection) return { status: 'skip', message: `not judged: the server closed the connection this check was using (${err.message}) before the check could finish`, evidence: ctx.evidence };
    return { status: 'fail', message: `mcp-conform error in this check: ${(err as Error).message}`, evidence: ctx.evidence };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Findings caused by this check's own requests are its failures; the rest of what its own
 * sessions saw (framing, handshakes, unsolicited messages) goes to the whole-run checks.
 */
function ownFindings(check: Check, session: Session, findingsFrom: number, ownSessions: Session[], d: ExecutorDeps) {
  const findings = session.findingsSince(findingsFrom, check.id);
  for (const s of ownSessions) {
    for (const f of s.findings) {
      if (f.tag === check.id) {
        if (s !== session) findings.push(f);
      } else d.facts.unclaimed.push(f);
    }
  }
  // Sessions kept for the run: only what this check's requests caused (the rest is read at the end).
  for (const s of d.sessions.runScoped) if (s !== session) findings.push(...s.findings.filter((f) => f.tag === check.id));
  return findings;
}
