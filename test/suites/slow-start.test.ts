// Slow is not broken: a server that takes seconds to start (npx fetching a package, a JIT warming
// up) gets the verdicts it gets when it starts at once. The first answer of every fresh process
// waits under the start bound, whatever that first request is; later ones under the timeout.
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture } from './harness.js';
import { lastingDifferences } from './same-statuses.js';

/** The CLI's default timeout: the slow starts below take longer than it. */
const TIMEOUT_MS = 5000;
const SLOW_START_MS = 6000;

describe('a server that starts slowly', () => {
  it(`gets the same status for every check with a ${SLOW_START_MS / 1000} s start as with none (stdio, default suite)`, async () => {
    // One after the other: side by side, each would slow the other down.
    const runs = async (only?: string[]) =>
      [
        await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only }),
        await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only, slowTool: 'slow', target: { transport: 'stdio', command: fixtureCommand({ args: ['--start-delay', String(SLOW_START_MS)] }) } }),
      ] as const;
    const [base, slow] = await runs();
    expect(slow.summary.total).toBe(base.summary.total);
    expect(await lastingDifferences(base, slow, runs)).toEqual([]);
  }, 240_000);

  it('and one that reads at once but answers its first request late gets them too', async () => {
    const runs = async (only = ['lifecycle/*', 'ids/*', 'fuzz/*', 'client-requests/*', 'tasks/*']) =>
      [
        await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only }),
        await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only, slowTool: 'slow', target: { transport: 'stdio', command: fixtureCommand({ args: ['--first-answer-delay', String(SLOW_START_MS)] }) } }),
      ] as const;
    const [base, slow] = await runs();
    expect(await lastingDifferences(base, slow, runs)).toEqual([]);
  }, 240_000);

  it('a bare subscriptions/listen as the first request of a fresh process waits under the start bound too (2026-07-28)', async () => {
    const runs = async (only = ['subscriptions/*']) =>
      [
        await runAgainstFixture({ era: 'stateless', requestTimeoutMs: TIMEOUT_MS, only }),
        await runAgainstFixture({ era: 'stateless', requestTimeoutMs: TIMEOUT_MS, only, target: { transport: 'stdio', command: fixtureCommand({ args: ['--era', 'stateless', '--start-delay', String(SLOW_START_MS)] }) } }),
      ] as const;
    const [base, slow] = await runs();
    expect(slow.checks.find((c) => c.id === 'subscriptions/acknowledged-first')?.status).toBe('pass');
    expect(await lastingDifferences(base, slow, runs)).toEqual([]);
  }, 240_000);

  it('that never answers its first request still fails, at the start bound', async () => {
    // At a revision asked for, initialize is the first request (no era probe for the server to answer first).
    const report = await runAgainstFixture({ fault: 'hang-on-initialize', protocolVersion: '2025-11-25', only: ['lifecycle/initialize-result'], requestTimeoutMs: 500, startTimeoutMs: 2500 });
    const check = report.checks.find((c) => c.id === 'lifecycle/initialize-result');
    expect(check).toMatchObject({ status: 'fail', message: expect.stringMatching(/no response within 2\d{3} ms \(the start bound: the server answered nothing on this connection\)/) });
  }, 60_000);
});
