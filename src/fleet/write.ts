// The merged report's files: JSON (the contract's matrix shape plus `fleet`), JUnit (suites named
// by server, revision and area), and the matrix page.
import { toJson, toJunit, writeRendered, type ReportPaths } from '../report/index.js';
import { toFleetHtml } from './matrix-html.js';
import type { FleetReport } from './merge.js';

export function toFleetJson(report: FleetReport): string {
  const out = JSON.parse(toJson(report)) as Record<string, unknown>;
  out.fleet = report.fleet;
  return `${JSON.stringify(out, null, 2)}\n`;
}

export async function writeFleetReports(report: FleetReport, paths: ReportPaths, opts: { strict?: boolean } = {}): Promise<string[]> {
  return writeRendered([
    [paths.json, () => toFleetJson(report)],
    [paths.junit, () => toJunit(report, { strict: opts.strict, byServer: true })],
    [paths.html, () => toFleetHtml(report)],
  ]);
}
