// Reading JSON reports back: single runs, matrices (`runs`), and merged reports alike, as a list
// of server runs, each named by its server and revision.
import { readFile } from 'node:fs/promises';
import type { Report, RunResult, Target } from '../checks/types.js';
import { ReportInputError } from './errors.js';

/** A report read from a file. */
export interface LoadedReport {
  file: string;
  report: Report;
}

/** One run of one server: a row of a merged report, a side of a diff. */
export interface ServerRun {
  /** The server's name: the config's, or its command line / URL when it had none. */
  server: string;
  revision: string;
  run: RunResult;
  /** The file it was read from. */
  file: string;
}

export async function readReport(file: string): Promise<LoadedReport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code;
    throw new ReportInputError(`cannot read report ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? String(err))}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ReportInputError(`report ${file} is not valid JSON: ${String((err as Error).message).split(/\r?\n/)[0]}`);
  }
  const problem = reportProblem(data);
  if (problem) throw new ReportInputError(`${file} is not an mcp-conform JSON report: ${problem}`);
  return { file, report: data as Report };
}

/** Why data is not a JSON report (undefined when it is one): the fields we rely on. */
function reportProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'not a JSON object';
  if (!isObject(data.tool) || data.tool.name !== 'mcp-conform') return 'no "tool": { "name": "mcp-conform" }';
  const runs = Array.isArray(data.runs) && data.runs.length > 0 ? data.runs : [data];
  for (const [i, run] of runs.entries()) {
    const at = runs.length > 1 || data.runs ? `runs[${i}]` : 'the report';
    if (!isObject(run) || !Array.isArray(run.checks)) return `${at} has no "checks" list`;
    if (!isObject(run.target) || typeof run.target.transport !== 'string') return `${at} has no "target"`;
    const bad = run.checks.findIndex((c) => !isObject(c) || typeof c.id !== 'string' || typeof c.status !== 'string');
    if (bad >= 0) return `${at}: checks[${bad}] has no "id" and "status"`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The name a server goes by in merged reports and diffs. */
export function serverName(target: Target): string {
  if (target.name) return target.name;
  return target.transport === 'stdio' ? (target.command ?? []).join(' ') : (target.url ?? target.transport);
}

/** Each run of a report, named. */
export function serverRuns(loaded: LoadedReport): ServerRun[] {
  const { report, file } = loaded;
  const runs = Array.isArray(report.runs) && report.runs.length > 0 ? report.runs : [report];
  return runs.map((run) => ({ server: serverName(run.target ?? report.target), revision: run.protocolVersion ?? '', run, file }));
}
