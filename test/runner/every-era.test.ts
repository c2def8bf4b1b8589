// With no revision asked for, a run tests every era the server serves (CONTRACT.md): a server
// detected as 2026-07-28 that also serves initialize (dual-era, S26-37) is run in both, one
// report with the two under `runs`; a stateless-only or stateful-only server stays one run.
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/session/index.js';
import { runTarget } from '../../src/runner/index.js';
import { statefulProbeOf } from '../../src/runner/every-era.js';
import { allChecks } from '../../suites/index.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from '../suites/harness.js';

// One check of each era: the detected run has the first, the initialize run the second.
const ONE_EACH = ['stateless/discover-result', 'lifecycle/initialize-result'];
const runsOf = (report: { runs?: Array<{ protocolVersion: string; era?: string; checks: Array<{ id: string; status: string }> }> }) =>
  report.runs?.map((r) => [r.protocolVersion, r.era, r.checks.map((c) => `${c.id} ${c.status}`)]);

describe('every era a server serves, with no revision asked for', () => {
  it('runs a dual-era server at 2026-07-28 (server/discover), then at 2025-11-25 (initialize), over stdio and HTTP', async () => {
    for (const report of [await runAgainstFixture({ era: 'dual', only: ONE_EACH }), await runAgainstHttpFixture({ era: 'dual', only: ONE_EACH })]) {
      expect(runsOf(report)).toEqual([
        ['2026-07-28', 'stateless', ['stateless/discover-result pass']],
        ['2025-11-25', 'stateful', ['lifecycle/initialize-result pass']],
      ]);
      // CONTRACT.md: two eras are `runs`, the top-level protocolVersion the newest.
      expect(report).toMatchObject({ protocolVersion: '2026-07-28', eras: { stateless: true, stateful: true }, checks: [] });
      expect(report.summary).toMatchObject({ total: 2, pass: 2 });
    }
  }, 60_000);

  it('finds a fault only the initialize era shows', async () => {
    const report = await runAgainstFixture({ era: 'dual', fault: 'init-missing-server-info', only: ONE_EACH });
    expect(report.runs?.map((r) => r.protocolVersion)).toEqual(['2026-07-28', '2025-11-25']);
    expect(statusOf(report, 'lifecycle/initialize-result')).toBe('fail');
    expect(report.summary.fail).toBe(1);
  }, 60_000);

  it('runs a 2026-07-28-only server once, saying what initialize got', async () => {
    const report = await runAgainstFixture({ era: 'stateless', only: ONE_EACH });
    expect(report.runs).toBeUndefined();
    expect(report).toMatchObject({ protocolVersion: '2026-07-28', era: 'stateless', eras: { stateless: true, stateful: false, initializeProbe: 'initialize refused with error -32022' } });
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(['stateless/discover-result pass']);
  }, 60_000);

  it('runs a stateful-only server once, as detection found it', async () => {
    const report = await runAgainstFixture({ only: ONE_EACH });
    expect(report.runs).toBeUndefined();
    expect(report).toMatchObject({ protocolVersion: '2025-11-25', era: 'stateful', eras: { stateless: false, stateful: true } });
    expect(report.eras).not.toHaveProperty('initializeProbe');
  }, 60_000);

  it('asks nothing more when the selection has no check for a stateful revision', async () => {
    const report = await runAgainstFixture({ era: 'dual', only: ['stateless/*'] });
    expect(report.runs).toBeUndefined();
    expect(report.eras).toEqual({ stateless: true });
  }, 60_000);

  it('a revision asked for narrows the run to it', async () => {
    const report = await runAgainstFixture({ era: 'dual', only: ONE_EACH, protocolVersion: '2026-07-28' });
    expect(report.runs).toBeUndefined();
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(['stateless/discover-result pass']);
  }, 60_000);

  it('a run the deadline stopped in the detected era tries no other', async () => {
    const report = await runTarget({
      target: { transport: 'stdio', command: fixtureCommand({ args: ['--era', 'dual', '--start-delay', '3000'] }) },
      checks: allChecks,
      only: ONE_EACH,
      seed: 1,
      requestTimeoutMs: 5000,
      quietMs: 300,
      deadlineMs: 1000,
      callTools: [],
      tool: { name: 'mcp-conform', version: 'test' },
    });
    expect(report.runs).toBeUndefined();
    expect(report.stopped).toBe('the run deadline passed');
  }, 30_000);
});

describe('the initialize probe after a 2026-07-28 detection', () => {
  const base = { id: 1, ms: 5, message: {} };
  const cases: Array<[string, Outcome, ReturnType<typeof statefulProbeOf>]> = [
    ['a result agreeing to 2025-11-25', { ...base, kind: 'result', result: { protocolVersion: '2025-11-25' } }, { served: true, revision: '2025-11-25' }],
    ['a result counter-offering an older stateful revision', { ...base, kind: 'result', result: { protocolVersion: '2025-06-18' } }, { served: true, revision: '2025-06-18' }],
    ['a result naming 2026-07-28', { ...base, kind: 'result', result: { protocolVersion: '2026-07-28' } }, { served: false, why: 'initialize answered with protocolVersion "2026-07-28"' }],
    ['a result naming no version', { ...base, kind: 'result', result: {} }, { served: false, why: 'initialize answered with protocolVersion missing' }],
    ['an error', { ...base, kind: 'error', error: { code: -32022, message: 'x' } }, { served: false, why: 'initialize refused with error -32022' }],
    ['silence', { id: 1, kind: 'timeout', ms: 7000 }, { served: false, why: 'initialize unanswered after 7.0 s' }],
    ['an HTTP refusal', { id: 1, kind: 'http-error', ms: 3, status: 405, body: '' }, { served: false, why: 'initialize refused with HTTP 405' }],
  ];
  it.each(cases)('%s', (_name, outcome, expected) => {
    expect(statefulProbeOf(outcome)).toEqual(expected);
  });
});
