// Trust: every check passes on the conformant fixture, over each wire, in both eras (that each
// fails on its fault is checks-fail-on-faults.test.ts). Each run is the whole suite, many server
// processes at once: they run one after the other, beside the proof files in other workers.
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';
import { watchShares } from './declared-shares.js';
import { idsWith, runAgainstFixture, runAgainstHttpFixture } from './harness.js';

/** A run's own bound: the harness's run deadline, so a busy machine makes a run slow, not failed. */
const RUN_TIMEOUT_MS = 120_000;

// Each run also proves the records' `shares`: no check waits on shared work its record leaves out.
describe('the conformant fixture', () => {
  it('passes every check (nothing fails or warns)', { timeout: RUN_TIMEOUT_MS }, async () => {
    const watch = watchShares(allChecks);
    const report = await runAgainstFixture({ checks: watch.checks });
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
    expect(watch.undeclared()).toEqual([]);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const watch = watchShares(allChecks);
      const report = await runAgainstHttpFixture({ sse, checks: watch.checks });
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
      expect(watch.undeclared()).toEqual([]);
    expect(watch.undeclared()).toEqual([]);
    });
  }
});

describe('the conformant fixture in the 2026-07-28 era', () => {
  it('passes every check over stdio', { timeout: RUN_TIMEOUT_MS }, async () => {
    const watch = watchShares(allChecks);
    const report = await runAgainstFixture({ era: 'stateless', checks: watch.checks });
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
    expect(watch.undeclared()).toEqual([]);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const watch = watchShares(allChecks);
      const report = await runAgainstHttpFixture({ sse, era: 'stateless', checks: watch.checks });
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
      expect(watch.undeclared()).toEqual([]);
    expect(watch.undeclared()).toEqual([]);
    });
  }
});
