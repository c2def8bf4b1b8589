// A check's result as the report shows it: its verdict, raised by the findings its own requests
// caused, with the catalog record's fields.
import { causesIfAllKnown, GRADED_BECAUSE, gradingOf, specUrl, type CauseKey, type Check, type CheckResult, type RunResult } from '../checks/index.js';
import type { Status, ToolSampleRecord, Verdict } from '../checks/types.js';
import type { Revision } from '../schema/index.js';
import { boundedEvidence, detached, type Evidence, type Finding, type TargetSpec } from '../session/index.js';

/** The check's own findings raise its verdict: failing ones to fail; warnings (problems our own input caused) to warn, when nothing fails. */
export function mergeFindings(verdict: Verdict, findings: Finding[]): Verdict {
  const failing = findings.filter((f) => f.severity === 'fail');
  const shown = failing.length ? failing : findings;
  if (shown.length === 0) return verdict;
  const status: Status = failing.length ? 'fail' : 'warn';
  const evidence: Evidence[] = [...(verdict.evidence ?? [])];
  for (const f of shown.slice(0, 5)) evidence.push({ type: 'note', text: `${f.requirement ? `[${f.requirement}] ` : ''}${f.message}` }, ...f.evidence.filter((e) => !alreadySent(evidence, e)));
  const rank: Record<Status, number> = { fail: 4, warn: 3, info: 2, pass: 1, skip: 0 };
  const first = shown[0];
  const message = `${first.requirement ? `${first.requirement}: ` : ''}${first.message}${shown.length > 1 ? ` (+${shown.length - 1} more)` : ''}`;
  const { causes: _own, ...rest } = verdict;
  const causes = failing.length ? mergedCauses(verdict, failing) : verdict.causes;
  const kept = { ...rest, ...(causes ? { causes } : {}) };
  if (rank[verdict.status] >= rank[status]) return { ...kept, evidence, message: verdict.message ? `${verdict.message}; ${message}` : message };
  const gradedBecause = failing.length ? GRADED_BECAUSE.schemaFinding : GRADED_BECAUSE.ownInput;
  return { status, message: verdict.status === 'pass' || !verdict.message ? message : `${verdict.message}; ${message}`, evidence, gradedBecause, ...(causes ? { causes } : {}) };
}

/**
 * The causes of a verdict that failing findings joined: only when every finding names one and
 * so does the verdict's own failure, if it failed (a verdict that did not fail adds no violation).
 */
function mergedCauses(verdict: Verdict, failing: readonly Finding[]): CauseKey[] | undefined {
  const own = verdict.status === 'fail' ? verdict.causes : [];
  const found = causesIfAllKnown(failing.map((f) => f.cause));
  return own && found ? [...new Set([...own, ...found])] : undefined;
}

/** A request a finding shows that the check's evidence already holds (received messages are kept: a duplicate answer is the point). */
function alreadySent(evidence: readonly Evidence[], e: Evidence): boolean {
  if (e.type !== 'message' || e.direction !== 'sent') return false;
  const text = JSON.stringify(e.message ?? e.raw);
  return evidence.some((o) => o.type === 'message' && o.direction === 'sent' && JSON.stringify(o.message ?? o.raw) === text);
}

export function record(check: Check, revision: Revision, verdict: Verdict, ms: number, toolSample?: ToolSampleRecord): CheckResult {
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    status: verdict.status,
    requirements: [...check.requirements],
    spec: specUrl(check, revision),
    // A pass may carry a note worth reading (e.g. which tools were not called, and why).
    ...(verdict.message !== undefined ? { message: detached(verdict.message) } : {}),
    // Bounded excerpts: a page of a big catalog is kept by its start (session/evidence.ts).
    evidence: verdict.status === 'pass' ? [] : (verdict.evidence ?? []).slice(0, 200).map(boundedEvidence),
    durationMs: Math.round(ms),
    // Only a failure's causes: they say which failures are one finding (attributeCauses).
    ...(verdict.status === 'fail' && verdict.causes?.length ? { causes: [...verdict.causes] } : {}),
    // A status other than the keyword gives (a MUST that warns) says why, wherever it is shown.
    ...gradingOf(check, verdict),
    ...(verdict.status === 'skip' && verdict.tooSlow ? { tooSlow: verdict.tooSlow } : {}),
    ...(toolSample ? { toolSample } : {}),
  };
}

export function targetOf(t: TargetSpec): RunResult['target'] {
  return t.transport === 'stdio' ? { transport: 'stdio', command: t.command } : { transport: 'http', url: t.url };
}
