// Verdicts that conclude from a missing answer say what the connection did carry.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, runAgainstHttpFixture } from './harness.js';

const messageOf = (report: Awaited<ReturnType<typeof runAgainstFixture>>, id: string) => report.checks.find((c) => c.id === id)?.message ?? '';

describe('absence verdicts show what arrived', () => {
  it('stdio: a parse error nobody answered names the lines that did arrive (the liveness answer behind it)', async () => {
    const report = await runAgainstFixture({ fault: 'no-parse-error', only: ['errors/parse-error'] });
    expect(messageOf(report, 'errors/parse-error')).toMatch(/no answer; meanwhile the server sent \d+ lines?: `\{"jsonrpc":"2\.0","id":/);
  });

  it('HTTP: an empty batch without a reply shows the exchange', async () => {
    const report = await runAgainstHttpFixture({ fault: 'empty-batch-no-reply', only: ['batch/empty-and-invalid'], protocolVersion: '2025-03-26' });
    expect(messageOf(report, 'batch/empty-and-invalid')).toMatch(/\[\] got HTTP 204 and no JSON-RPC answer; the exchange carried: HTTP 204, no Content-Type, an empty body/);
  });
});
