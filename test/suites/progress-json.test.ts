// progress/no-token judges silence, and silence shows something only where a notification could
// have come. A call answered with a JSON body, on a session that opened no GET stream, has no
// such place: the check skips there rather than pass. With SSE replies it judges (and its fault
// fails it: test/suites/fault-table.ts).
import { describe, expect, it } from 'vitest';
import { runAgainstHttpFixture } from './harness.js';

const ID = 'progress/no-token';

function resultOf(report: Awaited<ReturnType<typeof runAgainstHttpFixture>>) {
  return (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === ID);
}

describe(`${ID} over Streamable HTTP`, () => {
  it('skips, saying why, when the call is answered with a JSON body (2026-07-28, JSON replies)', async () => {
    const report = await runAgainstHttpFixture({ only: [ID], era: 'stateless', protocolVersion: '2026-07-28', sse: false });
    const result = resultOf(report);
    expect(result?.status).toBe('skip');
    expect(result?.message).toMatch(/JSON body/);
  });

  it('passes when the call is answered on an SSE stream that could have carried progress', async () => {
    const report = await runAgainstHttpFixture({ only: [ID], era: 'stateless', protocolVersion: '2026-07-28', sse: true });
    expect(resultOf(report)?.status).toBe('pass');
  });
});
