// What the GitHub summary and annotations are about: one entry per failing or warning check,
// with the revisions it failed at (a check failing at every revision of a matrix is one entry).
import type { CheckResult, Report, Target } from '../checks/types.js';
import type { ReportPaths } from './write.js';
import { isMatrix, runsOf } from './group.js';

/** One target's outcome, as `run` hands it to the GitHub reporter. */
export interface GithubTargetResult {
  /** The target's name from the config (set when a run has several targets). */
  name?: string;
  /** Absent when the target could not be run at all. */
  report?: Report;
  /** Why the target could not be run (unreachable, internal error). */
  error?: string;
  /** What was tested, for a target without a report. */
  target?: Target;
  /** The exit code this target alone would give. */
  exitCode: number;
  /** Report files written for this target. */
  reports: ReportPaths;
  /** The baseline verdict, when a baseline was applied. */
  baseline?: { expected: readonly string[]; unexpected: readonly string[]; stale: readonly string[] };
}

export interface GithubOptions {
  /** --strict: warnings fail the run, so they are shown as errors. */
  strict: boolean;
}

export interface Finding {
  check: CheckResult;
  status: 'fail' | 'warn';
  /** Revisions it had this status at; empty for a single (non-matrix) run. */
  revisions: string[];
  /** Listed in the baseline: it fails, but the run does not. */
  expected: boolean;
}

export function findingsOf(result: GithubTargetResult, opts: GithubOptions): Finding[] {
  if (!result.report) return [];
  const matrix = isMatrix(result.report);
  const expected = new Set(result.baseline?.expected ?? []);
  const byKey = new Map<string, Finding>();
  for (const run of runsOf(result.report)) {
    for (const check of run.checks) {
      if (check.status !== 'fail' && check.status !== 'warn') continue;
      const key = `${check.status} ${check.id}`;
      let finding = byKey.get(key);
      if (!finding) {
        const failing = check.status === 'fail' || opts.strict;
        finding = { check, status: check.status, revisions: [], expected: failing && expected.has(check.id) };
        byKey.set(key, finding);
      }
      if (matrix) finding.revisions.push(run.protocolVersion);
    }
  }
  // Failures first, then warnings, each in catalog order.
  const all = [...byKey.values()];
  return [...all.filter((f) => f.status === 'fail'), ...all.filter((f) => f.status === 'warn')];
}

/** "stdio node server.js" / "http http://…": how a target reads when it has no name. */
export function targetLabel(result: GithubTargetResult): string {
  if (result.name) return result.name;
  const t = result.report?.target ?? result.target;
  if (!t) return 'target';
  return t.transport === 'http' ? `http ${t.url ?? ''}` : `stdio ${(t.command ?? []).join(' ')}`;
}

/** The worst exit code: internal (5) > unreachable (4) > failed (1) > ok (0). */
export function worstExitCode(results: readonly GithubTargetResult[]): number {
  return results.reduce((worst, r) => Math.max(worst, r.exitCode), 0);
}
