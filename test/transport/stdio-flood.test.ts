// Memory safety under stdout floods. Its own file so the RSS numbers are not shared with other tests.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createStdioTransport } from '../../src/transport/stdio.js';
import { byMethod, collect, stdioCommand, waitFor } from './helpers.js';

const MB = 1024 * 1024;

// A full collection on demand, to tell what the transport keeps from garbage not yet collected.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/**
 * Strings and objects (heap) and Buffers in use once everything unreachable is gone. Buffers'
 * memory is freed by a task after the collection: a second one, a moment later, sees it gone.
 */
async function liveBytes(): Promise<number> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

describe('stdio transport: floods', () => {
  for (const [kind, flag] of [
    ['plain text', '--flood=600'],
    ['brace-wrapped invalid JSON', '--flood-json=600'],
  ] as const) {
    it(`survives 600 MB of ${kind} lines on stdout, keeps none of them, then delivers messages`, async () => {
      const t = createStdioTransport({ command: stdioCommand(flag), closeGraceMs: 5000, termGraceMs: 5000 });
      const got = collect(t);
      const live = await liveBytes();
      let peak = 0;
      const before = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - before)), 20);
      try {
        await t.start();
        await waitFor('message after the flood', () => byMethod(got, 'flood/done'), 60_000);
        // Measured with the transport still open: what it holds on to now, it would hold for the run.
        const kept = (await liveBytes()) - live;
        if (process.env.FLOOD_DEBUG) console.log('KEPT', kind, Math.round(kept / MB));
        expect(kept).toBeLessThan(32 * MB);
      } finally {
        clearInterval(sampler);
        await t.close();
      }
      peak = Math.max(peak, process.memoryUsage().rss - before);
      if (process.env.FLOOD_DEBUG) console.log('PEAK', kind, Math.round(peak / MB));
      expect(got.framing).toHaveLength(600);
      expect(got.framing.every((f) => f.problem === 'not-json' && f.raw.length <= 2100)).toBe(true);
      // Each 1 MiB line is dropped once parsed (kept, above, is the bound that says so). The peak
      // is garbage V8 collects when it sees fit: the 1 MiB strings and buffers of invalid JSON
      // live in large-object space until a full collection, whose timing depends on the heap the
      // worker already has (62-532 MB seen). Keeping the lines would take 1.2 GB.
      expect(peak).toBeLessThan(900 * MB);
    });
  }

  it('discards a 300 MB line over the cap without buffering it', async () => {
    const t = createStdioTransport({ command: stdioCommand('--huge-line=300'), closeGraceMs: 5000, termGraceMs: 5000 });
    const got = collect(t);
    let peak = 0;
    const before = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - before)), 20);
    try {
      await t.start();
      await waitFor('message after the huge line', () => byMethod(got, 'huge/done'), 60_000);
    } finally {
      clearInterval(sampler);
      await t.close();
    }
    peak = Math.max(peak, process.memoryUsage().rss - before);
    expect(got.framing.map((f) => f.problem)).toEqual(['too-large']);
    expect(peak).toBeLessThan(60 * MB);
  });
});
