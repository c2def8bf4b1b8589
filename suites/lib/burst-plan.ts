// The methods of a correlation burst, weighed by what each costs this server (issue 28 item 3):
// a burst tests that concurrent answers keep their ids and kinds, not how fast a server builds a
// big listing, so a method whose answers are large or slow goes in it only as often as the server
// can serve within the timeout, and the cheapest method fills the rest. Every method still goes
// in at least once, between cheaper ones, so a swapped answer still shows another method's shape.
import type { MethodCost } from '../../src/session/index.js';

/** Bytes of one method's answers a burst may ask for: ten pages of a small list, one of a 360 KB catalog. */
export const BURST_BYTES_PER_METHOD = 1024 * 1024;
/** Share of the request timeout one method's copies may take the server to serve, one after another. */
const TIMEOUT_SHARE = 4;

/** How many copies of a method with this cost a burst may hold (at least one). */
export function copiesAllowed(cost: MethodCost | undefined, timeoutMs: number): number {
  if (!cost) return 1;
  const byBytes = Math.floor(BURST_BYTES_PER_METHOD / Math.max(1, cost.bytes));
  const byTime = Math.floor(timeoutMs / TIMEOUT_SHARE / Math.max(1, cost.latencyMs));
  return Math.max(1, Math.min(byBytes, byTime));
}

/** The cheapest method: quickest, then smallest answers; an unmeasured one counts as dear. */
function cheapest(methods: readonly string[], costOf: (m: string) => MethodCost | undefined): string {
  const weight = (m: string) => {
    const c = costOf(m);
    return c ? [c.latencyMs, c.bytes] : [Infinity, Infinity];
  };
  return [...methods].sort((a, b) => weight(a)[0] - weight(b)[0] || weight(a)[1] - weight(b)[1])[0]!;
}

/**
 * `count` requests cycling through `methods` in order, each method at most as often as its cost
 * allows; the cheapest one is never capped. A server whose answers all cost little gets the plain
 * cycle.
 */
export function burstMethods(methods: readonly string[], count: number, costOf: (m: string) => MethodCost | undefined, timeoutMs: number): string[] {
  if (methods.length === 0) return [];
  const filler = cheapest(methods, costOf);
  const left = new Map(methods.map((m) => [m, m === filler ? Infinity : copiesAllowed(costOf(m), timeoutMs)]));
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const method = methods[i % methods.length]!;
    const n = left.get(method)!;
    // A capped method's turn goes to the filler, so the heavy ones stay spread between cheap ones.
    if (n <= 0) out.push(filler);
    else {
      out.push(method);
      left.set(method, n - 1);
    }
  }
  return out;
}
