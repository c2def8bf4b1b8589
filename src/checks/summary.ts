import type { CheckResult, Summary } from './types.js';

export function summarize(checks: readonly Pick<CheckResult, 'status'>[]): Summary {
  const s: Summary = { total: checks.length, pass: 0, fail: 0, warn: 0, skip: 0, info: 0 };
  for (const c of checks) s[c.status]++;
  return s;
}
