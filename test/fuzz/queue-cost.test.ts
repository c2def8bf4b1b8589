// The ping's wait behind costly requests, and how often a campaign draws a costly method
// (queue-cost.ts, cost-weights.ts): only measured costs count, within a ceiling, and on a server
// where every method is cheap the weights (and so the seeded cases) are untouched.
import { describe, expect, it } from 'vitest';
import { campaignCopies, costCappedWeights } from '../../src/fuzz/cost-weights.js';
import type { CaseRun } from '../../src/fuzz/observation.js';
import { pingWaitMs, queuedWorkMs } from '../../src/fuzz/queue-cost.js';
import type { MethodCost } from '../../src/session/index.js';

const run = (id: number, method: string) => ({ expect: { refs: [{ id, method }] } }) as unknown as CaseRun;
const costs: Record<string, MethodCost> = {
  'tools/list': { latencyMs: 1200, bytes: 2_000, answers: 1 },
  'prompts/list': { latencyMs: 300, bytes: 560_000, answers: 1 },
  ping: { latencyMs: 2, bytes: 40, answers: 9 },
};
const costOf = (m: string) => costs[m];

describe('the wait for a ping behind costly requests', () => {
  it('adds the measured time of the unanswered costly requests ahead, nothing for cheap or never-answered methods', () => {
    const runs = [run(1, 'tools/list'), run(2, 'ping'), run(3, 'resources/read'), run(4, 'tools/list'), run(5, 'prompts/list')];
    expect(queuedWorkMs(runs, costOf, () => false)).toBe(2700);
    expect(queuedWorkMs(runs, costOf, (_r, id) => id === 1)).toBe(1500);
    expect(queuedWorkMs([run(1, 'resources/read')], costOf, () => false)).toBe(0);
  });

  it('grows from the case timeout up to a ceiling of twelve times it', () => {
    expect(pingWaitMs(750, 0)).toBe(750);
    expect(pingWaitMs(750, 1200)).toBe(1950);
    expect(pingWaitMs(750, 60_000)).toBe(9000);
  });
});

describe('how often a campaign draws a costly method', () => {
  const entries = ['ping', 'tools/list', 'prompts/list', 'resources/read'].map((method) => ({ method, weight: 3, arbitrary: method }));

  it('leaves the weights as given when every method is cheap or unmeasured', () => {
    expect(costCappedWeights(entries, 300, (m) => (m === 'ping' ? costs.ping : undefined)).map((e) => e.weight)).toEqual([3, 3, 3, 3]);
    expect(costCappedWeights(entries, 300, undefined).map((e) => e.weight)).toEqual([3, 3, 3, 3]);
  });

  it('caps a slow or big method to what its cost allows, never to nothing', () => {
    expect(campaignCopies(costs['tools/list'])).toBe(3); // 4 s of the server's time at 1.2 s each
    expect(campaignCopies(costs['prompts/list'])).toBe(3); // 2 MiB at 560 KB a page
    expect(campaignCopies(costs.ping)).toBe(Math.floor((2 * 1024 * 1024) / 40));
    const weights = costCappedWeights(entries, 300, costOf).map((e) => e.weight);
    const share = (i: number) => (300 * weights[i]!) / weights.reduce((a, b) => a + b, 0);
    expect(share(1)).toBeLessThanOrEqual(3.5);
    expect(share(2)).toBeLessThanOrEqual(3.5);
    expect(weights[1]).toBeGreaterThan(0);
    expect(weights[0]).toBe(300);
  });
});
