// Memory safety under stdout floods. Its own file so the RSS numbers are not shared with other tests.
import { describe, expect, it } from 'vitest';
import { createStdioTransport } from '../../src/transport/stdio.js';
import { byMethod, collect, stdioCommand, waitFor } from './helpers.js';

const MB = 1024 * 1024;

describe('stdio transport: floods', () => {
  for (const [kind, flag] of [
    ['plain text', '--flood=600'],
    ['brace-wrapped invalid JSON', '--flood-json=600'],
  ] as const) {
    it(`survives 600 MB of ${kind} lines on stdout with bounded memory, then delivers messages`, async () => {
      const t = createStdioTransport({ command: stdioCommand(flag), closeGraceMs: 5000, termGraceMs: 5000 });
      const got = collect(t);
      let peak = 0;
      const before = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - before)), 20);
      try {
        await t.start();
        await waitFor('message after the flood', () => byMethod(got, 'flood/done'), 60_000);
      } finally {
        clearInterval(sampler);
        await t.close();
      }
      peak = Math.max(peak, process.memoryUsage().rss - before);
      if (process.env.FLOOD_DEBUG) console.log('PEAK', kind, Math.round(peak / MB));
      expect(got.framing).toHaveLength(600);
      expect(got.framing.every((f) => f.problem === 'not-json' && f.raw.length <= 2100)).toBe(true);
      // Each 1 MiB line is dropped once parsed. The peak includes garbage the GC has not collected
      // yet (30-210 MB seen on a loaded machine), so the bound is loose: half of what keeping the
      // lines would take.
      expect(peak).toBeLessThan(300 * MB);
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
