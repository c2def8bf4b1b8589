// `mcp-conform merge`: many reports (shards of a fleet, revisions, servers) as one. The result is
// a report of the contract's matrix shape: every server's run under `runs`, each with its
// target (named) and revision, totals at the top, and `fleet` listing the servers and sources.
import type { Report, RunResult, Summary } from '../checks/types.js';
import { summarize } from '../report/index.js';
import { ReportInputError } from './errors.js';
import { serverRuns, type LoadedReport, type ServerRun } from './read.js';

/** One server of a merged report: its runs' totals. */
export interface FleetServer {
  name: string;
  revisions: string[];
  summary: Summary;
  durationMs: number;
}

export interface FleetReport extends Report {
  fleet: { servers: FleetServer[]; sources: string[] };
}

/**
 * Joins the runs of every report, servers by name (a server's runs in the order given). A server's run at one revision found in two
 * reports is an error: one of them would silently be lost.
 */
export function mergeReports(reports: readonly LoadedReport[], tool: Report['tool']): FleetReport {
  if (reports.length === 0) throw new ReportInputError('merge needs at least one report');
  const seen = new Map<string, ServerRun>();
  const runs: RunResult[] = [];
  for (const loaded of reports) {
    for (const r of serverRuns(loaded)) {
      const key = `${r.server}\u0000${r.revision}`;
      const earlier = seen.get(key);
      if (earlier) throw new ReportInputError(`${earlier.file} and ${r.file} both hold ${r.server} at ${r.revision || 'no revision'}: merge one of them`);
      seen.set(key, r);
      runs.push({ ...r.run, target: { ...r.run.target, name: r.server } });
    }
  }
  // By server name, so that shards merge into the same report whatever their layout.
  runs.sort((a, b) => (a.target.name! < b.target.name! ? -1 : a.target.name! > b.target.name! ? 1 : 0));
  const checks = runs.flatMap((r) => r.checks);
  const summary: Summary = summarize(checks);
  const causes = runs.map((r) => r.summary?.causes).filter((n): n is number => typeof n === 'number');
  if (causes.length) summary.causes = causes.reduce((a, b) => a + b, 0);
  const starts = runs.map((r) => r.startedAt).filter((s) => typeof s === 'string' && !Number.isNaN(Date.parse(s))).sort();
  return {
    tool,
    target: runs[0].target,
    protocolVersion: [...new Set(runs.map((r) => r.protocolVersion))].join(','),
    seed: runs[0].seed,
    startedAt: starts[0] ?? new Date(0).toISOString(),
    durationMs: runs.reduce((sum, r) => sum + (Number(r.durationMs) || 0), 0),
    summary,
    checks: [],
    runs,
    fleet: { servers: serversOf(runs), sources: reports.map((r) => r.file) },
  };
}

function serversOf(runs: RunResult[]): FleetServer[] {
  const byName = new Map<string, RunResult[]>();
  for (const run of runs) {
    const name = run.target.name!;
    const list = byName.get(name);
    if (list) list.push(run);
    else byName.set(name, [run]);
  }
  return [...byName].map(([name, list]) => ({
    name,
    revisions: list.map((r) => r.protocolVersion),
    summary: summarize(list.flatMap((r) => r.checks)),
    durationMs: list.reduce((sum, r) => sum + (Number(r.durationMs) || 0), 0),
  }));
}

/** The column label of a run: the server, and its revision when the server has several. */
export function runLabel(run: RunResult, servers: readonly FleetServer[]): string {
  const server = servers.find((s) => s.name === run.target.name);
  return server && server.revisions.length > 1 ? `${server.name} @ ${run.protocolVersion}` : (run.target.name ?? '');
}
