// MRTR checks against the 2026-07-28 fixture: both of its input-asking tools are found and
// driven; a server request is caught over an SSE response stream as well as on stdio.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

const MRTR = ['mrtr/input-required-shape', 'mrtr/declared-capabilities-only', 'mrtr/request-state-tampered', 'mrtr/retry-without-responses', 'mrtr/no-server-requests-whole-run'];
const messageOf = (report: Awaited<ReturnType<typeof runAgainstFixture>>, id: string) => report.checks.find((c) => c.id === id)?.message ?? '';

describe('mrtr checks', () => {
  it('find both input-asking tools of the fixture (elicitation and roots) and pass', async () => {
    const report = await runAgainstFixture({ era: 'stateless', only: MRTR });
    for (const id of MRTR) expect(statusOf(report, id), id).toBe('pass');
    expect(messageOf(report, 'mrtr/input-required-shape')).toMatch(/ask-name/);
    expect(messageOf(report, 'mrtr/input-required-shape')).toMatch(/ask-roots/);
    // Each tampered state was rejected, not merely asked again.
    expect(messageOf(report, 'mrtr/request-state-tampered')).toMatch(/rejected with error -32602/);
  });

  it('catch a server request sent on an SSE response stream', async () => {
    const report = await runAgainstHttpFixture({ era: 'stateless', sse: true, fault: 'server-request', only: ['mrtr/no-server-requests-whole-run'] });
    expect(statusOf(report, 'mrtr/no-server-requests-whole-run')).toBe('fail');
    expect(messageOf(report, 'mrtr/no-server-requests-whole-run')).toMatch(/ping/);
  });

  it('report an acted-on tampered state as a failure naming the tool', async () => {
    const report = await runAgainstHttpFixture({ era: 'stateless', fault: 'request-state-unverified', only: ['mrtr/request-state-tampered'] });
    expect(statusOf(report, 'mrtr/request-state-tampered')).toBe('fail');
    expect(messageOf(report, 'mrtr/request-state-tampered')).toMatch(/tool "ask-(name|roots)": the retry with a tampered requestState succeeded/);
  });
});
