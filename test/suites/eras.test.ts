// Era detection: without a revision the runner tries server/discover first and falls back to
// initialize; `all` probes both eras. The report says what was tested and what was found.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, runAgainstHttpFixture } from './harness.js';

const ONE_CHECK = ['tools/list'];

describe('era detection', () => {
  it('tests the newest stateful revision of a server that does not know server/discover', async () => {
    const report = await runAgainstFixture({ only: ONE_CHECK });
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(report.era).toBe('stateful');
    expect(report.eras).toEqual({ stateless: false, stateful: true });
    expect(report.checks[0]?.status).toBe('pass');
  });

  it('tests 2026-07-28 when server/discover answers, over stdio and HTTP', async () => {
    for (const report of [await runAgainstFixture({ only: ONE_CHECK, era: 'stateless' }), await runAgainstHttpFixture({ only: ONE_CHECK, era: 'stateless' })]) {
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(report.era).toBe('stateless');
      // With no revision asked for, initialize was tried too (every-era.test.ts): refused, so one run.
      expect(report.eras).toEqual({ stateless: true, stateful: false, initializeProbe: 'initialize refused with error -32022' });
    }
  });

  it('runs every revision of a dual-era server with "all", each in its own era', async () => {
    const report = await runAgainstFixture({ only: ONE_CHECK, era: 'dual', protocolVersion: 'all' });
    expect(report.runs?.map((r) => [r.protocolVersion, r.era])).toEqual([
      ['2024-11-05', 'stateful'],
      ['2025-03-26', 'stateful'],
      ['2025-06-18', 'stateful'],
      ['2025-11-25', 'stateful'],
      ['2026-07-28', 'stateless'],
    ]);
    expect(report.eras).toEqual({ stateless: true, stateful: true });
  });

  it('a stateless-only server is not run at stateful revisions under "all"', async () => {
    const report = await runAgainstFixture({ only: ONE_CHECK, era: 'stateless', protocolVersion: 'all' });
    expect(report.runs?.map((r) => r.protocolVersion)).toEqual(['2026-07-28']);
    expect(report.eras).toEqual({ stateless: true, stateful: false });
  });

  it('a forced 2026-07-28 run against a stateful-only server skips its checks with the reason', async () => {
    const report = await runAgainstFixture({ only: ['stateless/cache-fields'], protocolVersion: '2026-07-28' });
    expect(report.era).toBe('stateless');
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['stateless/cache-fields', 'skip']]);
    expect(report.checks[0]?.message).toMatch(/did not complete server\/discover/);
  });
});
