// One cause, one finding: the runner step that marks failures an earlier failure explains.
import { describe, expect, it } from 'vitest';
import type { CheckResult, Status } from '../../src/checks/types.js';
import { attributeCauses, distinctCauses } from '../../src/runner/causes.js';

const result = (id: string, status: Status, causes?: string[]): CheckResult => ({
  id,
  title: id,
  level: 'MUST',
  status,
  requirements: ['RPC-11'],
  spec: 'https://example.invalid/spec',
  evidence: [],
  durationMs: 1,
  ...(causes ? { causes } : {}),
});

const sameCause = (checks: CheckResult[]) => Object.fromEntries(attributeCauses(checks).map((c) => [c.id, c.sameCauseAs]));

describe('attributeCauses', () => {
  it('marks a failure whose cause an earlier failure showed, and leaves the first of each cause alone', () => {
    const checks = [
      result('errors/parse-error', 'fail', ['no-answer-to-non-json']),
      result('errors/invalid-request', 'fail', ['no-answer-to-invalid-request']),
      result('errors/method-not-found', 'pass'),
      result('fuzz/malformed-messages', 'fail', ['no-answer-to-invalid-request']),
    ];
    expect(sameCause(checks)).toEqual({
      'errors/parse-error': undefined,
      'errors/invalid-request': undefined,
      'errors/method-not-found': undefined,
      'fuzz/malformed-messages': ['errors/invalid-request'],
    });
    expect(distinctCauses(checks)).toBe(2);
  });

  it('never changes a verdict, and does not touch its input', () => {
    const checks = [result('a/one', 'fail', ['k']), result('a/two', 'fail', ['k'])];
    const out = attributeCauses(checks);
    expect(out.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(out[1]).toEqual({ ...checks[1], sameCauseAs: ['a/one'] });
    expect(checks[1]).not.toHaveProperty('sameCauseAs');
  });

  it('names every earlier failure of the cause, and one of several causes only when all were shown', () => {
    const checks = [
      result('a/first', 'fail', ['x']),
      result('a/both', 'fail', ['x', 'y']), // y is new: not explained
      result('a/second-x', 'fail', ['x']),
      result('a/y-again', 'fail', ['y']),
      result('a/both-again', 'fail', ['y', 'x']),
    ];
    expect(sameCause(checks)).toEqual({
      'a/first': undefined,
      'a/both': undefined,
      'a/second-x': ['a/first', 'a/both'],
      'a/y-again': ['a/both'],
      'a/both-again': ['a/first', 'a/both', 'a/second-x', 'a/y-again'],
    });
    expect(distinctCauses(checks)).toBe(2);
  });

  it('a failure of no known cause neither explains nor is explained, and counts as a cause of its own', () => {
    const checks = [result('a/unknown', 'fail'), result('a/known', 'fail', ['x']), result('a/unknown-too', 'fail'), result('a/known-too', 'fail', ['x'])];
    expect(sameCause(checks)).toEqual({ 'a/unknown': undefined, 'a/known': undefined, 'a/unknown-too': undefined, 'a/known-too': ['a/known'] });
    expect(distinctCauses(checks)).toBe(3);
  });

  it('only failures count: a warning of the same cause neither explains a failure nor is marked', () => {
    const checks = [result('a/warns', 'warn', ['x']), result('a/fails', 'fail', ['x']), result('a/warns-later', 'warn', ['x'])];
    expect(sameCause(checks)).toEqual({ 'a/warns': undefined, 'a/fails': undefined, 'a/warns-later': undefined });
    expect(distinctCauses(checks)).toBe(1);
    expect(distinctCauses([result('a/ok', 'pass')])).toBe(0);
  });
});
