// Schema findings the session raised about answers to untagged, shared requests (a list walk,
// the tool survey, the resource reads), reported by the check that judges those answers.
import type { CheckContext, Verdict } from '../../src/checks/index.js';
import type { Finding } from '../../src/session/index.js';

/** The findings (at least one) as this check's violation, the first five as evidence. */
export function findingsVerdict(ctx: CheckContext, findings: Finding[], what: string): Verdict {
  for (const f of findings.slice(0, 5)) ctx.evidence.push({ type: 'note', text: `${f.requirement ? `[${f.requirement}] ` : ''}${f.message}` }, ...f.evidence);
  const first = findings[0];
  return ctx.violation(`${findings.length} schema problem(s) in ${what}; first: ${first.requirement ? `${first.requirement}: ` : ''}${first.message}`);
}
