// Trust: every check passes on the conformant fixture and fails on its fault.
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';
import { FAULTS } from '../fixtures/faults.js';
import { FAULT_TABLE } from './fault-table.js';
import { idsWith, runAgainstFixture, runAgainstHttpFixture, runAgainstLegacySseFixture, statusOf } from './harness.js';

describe('the conformant fixture', () => {
  it('passes every check (nothing fails or warns)', async () => {
    const report = await runAgainstFixture();
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, async () => {
      const report = await runAgainstHttpFixture({ sse });
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
    });
  }
});

describe('the conformant fixture in the 2026-07-28 era', () => {
  it('passes every check over stdio', async () => {
    const report = await runAgainstFixture({ era: 'stateless' });
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(0);
  });

  for (const sse of [false, true]) {
    it(`passes every check over HTTP with ${sse ? 'SSE' : 'JSON'} replies`, async () => {
      const report = await runAgainstHttpFixture({ sse, era: 'stateless' });
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(idsWith(report, 'fail', 'warn')).toEqual([]);
      expect(report.summary.pass).toBeGreaterThan(0);
    });
  }
});

describe('every check has a fault that breaks it', () => {
  it('covers every shipped check with a known fault', () => {
    const missing = allChecks.map((c) => c.id).filter((id) => !FAULT_TABLE[id]);
    expect(missing).toEqual([]);
    const unknownFaults = Object.values(FAULT_TABLE).map((c) => c.fault).filter((f) => !(f in FAULTS));
    expect(unknownFaults).toEqual([]);
  });

  for (const [id, c] of Object.entries(FAULT_TABLE)) {
    it(`${id} → ${c.expect} with FAULT=${c.fault}`, async () => {
      const report =
        c.transport === 'http'
          ? await runAgainstHttpFixture({ fault: c.fault, sse: c.sse, only: [id], protocolVersion: c.protocolVersion, era: c.era, auth: c.auth })
          : c.transport === 'sse'
            ? await runAgainstLegacySseFixture({ fault: c.fault, only: [id] })
            : await runAgainstFixture({ fault: c.fault, only: [id], protocolVersion: c.protocolVersion, era: c.era });
      expect(statusOf(report, id)).toBe(c.expect);
    });
  }
});
