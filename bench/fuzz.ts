// Fuzz throughput: cases per second of each fuzz campaign over stdio against tiny-server.mjs (a
// server with no SDK that answers as fast as a pipe allows) and our fixture (and, with
// --everything, server-everything), each beside the server's own rate of pipelined pings measured
// in the same run: the ratio says how much of the server's speed the fuzzer uses (issue 28 item 7).
// With --plain, also each campaign as a plain `mcp-conform run` sends it (100 generated cases with
// the run's options), and with --plain-cli the CLI's own plain run (cases over the checks' time).
// Prints a table; asserts nothing.
// Usage: npm run build && npx tsx bench/fuzz.ts [--seconds N] [--everything] [--plain] [--plain-cli]
// bench/index.ts imports measureFuzz for the combined table.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import type fc from 'fast-check';
import { runCampaign, type CampaignOptions } from '../src/fuzz/campaign.js';
import { HOSTILE_TEXT, hostileTextCases } from '../src/fuzz/hostile-text.js';
import { campaignBudget, fuzzSettings } from '../src/fuzz/options.js';
import { validTrafficArbitrary } from '../src/fuzz/request-cases.js';
import { toolCaseArbitrary } from '../src/fuzz/tool-cases.js';
import type { CaseSpec } from '../src/fuzz/wire-case.js';
import { malformedCaseArbitrary } from '../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../src/schema/index.js';
import { initialize, openSession, type Session } from '../src/session/index.js';
import { fixtureFacts, REVISION } from '../test/fuzz/campaign-fixture.js';
import { fixtureCommand } from '../test/fixtures/launch.js';
import { isMain } from './is-main.js';

const root = join(import.meta.dirname, '..');

export const FUZZ_TARGETS: Record<string, string[]> = {
  tiny: ['node', join(root, 'bench/tiny-server.mjs')],
  fixture: fixtureCommand(),
  'server-everything': ['node', join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

const set = loadSchemaSet(REVISION);
type Facts = Awaited<ReturnType<typeof fixtureFacts>>;
/** What each fuzz check sends, as suites/fuzz.ts builds it: its cases, and in a plain run its fixed prefix and quick confirmation. */
interface Plan {
  cases: fc.Arbitrary<CaseSpec>;
  plainPrefix?: CaseSpec[];
  quickConfirm?: boolean;
}
const campaigns: Record<string, (facts: Facts) => Plan | undefined> = {
  'malformed-messages': ({ inventory }) => ({ cases: malformedCaseArbitrary({ set, inventory }), quickConfirm: true }),
  'valid-requests': ({ inventory }) => ({ cases: validTrafficArbitrary(set, inventory) }),
  'tool-arguments': ({ callable }) =>
    callable.length ? { cases: toolCaseArbitrary(callable, REVISION), plainPrefix: hostileTextCases(callable, REVISION).slice(0, PLAIN_RUN_PREFIX_ARGUMENTS * HOSTILE_TEXT.length) } : undefined,
};
/** suites/fuzz.ts: a plain run sends the hostile text into the first 25 string arguments. */
const PLAIN_RUN_PREFIX_ARGUMENTS = 25;

/** The options a plain `mcp-conform run` gives a fuzz campaign (suites/fuzz.ts campaign()). */
function plainRunOptions(plan: Plan): Omit<CampaignOptions, 'tag' | 'signal' | 'first' | 'connect'> {
  // 100: the command line's default --fuzz-runs.
  const s = fuzzSettings({ requestTimeoutMs: 5000, quietMs: 500, callTools: [], fuzzRuns: 100 }, plan.plainPrefix?.length);
  return {
    cases: plan.cases,
    prefix: plan.plainPrefix,
    seed: 1,
    ...campaignBudget(s, plan.quickConfirm),
    oracle: { crashRequirement: '-', hangRequirement: '-', caseTimeoutMs: s.caseTimeoutMs },
  };
}

/** The time-boxed search of `mcp-conform fuzz --duration <seconds>` (the bench's options since it was written). */
function timeBoxedOptions(plan: Plan, seconds: number): Omit<CampaignOptions, 'tag' | 'signal' | 'first' | 'connect'> {
  return {
    cases: plan.cases,
    seed: 1,
    runs: Number.MAX_SAFE_INTEGER,
    searchMs: seconds * 1000,
    shrinkMs: 10_000,
    caseTimeoutMs: 2000,
    softTimeoutMs: 500,
    maxFailures: 3,
    maxRestarts: 5,
    oracle: { crashRequirement: '-', hangRequirement: '-', caseTimeoutMs: 2000 },
  };
}

export interface FuzzRow {
  target: string;
  campaign: string;
  /** `fuzz`: a time-boxed search; `run`: a plain run's cases (100 generated, plus the tool campaign's prefix). */
  mode: 'fuzz' | 'run';
  cases: number;
  /** Cases per second of search (wall clock; shrinking not counted). */
  casesPerSecond: number;
  /** This process's CPU per case, µs: the client's cost, whatever the server takes. */
  clientCpuMicrosPerCase: number;
  failures: number;
  /** The server's own pipelined pings per second, measured just before the campaigns. */
  serverPingsPerSecond: number;
}

/** Pings written for the server's own rate, in one go behind the handshake. */
const RATE_PINGS = 20_000;

/**
 * The server's own speed: after initialize, RATE_PINGS pings in one write, timed from the write to
 * the last answer (the best of three). What a client that only pipelines pings gets from it.
 */
export async function pipelinedPingRate(command: string[], pings = RATE_PINGS): Promise<number> {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffered = '';
  let onLine: (line: string) => void = () => undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) onLine(line);
  });
  const answers = (ids: Set<string>) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command.join(' ')}: ${ids.size} pings unanswered after 60 s`)), 60_000);
      onLine = (line) => {
        const id = /"id":"?([\w-]+)"?/.exec(line)?.[1];
        if (id && ids.delete(id) && ids.size === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
  try {
    const init = { jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: 'bench', version: '0' } } };
    const ready = answers(new Set(['init']));
    child.stdin.write(`${JSON.stringify(init)}\n`);
    await ready;
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    let best = 0;
    for (let round = 0; round < 3; round++) {
      const ids = Array.from({ length: pings }, (_, i) => `p${round}-${i}`);
      const done = answers(new Set(ids));
      const t0 = performance.now();
      child.stdin.write(ids.map((id) => `{"jsonrpc":"2.0","id":"${id}","method":"ping"}\n`).join(''));
      await done;
      best = Math.max(best, (pings / (performance.now() - t0)) * 1000);
    }
    return best;
  } finally {
    child.kill('SIGKILL');
  }
}

export interface PlainRunRow {
  target: string;
  cases: number;
  /** The three fuzz checks' own durations, summed. */
  checkMs: number;
  casesPerSecond: number;
}

/** The three fuzz campaigns of a plain `mcp-conform run --only 'fuzz/*'`: their cases over their checks' time. */
export async function measurePlainRun(target: string, command: string[]): Promise<PlainRunRow> {
  const json = join(mkdtempSync(join(tmpdir(), 'bench-fuzz-')), 'report.json');
  await execa('node', [join(root, 'dist/cli.js'), 'run', '--only', 'fuzz/*', '--seed', '1', '--no-reports', '--json', json, '--', ...command], { reject: false, env: { NO_COLOR: '1' }, timeout: 120_000 });
  const report = JSON.parse(readFileSync(json, 'utf8')) as { checks: Array<{ message?: string; durationMs?: number }> };
  let cases = 0;
  let checkMs = 0;
  for (const c of report.checks) {
    cases += Number(/(\d+) fuzz cases/.exec(c.message ?? '')?.[1] ?? 0);
    checkMs += c.durationMs ?? 0;
  }
  return { target, cases, checkMs, casesPerSecond: (cases / Math.max(1, checkMs)) * 1000 };
}

/** Each campaign for `seconds` of search against each target, then (with `plain`) as a plain run sends it, one fresh server per campaign. */
export async function measureFuzz(
  targets: Record<string, string[]>,
  seconds: number,
  onRow?: (row: FuzzRow) => void,
  plain = false,
): Promise<FuzzRow[]> {
  const rows: FuzzRow[] = [];
  for (const [target, command] of Object.entries(targets)) {
    const serverPingsPerSecond = await pipelinedPingRate(command);
    for (const mode of plain ? (['fuzz', 'run'] as const) : (['fuzz'] as const)) {
      for (const [campaign, build] of Object.entries(campaigns)) {
        const row = await measureCampaign(command, mode === 'fuzz' ? (plan) => timeBoxedOptions(plan, seconds) : plainRunOptions, build);
        if (!row) continue;
        rows.push({ target, campaign, mode, serverPingsPerSecond, ...row });
        onRow?.(rows.at(-1)!);
      }
    }
  }
  return rows;
}

/** One campaign on a fresh server, with the options `optionsFor` gives its plan. */
async function measureCampaign(
  command: string[],
  optionsFor: (plan: Plan) => Omit<CampaignOptions, 'tag' | 'signal' | 'first' | 'connect'>,
  build: (facts: Facts) => Plan | undefined,
): Promise<Pick<FuzzRow, 'cases' | 'casesPerSecond' | 'clientCpuMicrosPerCase' | 'failures'> | undefined> {
  const opened: Session[] = [];
  const connect = async () => {
    const s = await openSession({ transport: 'stdio', command }, { revision: REVISION, requestTimeoutMs: 5000 });
    opened.push(s);
    await initialize(s, { protocolVersion: REVISION, capabilities: {} });
    return s;
  };
  try {
    const first = await connect();
    const plan = build(await fixtureFacts(first));
    if (!plan) return undefined;
    const cpu = process.cpuUsage();
    const r = await runCampaign({ ...optionsFor(plan), tag: 'bench', signal: new AbortController().signal, first, connect });
    const used = process.cpuUsage(cpu);
    return {
      cases: r.cases,
      casesPerSecond: (r.cases / Math.max(1, r.searchMs)) * 1000,
      clientCpuMicrosPerCase: r.cases ? (used.user + used.system) / r.cases : 0,
      failures: r.failures.length,
    };
  } finally {
    await Promise.all(opened.map((s) => s.close().catch(() => undefined)));
  }
}

async function main() {
  const arg = (name: string) => process.argv.indexOf(name);
  const seconds = arg('--seconds') > 0 ? Number(process.argv[arg('--seconds') + 1]) : 5;
  const targets = arg('--everything') > 0 ? FUZZ_TARGETS : { tiny: FUZZ_TARGETS.tiny, fixture: FUZZ_TARGETS.fixture };
  console.log(
    `target              campaign             mode   cases   cases/s  server pings/s  cases/ping  client CPU µs/case  failures  (fuzz: ${seconds} s of search each; run: a plain run's cases; shrinking not counted)`,
  );
  const rows = await measureFuzz(targets, seconds, (r) =>
    console.log(
      `${r.target.padEnd(19)} ${r.campaign.padEnd(20)} ${r.mode.padEnd(4)} ${String(r.cases).padStart(7)}  ${String(Math.round(r.casesPerSecond)).padStart(8)}  ${String(Math.round(r.serverPingsPerSecond)).padStart(14)}  ${(r.casesPerSecond / r.serverPingsPerSecond).toFixed(3).padStart(10)}  ${String(Math.round(r.clientCpuMicrosPerCase)).padStart(18)}  ${String(r.failures).padStart(8)}`,
    ),
  arg('--plain') > 0);
  for (const target of Object.keys(targets)) {
    const plainRows = rows.filter((r) => r.target === target && r.mode === 'run');
    if (plainRows.length === 0) continue;
    // The three campaigns of a plain run together: their cases over their search time.
    const cases = plainRows.reduce((n, r) => n + r.cases, 0);
    const ms = plainRows.reduce((n, r) => n + (r.cases / r.casesPerSecond) * 1000, 0);
    console.log(`${target}: a plain run's ${plainRows.length} campaigns, ${cases} cases at ${Math.round((cases / ms) * 1000)} cases/s`);
  }
  if (arg('--plain-cli') < 0) return;
  console.log('\nplain run by the CLI (`run --only fuzz/*`): cases over the three checks\' time');
  for (const [target, command] of Object.entries(targets)) {
    const p = await measurePlainRun(target, command);
    console.log(`${p.target.padEnd(19)} ${String(p.cases).padStart(6)} cases in ${String(p.checkMs).padStart(5)} ms  ${String(Math.round(p.casesPerSecond)).padStart(6)} cases/s`);
  }
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
