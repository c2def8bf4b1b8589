// `run --shard k/n`: the k-th of n slices of a config's targets. Every machine of a CI matrix
// computes the same slices from the same config (and durations file), so the slices cover
// every target exactly once. Targets go, longest first, to the slice with the least work so
// far: by their last known durations when given, otherwise one unit each, which deals them
// out in config order (1, n+1, 2n+1… to slice 1).
import { ReportInputError } from './errors.js';
import { serverRuns, type LoadedReport } from './read.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** `k/n` with 1 ≤ k ≤ n, or the reason it is not (for a usage error). */
export function parseShard(text: string): Shard | { problem: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return { problem: `--shard takes k/n (the k-th of n slices, e.g. 2/3), got "${text}"` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) return { problem: `--shard ${text}: k must be between 1 and n (e.g. 1/${Math.max(count, 1)} … ${Math.max(count, 1)}/${Math.max(count, 1)})` };
  return { index, count };
}

/** Each target's slice (1-based), in the targets' order. */
export function assignShards(names: readonly (string | undefined)[], count: number, durations: ReadonlyMap<string, number> = new Map()): number[] {
  const known = names.map((n) => (n !== undefined ? durations.get(n) : undefined)).filter((d): d is number => d !== undefined);
  // A target new since the durations were taken counts as an average one.
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = names.map((n) => Math.max(0, Math.round((n !== undefined ? durations.get(n) : undefined) ?? fallback)));
  const order = names.map((_, i) => i).sort((a, b) => weight[b] - weight[a] || a - b);
  const load = new Array<number>(count).fill(0);
  const slice = new Array<number>(names.length);
  for (const i of order) {
    let best = 0;
    for (let s = 1; s < count; s++) if (load[s] < load[best]) best = s;
    load[best] += weight[i] === 0 ? 1 : weight[i];
    slice[i] = best + 1;
  }
  return slice;
}

/** The items of `shard`, in their order. */
export function sliceOf<T extends { name?: string }>(items: readonly T[], shard: Shard, durations?: ReadonlyMap<string, number>): T[] {
  const slices = assignShards(items.map((t) => t.name), shard.count, durations);
  return items.filter((_, i) => slices[i] === shard.index);
}

/** ms per server name, summed over its runs, from earlier reports (a merged one holds them all). */
export function durationsOf(reports: readonly LoadedReport[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const loaded of reports) {
    for (const r of serverRuns(loaded)) {
      const ms = Number(r.run.durationMs);
      if (!Number.isFinite(ms) || ms < 0) throw new ReportInputError(`${loaded.file}: the run of ${r.server} has no durationMs`);
      out.set(r.server, (out.get(r.server) ?? 0) + ms);
    }
  }
  return out;
}
