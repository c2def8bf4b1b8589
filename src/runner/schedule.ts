// Executes a revision's plan (plan.ts): phase 1's three groups side by side — the main session,
// the lanes (stdio), connections of their own — then, once all are done, phase 2's finals one at
// a time. New server processes (stdio) start two at a time meanwhile (start-gate.ts).
import { mapLimited, type Check, type CheckResult } from '../checks/index.js';
import { runOnLanes, type DisposableLane, type LaneRun } from './disposable-lanes.js';
import type { Plan, PlanGroup } from './plan.js';

export interface PlanRun {
  execute: (check: Check, lane?: DisposableLane) => Promise<LaneRun>;
  finish: (result: CheckResult) => void;
  lanes: readonly DisposableLane[];
  /** A lane that may join later (a session a check handed over). */
  lateLane?: Promise<DisposableLane | undefined>;
  /** Between the phases (e.g. gathering what every session saw). */
  beforeFinals: () => Promise<void>;
}

export async function executePlan(plan: Plan, r: PlanRun): Promise<void> {
  const runOne = async (check: Check) => r.finish((await r.execute(check)).result);
  // Long checks mostly wait: all start at once, beside the `width` others, instead of holding its slots.
  const group = (g: PlanGroup) => [mapLimited(g.long, g.long.length, runOne), mapLimited(g.checks, g.width, runOne)];
  await Promise.all([
    // Each lane is closed as soon as it finds nothing left to run, so its process winds down meanwhile.
    runOnLanes(plan.during.lanes.checks, r.lanes, r.execute, r.finish, r.lateLane),
    ...group(plan.during.own),
    ...group(plan.during.main),
  ]);
  await r.beforeFinals();
  await mapLimited(plan.final, 1, runOne);
}
