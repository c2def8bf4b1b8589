// The methods of a correlation burst, weighed by what each costs this server (issue 28 item 3):
// a burst tests that concurrent answers keep their ids and kinds, not how fast a server builds a
// big listing, so a method whose answers are large or slow goes in it only as often as the server
// can serve within the timeout, and the cheap methods fill the rest. Every method still goes in
// at least once, beside others, so a swapped answer still shows another method's shape.
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

/** `n` requests cycling through `methods` in order. */
function cycle(methods: readonly string[], n: number): string[] {
  return Array.from({ length: Math.max(0, n) }, (_, i) => methods[i % methods.length]!);
}

/**
 * `count` requests: the plain cycle through `methods` when every method's cost allows its share;
 * else the cheap methods cycle first (each within what its cost allows, the cheapest filling the
 * rest) and each costly method comes last, as often as its cost allows (at least once). Last, because a server that answers in order then writes its big pages
 * after the small answers, instead of making dozens of them wait behind a page on a full pipe (the
 * SDK warns of 11 such writes, whoever reads).
 */
export function burstMethods(methods: readonly string[], count: number, costOf: (m: string) => MethodCost | undefined, timeoutMs: number): string[] {
  if (methods.length === 0) return [];
  const share = Math.ceil(count / methods.length);
  const filler = cheapest(methods, costOf);
  const allowed = new Map(methods.map((m) => [m, copiesAllowed(costOf(m), timeoutMs)]));
  const costly = methods.filter((m) => m !== filler && allowed.get(m)! < share);
  if (costly.length === 0) return cycle(methods, count);
  const tail = cycle(costly, costly.reduce((n, m) => n + allowed.get(m)!, 0));
  // Round-robin over what is left of each costly method's copies, so the tail stays mixed.
  const left = new Map(costly.map((m) => [m, allowed.get(m)!]));
  const mixed = tail.map((_, i) => {
    for (let k = 0; k < costly.length; k++) {
      const m = costly[(i + k) % costly.length]!;
      if (left.get(m)! > 0) {
        left.set(m, left.get(m)! - 1);
        return m;
      }
    }
    return filler;
  });
  const cheap = methods.filter((m) => !costly.includes(m));
  return [...cycleWithin(cheap, count - mixed.length, (m) => (m === filler ? Infinity : allowed.get(m)!)), ...mixed];
}

/** `n` requests cycling through `methods` in order, each at most `limit(m)` times (one of them unlimited). */
function cycleWithin(methods: readonly string[], n: number, limit: (m: string) => number): string[] {
  const used = new Map(methods.map((m) => [m, 0]));
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const m = methods[i % methods.length]!;
    if (used.get(m)! >= limit(m)) continue;
    used.set(m, used.get(m)! + 1);
    out.push(m);
  }
  return out;
}
