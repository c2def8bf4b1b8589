import type { CheckResult, Summary } from './types.js';

/** Counts by status; `tooSlow`: the skips the server was too slow to judge, counted apart (they are also skips). */
export function summarize(checks: readonly Pick<CheckResult, 'status' | 'tooSlow'>[]): Summary {
  const s: Summary = { total: checks.length, pass: 0, fail: 0, warn: 0, skip: 0, info: 0, tooSlow: 0 };
  for (const c of checks) {
    s[c.status]++;
    if (c.tooSlow) s.tooSlow!++;
  }
  return s;
}
