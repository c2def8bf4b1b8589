// One cause, one finding: failures whose causes (src/checks/causes.ts) another failure shows
// say so (sameCauseAs), and the summary counts distinct causes. Verdicts are never changed:
// only the explanation of why they failed.
import type { CheckResult } from '../checks/types.js';

/** The causes each check exists to judge (Check.explains), by check id. */
export type Explainers = (checkId: string) => readonly string[] | undefined;

/**
 * Sets `sameCauseAs` on each failure whose every cause another failure shows: for each cause,
 * the failure of the check that exists to judge it (`explains`), else the first failure of that
 * cause in report order. A failure of no known cause is never explained by another, nor explains one.
 */
export function attributeCauses(checks: readonly CheckResult[], explains: Explainers = () => undefined): CheckResult[] {
  const failures = checks.filter((c) => c.status === 'fail' && c.causes?.length);
  const shownBy = new Map<string, CheckResult>();
  // The checks whose job a cause is take it first, then the rest in report order.
  for (const home of [true, false]) {
    for (const f of failures) {
      for (const cause of f.causes!) {
        if (!shownBy.has(cause) && (!home || explains(f.id)?.includes(cause))) shownBy.set(cause, f);
      }
    }
  }
  return checks.map((check) => {
    const { sameCauseAs: _stale, ...plain } = check;
    if (check.status !== 'fail' || !check.causes?.length) return plain;
    const by = check.causes.map((c) => shownBy.get(c)!);
    if (by.includes(check)) return plain;
    return { ...plain, sameCauseAs: failures.filter((f) => by.includes(f)).map((f) => f.id) };
  });
}

/** Distinct causes among the failures: each cause key once, and each failure of no known cause as one of its own. */
export function distinctCauses(checks: readonly CheckResult[]): number {
  const keys = new Set<string>();
  let unknown = 0;
  for (const check of checks) {
    if (check.status !== 'fail') continue;
    if (check.causes?.length) check.causes.forEach((c) => keys.add(c));
    else unknown++;
  }
  return keys.size + unknown;
}
