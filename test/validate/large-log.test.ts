// A million-line log is read in constant memory: the checker keeps counts, a capped request
// table and the first findings, never the log. Heap growth is asserted, not speed.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLog } from '../../src/schema/log/index.js';
import { writeLargeLog } from './large-log.js';

const LINES = 1_000_000;
const MB = 1024 * 1024;

describe('validate: a 1-million-line log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-large-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is checked with bounded memory, counting every finding', { timeout: 180_000 }, async () => {
    const path = join(dir, 'session.jsonl');
    // Planted: a banner every 1000th line (errors) and every 50th call left unanswered (warnings).
    const planted = writeLargeLog(path, { lines: LINES, garbageEvery: 1000, unansweredEvery: 50 });

    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    let report;
    try {
      // A small table forces evictions too: each unanswered call still gets exactly one warning.
      report = await checkLog(createReadStream(path, { highWaterMark: 256 * 1024 }), { maxInFlight: 1000 });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().heapUsed);

    expect(report.lines).toBe(LINES);
    expect(report.messages).toBe(LINES - planted.garbage);
    expect(report.summary).toEqual({ errors: planted.garbage, warnings: planted.unanswered, info: 0, omitted: planted.garbage + planted.unanswered - 1000 });
    expect(report.findings).toHaveLength(1000);
    expect(report.protocolVersion).toBe('2025-11-25');
    // The log is ~130 MB of text; keeping it, or one object per message, would blow past this.
    expect((peak - baseline) / MB).toBeLessThan(100);
  });
});
