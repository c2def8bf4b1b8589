// Expected failures: a JSON list of check ids (or `{ "expectedFailures": [...] }`, or an
// object mapping id -> reason). A failure not listed fails the run; a listed check that no
// longer fails is stale and fails the run too, so baselines shrink as servers get fixed.
import { readFile } from 'node:fs/promises';
import type { CheckResult } from '../checks/types.js';
import { UsageError } from './errors.js';

export type Baseline = Set<string>;

export async function readBaseline(path: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read baseline ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`baseline ${path} is not valid JSON: ${(err as Error).message}`);
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

export function applyBaseline(baseline: Baseline, checks: Pick<CheckResult, 'id' | 'status'>[], strict: boolean) {
  const failing = (s: string) => s === 'fail' || (strict && s === 'warn');
  const failedIds = new Set(checks.filter((c) => failing(c.status)).map((c) => c.id));
  const seenIds = new Set(checks.map((c) => c.id));
  const unexpected = [...failedIds].filter((id) => !baseline.has(id));
  const stale = [...baseline].filter((id) => seenIds.has(id) && !failedIds.has(id));
  const lines = [
    ...unexpected.map((id) => `baseline: unexpected failure ${id}`),
    ...stale.map((id) => `baseline: stale entry ${id} (it no longer fails: remove it)`),
  ];
  if (lines.length === 0) lines.push(`baseline: held (${failedIds.size} expected failure(s))`);
  return { ok: unexpected.length === 0 && stale.length === 0, unexpected, stale, lines };
}
