// `mcp-conform fuzz`: a long fuzz campaign. A thin wrapper over `run`: the same options and
// reports, only the fuzz checks, one at a time, with a much larger budget, and a live counter of
// cases per second on stderr when interactive.
import type { Report } from '../checks/types.js';
import type { FuzzProgress } from '../fuzz/campaign.js';
import type { TargetRunOptions } from '../runner/target.js';
import { REVISIONS, type Revision } from '../schema/index.js';
import { randomSeed } from '../runner/seed.js';
import { fuzzChecks } from '../../suites/fuzz.js';
import { readBaseline } from './baseline.js';
import { EXIT, UsageError } from './errors.js';
import type { CliIO } from './io.js';
import { assertPatternsMatch, finishRun, parseRunArgs, runBounded, RUN_HELP } from './run.js';
import { catchInterrupts } from './interrupt.js';
import { packageVersion } from './version.js';

const DEFAULT_DURATION_S = 30;
const DEFAULT_SHRINK_S = 60;
/** With no --fuzz-runs, time is the limit. */
const UNLIMITED_RUNS = 1_000_000_000;

export const FUZZ_HELP = `Usage:
  mcp-conform fuzz [options] -- <command> [args...]
  mcp-conform fuzz [options] --url <url>

Runs only the fuzz checks (${fuzzChecks.map((c) => c.id).join(', ')}), one after
the other, for much longer than "run" does: malformed and hostile messages, generated valid
requests of every method, and arguments for the tools it may call. Every failure is shrunk to
a minimal input and reported once, with the bytes sent, what came back, and a command line
that replays it. Over Streamable HTTP (--url) every case is a POST of its own, judged by its
status too: never a 5xx or a broken connection, and a body that is not JSON gets a 4xx; over
legacy HTTP+SSE (--legacy-sse) every case is a POST whose answer comes on the stream. In
2026-07-28 every request carries its _meta (and over HTTP its routing headers), and requests
without _meta, in an unknown version or with headers that disagree with the body must get the
error the revision names.

Fuzz options:
  --duration <seconds>        time spent sending cases, per check (default ${DEFAULT_DURATION_S})
  --shrink-time <seconds>     time for isolating and shrinking failures, per check (default ${DEFAULT_SHRINK_S})
  --max-failures <n>          distinct failures shrunk per check (default 20)
  --fuzz-runs <n>             stop a check after n generated cases (default: when its time is up)
  --seed <n>                  the seed (default: random, printed in reports); with --fuzz-runs,
                              replays a failure

Every "run" option works too (reports, --only, --timeout, --call-tools, --protocol-version …):
${runOptionsBut(['--seed', '--fuzz-runs'])}

Examples:
  mcp-conform fuzz --duration 120 -- node build/index.js
  mcp-conform fuzz --only fuzz/tool-arguments --call-tools search,lookup -- npx -y my-mcp-server
`;

interface FuzzFlags {
  durationS: number;
  shrinkS: number;
  maxFailures?: number;
  rest: string[];
}

function seconds(flag: string, value: string | undefined): number {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) throw new UsageError(`${flag} takes a number of seconds, got "${value ?? ''}"`);
  return Number(value);
}

/** Takes the fuzz-only flags out of argv (before "--"); the rest goes to the run parser. */
export function extractFuzzFlags(argv: string[]): FuzzFlags {
  const flags: FuzzFlags = { durationS: DEFAULT_DURATION_S, shrinkS: DEFAULT_SHRINK_S, rest: [] };
  const end = argv.indexOf('--');
  const own = end < 0 ? argv : argv.slice(0, end);
  for (let i = 0; i < own.length; i++) {
    const [name, inline] = own[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : own[++i]);
    if (name === '--duration') flags.durationS = seconds('--duration', value());
    else if (name === '--shrink-time') flags.shrinkS = seconds('--shrink-time', value());
    else if (name === '--max-failures') {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`--max-failures takes a whole number of at least 1, got "${v ?? ''}"`);
      flags.maxFailures = Number(v);
    } else flags.rest.push(own[i]);
  }
  if (end >= 0) flags.rest.push(...argv.slice(end));
  return flags;
}

/** "12,345 cases (1,523/s)" per check, on one line. */
function counterLine(progress: Map<string, FuzzProgress>): string {
  const parts = [...progress.entries()].map(([id, p]) => {
    const rate = p.elapsedMs > 0 ? Math.round((p.cases / p.elapsedMs) * 1000) : 0;
    return `${id.replace('fuzz/', '')} ${p.cases.toLocaleString('en')} cases (${rate.toLocaleString('en')}/s)${p.failures ? `, ${p.failures} failure(s)` : ''}`;
  });
  return `fuzzing: ${parts.join(' · ')}`;
}

export async function fuzzCommand(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    const end = argv.indexOf('--');
    const before = end < 0 ? argv : argv.slice(0, end);
    if (before.includes('--help') || before.includes('-h')) {
      io.stdout(FUZZ_HELP);
      return EXIT.ok;
    }
  }
  const flags = extractFuzzFlags(argv);
  const before = flags.rest.indexOf('--') < 0 ? flags.rest : flags.rest.slice(0, flags.rest.indexOf('--'));
  const given = (flag: string) => before.some((a) => a === flag || a.startsWith(`${flag}=`));
  const args = parseRunArgs(flags.rest, randomSeed(), io.env, { command: 'fuzz', also: ['duration', 'shrink-time', 'max-failures'] });
  if (args.help) {
    io.stdout(FUZZ_HELP);
    return EXIT.ok;
  }
  assertPatternsMatch(fuzzChecks, args, undefined, `the fuzz checks are ${fuzzChecks.map((c) => c.id).join(', ')}`);
  const baseline = args.baseline ? await readBaseline(args.baseline) : undefined;
  const fuzzTimeMs = flags.durationS * 1000;
  const fuzzShrinkMs = flags.shrinkS * 1000;
  // A check may run for its search and shrink budgets plus connections and drains.
  const checkTimeoutMs = fuzzTimeMs + fuzzShrinkMs + 60_000;

  const progress = new Map<string, FuzzProgress>();
  let lastLen = 0;
  let lastDraw = 0;
  const draw = (force = false) => {
    const now = performance.now();
    if (!force && now - lastDraw < 250) return;
    lastDraw = now;
    const line = counterLine(progress);
    io.stderr(`\r${line}${' '.repeat(Math.max(0, lastLen - line.length))}`);
    lastLen = line.length;
  };
  const onFuzzProgress = io.interactive
    ? (checkId: string, p: FuzzProgress) => {
        progress.set(checkId, p);
        draw();
      }
    : undefined;

  const options: TargetRunOptions = {
    target: args.target,
    checks: fuzzChecks,
    // As `run`: without --protocol-version, every era the server serves (server/discover first,
    // then initialize as well; legacy HTTP+SSE is 2024-11-05).
    protocolVersion: args.protocolVersion ?? (args.target.transport === 'sse' ? '2024-11-05' : undefined),
    only: args.only,
    skip: args.skip,
    seed: args.seed,
    requestTimeoutMs: args.requestTimeoutMs,
    startTimeoutMs: args.startTimeoutMs,
    quietMs: args.quietMs,
    // The deadline bounds the whole target: with `all`, every revision's campaigns (one after
    // another on stdio); with no revision, a dual-era server's two eras.
    deadlineMs: given('--deadline') ? args.deadlineMs : (fuzzChecks.length * checkTimeoutMs + 60_000) * runsAtMost(args.protocolVersion),
    callTools: args.callTools,
    allTools: args.allTools,
    slowTool: args.slowTool,
    auth: args.auth,
    fuzzRuns: given('--fuzz-runs') ? args.fuzzRuns : UNLIMITED_RUNS,
    // One check at a time: each gets the machine to itself (the fuzz checks run in the shared
    // pool, on spare sessions, so both pools are limited).
    concurrency: 1,
    ownConcurrency: 1,
    checkTimeoutMs,
    fuzzTimeMs,
    fuzzShrinkMs,
    fuzzMaxFailures: flags.maxFailures,
    fuzzCommand: 'fuzz',
    onFuzzProgress,
    tool: { name: 'mcp-conform', version: packageVersion() },
  };
  // Until the report is written, SIGINT/SIGTERM stop the campaigns and leave a partial one (interrupt.ts).
  const interrupts = catchInterrupts();
  try {
    let report: Report;
    try {
      report = await runBounded({ ...options, signal: interrupts.signal });
    } finally {
      if (onFuzzProgress && lastLen) io.stderr(`\r${' '.repeat(lastLen)}\r`);
    }
    return await finishRun(report, args, baseline, io);
  } finally {
    interrupts.dispose();
  }
}

/** RUN_HELP's option lines, less the entries of `flags` (fuzz describes them itself), continuation lines included. */
function runOptionsBut(flags: readonly string[]): string {
  const lines = RUN_HELP.slice(RUN_HELP.indexOf('Options:') + 'Options:'.length).split('\n\nExit codes')[0].split('\n');
  const out: string[] = [];
  let dropping = false;
  for (const line of lines) {
    const entry = /^ {2}\S/.test(line);
    if (entry) dropping = flags.some((flag) => line.trimStart().startsWith(`${flag} `));
    if (!dropping) out.push(line);
  }
  return out.join('\n');
}

/** How many runs a target may get: one per revision with `all`, one per era (two) with none asked for. */
function runsAtMost(protocolVersion: Revision | 'all' | undefined): number {
  return protocolVersion === 'all' ? REVISIONS.length : protocolVersion === undefined ? 2 : 1;
}
