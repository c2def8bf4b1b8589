// How often a campaign may draw each method, by what it costs this server (issue 28 item 1, the
// burst plan's idea for the fuzzer): a generated request of a method whose answers are big pages
// or slow to build (tools/list of a 1,000-tool catalog: 560 KB; a listing that takes 1.2 s) is
// drawn only as often as a campaign's share of bytes and time allows, never less than the
// cheapest method, so it is still covered. When every method is cheap the weights stay as given,
// so the same seed draws the same cases as before on a small, fast server.
import type { MethodCost } from '../session/index.js';
import { COSTLY_MS, type CostOf } from './queue-cost.js';

/** Bytes of one method's answers a campaign may ask for: a few pages of a big catalog. */
export const CAMPAIGN_BYTES_PER_METHOD = 2 * 1024 * 1024;
/** The server's time one method's answers may take over a campaign, ms. */
export const CAMPAIGN_MS_PER_METHOD = 4000;
/** Weights are integers (fast-check): capped weights are in these finer units. */
const FINER = 100;

/** How many answers of a method with this cost a campaign may ask for; undefined: no limit (cheap, or not measured). */
export function campaignCopies(cost: MethodCost | undefined): number | undefined {
  if (!cost) return undefined;
  const byBytes = Math.floor(CAMPAIGN_BYTES_PER_METHOD / Math.max(1, cost.bytes));
  const byTime = cost.latencyMs >= COSTLY_MS ? Math.floor(CAMPAIGN_MS_PER_METHOD / cost.latencyMs) : Infinity;
  const copies = Math.min(byBytes, byTime);
  return Number.isFinite(copies) ? Math.max(1, copies) : undefined;
}

export interface Weighted<T> {
  method: string;
  weight: number;
  arbitrary: T;
}

/**
 * The entries' weights, capped so that `runs` draws are expected to hold no more answers of a
 * method than its cost allows (at least one unit of weight each). Unchanged when no method is over.
 */
export function costCappedWeights<T>(entries: ReadonlyArray<Weighted<T>>, runs: number, costOf: CostOf | undefined): Array<{ weight: number; arbitrary: T }> {
  const allowed = entries.map((e) => campaignCopies(costOf?.(e.method)));
  const isOver = (weights: number[], i: number) => allowed[i] !== undefined && (runs * weights[i]!) / weights.reduce((a, b) => a + b, 0) > allowed[i]! + 1e-9;
  let weights = entries.map((e) => e.weight);
  if (!weights.some((_, i) => isOver(weights, i))) return entries.map(({ weight, arbitrary }) => ({ weight, arbitrary }));
  // Capped weights take their share of a total that shrinks as they are capped: with U the cheap
  // methods' weight and A the capped ones' copies, copies a of runs is a * U / (runs - A) of weight.
  const capped = new Set<number>();
  weights = weights.map((w) => FINER * w);
  for (let round = 0; round < entries.length; round++) {
    const more = weights.map((_, i) => i).filter((i) => !capped.has(i) && isOver(weights, i));
    if (more.length === 0) break;
    more.forEach((i) => capped.add(i));
    const cheap = weights.reduce((n, w, i) => n + (capped.has(i) ? 0 : w), 0);
    const copies = [...capped].reduce((n, i) => n + allowed[i]!, 0);
    if (cheap === 0 || runs <= copies) break;
    for (const i of capped) weights[i] = Math.max(1, Math.floor((allowed[i]! * cheap) / (runs - copies)));
  }
  return entries.map(({ arbitrary }, i) => ({ weight: weights[i]!, arbitrary }));
}
