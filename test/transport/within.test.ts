// within(): a bounded wait that clears its timer when it ends, so a finished wait keeps no
// process alive (a race against a plain delay held the CLI until its forced exit).
import { describe, expect, it } from 'vitest';
import { within } from '../../src/transport/index.js';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('within', () => {
  it('gives the value when the promise settles first, and leaves no timer behind', async () => {
    const before = timers();
    expect(await within(Promise.resolve(7), 60_000)).toBe(7);
    expect(timers()).toBe(before);
  });

  it('gives undefined when the time runs out first', async () => {
    expect(await within(new Promise<number>(() => undefined), 5)).toBeUndefined();
  });

  it('passes a rejection through, and clears its timer then too', async () => {
    const before = timers();
    await expect(within(Promise.reject(new Error('boom')), 60_000)).rejects.toThrow('boom');
    expect(timers()).toBe(before);
  });
});
