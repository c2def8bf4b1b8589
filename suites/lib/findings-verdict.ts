// Schema findings the session raised about answers to untagged, shared requests (a list walk,
// the tool survey, the resource reads), reported by the check that judges those answers.
import { GRADED_BECAUSE, type CheckContext, type Verdict } from '../../src/checks/index.js';
import type { Finding } from '../../src/session/index.js';

/**
 * The findings (at least one) as this check's violation, the first five as evidence. Warnings
 * (problems caused by a value we sent) only warn, and only when nothing else is wrong.
 */
export function findingsVerdict(ctx: CheckContext, findings: Finding[], what: string): Verdict {
  const failing = findings.filter((f) => f.severity === 'fail');
  const shown = failing.length ? failing : findings;
  for (const f of shown.slice(0, 5)) ctx.evidence.push({ type: 'note', text: `${f.requirement ? `[${f.requirement}] ` : ''}${f.message}` }, ...f.evidence);
  const first = shown[0];
  const message = `${shown.length} schema problem(s) in ${what}; first: ${first.requirement ? `${first.requirement}: ` : ''}${first.message}`;
  return failing.length ? ctx.violation(message) : ctx.warn(message, undefined, undefined, GRADED_BECAUSE.ownInput);
}
