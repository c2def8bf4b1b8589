// Verdicts that depend on the connection's history (suites/lib/connection-history.ts): when a
// stateless check's answer on the main connection is a violation, it asks again on a fresh one
// and names both answers. The fixture fault meta-unchecked-after-unknown-method stops checking
// _meta once an unknown method has been answered, as the official SDK v2 does over stdio.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { runAgainstFixture } from './harness.js';

const CHECKS = ['stateless/unsupported-version', 'stateless/request-meta-required'];
const checkOf = (report: Report, id: string) => report.checks.find((c) => c.id === id)!;
const askedNotes = (report: Report, id: string) => checkOf(report, id).evidence.filter((e) => e.type === 'note' && e.text.startsWith('asked '));

describe('stateless checks whose answer depends on the connection (stdio)', () => {
  it('name both answers: the fresh connection\'s error and the result after an unknown-method request', async () => {
    const report = await runAgainstFixture({ era: 'stateless', fault: 'meta-unchecked-after-unknown-method', only: CHECKS });
    const unsupported = checkOf(report, 'stateless/unsupported-version');
    expect(unsupported.status).toBe('fail');
    expect(unsupported.message).toMatch(
      /^-32022 on a fresh connection; a result after \d+ earlier requests on the connection, among them an unknown-method request \(mcp-conform\/liveness: -32601\): the answer depends on what the connection has seen \(protocolVersion 1900-01-01 got result /,
    );
    const meta = checkOf(report, 'stateless/request-meta-required');
    expect(meta.status).toBe('fail');
    // Both probes (no protocolVersion, no clientCapabilities), each with both answers.
    expect(meta.message!.match(/-32602 on a fresh connection; a result after \d+ earlier requests on the connection, among them an unknown-method request/g)).toHaveLength(2);
    expect(askedNotes(report, 'stateless/unsupported-version').map((e) => e.type === 'note' && e.text)).toEqual([
      expect.stringMatching(/^asked after \d+ earlier requests on the connection:$/),
      'asked on a fresh connection:',
    ]);
  });

  it('say so when the fresh connection gets the same wrong answer', async () => {
    const report = await runAgainstFixture({ era: 'stateless', fault: 'unsupported-version-wrong-code', only: ['stateless/unsupported-version'] });
    const check = checkOf(report, 'stateless/unsupported-version');
    expect(check.status).toBe('fail');
    expect(check.message).toMatch(/^protocolVersion 1900-01-01 got error -32602 .*\(-32602 after \d+ earlier requests on the connection.*; on a fresh connection too: protocolVersion 1900-01-01 got error -32602/);
  });

  it('pass a conformant server as before', async () => {
    const report = await runAgainstFixture({ era: 'stateless', only: CHECKS });
    expect(CHECKS.map((id) => checkOf(report, id).status)).toEqual(['pass', 'pass']);
    expect(checkOf(report, 'stateless/unsupported-version').message).toBe('supported: 2026-07-28');
  });
});
