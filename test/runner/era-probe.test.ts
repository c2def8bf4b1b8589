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
    expect(report).toMatchObject({ era: 'stateless', protocolVersion: '2026-07-28', eras: { stateless: true } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['stateless/discover-result', 'pass']]);
  }, 20_000);

  it('a dual-era server whose discover answer comes late is tested at 2026-07-28, not at the stateful revision it also accepts', async () => {
    const report = await runSuite(slowStarting(['--era', 'dual'], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['stateless/discover-result', 'lifecycle/initialize-result'] });
    expect(report).toMatchObject({ era: 'stateless', protocolVersion: '2026-07-28', eras: { stateless: true } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['stateless/discover-result', 'pass']]);
  }, 20_000);

  it('a slow stateful server is still tested in the stateful era', async () => {
    const report = await runSuite(slowStarting([], STARTS_AFTER_S), { timeout: PROBE_WAIT_MS, only: ['lifecycle/initialize-result'] });
    expect(report).toMatchObject({ era: 'stateful', eras: { stateless: false } });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['lifecycle/initialize-result', 'pass']]);
  }, 20_000);
});
