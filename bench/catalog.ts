// What a big catalog costs a run (issue 28 item 8): `mcp-conform run` against the SDK v1 catalog
// server (test/real/servers/sdk-v1-catalog) with 10, 100 and 1,000 tools, resources and prompts:
// wall time, our process's CPU and peak RSS, and the wall ratio to the 10-tool run. The sizes
// take turns, round by round, so each ratio compares runs of the same minutes. Asserts nothing.
// Usage: npm run build && npx tsx bench/catalog.ts [--repeat N]
// bench/index.ts imports measureCatalog for the combined table.
import { join } from 'node:path';
import { isMain } from './is-main.js';
import { assertBuilt, runOnce, type RunSample } from './run.js';

const SERVER = join(import.meta.dirname, '..', 'test/real/servers/sdk-v1-catalog/server.mjs');
export const CATALOG_SIZES = [10, 100, 1000] as const;

export interface CatalogRow {
  size: number;
  medianWallMs: number;
  medianCpuMs: number;
  /** Highest peak RSS of our process over the runs, MiB. */
  peakRssMiB: number;
  /** Median wall time over the 10-tool run's, both measured in the same rounds. */
  wallRatio: number;
  checks: number | undefined;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `repeat` rounds, each running every size once, in turn. */
export async function measureCatalog(repeat = 3, onSample?: (size: number, s: RunSample) => void): Promise<CatalogRow[]> {
  assertBuilt();
  const samples = new Map<number, RunSample[]>(CATALOG_SIZES.map((n) => [n, []]));
  for (let round = 0; round < repeat; round++) {
    for (const size of CATALOG_SIZES) {
      const s = await runOnce(['node', SERVER, String(size)]);
      samples.get(size)!.push(s);
      onSample?.(size, s);
    }
  }
  const base = median(samples.get(CATALOG_SIZES[0])!.map((s) => s.wallMs));
  return CATALOG_SIZES.map((size) => {
    const runs = samples.get(size)!;
    const medianWallMs = median(runs.map((s) => s.wallMs));
    return {
      size,
      medianWallMs,
      medianCpuMs: median(runs.map((s) => s.cpuMs)),
      peakRssMiB: Math.max(...runs.map((s) => s.peakRssMiB)),
      wallRatio: medianWallMs / base,
      checks: runs.at(-1)?.checks,
    };
  });
}

/** The bench table's row: one cell per size. */
export function catalogRow(rows: CatalogRow[], repeat: number): [string, string, string] {
  const cell = (r: CatalogRow) => `${r.size}: ${(r.medianWallMs / 1000).toFixed(1)} s (${r.wallRatio.toFixed(2)}×), ${(r.medianCpuMs / 1000).toFixed(1)} CPU-s, ${r.peakRssMiB.toFixed(0)} MiB`;
  const big = rows.at(-1)!;
  return [
    '`mcp-conform run` vs the SDK v1 catalog server, 10 / 100 / 1,000 tools (stdio)',
    `1,000 tools: **${big.wallRatio.toFixed(2)}×** the wall of 10, peak RSS ${big.peakRssMiB.toFixed(0)} MiB`,
    `${rows.map(cell).join('; ')}; ours only (CPU, RSS); median of ${repeat}, sizes in turn`,
  ];
}

async function main() {
  const at = process.argv.indexOf('--repeat');
  const repeat = (at > 0 && Number(process.argv[at + 1])) || 3;
  console.log('size  wall ms  our CPU ms  peak RSS MiB  checks  exit');
  const rows = await measureCatalog(repeat, (size, s) =>
    console.log(`${String(size).padStart(4)}  ${s.wallMs.toFixed(0).padStart(7)}  ${s.cpuMs.toFixed(0).padStart(10)}  ${s.peakRssMiB.toFixed(1).padStart(12)}  ${String(s.checks ?? '?').padStart(6)}  ${String(s.exitCode ?? '?').padStart(4)}`),
  );
  for (const r of rows) console.log(`${String(r.size).padStart(4)}  median wall ${r.medianWallMs.toFixed(0)} ms (${r.wallRatio.toFixed(2)}× the 10-tool run), our CPU ${r.medianCpuMs.toFixed(0)} ms, peak RSS ${r.peakRssMiB.toFixed(1)} MiB`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
