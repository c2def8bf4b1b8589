// One cause, one finding: failures whose causes (src/checks/causes.ts) were all shown by
// earlier failures say so (sameCauseAs), and the summary counts distinct causes. Verdicts are
// never changed: only the explanation of why they failed.
import type { CheckResult } from '../checks/types.js';

/**
 * Sets `sameCauseAs` on each failure whose every cause an earlier failure (in report order)
 * already showed: the ids of those earlier failures with a cause in common. A failure of no
 * known cause is never explained by another, nor explains one.
 */
export function attributeCauses(checks: readonly CheckResult[]): CheckResult[] {
  const earlier: CheckResult[] = [];
  return checks.map((check) => {
    const { sameCauseAs: _stale, ...plain } = check;
    if (check.status !== 'fail' || !check.causes?.length) return plain;
    const causes = check.causes;
    const sharing = earlier.filter((e) => e.causes!.some((c) => causes.includes(c)));
    const covered = causes.every((c) => sharing.some((e) => e.causes!.includes(c)));
    earlier.push(check);
    return covered ? { ...plain, sameCauseAs: sharing.map((e) => e.id) } : plain;
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
