// `npm run bench`: the validator, the suite, the proxy and the fuzzer measured in one go, printed as ONE
// Markdown table (ready for the README). Asserts nothing. Each part also runs on its own:
// bench/validate.ts, bench/run.ts, bench/vs-official.ts, bench/proxy.ts, bench/fuzz.ts, bench/catalog.ts,
// bench/stability.ts.
// Usage: npm run build && npx tsx bench/index.ts [--repeat N] [--fuzz-seconds N] [--log-lines N] [--quick]
import { cpus, loadavg, release, totalmem } from 'node:os';
import { FUZZ_TARGETS, measureFuzz, type FuzzRow } from './fuzz.js';
import { measureProxy, PROXY_MESSAGES, proxyRow } from './proxy.js';
import { assertBuilt, measureRun, RUN_TARGETS, sideBySideStarts, type RunResult } from './run.js';
import { LOG_LINES, measureLog, measureValidator, REVISION, type RatePair } from './validate.js';
import { measureVsOfficial } from './vs-official.js';
import { catalogRow, measureCatalog } from './catalog.js';
import { measureStability, stabilityRow } from './stability.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at > 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

const quick = process.argv.includes('--quick');
const repeat = Math.max(1, option('--repeat', quick ? 1 : 3));
const fuzzSeconds = option('--fuzz-seconds', quick ? 2 : 5);
const logLines = option('--log-lines', quick ? 100_000 : LOG_LINES);

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mega = (n: number) => `${(n / 1e6).toFixed(2)} M`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const progress = (text: string) => process.stderr.write(`… ${text}\n`);

function machine(): string {
  const cpu = cpus();
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `Node ${process.version}, ${process.platform} ${release()} ${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${gib} GiB RAM`;
}

type Row = [benchmark: string, result: string, detail: string];

function validatorRow(p: RatePair, label: string): Row {
  return [
    `Validator, ${label} (rev. ${REVISION})`,
    `${mega(p.ours)} msg/CPU-s`,
    `SDK zod schemas ${mega(p.zod)} msg/CPU-s → **${(p.ours / p.zod).toFixed(1)}×**`,
  ];
}

function runRow(name: string, r: RunResult): Row {
  const range = repeat > 1 ? ` (${(r.minWallMs / 1000).toFixed(1)}–${(r.maxWallMs / 1000).toFixed(1)} s)` : '';
  return [
    `\`mcp-conform run\` vs ${name} (stdio)`,
    `${(r.medianWallMs / 1000).toFixed(1)} s wall, peak RSS ${r.peakRssMiB.toFixed(0)} MiB`,
    `${r.checks ?? '?'} checks, exit ${r.exitCode ?? '?'}; ${repeat > 1 ? `median of ${repeat}` : '1 run'}${range}`,
  ];
}

function fuzzRow(r: FuzzRow): Row {
  const how = r.mode === 'run' ? "a plain run's cases" : `${fuzzSeconds} s`;
  return [
    `Fuzz \`${r.campaign}\`${r.mode === 'run' ? ' (plain run)' : ''} vs ${r.target}`,
    `${int(r.casesPerSecond)} cases/s`,
    `${int(r.cases)} cases in ${how}; ${(r.casesPerSecond / r.serverPingsPerSecond).toFixed(3)} of the server's own ${int(r.serverPingsPerSecond)} pipelined pings/s; client CPU ${int(r.clientCpuMicrosPerCase)} µs/case; ${r.failures} failing case(s) found`,
  ];
}

function table(rows: Row[]): string {
  const header: Row = ['Benchmark', 'Result', 'Compared with / detail'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  assertBuilt();
  const startLoad = load();
  const started = Date.now();
  const rows: Row[] = [];

  progress('validator vs the SDK zod schemas');
  const v = measureValidator();
  rows.push(validatorRow(v.mix, 'realistic mix'), validatorRow(v.small, 'small messages'));
  if (logLines > 0) {
    progress(`validate on a ${int(logLines)}-line log`);
    const log = await measureLog(logLines);
    rows.push([
      `\`validate\` on a ${int(logLines)}-line log`,
      `${int(log.linesPerSecond)} lines/CPU-s`,
      `${int(log.linesPerWallSecond)} lines/wall-s; peak RSS ${(log.peakRss / 2 ** 20).toFixed(0)} MiB (in-process)`,
    ]);
  }
  progress(`proxy latency, ${int(PROXY_MESSAGES)} pings through the stdio proxy and direct`);
  rows.push(proxyRow(await measureProxy()));
  progress('4 server-everything starts side by side');
  const startsBefore = await sideBySideStarts();
  for (const name of ['server-everything', 'fixture']) {
    progress(`mcp-conform run vs ${name}, ${repeat}×`);
    rows.push(runRow(name, await measureRun(RUN_TARGETS[name], repeat)));
  }
  const startsAfter = await sideBySideStarts();
  // The suite rows depend on how much of its two cores the VM delivers at the time: see sideBySideStarts.
  rows.push(['4 server-everything starts side by side', `${int(startsBefore)} ms before the suite rows`, `${int(startsAfter)} ms after them (median of 3 each)`]);
  // Issue 28: what a big catalog costs, and whether a loaded machine changes any verdict.
  progress(`mcp-conform run vs the SDK v1 catalog server, 10/100/1,000 tools, ${repeat}× each`);
  rows.push(catalogRow(await measureCatalog(repeat), repeat));
  progress('verdict stability: quiet runs and runs beside two CPU burners');
  rows.push(stabilityRow(await measureStability()));
  // Issue 17's ratios: HTTP against the official suite, stdio against the floor, all revisions, peak RSS.
  rows.push(...(await measureVsOfficial(repeat, progress)));
  progress(`fuzz campaigns, ${fuzzSeconds} s each`);
  rows.push(...(await measureFuzz(FUZZ_TARGETS, fuzzSeconds, undefined, true)).map(fuzzRow));

  console.log(`mcp-conform benchmarks — ${new Date(started).toISOString()}`);
  console.log(machine());
  console.log(`Load average (1/5/15 min): ${startLoad} at start, ${load()} at end; took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  console.log(table(rows));
  console.log(
    '\nRates per CPU-second count only this process\'s CPU time; wall times and cases/s depend on whatever else the machine runs.',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 5;
});
