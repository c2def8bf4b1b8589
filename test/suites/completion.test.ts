// 2024-11-05 had no completions capability: there the values check still runs (the fixture
// completes without declaring it), and the unknown-prompt check (COMP-5, 2025-03-26 on) does not.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, statusOf } from './harness.js';

describe('completion under 2024-11-05', () => {
  it('completes without a capability flag and skips the later rule', async () => {
    const report = await runAgainstFixture({ protocolVersion: '2024-11-05', only: ['completion/*'] });
    expect(report.protocolVersion).toBe('2024-11-05');
    expect(statusOf(report, 'completion/values')).toBe('pass');
    expect(statusOf(report, 'completion/unknown-prompt')).toBeUndefined();
  });

  it('still fails 101 values there', async () => {
    const report = await runAgainstFixture({ protocolVersion: '2024-11-05', fault: 'completion-too-many', only: ['completion/values'] });
    expect(statusOf(report, 'completion/values')).toBe('fail');
  });
});
