// Expected failures: a JSON list of check ids (or `{ "expectedFailures": [...] }`, or an
// object mapping id -> reason). A failure not listed fails the run; a listed check that was
// judged and no longer fails is stale and fails the run too, so baselines shrink as servers get
// fixed. A listed check this run did not judge (skipped, or not run) says nothing either way:
// the entry is kept.
import { readFile } from 'node:fs/promises';
import type { CheckResult } from '../checks/types.js';
import { UsageError } from './errors.js';
import { cannotRead } from './file-errors.js';

export type Baseline = Set<string>;

export async function readBaseline(path: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw cannotRead(`baseline ${path}`, err);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`baseline ${path} is not valid JSON: ${jsonProblem(err)}`);
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>).expectedFailures)
      ? ((data as Record<string, unknown>).expectedFailures as unknown[])
      : data && typeof data === 'object'
        ? Object.keys(data)
        : undefined;
  if (!list || !list.every((x) => typeof x === 'string' && /^[a-z0-9-]+\/[a-z0-9-]+$/.test(x))) {
    throw new UsageError(`baseline ${path} must be a JSON list of check ids like ["lifecycle/ping"]`);
  }
  return new Set(list as string[]);
}

/** V8 quotes the text around a syntax error, line breaks and all: one line, breaks shown as ⏎. */
function jsonProblem(err: unknown): string {
  return String((err as Error)?.message ?? err).replace(/\s*\r?\n\s*/g, ' ⏎ ');
}

export function applyBaseline(baseline: Baseline, checks: Pick<CheckResult, 'id' | 'status'>[], strict: boolean) {
  const failing = (s: string) => s === 'fail' || (strict && s === 'warn');
  const failedIds = new Set(checks.filter((c) => failing(c.status)).map((c) => c.id));
  // Judged: the check ran to a verdict (a skip is none). In a matrix, one revision's verdict is enough.
  const judgedIds = new Set(checks.filter((c) => c.status !== 'skip').map((c) => c.id));
  const unexpected = [...failedIds].filter((id) => !baseline.has(id));
  const stale = [...baseline].filter((id) => judgedIds.has(id) && !failedIds.has(id));
  const unjudged = [...baseline].filter((id) => !judgedIds.has(id));
  const skipped = new Set(checks.filter((c) => c.status === 'skip').map((c) => c.id));
  const lines = [
    ...unexpected.map((id) => `baseline: unexpected failure ${id} (not in the baseline)`),
    ...stale.map((id) => `baseline: stale entry ${id} (it no longer fails: remove it)`),
    ...unjudged.map((id) => `baseline: entry ${id} was not judged this run (${skipped.has(id) ? 'skipped' : 'not run'}): kept`),
  ];
  const ok = unexpected.length === 0 && stale.length === 0;
  if (ok) lines.push(`baseline: held (${failedIds.size} expected failure(s))`);
  return { ok, unexpected, stale, unjudged, lines };
}
