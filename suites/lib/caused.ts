// A check's violation with the wire behaviour behind it (src/checks/causes.ts), for the checks
// that return one violation rather than gathering Problems.
import type { CauseKey, Verdict } from '../../src/checks/index.js';

/** The verdict, explained by `cause` when it failed and the cause is known. */
export function caused(verdict: Verdict, cause: CauseKey | undefined): Verdict {
  return cause && verdict.status === 'fail' ? { ...verdict, causes: [cause] } : verdict;
}
