// Runs one check: on the connection its record asks for (the main session, a lane's session, or
// one of its own, initialized where the era has one), under the run's deadline and the check's
// own ceiling, then turns what it returned and the findings its requests caused into its result.
import { CheckContext, gradeViolation, HANDSHAKE_TAG, type Check, type CheckOptions, type CheckResult, type ServerFacts, type StartOrder } from '../checks/index.js';
import type { Verdict } from '../checks/types.js';
import { initialize, type Session, type TargetSpec } from '../session/index.js';
import type { DisposableLane, LaneRun } from './disposable-lanes.js';
import type { RunSessions } from './run-sessions.js';
import { mergeFindings, record } from './check-record.js';
import { traceCheck } from './trace.js';
import type { RunStarts } from './run-starts.js';

export interface ExecutorDeps {
  sessions: RunSessions;
  facts: ServerFacts;
  options: CheckOptions;
  target: TargetSpec;
  stateless: boolean;
  /** performance.now() of the run's start, and of its deadline. */
  t0: number;
  deadline: number;
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
  return check.id === 'messages/all-server-messages' || check.id.endsWith('-whole-run');
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

  return async (check, lane) => {
    const endTurn = (await d.turn?.(check)) ?? (() => undefined);
    try {
      return await run(check, lane);
    } finally {
      endTurn();
    }
  };

  async function run(check: Check, lane: DisposableLane | undefined): Promise<LaneRun> {
    if (performance.now() > d.deadline) return alone(record(check, revision(), { status: 'skip', message: 'not run: the run deadline passed' }, 0));
    const silence = d.silence();
    if (silence && !isFinal(check)) return alone(record(check, revision(), { status: 'skip', message: silence }, 0));
    const started = performance.now();
    const got = await sessionFor(check, lane, started);
    if (!('session' in got)) return alone(got);
    const { session, own } = got;
    const findingsFrom = session.findings.length;
    const abort = new AbortController();
    const ctx = new CheckContext(check, session, d.facts, d.options, d.target, (o) => opener(o, check.id), abort.signal, d.offerSession);
    const occupant = lane?.enter();
    let verdict: Verdict;
    try {
      verdict = await withinCeiling(check, ctx, abort, d.options, d.starts);
    } finally {
      if (lane && occupant) lane.leave(occupant);
    }
    const ownSessions = [...(own ? [session] : []), ...ctx.openedSessions];
    verdict = mergeFindings(verdict, ownFindings(check, session, findingsFrom, ownSessions, d));
    const result = record(check, revision(), verdict, performance.now() - started);
    traceCheck(check, revision(), started - d.t0, performance.now() - d.t0);
    // Processes wind down while other checks run; the run waits for all of them at the end.
    ownSessions.forEach((s) => d.sessions.windDown(s));
    if (lane) await lane.release(session);
    return { result, overlapped: occupant?.overlapped ?? false };
  }
}

/**
 * The check's verdict, or a timeout verdict at its ceiling (graded as a violation of its own rule,
 * never below warn). Time the run's servers spent starting meanwhile moves the ceiling on.
 */
async function withinCeiling(check: Check, ctx: CheckContext, abort: AbortController, o: CheckOptions, starts: RunStarts): Promise<Verdict> {
  const limit = o.checkTimeoutMs ?? Math.max(10_000, o.requestTimeoutMs * 4);
  const begun = performance.now();
  const startingBefore = starts.elapsed();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Verdict>((resolve) => {
    const expire = () => {
      const startingMs = Math.round(starts.elapsed() - startingBefore);
      const left = begun + limit + startingMs - performance.now();
      if (left > 0) {
        timer = setTimeout(expire, left);
        return;
      }
      abort.abort();
      const status = gradeViolation(check) === 'fail' ? 'fail' : 'warn';
      const starting = startingMs > 0 ? ` (plus ${startingMs} ms while servers were starting)` : '';
      resolve({ status, message: `the check did not finish within ${limit} ms${starting}: the server stopped answering`, evidence: ctx.evidence });
    };
    timer = setTimeout(expire, limit);
  });
  try {
    return await Promise.race([check.run(ctx), timeout]);
  } catch (err) {
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
