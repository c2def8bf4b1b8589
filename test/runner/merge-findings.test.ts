// A check's own findings raise its verdict (runner/check-record.ts mergeFindings): the causes the
// session named for them stay when every failing finding has one and the verdict's own failure,
// if it failed, was explained too; else the merged failure has no causes.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/checks/types.js';
import { mergeFindings } from '../../src/runner/check-record.js';
import type { Finding } from '../../src/session/index.js';

const finding = (cause?: Finding['cause'], severity: Finding['severity'] = 'fail'): Finding => ({
  at: 0,
  requirement: 'S26-1',
  severity,
  message: `server/discover result: /result/ttlMs: expected a required member, found nothing`,
  evidence: [],
  ...(cause ? { cause } : {}),
});
const DISCOVER = 'invalid-result:server/discover' as const;

describe('mergeFindings and causes', () => {
  it('a passing verdict failed by findings of one named cause carries it', () => {
    const merged = mergeFindings({ status: 'pass' }, [finding(DISCOVER), finding(DISCOVER)]);
    expect(merged).toMatchObject({ status: 'fail', causes: [DISCOVER] });
  });

  it('joins the causes of a failing verdict and of its findings', () => {
    const verdict: Verdict = { status: 'fail', message: 'silent', causes: ['no-answer-to-non-json'] };
    expect(mergeFindings(verdict, [finding(DISCOVER)])).toMatchObject({ status: 'fail', causes: ['no-answer-to-non-json', DISCOVER] });
  });

  it('drops them when a failing finding, or the verdict’s own failure, has no known cause', () => {
    expect(mergeFindings({ status: 'pass' }, [finding(DISCOVER), finding()])).not.toHaveProperty('causes');
    expect(mergeFindings({ status: 'fail', message: 'wrong' }, [finding(DISCOVER)])).not.toHaveProperty('causes');
    expect(mergeFindings({ status: 'fail', causes: ['no-answer-to-non-json'] }, [finding()])).not.toHaveProperty('causes');
  });

  it('warnings alone leave the verdict’s causes as they were', () => {
    const verdict: Verdict = { status: 'fail', causes: ['no-answer-to-non-json'] };
    expect(mergeFindings(verdict, [finding(undefined, 'warn')])).toMatchObject({ status: 'fail', causes: ['no-answer-to-non-json'] });
  });
});
