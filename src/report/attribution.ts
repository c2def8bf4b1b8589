// The words every renderer uses for a failure that comes from the server's framework
// (src/attribution): what the framework does, whether a newer version fixes it, what to do.
import type { CheckResult, RunResult } from '../checks/types.js';

/** "From your framework, @modelcontextprotocol/sdk 1.x …: it does X. Fixed: … Meanwhile: …" */
export function attributionText(check: Pick<CheckResult, 'attribution'>): string | undefined {
  const a = check.attribution;
  if (!a) return undefined;
  return `From your framework, ${a.framework}: ${a.does}. Fixed? ${a.fixed}. Meanwhile: ${a.meanwhile}.`;
}

/** "3 of 4 failures come from @modelcontextprotocol/sdk 1.x …: a, b, c", when any does. */
export function attributionSummary(run: Pick<RunResult, 'checks' | 'framework'>): string | undefined {
  const failures = run.checks.filter((c) => c.status === 'fail');
  const from = failures.filter((c) => c.attribution);
  if (!run.framework || from.length === 0) return undefined;
  const of = `${from.length} of ${failures.length} ${failures.length === 1 ? 'failure comes' : 'failures come'}`;
  return `${of} from ${run.framework.name}, ${run.framework.versions} (recognised by ${run.framework.recognisedBy}): ${from.map((c) => c.id).join(', ')}`;
}
