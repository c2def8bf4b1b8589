// A listening period (collect, waitFor) ends with its session: nothing more can arrive, and a
// timer left running would keep the process alive after the run.
import { describe, expect, it } from 'vitest';
import { initialize, openSession } from '../../src/session/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

const NEVER_MS = 600_000;

async function initializedFixture() {
  const session = await openSession({ transport: 'stdio', command: fixtureCommand() }, { revision: '2025-11-25', requestTimeoutMs: 5000 });
  const h = await initialize(session, { protocolVersion: '2025-11-25', capabilities: {} });
  expect(h.outcome.kind).toBe('result');
  return session;
}

describe('listening periods end with the session', () => {
  it('collect() resolves with what it got when the session closes, long before its period', async () => {
    const session = await initializedFixture();
    const collecting = session.collect(NEVER_MS);
    const pong = await session.request('ping');
    expect(pong.kind).toBe('result');
    await session.close();
    const got = await collecting;
    // The ping's answer came during the period.
    expect(got.some((r) => (r.message as { id?: unknown }).id !== undefined)).toBe(true);
  }, 20_000);

  it('waitFor() resolves undefined when the session closes, and at once on a closed session', async () => {
    const session = await initializedFixture();
    const waiting = session.waitFor(() => false, NEVER_MS);
    await session.close();
    expect(await waiting).toBeUndefined();
    expect(await session.waitFor(() => true, NEVER_MS)).toBeUndefined();
    expect(await session.collect(NEVER_MS)).toEqual([]);
  }, 20_000);
});
