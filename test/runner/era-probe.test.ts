// Era detection waits a short while for server/discover before trying initialize; on stdio that
// wait includes the server's start-up. A 2026-07-28-only server that starts more slowly must
// still be tested as one, not failed for refusing initialize.
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

// The run's timeout bounds the probe's wait; the servers start later than that, and then have
// as long again to answer initialize (Node's start-up under a loaded machine takes a while).
const PROBE_WAIT_MS = 2000;
const STARTS_AFTER_S = 2.5;

function slowStarting(args: string[], seconds: number): string[] {
  const command = fixtureCommand({ args }).map((a) => `'${a}'`).join(' ');
  return ['sh', '-c', `sleep ${seconds}; exec ${command}`];
}

describe('era detection against a server that starts slowly', () => {
  it('a 2026-07-28-only server whose discover answer comes after the probe gave up is still detected as stateless', async () => {
    const report = await runSuite(slowStarting(['--era', 'stateless'], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['stateless/discover-result', 'lifecycle/initialize-result'] });
    expect(report).toMatchObject({ era: 'stateless', protocolVersion: '2026-07-28', eras: { stateless: true, stateful: false } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['stateless/discover-result', 'pass']]);
    // With no revision asked for, initialize is then tried on a fresh (as slow) start.
  }, 40_000);

  it('a dual-era server whose discover answer comes late is detected at 2026-07-28, then tested at the stateful revision it also accepts', async () => {
    const report = await runSuite(slowStarting(['--era', 'dual'], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['stateless/discover-result', 'lifecycle/initialize-result'] });
    expect(report).toMatchObject({ protocolVersion: '2026-07-28', eras: { stateless: true, stateful: true } });
    // With no revision asked for, every era the server serves, the detected one first (every-era.test.ts).
    expect(report.runs?.map((r) => [r.era, r.protocolVersion, r.checks.map((c) => [c.id, c.status])])).toEqual([
      ['stateless', '2026-07-28', [['stateless/discover-result', 'pass']]],
      ['stateful', '2025-11-25', [['lifecycle/initialize-result', 'pass']]],
    ]);
  }, 40_000);

  it('a dual-era server that answers initialize before its late discover answer is detected at 2026-07-28 (a discover handler slow on a cold start, as .NET)', async () => {
    const report = await runSuite(slowStarting(['--era', 'dual', '--discover-delay', '1000'], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['stateless/discover-result', 'lifecycle/initialize-result'] });
    expect(report).toMatchObject({ protocolVersion: '2026-07-28', eras: { stateless: true, stateful: true } });
    expect(report.runs?.map((r) => [r.era, r.protocolVersion, r.checks.map((c) => [c.id, c.status])])).toEqual([
      ['stateless', '2026-07-28', [['stateless/discover-result', 'pass']]],
      ['stateful', '2025-11-25', [['lifecycle/initialize-result', 'pass']]],
    ]);
  }, 90_000);

  it('a slow stateful server is still tested in the stateful era', async () => {
    const report = await runSuite(slowStarting([], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['lifecycle/initialize-result'] });
    expect(report).toMatchObject({ era: 'stateful', eras: { stateless: false } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['lifecycle/initialize-result', 'pass']]);
  }, 20_000);
});

describe('era detection against a stateful server that answers server/discover (fixture --era discover-stateful)', () => {
  // Its discover result lists 2024-11-05 … 2025-11-25 only, and it refuses 2026-07-28 requests
  // with -32022, as the Go, Rust and .NET SDK servers of issue 27 do.
  const listed = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

  it('is tested through initialize, and the report says what server/discover listed', async () => {
    const report = await runSuite(fixtureCommand({ args: ['--era', 'discover-stateful'] }), { only: ['lifecycle/initialize-result', 'tools/list', 'stateless/discover-result'] });
    expect(report).toMatchObject({ era: 'stateful', protocolVersion: '2025-11-25', eras: { stateless: false, stateful: true, discoverVersions: listed } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['lifecycle/initialize-result', 'pass'],
      ['tools/list', 'pass'],
    ]);
  }, 30_000);

  it('gets every verdict the plain stateful fixture gets from the default suite', async () => {
    const plain = await runSuite(fixtureCommand(), {});
    const discovering = await runSuite(fixtureCommand({ args: ['--era', 'discover-stateful'] }), {});
    const got = new Map(discovering.checks.map((c) => [c.id, c]));
    const mismatches = plain.checks.filter((c) => got.get(c.id)?.status !== c.status).map((c) => `${c.id}: ${c.status} on the plain fixture, ${got.get(c.id)?.status}: ${got.get(c.id)?.message ?? ''}`);
    expect(mismatches).toEqual([]);
    expect(discovering.checks.length).toBe(plain.checks.length);
  }, 240_000);

  it('is still tested at 2026-07-28 when that revision is asked for', async () => {
    const report = await runSuite(fixtureCommand({ args: ['--era', 'discover-stateful'] }), { protocolVersion: '2026-07-28', only: ['stateless/discover-result'] });
    expect(report.era).toBe('stateless');
    expect(report.eras).not.toHaveProperty('discoverVersions');
  }, 30_000);
});
