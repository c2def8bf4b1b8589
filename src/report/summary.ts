import type { CheckResult, Summary } from '../checks/types.js';

/** Counts checks by status. */
export function summarize(checks: CheckResult[]): Summary {
  const summary: Summary = { total: checks.length, pass: 0, fail: 0, warn: 0, skip: 0, info: 0 };
  for (const check of checks) summary[check.status]++;
  return summary;
}
