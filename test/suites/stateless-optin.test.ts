// Checks of the stateful revisions that also apply to 2026-07-28 (suites/lib/revisions.ts):
// they run in a 2026 run, and a fault still breaks them there wherever the fixture's stateless
// mode shares the faulty code path (or has a stateless fault of its own for the rule). The
// conformant fixture passing them in 2026 is proven by checks-fail-on-faults.test.ts. The runs
// force 2026-07-28, so that detection cannot fall back to a stateful run.
import { describe, expect, it } from 'vitest';
import { livenessRequest } from '../../suites/lib/alive.js';
import { andStateless, WITH_STATELESS } from '../../suites/lib/revisions.js';
import { allChecks } from '../../suites/index.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

interface Row {
  fault: string;
  expect: 'fail' | 'warn';
  transport?: 'http';
}

const ROWS: Record<string, Row> = {
  'lifecycle/capabilities-shape': { fault: 'capabilities-not-object', expect: 'fail' },
  'errors/parse-error': { fault: 'no-parse-error', expect: 'fail' },
  'stdio/invalid-json-survived': { fault: 'crash-on-invalid-json', expect: 'fail' },
  'tools/call-result': { fault: 'bad-base64', expect: 'fail' },
  'tools/structured-content': { fault: 'structured-content-mismatch', expect: 'fail' },
  // Stateless faults: the same rule, broken only by the 2026 code of the fixture.
  'tools/unknown-tool': { fault: 'reserved-error-code', expect: 'warn' },
  'cancellation/in-flight': { fault: 'cancelled-still-answers', expect: 'warn' },
  'messages/all-server-messages': { fault: 'no-result-type', expect: 'fail' },
  'capabilities/offered-features-declared': { fault: 'prompts-undeclared', expect: 'fail' },
  'progress/no-token': { fault: 'progress-without-token', expect: 'fail' },
  'http/foreign-origin-rejected': { fault: 'http-no-origin-check', expect: 'fail', transport: 'http' },
};

describe('revision sets', () => {
  it('adds 2026-07-28 to the stateful revisions', () => {
    expect(WITH_STATELESS).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect(andStateless(['2025-06-18'])).toEqual(['2025-06-18', '2026-07-28']);
  });

  it('probes liveness with ping, and with server/discover in 2026-07-28 (which has no ping)', () => {
    expect(livenessRequest('2025-11-25').method).toBe('ping');
    expect(livenessRequest('2026-07-28').method).toBe('server/discover');
  });

  it('keeps the checks about removed methods out of 2026-07-28', () => {
    const in2026 = new Set(allChecks.filter((c) => c.revisions?.includes('2026-07-28')).map((c) => c.id));
    for (const id of ['lifecycle/ping', 'lifecycle/initialize-result', 'logging/set-level', 'resources/subscribe', 'resources/unknown-uri', 'http/protocol-version-header']) {
      expect(in2026.has(id), id).toBe(false);
    }
    for (const id of Object.keys(ROWS)) expect(in2026.has(id), id).toBe(true);
  });
});

describe('opted-in checks break on faults in the 2026-07-28 era', () => {
  for (const [id, row] of Object.entries(ROWS)) {
    it(`${id} → ${row.expect} with FAULT=${row.fault}`, async () => {
      const report =
        row.transport === 'http'
          ? await runAgainstHttpFixture({ fault: row.fault, only: [id], era: 'stateless', protocolVersion: '2026-07-28' })
          : await runAgainstFixture({ fault: row.fault, only: [id], era: 'stateless', protocolVersion: '2026-07-28' });
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(statusOf(report, id)).toBe(row.expect);
    });
  }
});
