// An unknown initialize version refused with an error that lists the supported versions: the
// spec's own error example (-32602) and the 2026-07-28 refusal (-32022, as the C# SDK 2.x sends it
// on initialize) both let a client retry, so both are graded leniently (catalog Appendix A #1).
import { describe, expect, it } from 'vitest';
import { checkOf } from '../fuzz/harness.js';
import { runAgainstFixture } from './harness.js';

describe('lifecycle/unsupported-version', () => {
  it('warns, not fails, on -32022 with data.supported', async () => {
    const report = await runAgainstFixture({ fault: 'initialize-unknown-version-refused', only: ['lifecycle/unsupported-version'] });
    const check = checkOf(report, 'lifecycle/unsupported-version');
    expect(check.status, check.message).toBe('warn');
    expect(check.message).toContain('error -32022 listing the supported versions');
  });

  it('still fails an echoed unknown version', async () => {
    const report = await runAgainstFixture({ fault: 'echo-unsupported-version', only: ['lifecycle/unsupported-version'] });
    expect(checkOf(report, 'lifecycle/unsupported-version').status).toBe('fail');
  });
});
