// The SSE stream rules of Streamable HTTP (HTTP-12, -20, -21, -37, -38) on the fixture.
import { describe, expect, it } from 'vitest';
import { runAgainstHttpFixture, statusOf } from './harness.js';

const only = ['http/initialize-without-headers', 'http/sse-stream-ends-after-response', 'http/sse-event-ids-unique', 'http/related-messages-on-request-stream'];

describe('Streamable HTTP streams', () => {
  it('pass, not skip, on the conformant fixture with SSE replies', async () => {
    const report = await runAgainstHttpFixture({ sse: true, only });
    expect(only.map((id) => statusOf(report, id))).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('pass, not skip, on a conformant fixture that answers ping and lists with JSON and streams only tool calls', async () => {
    // The checks make their streams with calls of the slow tool, and judge ids over the whole run.
    const streamChecks = [...only.slice(1), 'http/sse-resumption', 'http/sse-reply-events', 'http/sse-event-ids-whole-run'];
    const report = await runAgainstHttpFixture({ sse: true, fixtureArgs: ['--sse-calls-only'], only: streamChecks });
    expect(Object.fromEntries(streamChecks.map((id) => [id, statusOf(report, id)]))).toEqual(Object.fromEntries(streamChecks.map((id) => [id, 'pass'])));
  });

  it('the stream checks skip when replies are JSON and nothing can be compared, saying what they tried', async () => {
    const report = await runAgainstHttpFixture({ only: ['http/sse-stream-ends-after-response'] });
    expect(statusOf(report, 'http/sse-stream-ends-after-response')).toBe('skip');
    expect(report.checks[0].message).toMatch(/ping → HTTP 200 application\/json.*tools\/call slow with a progress token → HTTP 200 application\/json/);
  });

  it('the stream checks skip when replies are JSON and nothing can be compared (no slow tool)', async () => {
    const report = await runAgainstHttpFixture({ only: ['http/sse-stream-ends-after-response'], slowTool: false });
    expect(statusOf(report, 'http/sse-stream-ends-after-response')).toBe('skip');
  });

  it('a response broadcast to the GET stream too breaks HTTP-20', async () => {
    const report = await runAgainstHttpFixture({ sse: true, fault: 'http-responses-on-get', only: ['http/sse-event-ids-unique'] });
    expect(statusOf(report, 'http/sse-event-ids-unique')).toBe('fail');
    expect(report.checks[0].message).toContain('went out on');
  });
});

describe('http/sse-resumption', () => {
  const only = ['http/sse-resumption'];
  it('passes when the fixture resumes the dropped call and the work went on', async () => {
    const report = await runAgainstHttpFixture({ sse: true, only });
    expect(statusOf(report, 'http/sse-resumption')).toBe('pass');
  });

  it('warns when dropping the connection cancelled the call (HTTP-16)', async () => {
    const report = await runAgainstHttpFixture({ sse: true, fault: 'http-drop-cancels', only });
    expect(statusOf(report, 'http/sse-resumption')).toBe('warn');
    expect(report.checks[0].message).toContain('HTTP-16');
  });

  it('fails when the call\'s response is lost for good: its stream and the resumed one end without it (RPC-25)', async () => {
    const report = await runAgainstHttpFixture({ sse: true, fault: 'drop-sse-before-response', only });
    expect(statusOf(report, 'http/sse-resumption')).toBe('fail');
    expect(report.checks[0].message).toMatch(/resumed stream ended without the response.*RPC-25/);
  });

  it('skips without a slow tool to drop mid-way', async () => {
    const report = await runAgainstHttpFixture({ sse: true, only, slowTool: false });
    expect(statusOf(report, 'http/sse-resumption')).toBe('skip');
  });
});

describe('http/sse-stream-ends-after-response, a stream that ends too early', () => {
  it('warns under 2025-06-18 (HTTP-13) and, without a retry: field, under 2025-11-25 (HTTP-15)', async () => {
    const only = ['http/sse-stream-ends-after-response'];
    for (const [protocolVersion, rule] of [['2025-06-18', 'HTTP-13'], ['2025-11-25', 'HTTP-15']] as const) {
      const report = await runAgainstHttpFixture({ sse: true, fault: 'http-sse-close-early', only, protocolVersion });
      expect(statusOf(report, only[0]), protocolVersion).toBe('warn');
      expect(JSON.stringify(report.checks[0].evidence)).toContain(rule);
    }
  });
});

describe('2025-03-26 batches over Streamable HTTP (HTTP-35)', () => {
  const only = ['batch/notifications-only', 'batch/answered'];
  it('a batch of notifications gets 202, a batch of requests both responses', async () => {
    const report = await runAgainstHttpFixture({ protocolVersion: '2025-03-26', only });
    expect(only.map((id) => statusOf(report, id))).toEqual(['pass', 'pass']);
  });

  it('a server that refuses batches over HTTP fails', async () => {
    const report = await runAgainstHttpFixture({ protocolVersion: '2025-03-26', fault: 'batch-rejected', only });
    expect(only.map((id) => statusOf(report, id))).toEqual(['fail', 'fail']);
    expect(JSON.stringify(report.checks.find((c) => c.id === 'batch/notifications-only')!.evidence)).toContain('HTTP 202');
  });
});
