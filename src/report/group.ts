import type { CheckResult, Report, RunResult } from '../checks/types.js';

/** The part of a check id before the first `/` (the whole id if it has none). */
export function areaOf(id: string): string {
  const slash = id.indexOf('/');
  return slash < 0 ? id : id.slice(0, slash);
}

export interface AreaGroup {
  area: string;
  checks: CheckResult[];
}

/** Groups checks by area, keeping the order in which areas first appear (catalog order). */
export function groupByArea(checks: CheckResult[]): AreaGroup[] {
  const groups = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const area = areaOf(check.id);
    let list = groups.get(area);
    if (!list) groups.set(area, (list = []));
    list.push(check);
  }
  return [...groups].map(([area, list]) => ({ area, checks: list }));
}

/** True when the report is a `--protocol-version all` matrix. */
export function isMatrix(report: Report): boolean {
  return Array.isArray(report.runs) && report.runs.length > 0;
}

/** The runs a report shows: each matrix entry, or the report itself for a single run. */
export function runsOf(report: Report): RunResult[] {
  return isMatrix(report) ? report.runs! : [report];
}
