// The shape of a run: which checks run on which connections, in what order, gated by what.
//
//   main session   ─ `shared` checks: the long ones (they mostly wait) all at once, beside the
//                    others `width` at a time
//   lanes (stdio)  ─ disruptive checks on one reused server process: those that may share it side
//                    by side, then the runsAlone ones in turn (disposable-lanes.ts)
//   own connection ─ `separate` checks (fresh, raw, and disposable ones where no lane is reused:
//                    over HTTP a session is just a request), `width` at a time; over HTTP the
//                    long ones all at once beside them, on stdio long ones first (each is a process)
//   then           ─ `finals`, one at a time: the whole-run checks read what every other saw
//
// The three groups run side by side; new server processes (stdio) start two at a time (start-gate.ts).
import { mapLimited, type Check, type CheckResult } from '../checks/index.js';
import type { TargetSpec } from '../session/index.js';
import { runOnLanes, type DisposableLane, type LaneRun } from './disposable-lanes.js';
import { isFinal } from './execute-check.js';

/**
 * Checks in flight on the main session. On stdio they mostly wait (for answers, quiet periods,
 * the processes of probes), so many can wait at once. Over HTTP each holds a request open: a few
 * at a time keep a cancellation from being overtaken by load on the server (cancellation/in-flight).
 */
const SHARED_WIDTH = { stdio: 32, http: 4, sse: 4 } as const;
/**
 * Checks on connections of their own at once. On stdio each is a server process on two cores;
 * over HTTP a session is a request, and most of these checks listen out a quiet period, so many
 * can listen at once.
 */
const SEPARATE_WIDTH = { stdio: 2, http: 8, sse: 4 } as const;

export interface Schedule {
  /** On the main session: the long checks all at once, the others `width` at a time. */
  shared: { long: Check[]; checks: Check[]; width: number };
  /** Disruptive checks that take turns on the lanes' sessions (stdio only). */
  lanes: { checks: Check[] };
  /** On connections of their own: `long` all at once (over HTTP), the others `width` at a time. */
  separate: { long: Check[]; checks: Check[]; width: number };
  finals: Check[];
}

export interface ScheduleOptions {
  /** Overrides of the widths (RunOptions.concurrency, freshConcurrency). */
  sharedWidth?: number;
  separateWidth?: number;
}

export function planSchedule(runnable: readonly Check[], target: TargetSpec, o: ScheduleOptions = {}): Schedule {
  const onLanes = (c: Check) => runsOnLane(c, target);
  const during = runnable.filter((c) => !isFinal(c));
  const onMain = during.filter((c) => c.connection === 'shared');
  // An explicit width holds for long checks too (`mcp-conform fuzz` runs its campaigns one at a time).
  // Over HTTP a quiet-period check on a connection of its own is a session listening, costing
  // nothing meanwhile: queued behind the width, the long ones held every slot for a second while
  // cheap checks (one request each) waited. On stdio each is a server process on two cores.
  const own = during.filter((c) => c.connection !== 'shared' && !onLanes(c));
  return {
    shared: byLength(onMain, o.sharedWidth ?? SHARED_WIDTH[target.transport], o.sharedWidth === undefined),
    lanes: { checks: during.filter(onLanes) },
    separate: byLength(own, o.separateWidth ?? SEPARATE_WIDTH[target.transport], o.separateWidth === undefined && target.transport !== 'stdio'),
    finals: runnable.filter(isFinal),
  };
}

/**
 * `longAtOnce`: the long checks all start at once, beside the others `width` at a time (they
 * mostly wait, and would hold the slots). Otherwise every check is within the width, the long
 * ones first: started last, they would set the run's wall time alone.
 */
function byLength(checks: Check[], width: number, longAtOnce: boolean): { long: Check[]; checks: Check[]; width: number } {
  if (!longAtOnce) return { long: [], checks: [...checks].sort(longFirst), width };
  return { long: checks.filter((c) => c.long), checks: checks.filter((c) => !c.long), width };
}

const longFirst = (a: Check, b: Check) => Number(b.long ?? false) - Number(a.long ?? false);

/** Do disruptive checks share a few reused sessions (stdio processes) rather than each a fresh one? */
export function reusesLanes(target: TargetSpec): boolean {
  return target.transport === 'stdio';
}

/** stdio: a disruptive check shares a lane's reused process (unless it declares client capabilities of its own); over HTTP each gets a fresh session. */
export function runsOnLane(check: Check, target: TargetSpec): boolean {
  return check.connection === 'disposable' && reusesLanes(target) && !check.clientCapabilities;
}

export interface ScheduleRun {
  execute: (check: Check, lane?: DisposableLane) => Promise<LaneRun>;
  finish: (result: CheckResult) => void;
  lanes: readonly DisposableLane[];
  /** A lane that may join later (a session a check handed over). */
  lateLane?: Promise<DisposableLane | undefined>;
  /** Between the checks and the finals (e.g. gathering what every session saw). */
  beforeFinals: () => Promise<void>;
}

export async function runSchedule(s: Schedule, r: ScheduleRun): Promise<void> {
  const runOne = async (check: Check) => r.finish((await r.execute(check)).result);
  await Promise.all([
    // Each lane is closed as soon as it finds nothing left to run, so its process winds down meanwhile.
    runOnLanes(s.lanes.checks, r.lanes, r.execute, r.finish, r.lateLane),
    mapLimited(s.separate.long, s.separate.long.length, runOne),
    mapLimited(s.separate.checks, s.separate.width, runOne),
    // Long checks mostly wait: all start at once, beside the `width` others, instead of holding its slots.
    mapLimited(s.shared.long, s.shared.long.length, runOne),
    mapLimited(s.shared.checks, s.shared.width, runOne),
  ]);
  await r.beforeFinals();
  await mapLimited(s.finals, 1, runOne);
}
