import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Report } from '../checks/types.js';
import { toHtml } from './html.js';
import { toJson } from './json.js';
import { toJunit } from './junit.js';

export interface ReportPaths {
  json?: string;
  junit?: string;
  html?: string;
}

/** Writes each requested report (creating parent directories) and returns the paths written. */
export async function writeReports(
  report: Report,
  paths: ReportPaths,
  opts: { strict?: boolean } = {},
): Promise<string[]> {
  return writeRendered([
    [paths.json, () => toJson(report)],
    [paths.junit, () => toJunit(report, { strict: opts.strict })],
    [paths.html, () => toHtml(report)],
  ]);
}

/** Writes each file whose path is given (creating parent directories), rendered only then; returns the paths written. */
export async function writeRendered(jobs: ReadonlyArray<[string | undefined, () => string]>): Promise<string[]> {
  const written: string[] = [];
  for (const [path, render] of jobs) {
    if (!path) continue;
    await mkdir(dirname(resolve(path)), { recursive: true });
    await writeFile(path, render(), 'utf8');
    written.push(path);
  }
  return written;
}
