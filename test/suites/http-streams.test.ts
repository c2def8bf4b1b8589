// The SSE stream rules of Streamable HTTP (HTTP-12, -20, -21, -37, -38) on the fixture.
import { describe, expect, it } from 'vitest';
import { runAgainstHttpFixture, statusOf } from './harness.js';

const only = ['http/initialize-without-headers', 'http/sse-stream-ends-after-response', 'http/sse-event-ids-unique'];

describe('Streamable HTTP streams', () => {
  it('pass, not skip, on the conformant fixture with SSE replies', async () => {
    const report = await runAgainstHttpFixture({ sse: true, only });
    expect(only.map((id) => statusOf(report, id))).toEqual(['pass', 'pass', 'pass']);
  });

  it('the stream checks skip when replies are JSON and nothing can be compared', async () => {
    const report = await runAgainstHttpFixture({ only: ['http/sse-stream-ends-after-response'] });
    expect(statusOf(report, 'http/sse-stream-ends-after-response')).toBe('skip');
  });

  it('a response broadcast to the GET stream too breaks HTTP-20', async () => {
    const report = await runAgainstHttpFixture({ sse: true, fault: 'http-responses-on-get', only: ['http/sse-event-ids-unique'] });
    expect(statusOf(report, 'http/sse-event-ids-unique')).toBe('fail');
    expect(report.checks[0].message).toContain('went out on');
  });
});
