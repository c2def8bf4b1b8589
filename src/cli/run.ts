// `mcp-conform run`: parse flags, merge them over the config file, run the suite against each
// target, write reports, pick the exit code.
import { extname, join } from 'node:path';
import type { Check } from '../checks/index.js';
import type { Report } from '../checks/types.js';
import { isRevision, REVISIONS, type Revision } from '../schema/index.js';
import { DEFAULT_START_TIMEOUT_MS, type TargetSpec } from '../session/index.js';
import { TargetUnreachable } from '../transport/types.js';
import { DEFAULT_SEED, randomSeed, runStop, runTarget, targetOf, unmatchedPatterns, type TargetRunOptions } from '../runner/index.js';
import { toTerminal, writeReports, type ReportPaths } from '../report/index.js';
import { githubEnabled, publishToGithub, stopCommands, worstExitCode, type GithubTargetResult } from '../report/github.js';
import { applyBaseline, readBaseline, type Baseline } from './baseline.js';
import { CONFIG_NAMES, loadConfig, type CallTools, type ConfigTarget, type RunConfig } from './config.js';
import { parseCommandArgs, type FlagUsage } from './args.js';
import { EXIT, UsageError } from './errors.js';
import type { CliIO } from './io.js';
import { packageVersion } from './version.js';
import { AUTH_FLAGS, resolveAuth } from './auth-flags.js';
import { ClientCredentialsRefused, type AuthOptions } from '../auth/index.js';
import { catchInterrupts, windDownBound } from './interrupt.js';
import { applyShard } from './shard.js';

export const RUN_HELP = `Usage:
  mcp-conform run [options] -- <command> [args...]   spawn the server and talk over stdio
  mcp-conform run [options] --url <url>              a Streamable HTTP endpoint
  mcp-conform run [options]                          the targets of ${CONFIG_NAMES[0]}

Runs the conformance checks against one MCP server and reports every check as
pass / fail (a MUST broken) / warn (a SHOULD broken) / skip (not applicable) / info.

Options:
  --url <url>                 Streamable HTTP endpoint (use --legacy-sse for 2024-11-05 HTTP+SSE)
  --legacy-sse                the URL is a 2024-11-05 HTTP+SSE endpoint
  --protocol-version <rev>    revision to request (${REVISIONS.join(', ')}), or "all"
                              for every revision the server accepts (default: every era the server
                              serves, at the newest revision of each: 2026-07-28 if server/discover
                              answers, and then the initialize handshake too if it is served as
                              well, both runs in one report; else the initialize handshake alone)
  --only <glob>               run only checks whose id matches (repeatable), e.g. --only 'lifecycle/*'
  --skip <glob>               skip checks whose id matches (repeatable); a glob that matches
                              no check id is a usage error (exit 2), not a run of nothing
  --strict                    SHOULD violations (warnings) fail the run too
  --baseline <file>           expected failures (JSON list of check ids); unexpected failures and
                              stale entries (checks that ran and no longer fail) fail the run;
                              an entry whose check skipped or did not run is kept
  --json <file>               write the JSON report (a failure another one explains carries
                              sameCauseAs; summary.causes counts distinct causes: docs/api.md)
  --junit <file>              write a JUnit XML report
  --html <file>               write a self-contained HTML report
  --out <dir>                 folder for all three reports when none is named (default: reports)
  --no-reports                write no report files unless named by --json/--junit/--html
  --timeout <ms>              per-request timeout (default 5000)
  --start-timeout <ms>        bound on a server's start: from spawning it (or connecting) to its
                              first answer, waited for apart from --timeout (default 30000); a
                              slow start is not a failure, a server that never answers is
  --quiet-ms <ms>             how long "no reply expected" checks listen (default 500)
  --deadline <ms>             ceiling for the whole run, every era or revision in it (default
                              300000): checks still running
                              then are cut short ("not finished") and the rest not run, both
                              skipped; the report is written within 2 s
  --call-tools <names|all>    tools we may call besides those annotated readOnlyHint (comma list)
  --all-tools                 call every tool we may call: past 50 of them, the tools checks,
                              the client-request runs and the tool fuzzing call a sample
                              drawn by --seed (the report says so: toolSample)
  --slow-tool <name>          a slow, safe tool for cancellation and progress checks
  --seed <n|random>           seed for generated inputs (default 1, so runs agree; random draws
                              a new one; printed in reports to replay)
  --fuzz-runs <n>             number of generated fuzz cases (used by the fuzz suite; tool
                              fuzzing sends its fixed hostile-text cases before them, and
                              2026-07-28 fuzzing its fixed refusal cases)
  --header "Name: value"      extra HTTP header (repeatable), e.g. authorization
  --auth-token <token>        a valid access token for a protected HTTP server, sent as
                              Authorization: Bearer (also MCP_CONFORM_AUTH_TOKEN); an
                              "Authorization: Bearer" --header counts as this token
  --auth-token-wrong-audience <token>
                              a token issued for another resource, for the audience checks
                              (also MCP_CONFORM_AUTH_TOKEN_WRONG_AUDIENCE)
  --auth-token-low-scope <token>
                              a valid token lacking the scopes the server requires
                              (also MCP_CONFORM_AUTH_TOKEN_LOW_SCOPE)
  --auth-client-id <id>, --auth-client-secret <secret>, --auth-scope <scopes>
                              client credentials: obtain tokens from the authorization server
                              the server's metadata names (also MCP_CONFORM_AUTH_CLIENT_ID,
                              MCP_CONFORM_AUTH_CLIENT_SECRET, MCP_CONFORM_AUTH_SCOPE): a valid
                              token (resource = the server), one for another resource and one
                              with fewer scopes; credentials it refuses are exit 2
                              Tokens and secrets appear in no output, only as sha256:… fingerprints;
                              a malformed one is a usage error (exit 2). See docs/auth.md.
  --env NAME=value            extra environment for the spawned server (repeatable)
  --cwd <dir>                 working directory for the spawned server
  --github                    GitHub Actions output (annotations, job summary, step outputs);
                              on by itself when GITHUB_ACTIONS=true, off with --no-github
  -v, --verbose               show passing checks' details too
  -h, --help                  this help

Exit codes: 0 no failure, 1 a check failed (or the baseline did not hold),
2 usage error, 4 server could not be started or reached (or the URL does not speak MCP),
5 internal error.
With several targets, the worst of them. SIGINT or SIGTERM stops the run in any phase: the
partial report is written (its "stopped" says why), the servers are killed, and mcp-conform
ends by that signal within 2 s (a shell shows 130 or 143); a second signal ends it at once.

Config file (run only):
  --config <file>             read targets and options from this file; flags override it
                              (default: ${CONFIG_NAMES.join(' or ')} in the current folder)
  --no-config                 ignore a config file in the current folder
  --target <name>             run only this target of the config file (repeatable)
  --shard <k>/<n>             run only the k-th of n slices of the config's targets, the same
                              slices on every machine (a CI matrix job each; mcp-conform merge
                              joins their reports); report files keep the target-name suffix
  --shard-durations <report.json>
                              balance the slices by each target's duration in an earlier report
                              (a merged one holds them all; repeatable); without it, the
                              targets are dealt out in config order

Examples:
  mcp-conform run -- node build/index.js
  mcp-conform run --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform run --protocol-version all --json report.json -- npx -y my-mcp-server
  mcp-conform run --config ci/mcp-conform.config.json --strict
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
  'start-timeout': { type: 'string' },
  'quiet-ms': { type: 'string' },
  deadline: { type: 'string' },
  'call-tools': { type: 'string' },
  'all-tools': { type: 'boolean' },
  'slow-tool': { type: 'string' },
  seed: { type: 'string' },
  'fuzz-runs': { type: 'string' },
  header: { type: 'string', multiple: true },
  ...AUTH_FLAGS,
  env: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  github: { type: 'boolean' },
  'no-github': { type: 'boolean' },
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
  target: { type: 'string', multiple: true },
  shard: { type: 'string' },
  'shard-durations': { type: 'string', multiple: true },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Everything one target's run needs, flags and config merged. */
export interface RunPlan {
  /** The config's name for the target (always set when a run has several). */
  name?: string;
  target: TargetSpec;
  protocolVersion: Revision | 'all' | undefined;
  only: string[];
  skip: string[];
  strict: boolean;
  baseline: string | undefined;
  reports: ReportPaths;
  requestTimeoutMs: number;
  startTimeoutMs: number;
  quietMs: number;
  deadlineMs: number;
  seed: number;
  fuzzRuns: number;
  callTools: CallTools;
  /** --all-tools: every tool we may call, not the seeded sample of a big catalog. */
  allTools: boolean;
  slowTool: string | undefined;
  verbose: boolean;
  /** --github / --no-github; undefined follows GITHUB_ACTIONS. */
  github: boolean | undefined;
  /** HTTP: tokens and credentials (the valid token is also in target.headers). */
  auth?: AuthOptions;
}

type Flags = ReturnType<typeof parseFlags>;

/** The flags as given, nothing defaulted (planRuns merges them over the config). */
export function parseFlags(argv: string[], usage: FlagUsage = { command: 'run' }) {
  return parseCommandArgs({ args: argv, options: OPTIONS, allowPositionals: true }, usage);
}

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} takes a whole number${min ? ` of at least ${min}` : ''}, got "${value}"`);
  return Number(value);
}

/** `--seed`: a whole number, or `random` for a fresh one. */
function seedFlag(value: string | undefined, fallback: number): number {
  if (value === 'random') return randomSeed();
  if (value !== undefined && !/^\d+$/.test(value)) throw new UsageError(`--seed takes a whole number or random, got "${value}"`);
  return int('seed', value, fallback);
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

/** The target named on the command line (--url or a command after --), if any. */
function targetFromFlags(v: Flags['values'], command: string[]): TargetSpec | undefined {
  if (v.url && command.length) throw new UsageError('give either --url or a command after --, not both');
  if (v.url) {
    let url: URL;
    try {
      url = new URL(v.url);
    } catch {
      throw new UsageError(`--url is not a valid URL: "${v.url}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http:// or https://, got "${v.url}"`);
    return { transport: v['legacy-sse'] ? 'sse' : 'http', url: url.href, headers: pairs(v.header, ':', 'header', '"Name: value"') };
  }
  if (command.length) return { transport: 'stdio', command, env: pairs(v.env, '=', 'env', 'NAME=value'), cwd: v.cwd };
  return undefined;
}

/** --env, --header, --cwd and --legacy-sse applied over a target from the config. */
function overrideTarget(spec: TargetSpec, v: Flags['values']): TargetSpec {
  if (spec.transport === 'stdio') return { ...spec, env: { ...spec.env, ...pairs(v.env, '=', 'env', 'NAME=value') }, cwd: v.cwd ?? spec.cwd };
  const extra = pairs(v.header, ':', 'header', '"Name: value"');
  // Header names are case-insensitive: a flag replaces the config's header of the same name.
  const kept = Object.entries(spec.headers ?? {}).filter(([k]) => !Object.keys(extra).some((e) => e.toLowerCase() === k.toLowerCase()));
  return { ...spec, transport: v['legacy-sse'] ? 'sse' : spec.transport, headers: { ...Object.fromEntries(kept), ...extra } };
}

function defaultReports(dir: string): ReportPaths {
  return { json: join(dir, 'report.json'), junit: join(dir, 'report.xml'), html: join(dir, 'report.html') };
}

function reportPaths(v: Flags['values'], config: RunConfig | undefined): ReportPaths {
  if (v.json || v.junit || v.html) return { json: v.json, junit: v.junit, html: v.html };
  if (v['no-reports']) return {};
  if (v.out !== undefined) return defaultReports(v.out);
  if (config?.output) {
    const { dir, ...named } = config.output;
    if (named.json || named.junit || named.html) return named;
    return dir ? defaultReports(dir) : {};
  }
  return defaultReports('reports');
}

/** `reports/report.json` → `reports/report-<name>.json`, so several targets keep apart. */
export function withTargetSuffix(path: string, name: string): string {
  const ext = extname(path);
  return ext ? `${path.slice(0, -ext.length)}-${name}${ext}` : `${path}-${name}`;
}

/** Flags over config over defaults, one plan per target. */
export function planRuns(parsed: Flags, config: RunConfig | undefined, defaultSeed = DEFAULT_SEED, env: NodeJS.ProcessEnv = {}): RunPlan[] {
  const v = parsed.values;
  const cliTarget = targetFromFlags(v, parsed.positionals);
  if (v.github && v['no-github']) throw new UsageError('give --github or --no-github, not both');
  let targets: ConfigTarget[];
  if (cliTarget) {
    if (v.target?.length) throw new UsageError('--target picks targets of the config file; it cannot be combined with --url or a command');
    targets = [{ spec: cliTarget }];
  } else if (config && config.targets.length > 0) {
    targets = config.targets.map((t) => ({ ...t, spec: overrideTarget(t.spec, v) }));
  } else {
    throw new UsageError(
      config
        ? `no server given: ${config.file} names no target; use --url <url> or -- <command> [args...]`
        : 'no server given: use --url <url> or -- <command> [args...] (see mcp-conform run --help)',
    );
  }
  if (v.target?.length) {
    const names = targets.map((t) => t.name).filter((n): n is string => n !== undefined);
    for (const wanted of v.target) {
      if (!names.includes(wanted)) throw new UsageError(`--target ${wanted}: ${config!.file} has no such target (${names.length ? `it has ${names.join(', ')}` : 'its target has no name'})`);
    }
    targets = targets.filter((t) => t.name !== undefined && v.target!.includes(t.name));
  }

  const pv = v['protocol-version'] ?? config?.protocolVersion;
  if (pv !== undefined && pv !== 'all' && !isRevision(pv)) throw new UsageError(`--protocol-version must be one of ${REVISIONS.join(', ')} or all, got "${pv}"`);
  const flagTools = v['call-tools'] === undefined ? undefined : v['call-tools'] === 'all' ? ('all' as const) : v['call-tools'].split(',').map((s) => s.trim()).filter(Boolean);
  const reports = reportPaths(v, config);
  const several = targets.length > 1;
  const shared = {
    protocolVersion: pv as Revision | 'all' | undefined,
    only: v.only ?? config?.only ?? [],
    skip: v.skip ?? config?.skip ?? [],
    strict: Boolean(v.strict ?? config?.strict),
    requestTimeoutMs: int('timeout', v.timeout, config?.requestTimeoutMs ?? 5000, 1),
    startTimeoutMs: int('start-timeout', v['start-timeout'], config?.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS, 1),
    quietMs: int('quiet-ms', v['quiet-ms'], config?.quietMs ?? 500),
    deadlineMs: int('deadline', v.deadline, config?.deadlineMs ?? 300_000, 1),
    seed: seedFlag(v.seed, config?.seed ?? defaultSeed),
    fuzzRuns: int('fuzz-runs', v['fuzz-runs'], config?.fuzzRuns ?? 100),
    allTools: Boolean(v['all-tools']),
    verbose: Boolean(v.verbose),
    github: v.github ? true : v['no-github'] ? false : undefined,
  };
  return targets.map((t) => ({
    ...(t.name !== undefined ? { name: t.name } : {}),
    ...resolveAuth(t.spec, v, env, t.auth ?? config?.auth, config?.file),
    ...shared,
    baseline: v.baseline ?? t.baseline ?? config?.baseline,
    reports: several
      ? Object.fromEntries(Object.entries(reports).map(([k, p]) => [k, p && withTargetSuffix(p, t.name!)]))
      : reports,
    callTools: flagTools ?? t.callTools ?? config?.callTools ?? [],
    slowTool: v['slow-tool'] ?? t.slowTool ?? config?.slowTool,
  }));
}

/** The flags alone, one target (for `fuzz`, which reads no config file and explores: a random default seed). */
export function parseRunArgs(argv: string[], defaultSeed = DEFAULT_SEED, env: NodeJS.ProcessEnv = {}, usage?: FlagUsage): { help: true } | ({ help: false } & RunPlan) {
  const parsed = parseFlags(argv, usage);
  if (parsed.values.help) return { help: true as const };
  if (parsed.values.config !== undefined || parsed.values.target?.length) throw new UsageError('--config and --target work with "mcp-conform run" only');
  if (parsed.values.shard !== undefined || parsed.values['shard-durations']?.length) throw new UsageError('--shard and --shard-durations work with "mcp-conform run" only');
  const [plan] = planRuns(parsed, undefined, defaultSeed, env);
  return { help: false as const, ...plan };
}

export async function runCommand(argv: string[], io: CliIO, checks: readonly Check[]): Promise<number> {
  const parsed = parseFlags(argv);
  if (parsed.values.help) {
    io.stdout(RUN_HELP);
    return EXIT.ok;
  }
  if (parsed.values.config !== undefined && parsed.values['no-config']) throw new UsageError('give --config or --no-config, not both');
  const config = parsed.values['no-config'] ? undefined : await loadConfig({ path: parsed.values.config, cwd: io.cwd, env: io.env });
  const planned = planRuns(parsed, config, DEFAULT_SEED, io.env);
  assertPatternsMatch(checks, planned[0], (option) => (parsed.values[option] === undefined && config ? `"${option}" in ${config.file}` : `--${option}`));
  const commandLineTarget = parsed.values.url !== undefined || parsed.positionals.length > 0;
  const { plans, line: shardLine } = await applyShard(parsed.values, planned, commandLineTarget);
  // Every baseline is read first: a bad one is a usage error, not a run cut short.
  const baselines = new Map<string, Baseline>();
  for (const p of plans) if (p.baseline && !baselines.has(p.baseline)) baselines.set(p.baseline, await readBaseline(p.baseline));
  if (config) io.stdout(`config: ${config.file}\n`);
  if (shardLine) io.stdout(`${shardLine}\n`);
  // More slices than targets: this one is empty, which is no failure of the run.
  if (plans.length === 0) return EXIT.ok;

  const github = githubEnabled(planned[0].github, io.env);
  // A shard of a list keeps the list's report names and sections, even with one target in it.
  const several = planned.length > 1;
  const results: GithubTargetResult[] = [];
  const interrupts = catchInterrupts();
  const runOnePlan = async (plan: RunPlan): Promise<void> => {
    if (several) io.stdout(`${results.length ? '\n' : ''}${github ? `::group::target ${plan.name}\n` : ''}=== target ${plan.name} ===\n`);
    try {
      const report = nameTarget(await runPlan(plan, io, checks, interrupts.signal), plan.name);
      const outcome = await finishTarget(report, plan, plan.baseline ? baselines.get(plan.baseline) : undefined, io, github);
      results.push({ name: plan.name, report, exitCode: outcome.code, reports: plan.reports, baseline: outcome.baseline });
    } catch (err) {
      const unreachable = err instanceof TargetUnreachable;
      const refusedCredentials = err instanceof ClientCredentialsRefused;
      const message = unreachable || refusedCredentials ? (err as Error).message : `internal error: ${(err as Error)?.message ?? String(err)}`;
      results.push({ name: plan.name, target: targetOf(plan.target), error: message, exitCode: unreachable ? EXIT.unreachable : refusedCredentials ? EXIT.usage : EXIT.internal, reports: {} });
      // One target: main prints the error as always (and picks the exit code).
      if (!several) {
        if (github) await publishToGithub(results, { strict: plan.strict }, io);
        throw err;
      }
      io.stderr(`mcp-conform: [${plan.name}] ${message}\n`);
    } finally {
      if (several && github) io.stdout('::endgroup::\n');
    }
  };
  try {
    for (const plan of plans) {
      // Interrupted: the targets after the one it stopped are not started.
      if (interrupts.signal.aborted) break;
      await runOnePlan(plan);
    }
  } finally {
    interrupts.dispose();
  }
  if (several) io.stdout(targetsRecap(results));
  if (github) await publishToGithub(results, { strict: planned[0].strict }, io);
  return worstExitCode(results);
}

/** The config's name for the target, in the report: merge and diff tell servers apart by it. */
function nameTarget(report: Report, name: string | undefined): Report {
  if (name === undefined) return report;
  for (const run of [report, ...(report.runs ?? [])]) run.target = { name, ...run.target };
  return report;
}

/** An --only/--skip pattern (or the config's) that names no check is a usage error, not a run of nothing. */
export function assertPatternsMatch(
  checks: readonly Check[],
  plan: Pick<RunPlan, 'only' | 'skip'>,
  source: (option: 'only' | 'skip') => string = (o) => `--${o}`,
  known = 'mcp-conform list shows them',
): void {
  const [first] = unmatchedPatterns(checks, plan);
  if (first) throw new UsageError(`${source(first.option)} ${JSON.stringify(first.pattern)} matches no check id (${known})`);
}

async function runPlan(plan: RunPlan, io: CliIO, checks: readonly Check[], interrupt: AbortSignal): Promise<Report> {
  let lastLen = 0;
  const progress = io.interactive
    ? (done: number, total: number, id: string) => {
        const line = `[${done}/${total}] ${id}`;
        io.stderr(`\r${line}${' '.repeat(Math.max(0, lastLen - line.length))}`);
        lastLen = line.length;
      }
    : undefined;
  try {
    return await runBounded({
      target: plan.target,
      checks,
      protocolVersion: plan.protocolVersion,
      only: plan.only,
      skip: plan.skip,
      seed: plan.seed,
      requestTimeoutMs: plan.requestTimeoutMs,
      startTimeoutMs: plan.startTimeoutMs,
      quietMs: plan.quietMs,
      deadlineMs: plan.deadlineMs,
      callTools: plan.callTools,
      allTools: plan.allTools,
      slowTool: plan.slowTool,
      fuzzRuns: plan.fuzzRuns,
      auth: plan.auth,
      onProgress: progress,
      signal: interrupt,
      tool: { name: 'mcp-conform', version: packageVersion() },
    });
  } finally {
    if (progress) io.stderr(`\r${' '.repeat(lastLen)}\r`);
  }
}

/**
 * runTarget, which ends with a partial report once its deadline passes or `signal` aborts; should
 * it not within WIND_DOWN_MS (a bug of ours), an internal error ends the command instead.
 */
export async function runBounded(options: TargetRunOptions): Promise<Report> {
  const stop = runStop(options.deadlineMs, options.signal);
  try {
    return await windDownBound(runTarget(options), stop.signal);
  } finally {
    stop.dispose();
  }
}

function targetsRecap(results: GithubTargetResult[]): string {
  const lines = results.map((r) => {
    if (!r.report) return `  ${r.name}: could not run (exit ${r.exitCode})`;
    const s = r.report.summary;
    return `  ${r.name}: ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings (exit ${r.exitCode})`;
  });
  return `\nTargets:\n${lines.join('\n')}\n`;
}

interface FinishArgs {
  reports: ReportPaths;
  strict: boolean;
  verbose: boolean;
  name?: string;
  /** --github / --no-github; undefined follows GITHUB_ACTIONS. */
  github?: boolean;
}

/** Writes the reports, prints the result, and picks the exit code (baseline, --strict). Shared by run and fuzz. */
export async function finishRun(report: Report, args: FinishArgs, baseline: Baseline | undefined, io: CliIO): Promise<number> {
  const github = githubEnabled(args.github, io.env);
  const outcome = await finishTarget(report, args, baseline, io, github);
  if (github) {
    const result = { name: args.name, report, exitCode: outcome.code, reports: args.reports, baseline: outcome.baseline };
    await publishToGithub([result], { strict: args.strict }, io);
  }
  return outcome.code;
}

async function finishTarget(
  report: Report,
  args: FinishArgs,
  baseline: Baseline | undefined,
  io: CliIO,
  github: boolean,
): Promise<{ code: number; baseline?: GithubTargetResult['baseline'] }> {
  const written = await writeReports(report, args.reports, { strict: args.strict });
  if (written.length) io.stdout(`reports: ${written.join(', ')}\n`);
  // The tree quotes what the server sent; under Actions that text must not run as workflow commands.
  const guard = github ? stopCommands() : undefined;
  if (guard) io.stdout(`${guard.stop}\n`);
  io.stdout(toTerminal(report, { color: io.color, verbose: args.verbose }));
  if (guard) io.stdout(`${guard.resume}\n`);

  const runs = report.runs ?? [report];
  const all = runs.flatMap((r) => r.checks.map((c) => ({ ...c, revision: r.protocolVersion })));
  if (baseline) {
    const verdict = applyBaseline(baseline, all, args.strict);
    for (const line of verdict.lines) io.stdout(`${line}\n`);
    return { code: verdict.ok ? EXIT.ok : EXIT.failed, baseline: { expected: [...baseline], unexpected: verdict.unexpected, stale: verdict.stale } };
  }
  const failed = all.some((c) => c.status === 'fail' || (args.strict && c.status === 'warn'));
  return { code: failed ? EXIT.failed : EXIT.ok };
}
