// expectConformant(): the suite as one assertion in a user's test, against the fixture server.
import { describe, expect, it } from 'vitest';
import { expectConformant } from '../../src/vitest/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

describe('expectConformant', () => {
  it('resolves with the report when every selected check passes', async () => {
    const report = await expectConformant(fixtureCommand(), { only: ['lifecycle/ping', 'lifecycle/server-info'] });
    expect(report.summary).toMatchObject({ total: 2, pass: 2, fail: 0 });
  });

  it('fails the test with one line per failing check', async () => {
    const err = await expectConformant(fixtureCommand({ fault: 'wrong-version' }), { only: 'lifecycle/version-echo' }).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    const lines = (err as Error).message.split('\n');
    expect(lines[0]).toMatch(/^expected the server to pass the conformance checks, but 1 of 1 check did not pass \(stdio: .*--fault wrong-version, 2025-06-18; 0 passed, 1 failed/);
    expect(lines[1]).toMatch(/^ {2}✗ lifecycle\/version-echo \[MUST\] \(LIFE-2\): asked for 2025-11-25.*got "2025-06-18"/);
  });
});
