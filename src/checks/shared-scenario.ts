// Work several checks of one run share (one scenario observed by several checks, a survey of the
// tools): a named object rather than a string key, so the run's plan can list it and "find
// references" shows which checks wait on it. The work runs once per run (and per variant, e.g.
// per list method), started by the first check that asks; the others await the same promise.

export interface SharedScenario<T = unknown> {
  /** Readable and unique among scenarios: the plan prints it. */
  readonly name: string;
  /**
   * The checks go on with requests on the connections it opened for the run, relying on what the
   * server keeps for them (tasks it created): when such a connection has had its process stopped
   * since (a server that cannot run two copies at once), the work is done again.
   */
  readonly keepsState?: boolean;
  /** Other scenarios its work waits on (their work is shared too). */
  readonly uses?: readonly SharedScenario[];
  /** Only carries the type of the work's value; never set. */
  readonly valueType?: T;
}

export function defineSharedScenario<T>(scenario: Omit<SharedScenario<T>, 'valueType'>): SharedScenario<T> {
  return Object.freeze({ ...scenario });
}

/** The scenario and every scenario its work waits on, each once, the scenario first. */
export function withUses(scenarios: readonly SharedScenario[]): SharedScenario[] {
  const out: SharedScenario[] = [];
  const visit = (s: SharedScenario) => {
    if (out.includes(s)) return;
    out.push(s);
    s.uses?.forEach(visit);
  };
  scenarios.forEach(visit);
  return out;
}
