// Grading by the catalog's Kind column: MUST/MUST NOT of kind N, S or J fail; SHOULD warns;
// MAY is information; derived rules (D) never fail. A verdict graded otherwise than its
// keyword alone would grade it says why (`gradedBecause`), so "MUST" under Warnings explains itself.
import type { Check } from './define.js';
import type { CheckResult, Level, Status, Verdict } from './types.js';

export function gradeViolation(check: Pick<Check, 'level' | 'kind'>): Status {
  if (check.level === 'MAY') return 'info';
  if (check.level === 'SHOULD') return 'warn';
  return check.kind === 'D' ? 'warn' : 'fail';
}

/** What a violation of the keyword alone gets: MUST fails, SHOULD warns, MAY informs. */
export function keywordGrade(level: Level): Status {
  return level === 'MUST' ? 'fail' : level === 'SHOULD' ? 'warn' : 'info';
}

/** Why a verdict is graded otherwise than its keyword: the words every report shows. */
export const GRADED_BECAUSE = {
  derived: 'derived — the spec implies it, or its keyword binds the client (catalog Kind D), so it never fails',
  tolerated: 'a lesser deviation than breaking the rule itself (e.g. an error, with another code than the rule names), which the check tolerates; its message says which',
  ownInput: 'the schema problem was caused by a value we sent, so it cannot fail the server',
  lostResponse: 'a response lost for good breaks RPC-25 (every request gets exactly one response, MUST), whatever the rule\'s level',
  schemaFinding: 'a message the server sent breaks the schema of the negotiated revision (MUST)',
  brokenRun: 'the check could not run as the server should have let it (a failed handshake or connection)',
} as const;

/**
 * `gradedAs`/`gradedBecause` for a graded verdict (fail or warn) that differs from what its
 * keyword alone gives; undefined when it does not differ (or for pass, skip, info).
 */
export function gradingOf(check: Pick<Check, 'level' | 'kind'>, verdict: Pick<Verdict, 'status' | 'gradedBecause'>): Pick<CheckResult, 'gradedAs' | 'gradedBecause'> | undefined {
  const { status } = verdict;
  if ((status !== 'fail' && status !== 'warn') || status === keywordGrade(check.level)) return undefined;
  return { gradedAs: status, gradedBecause: verdict.gradedBecause ?? fallbackReason(check, status) };
}

function fallbackReason(check: Pick<Check, 'kind'>, status: 'fail' | 'warn'): string {
  if (status === 'fail') return GRADED_BECAUSE.brokenRun;
  return check.kind === 'D' ? GRADED_BECAUSE.derived : GRADED_BECAUSE.tolerated;
}

/** "MUST" as the level reads beside a verdict graded otherwise: "MUST, graded as a warning: derived — …". */
export function levelText(check: Pick<CheckResult, 'level' | 'gradedAs' | 'gradedBecause'>): string {
  if (!check.gradedAs) return check.level;
  const as = check.gradedAs === 'fail' ? 'a failure' : check.gradedAs === 'warn' ? 'a warning' : check.gradedAs;
  return `${check.level}, graded as ${as}${check.gradedBecause ? `: ${check.gradedBecause}` : ''}`;
}
