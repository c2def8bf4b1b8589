// The straggler rule shared by the tool survey and the client-request runs: once every other
// call of a batch has answered, the last one gets STRAGGLER_MS more, and every call at least
// BATCH_MIN_WAIT_MS from the start of the batch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MIN_WAIT_MS, STRAGGLER_MS, stragglerCutoff } from '../../suites/lib/straggler.js';

describe('stragglerCutoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAfter = async (giveUp: Promise<void>, stepMs: number, maxMs: number) => {
    let done = false;
    void giveUp.then(() => (done = true));
    for (let t = 0; t <= maxMs; t += stepMs) {
      await vi.advanceTimersByTimeAsync(stepMs);
      if (done) return t + stepMs;
    }
    return undefined;
  };

  it('gives a lone call the minimum wait', async () => {
    expect(await settledAfter(stragglerCutoff(1).giveUp, 50, 5000)).toBe(BATCH_MIN_WAIT_MS);
  });

  it('waits for all but one call, then STRAGGLER_MS more', async () => {
    const cutoff = stragglerCutoff(3);
    let done = false;
    void cutoff.giveUp.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(BATCH_MIN_WAIT_MS + 500);
    expect(done).toBe(false); // two calls still running: nobody is a straggler yet
    cutoff.ended();
    await vi.advanceTimersByTimeAsync(STRAGGLER_MS - 50);
    expect(done).toBe(false); // one still running besides the straggler
    cutoff.ended();
    await vi.advanceTimersByTimeAsync(STRAGGLER_MS - 50);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('never gives up before the minimum wait, however fast the others were', async () => {
    const cutoff = stragglerCutoff(2);
    cutoff.ended();
    expect(await settledAfter(cutoff.giveUp, 50, 5000)).toBe(Math.max(BATCH_MIN_WAIT_MS, STRAGGLER_MS));
  });
});
