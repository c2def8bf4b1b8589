// The slicing of --shard: every target in exactly one slice, the same on every machine, balanced
// by durations when given.
import { describe, expect, it } from 'vitest';
import { assignShards, parseShard, sliceOf } from '../../src/fleet/index.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

describe('parseShard', () => {
  it('takes k/n with 1 ≤ k ≤ n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '1/0', '3', 'a/b', '-1/2', '1/2/3', '']) expect(parseShard(bad), bad).toHaveProperty('problem');
  });
});

describe('assignShards', () => {
  it('without durations deals targets out in config order', () => {
    expect(assignShards(names(7), 3)).toEqual([1, 2, 3, 1, 2, 3, 1]);
  });

  it('puts every target in exactly one slice, whatever n', () => {
    for (let n = 1; n <= 9; n++) {
      const items = names(6).map((name) => ({ name }));
      const slices = Array.from({ length: n }, (_, k) => sliceOf(items, { index: k + 1, count: n }).map((t) => t.name));
      expect(slices.flat().sort()).toEqual(names(6).sort());
    }
  });

  it('balances by durations: the longest first, each to the slice with least work so far', () => {
    const durations = new Map([['t1', 100], ['t2', 10], ['t3', 60], ['t4', 50], ['t5', 40]]);
    // t1 → 1 (100), t3 → 2 (60), t4 → 2 (110), t5 → 1 (140), t2 → 2 (120)
    expect(assignShards(names(5), 2, durations)).toEqual([1, 2, 2, 2, 1]);
    const load = (k: number) => names(5).filter((_, i) => assignShards(names(5), 2, durations)[i] === k).reduce((s, n) => s + durations.get(n)!, 0);
    expect(Math.abs(load(1) - load(2))).toBeLessThanOrEqual(40);
  });

  it('a target new since the durations counts as an average one; the result does not depend on map order', () => {
    const a = new Map([['t1', 30], ['t2', 10]]);
    const b = new Map([['t2', 10], ['t1', 30]]);
    expect(assignShards(names(3), 2, a)).toEqual(assignShards(names(3), 2, b));
    expect(assignShards(names(3), 2, a)).toEqual([1, 2, 2]);
  });
});
