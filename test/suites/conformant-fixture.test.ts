// Trust: every check passes on the conformant fixture, over each wire, in both eras (that each
// fails on its fault is checks-fail-on-faults.test.ts). Each run is the whole suite, many server
// processes at once: they run one after the other, beside the proof files in other workers.
import { describe, expect, it } from 'vitest';
import { idsWith, runAgainstFixture, runAgainstHttpFixture } from './harness.js';

/** A run's own bound: the harness's run deadline, so a busy machine makes a run slow, not failed. */
const RUN_TIMEOUT_MS = 120_000;

describe('the conformant fixture', () => {
  it('passes every check (nothing fails or warns)', { timeout: RUN_TIMEOUT_MS }, async () => {
    const report = await runAgainstFixture();
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const report = await runAgainstHttpFixture({ sse });
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
    });
  }
});

describe('the conformant fixture in the 2026-07-28 era', () => {
  it('passes every check over stdio', { timeout: RUN_TIMEOUT_MS }, async () => {
    const report = await runAgainstFixture({ era: 'stateless' });
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const report = await runAgainstHttpFixture({ sse, era: 'stateless' });
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
    });
  }
});
