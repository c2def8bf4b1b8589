// The merged report's files: JSON (the contract's matrix shape plus `fleet`), JUnit (suites named
// by server, revision and area), and the matrix page.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { toJson, toJunit, type ReportPaths } from '../report/index.js';
import { toFleetHtml } from './matrix-html.js';
import type { FleetReport } from './merge.js';

export function toFleetJson(report: FleetReport): string {
  const out = JSON.parse(toJson(report)) as Record<string, unknown>;
  out.fleet = report.fleet;
  return `${JSON.stringify(out, null, 2)}\n`;
}

export async function writeFleetReports(report: FleetReport, paths: ReportPaths, opts: { strict?: boolean } = {}): Promise<string[]> {
  const jobs: Array<[string | undefined, () => string]> = [
    [paths.json, () => toFleetJson(report)],
    [paths.junit, () => toJunit(report, { strict: opts.strict, byServer: true })],
    [paths.html, () => toFleetHtml(report)],
  ];
  const written: string[] = [];
  for (const [path, render] of jobs) {
    if (!path) continue;
    await mkdir(dirname(resolve(path)), { recursive: true });
    await writeFile(path, render(), 'utf8');
    written.push(path);
  }
  return written;
}
