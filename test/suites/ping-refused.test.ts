// A server that refuses ping (-32601) and serves everything else breaks one rule, PING-1: the
// whole default suite must say so once (lifecycle/ping) and otherwise read exactly as on the
// conformant fixture. Every "still alive?" probe used to be ping, so five more checks failed.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { runAgainstFixture } from './harness.js';

/** Checks of ping's own forms and timing: with ping refused outright, there is nothing of theirs to judge. */
const PING_ITSELF = ['lifecycle/ping-params-forms', 'lifecycle/ping-before-initialized'];
const byId = (report: Report) => new Map(report.checks.map((c) => [c.id, c]));

describe('a server that answers ping with -32601 (fault ping-method-not-found)', () => {
  it('fails lifecycle/ping and gets every other verdict the conformant fixture gets, over stdio', async () => {
    // One after the other: two whole runs at once on two cores would make slowness the difference.
    const conformant = await runAgainstFixture();
    const refusing = await runAgainstFixture({ fault: 'ping-method-not-found' });
    const faulty = byId(refusing);
    expect(faulty.get('lifecycle/ping')).toMatchObject({ status: 'fail', message: expect.stringContaining('-32601') });
    // The checks about ping itself say they cannot judge it, pointing at the one finding.
    for (const id of PING_ITSELF) expect(faulty.get(id), id).toMatchObject({ status: 'skip', message: expect.stringContaining('see lifecycle/ping') });
    const mismatches = conformant.checks
      .filter((c) => c.id !== 'lifecycle/ping' && !PING_ITSELF.includes(c.id) && faulty.get(c.id)?.status !== c.status)
      .map((c) => `${c.id}: ${c.status} on the conformant fixture, ${faulty.get(c.id)?.status} with the fault: ${faulty.get(c.id)?.message ?? ''}`);
    expect(mismatches).toEqual([]);
    expect(refusing.checks.length).toBe(conformant.checks.length);
  }, 240_000);
});
