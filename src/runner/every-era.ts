// With no revision asked for, a run tests every era the server serves, at the newest revision of
// each. Detection (main-session.ts) picks 2026-07-28 when server/discover answers; such a server
// may also serve initialize (dual-era, S26-37, whose test is both suites against one server), and
// clients that speak 2025-11-25 meet that side.
// So after a run detected as stateless, one initialize on a fresh connection asks whether the
// stateful era is served; if it is, that era gets a run of its own. A server detected as stateful
// costs nothing more.
import type { RunResult } from '../checks/types.js';
import { isRevision, isStateless, LATEST_STATEFUL, REVISIONS, type Revision } from '../schema/index.js';
import { CLIENT_INFO, openSession, type Outcome, type Session } from '../session/index.js';
import type { RunOptions } from './run.js';
import { selectChecks } from './select.js';

/** What the initialize probe found: the stateful revision the server agreed to, or why it serves none. */
export type StatefulProbe = { served: true; revision: Revision } | { served: false; why: string };

type ProbeOptions = Pick<RunOptions, 'target' | 'requestTimeoutMs' | 'startTimeoutMs'>;

/**
 * Is the stateful era worth asking about: detection found 2026-07-28 (server/discover answered)
 * in a run that was not stopped, and the selection (--only, --skip) has checks for a stateful revision?
 */
export function mayServeMore(run: RunResult, selection: Pick<RunOptions, 'checks' | 'only' | 'skip'>): boolean {
  if (run.era !== 'stateless' || run.eras?.stateless !== true || run.stopped) return false;
  return REVISIONS.some((revision) => !isStateless(revision) && selectChecks(selection.checks, { only: selection.only, skip: selection.skip, revision }).length > 0);
}

/**
 * initialize at the newest stateful revision on a fresh connection. Its silence is an answer
 * (a 2026-07-28-only server should refuse it, S26-36, but may say nothing), waited for its
 * timeout plus twice the slowest start the detected run saw, not the whole start bound: the
 * report says why an era went untested, and the probe fails no check.
 */
export async function probeStateful(opts: ProbeOptions, detected: RunResult): Promise<StatefulProbe> {
  let session: Session;
  try {
    session = await openSession(opts.target, {
      revision: LATEST_STATEFUL,
      requestTimeoutMs: opts.requestTimeoutMs,
      startTimeoutMs: opts.startTimeoutMs,
      expectedStartMs: 2 * slowestStart(detected),
    });
  } catch (err) {
    // The server just served a whole run: a connection that fails now costs the era, not the report.
    return { served: false, why: `no connection for initialize: ${truncate(String((err as Error)?.message ?? err), 120)}` };
  }
  try {
    const outcome = await session.request('initialize', { protocolVersion: LATEST_STATEFUL, capabilities: {}, clientInfo: CLIENT_INFO }, { silenceIsAnswer: true });
    return statefulProbeOf(outcome);
  } finally {
    await session.close().catch(() => undefined);
  }
}

/** Served: an initialize result agreeing to a stateful revision we speak (naming another one is the server's way of saying no). */
export function statefulProbeOf(outcome: Outcome): StatefulProbe {
  switch (outcome.kind) {
    case 'result': {
      const agreed = outcome.result.protocolVersion;
      if (isRevision(agreed) && !isStateless(agreed)) return { served: true, revision: agreed };
      return { served: false, why: `initialize answered with protocolVersion ${truncate(JSON.stringify(agreed) ?? 'missing', 60)}` };
    }
    case 'error':
      return { served: false, why: `initialize refused with error ${outcome.error.code}` };
    case 'timeout':
      return { served: false, why: `initialize unanswered after ${(outcome.ms / 1000).toFixed(1)} s` };
    case 'http-error':
      return { served: false, why: `initialize refused with HTTP ${outcome.status}` };
    case 'closed':
      return { served: false, why: `the connection closed before initialize was answered (${truncate(outcome.reason, 80)})` };
  }
}

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The slowest first answer of the run's connections (ms), 0 when none was timed. */
function slowestStart(run: RunResult): number {
  return Math.max(0, ...(run.startup?.connections ?? []).map((c) => c.ms ?? 0));
}
