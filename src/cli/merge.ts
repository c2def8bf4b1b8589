// `mcp-conform merge <report.json>...`: one report of many (src/fleet/merge.ts).
import { join } from 'node:path';
import { mergeReports, readReport, writeFleetReports, type FleetReport } from '../fleet/index.js';
import type { ReportPaths } from '../report/index.js';
import { parseCommandArgs } from './args.js';
import { EXIT, UsageError } from './errors.js';
import { cannotWrite } from './file-errors.js';
import type { CliIO } from './io.js';
import { packageVersion } from './version.js';

export const MERGE_HELP = `Usage: mcp-conform merge [options] <report.json>...

Joins JSON reports of mcp-conform run (the shards of a fleet, several servers, several
revisions, or earlier merged reports) into one: a JSON report whose "runs" hold every server's
run (each "target" named), a JUnit file with suites per server, revision and area, and a
self-contained HTML page with a matrix of checks x servers (a click on a cell opens its message
and evidence), per-server and per-check totals and filters.

Options:
  --json <file>     write the merged JSON report
  --junit <file>    write the merged JUnit XML report
  --html <file>     write the matrix page
  --out <dir>       folder for all three when none is named: fleet.json, fleet.xml, fleet.html
                    (default: reports)
  --strict          warnings count as failures (exit code and JUnit)
  -h, --help        this help

A server's run at one revision may appear in only one of the reports (exit 2 otherwise).
Exit codes: 0 no check failed, 1 a check failed (a warning too with --strict),
2 usage error or a report that cannot be read, 5 internal error.
`;

const OPTIONS = {
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  out: { type: 'string' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function mergeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs({ args: argv, options: OPTIONS, allowPositionals: true }, { command: 'merge' });
  if (values.help) {
    io.stdout(MERGE_HELP);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('merge needs the JSON reports to join (see mcp-conform merge --help)');
  const reports = await Promise.all(positionals.map(readReport));
  const merged = mergeReports(reports, { name: 'mcp-conform', version: packageVersion() });
  const paths: ReportPaths = values.json || values.junit || values.html ? { json: values.json, junit: values.junit, html: values.html } : inFolder(values.out ?? 'reports');
  let written: string[];
  try {
    written = await writeFleetReports(merged, paths, { strict: values.strict });
  } catch (err) {
    throw cannotWrite(`the merged report (${(err as { path?: string }).path ?? 'a file'})`, err);
  }
  io.stdout(recap(merged, positionals.length));
  io.stdout(`reports: ${written.join(', ')}\n`);
  const s = merged.summary;
  return s.fail > 0 || (values.strict && s.warn > 0) ? EXIT.failed : EXIT.ok;
}

function inFolder(dir: string): ReportPaths {
  return { json: join(dir, 'fleet.json'), junit: join(dir, 'fleet.xml'), html: join(dir, 'fleet.html') };
}

function recap(merged: FleetReport, files: number): string {
  const servers = merged.fleet.servers;
  const width = Math.min(40, Math.max(...servers.map((s) => s.name.length)));
  const lines = servers.map((srv) => {
    const s = srv.summary;
    return `  ${srv.name.padEnd(width)}  ${srv.revisions.join(', ')}: ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped`;
  });
  const s = merged.summary;
  return [
    `merged ${files} report(s): ${servers.length} server(s), ${merged.runs!.length} run(s)`,
    ...lines,
    `${s.total} checks, ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped, ${s.info} info`,
    '',
  ].join('\n');
}
