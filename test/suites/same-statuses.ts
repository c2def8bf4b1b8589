// Two runs of the suite that should agree check by check: a server with one quirk that must not
// change any verdict (a slow start, a server that cannot run twice) against the conformant one.
import type { Report } from '../../src/checks/types.js';

/** Checks whose status differs between two runs, each with both runs' messages. */
export function differences(base: Report, other: Report): string[] {
  const before = new Map(base.checks.map((c) => [c.id, c]));
  return other.checks
    .filter((c) => before.get(c.id)?.status !== c.status)
    .map((c) => `${c.id}: ${before.get(c.id)?.status} → ${c.status}: ${c.message ?? ''} (was: ${before.get(c.id)?.message ?? ''})`);
}

/**
 * The differences that stay when the checks that differed are run again on both servers: a few
 * checks time what they wait for, and on a machine busy with other test files a run of either
 * server can miss by a little. What the quirk changes, it changes every time.
 */
export async function lastingDifferences(base: Report, other: Report, rerun: (only: string[]) => Promise<readonly [Report, Report]>): Promise<string[]> {
  const first = differences(base, other);
  if (first.length === 0) return [];
  const ids = first.map((d) => d.slice(0, d.indexOf(':')));
  const [base2, other2] = await rerun(ids);
  return differences(base2, other2);
}
