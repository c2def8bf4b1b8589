// The plan of one revision's run, as a plain value built before it runs: which checks run in
// which phase, on which connections, how many at once. run.ts builds it and hands it to the
// executor (schedule.ts); `mcp-conform list --plan` prints it (plan-view.ts).
//
//   phase 1, during ─ three groups side by side:
//     main session    `shared` checks on the run's initialized session: the long ones (they
//                     mostly wait) all at once, beside the others `width` at a time
//     lanes (stdio)   `disposable` checks on one reused server process: those that may share it
//                     side by side, then the runsAlone ones in turn (disposable-lanes.ts)
//     own connection  a connection of the check's own each (`fresh`, `raw`, and `disposable`
//                     where no lane is reused: over HTTP a session is just a request), `width` at
//                     a time; over HTTP the long ones all at once beside them, on stdio long ones first
//   phase 2, final ─ the checks with `phase: 'final'`, one at a time on the main session: they
//                    judge what every other check's traffic showed
//
// What is known only after connecting is not decided here: the era detected (the run plans at
// the revision the main session negotiated) and the capabilities the server declares (the plan
// names what each check needs; admission.ts skips those that do not apply).
import type { Check } from '../checks/index.js';
import type { Revision } from '../schema/index.js';
import type { TargetSpec } from '../session/index.js';
import { selectChecks } from './select.js';

export type Transport = TargetSpec['transport'];

/**
 * Checks in flight on the main session. On stdio they mostly wait (for answers, quiet periods,
 * the processes of probes), so many can wait at once. Over HTTP each holds a request open: a few
 * at a time keep a cancellation from being overtaken by load on the server (cancellation/in-flight).
 */
const MAIN_WIDTH = { stdio: 32, http: 4, sse: 4 } as const;
/**
 * Checks on connections of their own at once. On stdio each is a server process on two cores;
 * over HTTP a session is a request, and most of these checks listen out a quiet period, so many
 * can listen at once.
 */
const OWN_WIDTH = { stdio: 2, http: 8, sse: 4 } as const;
/**
 * Sessions the disruptive checks share. One: the side-by-side batch plus the runsAlone turns take
 * about as long as the other chains of a run, and a second lane's process cost more (measured
 * against server-everything on two cores: 3.8 s with one lane, 4.1 s with two).
 */
export const DEFAULT_DISPOSABLE_LANES = 1;

/** Checks run in `width` slots; with `longAtOnce`, the `long` ones start at once beside them. */
export interface PlanGroup {
  width: number;
  longAtOnce: boolean;
  /** Started all at once (empty unless longAtOnce). */
  long: Check[];
  /** `width` at a time, in this order (without longAtOnce the long ones come first). */
  checks: Check[];
}

export interface Plan {
  revision: Revision;
  transport: Transport;
  /** Every check selected at this revision (--only, --skip), in report order. */
  selected: Check[];
  /** Phase 1: the three groups run side by side. */
  during: {
    main: PlanGroup;
    /** stdio: `count` reused sessions that the disruptive checks take turns on. */
    lanes: { count: number; checks: Check[] };
    own: PlanGroup;
  };
  /** Phase 2: once every other check is done, one at a time, on the main session. */
  final: Check[];
}

export interface PlanOptions {
  target: Pick<TargetSpec, 'transport'>;
  checks: readonly Check[];
  revision: Revision;
  only?: readonly string[];
  skip?: readonly string[];
  /** Overrides: checks at once on the main session (RunOptions.concurrency), on connections of their own (ownConcurrency). */
  concurrency?: number;
  ownConcurrency?: number;
  /** Reused sessions for disruptive checks (stdio). */
  disposableLanes?: number;
}

export function planRevision(o: PlanOptions): Plan {
  const transport = o.target.transport;
  const selected = selectChecks(o.checks, { only: o.only, skip: o.skip, revision: o.revision });
  const laneCount = o.disposableLanes ?? DEFAULT_DISPOSABLE_LANES;
  const onLanes = (c: Check) => laneCount > 0 && runsOnLane(c, transport);
  const during = selected.filter((c) => c.phase !== 'final');
  const own = during.filter((c) => c.connection !== 'shared' && !onLanes(c));
  return {
    revision: o.revision,
    transport,
    selected,
    during: {
      // An explicit width holds for long checks too (`mcp-conform fuzz` runs its campaigns one at a time).
      main: byLength(
        during.filter((c) => c.connection === 'shared'),
        o.concurrency ?? MAIN_WIDTH[transport],
        o.concurrency === undefined,
      ),
      lanes: { count: laneCount, checks: during.filter(onLanes) },
      // Over HTTP a quiet-period check on a connection of its own is a session listening, costing
      // nothing meanwhile: queued behind the width, the long ones held every slot for a second while
      // cheap checks (one request each) waited. On stdio each is a server process on two cores.
      own: byLength(own, o.ownConcurrency ?? OWN_WIDTH[transport], o.ownConcurrency === undefined && transport !== 'stdio'),
    },
    final: selected.filter((c) => c.phase === 'final'),
  };
}

/** The plan with only the checks admission let run (the others were skipped with their reason). */
export function admittedOnly(plan: Plan, runnable: readonly Check[]): Plan {
  const admitted = new Set(runnable);
  const keep = (checks: Check[]) => checks.filter((c) => admitted.has(c));
  const group = (g: PlanGroup): PlanGroup => ({ ...g, long: keep(g.long), checks: keep(g.checks) });
  const { main, lanes, own } = plan.during;
  return { ...plan, during: { main: group(main), lanes: { ...lanes, checks: keep(lanes.checks) }, own: group(own) }, final: keep(plan.final) };
}

/**
 * `longAtOnce`: the long checks all start at once, beside the others `width` at a time (they
 * mostly wait, and would hold the slots). Otherwise every check is within the width, the long
 * ones first: started last, they would set the run's wall time alone.
 */
function byLength(checks: Check[], width: number, longAtOnce: boolean): PlanGroup {
  if (!longAtOnce) return { width, longAtOnce, long: [], checks: [...checks].sort(longFirst) };
  return { width, longAtOnce, long: checks.filter((c) => c.long), checks: checks.filter((c) => !c.long) };
}

const longFirst = (a: Check, b: Check) => Number(b.long ?? false) - Number(a.long ?? false);

/** Do disruptive checks share a few reused sessions (stdio processes) rather than each a new one? */
export function reusesLanes(transport: Transport): boolean {
  return transport === 'stdio';
}

/** stdio: a disruptive check shares a lane's reused process (unless it declares client capabilities of its own); over HTTP each gets a connection of its own. */
export function runsOnLane(check: Check, transport: Transport): boolean {
  return check.connection === 'disposable' && reusesLanes(transport) && !check.clientCapabilities;
}
