// Listen streams over Streamable HTTP: each listen is its own SSE response, so progress and
// logs of a call on another POST must never show up on it; a wrong subscription id breaks both
// the acknowledgment and the tagging rule; per-request logging needs a stream to be seen.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

const LISTEN = ['subscriptions/acknowledged-first', 'subscriptions/only-requested', 'subscriptions/notifications-tagged', 'subscriptions/no-progress-on-listen', 'subscriptions/teardown-whole-run'];

describe('subscriptions checks', () => {
  it('pass over HTTP with SSE replies, where the call\'s logs arrive on its own stream', async () => {
    const report = await runAgainstHttpFixture({ era: 'stateless', sse: true, only: LISTEN });
    for (const id of LISTEN) expect(statusOf(report, id), id).toBe('pass');
    expect(report.checks.find((c) => c.id === 'subscriptions/no-progress-on-listen')?.message).toMatch(/all on its own stream/);
  });

  it('see progress and logs diverted to a listen stream opened by another POST', async () => {
    const report = await runAgainstHttpFixture({ era: 'stateless', fault: 'progress-on-listen', only: ['subscriptions/no-progress-on-listen'] });
    expect(statusOf(report, 'subscriptions/no-progress-on-listen')).toBe('fail');
  });

  it('fail both the acknowledgment and the tagging rule when the subscription id is wrong', async () => {
    const ids = ['subscriptions/acknowledged-first', 'subscriptions/notifications-tagged'];
    const report = await runAgainstFixture({ era: 'stateless', fault: 'listen-wrong-subscription-id', only: ids });
    for (const id of ids) expect(statusOf(report, id), id).toBe('fail');
  });

  it('skip the log routing and level checks over HTTP with JSON bodies, which carry no notifications', async () => {
    const ids = ['subscriptions/no-progress-on-listen', 'logging/per-request-level'];
    const report = await runAgainstHttpFixture({ era: 'stateless', only: ids });
    for (const id of ids) expect(statusOf(report, id), id).toBe('skip');
  });
});
