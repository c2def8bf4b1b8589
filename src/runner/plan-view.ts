// A plan (plan.ts) as plain data for people and scripts: `mcp-conform list --plan` prints it as
// text or JSON. Check ids, not records; what each check needs and which shared work it waits on.
import type { Check, SharedScenario } from '../checks/index.js';
import { isStateless, LATEST, LATEST_STATEFUL, REVISIONS, type Revision } from '../schema/index.js';
import { admittedOnly, type Plan, type PlanGroup, type Transport } from './plan.js';

export interface PlannedCheck {
  id: string;
  /** How the check talks to the server (its record's `connection`). */
  connection: NonNullable<Check['connection']>;
  /** Started at once beside the group's width (a long check that mostly waits). */
  atOnce?: true;
  /** Long: started first within the width. */
  long?: true;
  /** On a lane: no other check runs beside it. */
  alone?: true;
  /** Server capabilities it needs: without them it is skipped once the run knows what the server declares. */
  needs?: string[];
  /** Shared scenarios it waits on. */
  shares?: string[];
}

export interface PlannedGroup {
  group: 'main' | 'lanes' | 'own';
  /** Checks in flight at once (lanes: their side-by-side checks are not bounded, the `alone` ones take turns). */
  width: number;
  /** lanes: how many reused sessions. */
  lanes?: number;
  checks: PlannedCheck[];
}

export interface PlannedPhase {
  phase: 'during' | 'final';
  groups: PlannedGroup[];
}

export interface PlanView {
  revision: Revision;
  era: 'stateful' | 'stateless';
  /** When this revision's run happens (the era detected, each revision the server accepts). */
  when: string;
  transport: Transport;
  checks: number;
  /** Selected, but for other transports: skipped with that reason. */
  notForTransport: string[];
  phases: PlannedPhase[];
  /** Each runs once per run (per variant), started by the first check that asks. */
  scenarios: Array<{ name: string; keepsState?: true; uses?: string[]; usedBy: string[] }>;
}

export function viewPlan(whole: Plan, when: string): PlanView {
  const applies = (c: Check) => !c.transports || c.transports.includes(whole.transport);
  const plan = admittedOnly(whole, whole.selected.filter(applies));
  const { main, lanes, own } = plan.during;
  const laneGroup: PlannedGroup = {
    group: 'lanes',
    width: lanes.checks.filter((c) => !c.runsAlone).length,
    lanes: lanes.count,
    checks: lanes.checks.map((c) => planned(c, c.runsAlone ? { alone: true } : {})),
  };
  const during = [viewGroup('main', main), ...(lanes.checks.length ? [laneGroup] : []), viewGroup('own', own)].filter((g) => g.checks.length > 0);
  return {
    revision: plan.revision,
    era: isStateless(plan.revision) ? 'stateless' : 'stateful',
    when,
    transport: plan.transport,
    checks: plan.selected.filter(applies).length,
    notForTransport: plan.selected.filter((c) => !applies(c)).map((c) => c.id),
    phases: [
      { phase: 'during', groups: during },
      { phase: 'final', groups: plan.final.length ? [{ group: 'main', width: 1, checks: plan.final.map((c) => planned(c)) }] : [] },
    ],
    scenarios: scenarioUsers(plan.selected.filter(applies)),
  };
}

function viewGroup(group: 'main' | 'own', g: PlanGroup): PlannedGroup {
  return { group, width: g.width, checks: [...g.long.map((c) => planned(c, { atOnce: true })), ...g.checks.map((c) => planned(c, c.long ? { long: true } : {}))] };
}

function planned(c: Check, extra: Partial<PlannedCheck> = {}): PlannedCheck {
  return {
    id: c.id,
    connection: c.connection ?? 'shared',
    ...extra,
    ...(c.needs?.length ? { needs: [...c.needs] } : {}),
    ...(c.shares?.length ? { shares: c.shares.map((s) => s.name) } : {}),
  };
}

function scenarioUsers(checks: readonly Check[]): PlanView['scenarios'] {
  const users = new Map<SharedScenario, string[]>();
  for (const c of checks) for (const s of c.shares ?? []) users.set(s, [...(users.get(s) ?? []), c.id]);
  return [...users].map(([s, usedBy]) => ({ name: s.name, ...(s.keepsState ? { keepsState: true as const } : {}), ...(s.uses?.length ? { uses: s.uses.map((u) => u.name) } : {}), usedBy }));
}

/** The revisions a run plans for, before it connects, and when each happens. */
export function plannedRevisions(asked: Revision | 'all' | undefined): Array<{ revision: Revision; when: string }> {
  if (asked === 'all') return REVISIONS.map((revision) => ({ revision, when: 'if the server accepts it (every revision is probed first)' }));
  if (asked) return [{ revision: asked, when: 'asked for' }];
  return [
    { revision: LATEST, when: 'if the server answers server/discover (era detection)' },
    { revision: LATEST_STATEFUL, when: 'if the server serves initialize (detected, or asked on a new connection after a 2026-07-28 run)' },
  ];
}
