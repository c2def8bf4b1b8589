import type { CheckResult, Report, RunResult, Target } from '../checks/types.js';
import { isMatrix } from './group.js';
import { redactEvidence } from './redact.js';

export { summarize } from './summary.js';

/** The JSON report of CONTRACT.md, pretty-printed. `runs` appears only for a matrix. */
export function toJson(report: Report): string {
  const out: Record<string, unknown> = {
    tool: { name: report.tool.name, version: report.tool.version },
    ...runFields(report),
  };
  if (isMatrix(report)) out.runs = report.runs!.map(runFields);
  return `${JSON.stringify(out, jsonSafe, 2)}\n`;
}

// Contract fields first and in contract order, so diffs of two reports line up.
function runFields(run: RunResult): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    target: targetFields(run.target),
    protocolVersion: run.protocolVersion,
    seed: run.seed,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    summary: { ...run.summary },
    checks: run.checks.map(checkFields),
  };
  if (run.stderrTail && run.stderrTail.length > 0) fields.stderrTail = [...run.stderrTail];
  // Extensions of the contract: which protocol era was tested, and what detection found.
  if (run.era) fields.era = run.era;
  if (run.eras) fields.eras = { ...run.eras };
  if (run.auth) fields.auth = { ...run.auth };
  if (run.stopped) fields.stopped = run.stopped;
  if (run.framework) fields.framework = { ...run.framework };
  if (run.startup) fields.startup = { connections: run.startup.connections.map((c) => ({ ...c })), ...(run.startup.oneAtATime ? { oneAtATime: run.startup.oneAtATime } : {}) };
  return fields;
}

function targetFields(target: Target): Record<string, unknown> {
  const fields: Record<string, unknown> = { transport: target.transport };
  if (target.name !== undefined) fields.name = target.name;
  if (target.command) fields.command = [...target.command];
  if (target.url !== undefined) fields.url = target.url;
  if (target.role) fields.role = target.role;
  return fields;
}

function checkFields(check: CheckResult): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    id: check.id,
    title: check.title,
    level: check.level,
    status: check.status,
    requirements: [...check.requirements],
    spec: check.spec,
  };
  if (check.message !== undefined) fields.message = check.message;
  fields.evidence = check.evidence.map(redactEvidence);
  fields.durationMs = check.durationMs;
  // Extensions of the contract: what a failure comes from, and which earlier failures share it.
  if (check.causes?.length) fields.causes = [...check.causes];
  if (check.sameCauseAs?.length) fields.sameCauseAs = [...check.sameCauseAs];
  // A status other than the level gives (a MUST that only warns), and why.
  if (check.attribution) fields.attribution = { ...check.attribution };
  // The check called a seeded sample of a big catalog's tools (--all-tools calls every one).
  if (check.toolSample) fields.toolSample = { ...check.toolSample };
  if (check.gradedAs) {
    fields.gradedAs = check.gradedAs;
    if (check.gradedBecause) fields.gradedBecause = check.gradedBecause;
  }
  return fields;
}

// Evidence holds whatever a server sent; a BigInt must not crash the report.
function jsonSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
