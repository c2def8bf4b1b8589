// Wall time and peak RSS of `mcp-conform run` against server-everything over stdio
// (and our fixture server as a baseline). Prints a table; asserts nothing.
// Usage: npm run build && npx tsx bench/run.ts [--repeat N]
// bench/index.ts imports measureRun for the combined table.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isMain } from './is-main.js';

const root = join(import.meta.dirname, '..');
export const CLI = join(root, 'dist/cli.js');
// Preloaded into the CLI only (not inherited by the server it spawns): reports its own peak RSS.
const PROBE = join(root, 'bench/rss-probe.mjs');
const RUN_TIMEOUT_MS = 300_000;

export const RUN_TARGETS: Record<string, string[]> = {
  fixture: ['node', join(root, 'dist/test/fixtures/server.js')],
  'server-everything': ['node', join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

export interface RunSample {
  wallMs: number;
  /** Peak resident set of the mcp-conform process itself (getrusage maxrss), MiB. */
  peakRssMiB: number;
  /** CPU time of the mcp-conform process itself (user + system), ms: not the server's. */
  cpuMs: number;
  checks: number | undefined;
  exitCode: number | undefined;
}

export interface RunResult {
  samples: RunSample[];
  medianWallMs: number;
  minWallMs: number;
  maxWallMs: number;
  /** Highest peak RSS over the samples, MiB. */
  peakRssMiB: number;
  checks: number | undefined;
  exitCode: number | undefined;
}

/** Throws when dist/ is missing: the bench measures the built CLI, as users run it. */
export function assertBuilt(): void {
  for (const file of [CLI, RUN_TARGETS.fixture[1]]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

/** One `mcp-conform run --no-reports -- <command>` as a child process. */
export function runOnce(command: string[]): Promise<RunSample> {
  return runCli(['--', ...command]);
}

/** One `mcp-conform run --no-reports <args>` (a target: `-- <command>` or `--url <url>`, plus options) as a child process. */
export async function runCli(args: string[]): Promise<RunSample> {
  const t0 = performance.now();
  const r = await execa('node', ['--import', PROBE, CLI, 'run', '--no-reports', ...args], {
    reject: false,
    env: { NO_COLOR: '1' },
    timeout: RUN_TIMEOUT_MS,
  });
  const wallMs = performance.now() - t0;
  // The CLI prints its probe line last, after anything the server wrote through it.
  const probes = [...String(r.stderr).matchAll(/BENCH_MAX_RSS_KB=(\d+)/g)];
  const kb = Number(probes.at(-1)?.[1] ?? NaN);
  const cpuUs = Number([...String(r.stderr).matchAll(/BENCH_CPU_US=(\d+)/g)].at(-1)?.[1] ?? NaN);
  const checks = /(\d+) checks,/.exec(String(r.stdout))?.[1];
  return { wallMs, peakRssMiB: kb / 1024, cpuMs: cpuUs / 1000, checks: checks ? Number(checks) : undefined, exitCode: r.exitCode };
}

/** `repeat` sequential runs against `command`: median, range and peak. */
export async function measureRun(command: string[], repeat = 3, onSample?: (s: RunSample, i: number) => void): Promise<RunResult> {
  assertBuilt();
  const samples: RunSample[] = [];
  for (let i = 0; i < repeat; i++) {
    const sample = await runOnce(command);
    samples.push(sample);
    onSample?.(sample, i);
  }
  const walls = samples.map((s) => s.wallMs).sort((a, b) => a - b);
  return {
    samples,
    medianWallMs: walls[Math.floor(walls.length / 2)],
    minWallMs: walls[0],
    maxWallMs: walls[walls.length - 1],
    peakRssMiB: Math.max(...samples.map((s) => s.peakRssMiB)),
    checks: samples.at(-1)?.checks,
    exitCode: samples.at(-1)?.exitCode,
  };
}

/** Server processes started side by side by sideBySideStarts: a run starts 8 against server-everything, 2 at a time. */
const SIDE_BY_SIDE = 4;

/**
 * Wall time of SIDE_BY_SIDE server-everything processes started at once, each ending at once on
 * EOF (median of `repeat`). A suite run is bound by both cores loading server code, and this VM's
 * two cores deliver more or less of that hour by hour (one start alone stays near 0.4 s while a
 * whole run moves between 2.6 and 3.4 s): this figure says which kind of hour a measurement saw.
 */
export async function sideBySideStarts(repeat = 3): Promise<number> {
  const [file, ...args] = RUN_TARGETS['server-everything'];
  const walls: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: SIDE_BY_SIDE }, () => execa(file, args, { input: '', reject: false, timeout: RUN_TIMEOUT_MS })));
    walls.push(performance.now() - t0);
  }
  return walls.sort((a, b) => a - b)[Math.floor(walls.length / 2)];
}

async function main() {
  const at = process.argv.indexOf('--repeat');
  const repeat = (at > 0 && Number(process.argv[at + 1])) || 3;
  const before = await sideBySideStarts();
  console.log('target              run  wall ms  peak RSS MiB  checks  exit');
  for (const [name, command] of Object.entries(RUN_TARGETS)) {
    const r = await measureRun(command, repeat, (s, i) =>
      console.log(
        `${name.padEnd(19)} ${String(i + 1).padStart(3)}  ${s.wallMs.toFixed(0).padStart(7)}  ${s.peakRssMiB.toFixed(1).padStart(12)}  ${String(s.checks ?? '?').padStart(6)}  ${String(s.exitCode ?? '?').padStart(4)}`,
      ),
    );
    console.log(`${name.padEnd(19)} median wall ${r.medianWallMs.toFixed(0)} ms, peak RSS ${r.peakRssMiB.toFixed(1)} MiB`);
  }
  const after = await sideBySideStarts();
  console.log(`machine: ${SIDE_BY_SIDE} server-everything starts side by side took ${before.toFixed(0)} ms before the runs, ${after.toFixed(0)} ms after`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
