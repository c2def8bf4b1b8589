// Schema findings the session raised about answers to untagged, shared requests (a list walk,
// the tool survey, the resource reads), reported by the check that judges those answers.
import { causesIfAllKnown, GRADED_BECAUSE, type CauseKey, type CheckContext, type Verdict } from '../../src/checks/index.js';
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
  return failing.length ? withFindingCauses(ctx.violation(message), failing) : ctx.warn(message, undefined, undefined, GRADED_BECAUSE.ownInput);
}

/** The causes the session named for failing findings (finding-cause.ts), when every one has one. */
export function findingCauses(findings: readonly Finding[]): CauseKey[] | undefined {
  return causesIfAllKnown(findings.filter((f) => f.severity === 'fail').map((f) => f.cause));
}

/** A failure made of findings, with their causes when all are known. */
export function withFindingCauses(verdict: Verdict, findings: readonly Finding[]): Verdict {
  const causes = verdict.status === 'fail' ? findingCauses(findings) : undefined;
  return causes?.length ? { ...verdict, causes } : verdict;
}
