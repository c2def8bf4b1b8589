// The words every renderer uses for failures of one cause (sameCauseAs, src/runner/causes.ts).
import { describeCause } from '../checks/causes.js';
import type { CheckResult, Summary } from '../checks/types.js';

/** "same cause as errors/parse-error: no answer, …" for a failure another explains; else undefined. */
export function sameCauseText(check: Pick<CheckResult, 'sameCauseAs' | 'causes'>): string | undefined {
  if (!check.sameCauseAs?.length) return undefined;
  const why = (check.causes ?? []).map(describeCause).join('; ');
  return `same cause as ${check.sameCauseAs.join(', ')}${why ? `: ${why}` : ''}`;
}

/** "3 failures, 2 distinct causes", when the runner counted causes and there are failures. */
export function causesCountText(summary: Summary): string | undefined {
  if (summary.causes === undefined || summary.fail === 0) return undefined;
  const failures = `${summary.fail} ${summary.fail === 1 ? 'failure' : 'failures'}`;
  return `${failures}, ${summary.causes} distinct ${summary.causes === 1 ? 'cause' : 'causes'}`;
}
