// `mcp-conform run`: parse flags, run the suite, write reports, pick the exit code.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import type { Check } from '../checks/index.js';
import type { Report } from '../checks/types.js';
import { isRevision, REVISIONS, type Revision } from '../schema/index.js';
import type { TargetSpec } from '../session/index.js';
import { runTarget } from '../runner/index.js';
import { toTerminal, writeReports } from '../report/index.js';
import { applyBaseline, readBaseline, type Baseline } from './baseline.js';
import { EXIT, UsageError } from './errors.js';
import type { CliIO } from './io.js';
import { packageVersion } from './version.js';

export const RUN_HELP = `Usage:
  mcp-conform run [options] -- <command> [args...]   spawn the server and talk over stdio
  mcp-conform run [options] --url <url>              a Streamable HTTP endpoint

Runs the conformance checks against one MCP server and reports every check as
pass / fail (a MUST broken) / warn (a SHOULD broken) / skip (not applicable) / info.

Options:
  --url <url>                 Streamable HTTP endpoint (use --legacy-sse for 2024-11-05 HTTP+SSE)
  --legacy-sse                the URL is a 2024-11-05 HTTP+SSE endpoint
  --protocol-version <rev>    revision to request (${REVISIONS.filter((r) => r !== '2026-07-28').join(', ')}), or "all"
                              for every revision the server accepts (default: the newest it accepts)
  --only <glob>               run only checks whose id matches (repeatable), e.g. --only 'lifecycle/*'
  --skip <glob>               skip checks whose id matches (repeatable)
  --strict                    SHOULD violations (warnings) fail the run too
  --baseline <file>           expected failures (JSON list of check ids); unexpected failures and
                              stale entries fail the run
  --json <file>               write the JSON report
  --junit <file>              write a JUnit XML report
  --html <file>               write a self-contained HTML report
  --out <dir>                 folder for all three reports when none is named (default: reports)
  --no-reports                write no report files unless named by --json/--junit/--html
  --timeout <ms>              per-request timeout (default 5000)
  --quiet-ms <ms>             how long "no reply expected" checks listen (default 500)
  --deadline <ms>             ceiling for the whole run (default 300000)
  --call-tools <names|all>    tools we may call besides those annotated readOnlyHint (comma list)
  --slow-tool <name>          a slow, safe tool for cancellation and progress checks
  --seed <n>                  seed for generated inputs (default: random, printed in reports)
  --fuzz-runs <n>             number of fuzz cases (used by the fuzz suite)
  --header "Name: value"      extra HTTP header (repeatable), e.g. authorization
  --env NAME=value            extra environment for the spawned server (repeatable)
  --cwd <dir>                 working directory for the spawned server
  -v, --verbose               show passing checks' details too
  -h, --help                  this help

Exit codes: 0 no failure, 1 a check failed (or the baseline did not hold),
2 usage error, 4 server could not be started or reached, 5 internal error.

Examples:
  mcp-conform run -- node build/index.js
  mcp-conform run --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform run --protocol-version all --json report.json -- npx -y my-mcp-server
`;

const OPTIONS = {
  url: { type: 'string' },
  'legacy-sse': { type: 'boolean' },
  'protocol-version': { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  baseline: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  out: { type: 'string' },
  'no-reports': { type: 'boolean' },
  timeout: { type: 'string' },
  'quiet-ms': { type: 'string' },
  deadline: { type: 'string' },
  'call-tools': { type: 'string' },
  'slow-tool': { type: 'string' },
  seed: { type: 'string' },
  'fuzz-runs': { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} takes a whole number${min ? ` of at least ${min}` : ''}, got "${value}"`);
  return Number(value);
}

function pairs(list: string[] | undefined, sep: string, flag: string, example: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const i = item.indexOf(sep);
    if (i <= 0) throw new UsageError(`--${flag} takes ${example}, got "${item}"`);
    out[item.slice(0, i).trim()] = item.slice(i + 1).trim();
  }
  return out;
}

export function parseRunArgs(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]} (see mcp-conform run --help)`);
  }
  const v = parsed.values;
  if (v.help) return { help: true as const };
  const command = parsed.positionals;
  if (v.url && command.length) throw new UsageError('give either --url or a command after --, not both');
  if (!v.url && command.length === 0) throw new UsageError('no server given: use --url <url> or -- <command> [args...] (see mcp-conform run --help)');
  let target: TargetSpec;
  if (v.url) {
    let url: URL;
    try {
      url = new URL(v.url);
    } catch {
      throw new UsageError(`--url is not a valid URL: "${v.url}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http:// or https://, got "${v.url}"`);
    target = { transport: v['legacy-sse'] ? 'sse' : 'http', url: url.href, headers: pairs(v.header, ':', 'header', '"Name: value"') };
  } else {
    target = { transport: 'stdio', command, env: pairs(v.env, '=', 'env', 'NAME=value'), cwd: v.cwd };
  }
  const pv = v['protocol-version'];
  if (pv !== undefined && pv !== 'all' && !isRevision(pv)) throw new UsageError(`--protocol-version must be one of ${REVISIONS.join(', ')} or all, got "${pv}"`);
  const callTools = v['call-tools'] === undefined ? [] : v['call-tools'] === 'all' ? ('all' as const) : v['call-tools'].split(',').map((s) => s.trim()).filter(Boolean);
  return {
    help: false as const,
    target,
    protocolVersion: pv as Revision | 'all' | undefined,
    only: v.only ?? [],
    skip: v.skip ?? [],
    strict: Boolean(v.strict),
    baseline: v.baseline,
    reports:
      v.json || v.junit || v.html
        ? { json: v.json, junit: v.junit, html: v.html }
        : v['no-reports']
          ? {}
          : { json: join(v.out ?? 'reports', 'report.json'), junit: join(v.out ?? 'reports', 'report.xml'), html: join(v.out ?? 'reports', 'report.html') },
    requestTimeoutMs: int('timeout', v.timeout, 5000, 1),
    quietMs: int('quiet-ms', v['quiet-ms'], 500),
    deadlineMs: int('deadline', v.deadline, 300_000, 1),
    seed: int('seed', v.seed, Math.floor(Math.random() * 2 ** 31)),
    fuzzRuns: int('fuzz-runs', v['fuzz-runs'], 100),
    callTools,
    slowTool: v['slow-tool'],
    verbose: Boolean(v.verbose),
  };
}

export async function runCommand(argv: string[], io: CliIO, checks: readonly Check[]): Promise<number> {
  const args = parseRunArgs(argv);
  if (args.help) {
    io.stdout(RUN_HELP);
    return EXIT.ok;
  }
  const baseline = args.baseline ? await readBaseline(args.baseline) : undefined;
  let lastLen = 0;
  const progress = io.interactive
    ? (done: number, total: number, id: string) => {
        const line = `[${done}/${total}] ${id}`;
        io.stderr(`\r${line}${' '.repeat(Math.max(0, lastLen - line.length))}`);
        lastLen = line.length;
      }
    : undefined;
  const report: Report = await runTarget({
    target: args.target,
    checks,
    protocolVersion: args.protocolVersion,
    only: args.only,
    skip: args.skip,
    seed: args.seed,
    requestTimeoutMs: args.requestTimeoutMs,
    quietMs: args.quietMs,
    deadlineMs: args.deadlineMs,
    callTools: args.callTools,
    slowTool: args.slowTool,
    fuzzRuns: args.fuzzRuns,
    onProgress: progress,
    tool: { name: 'mcp-conform', version: packageVersion() },
  });
  if (progress) io.stderr(`\r${' '.repeat(lastLen)}\r`);
  return finishRun(report, args, baseline, io);
}

/** Writes the reports, prints the result, and picks the exit code (baseline, --strict). Shared by run and fuzz. */
export async function finishRun(
  report: Report,
  args: { reports: Parameters<typeof writeReports>[1]; strict: boolean; verbose: boolean },
  baseline: Baseline | undefined,
  io: CliIO,
): Promise<number> {
  const written = await writeReports(report, args.reports, { strict: args.strict });
  if (written.length) io.stdout(`reports: ${written.join(', ')}\n`);
  io.stdout(toTerminal(report, { color: io.color, verbose: args.verbose }));

  const runs = report.runs ?? [report];
  const all = runs.flatMap((r) => r.checks.map((c) => ({ ...c, revision: r.protocolVersion })));
  if (baseline) {
    const verdict = applyBaseline(baseline, all, args.strict);
    for (const line of verdict.lines) io.stdout(`${line}\n`);
    return verdict.ok ? EXIT.ok : EXIT.failed;
  }
  const failed = all.some((c) => c.status === 'fail' || (args.strict && c.status === 'warn'));
  return failed ? EXIT.failed : EXIT.ok;
}
