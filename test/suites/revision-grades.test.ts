// A check grades by the rule of the revision it negotiated, not by the newest one: invalid tool
// arguments were a protocol error up to 2025-06-18 and are an isError result from 2025-11-25
// (TOOLS-9); a cancelled initialize is the client's fault at every revision, and what the server
// does then is left open (CANCEL-5).
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, statusOf } from './harness.js';

describe('tools/call-result and a -32602 for arguments the server finds invalid (TOOLS-9)', () => {
  const cases = [
    ['2025-03-26', 'pass'],
    ['2025-06-18', 'pass'],
    ['2025-11-25', 'warn'],
  ] as const;
  for (const [protocolVersion, expected] of cases) {
    it(`${expected} at ${protocolVersion}`, async () => {
      const report = await runAgainstFixture({ fault: 'tool-arguments-protocol-error', protocolVersion, only: ['tools/call-result'] });
      expect(statusOf(report, 'tools/call-result')).toBe(expected);
    });
  }

  it('warns at 2026-07-28 too', async () => {
    const report = await runAgainstFixture({ fault: 'tool-arguments-protocol-error', era: 'stateless', protocolVersion: '2026-07-28', only: ['tools/call-result'] });
    expect(statusOf(report, 'tools/call-result')).toBe('warn');
  });
});

describe('cancellation/initialize (CANCEL-5: the server\'s handling is unspecified)', () => {
  for (const protocolVersion of ['2024-11-05', '2025-11-25'] as const) {
    it(`is information, never a warning, when the server exits on it (${protocolVersion})`, async () => {
      const report = await runAgainstFixture({ fault: 'cancel-initialize-crash', protocolVersion, only: ['cancellation/initialize'] });
      expect(statusOf(report, 'cancellation/initialize')).toBe('info');
    });
  }
});
