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

  it('names the first failure of each cause (not every earlier one), and one of several causes only when all were shown', () => {
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
      'a/second-x': ['a/first'],
      'a/y-again': ['a/both'],
      'a/both-again': ['a/first', 'a/both'],
    });
    expect(distinctCauses(checks)).toBe(2);
  });

  it('links to the failure of the check whose job the cause is, wherever it is in the report', () => {
    const discover = 'invalid-result:server/discover';
    const checks = [
      result('lifecycle/stdin-close-exit', 'fail', [discover]),
      result('stateless/discover-result', 'fail', [discover]),
      result('errors/parse-error', 'fail', [discover]),
    ];
    const explains = (id: string) => (id === 'stateless/discover-result' ? [discover] : undefined);
    expect(Object.fromEntries(attributeCauses(checks, explains).map((c) => [c.id, c.sameCauseAs]))).toEqual({
      'lifecycle/stdin-close-exit': ['stateless/discover-result'],
      'stateless/discover-result': undefined,
      'errors/parse-error': ['stateless/discover-result'],
    });
    // That check passing (or failing of something else), the first failure of the cause explains the rest.
    const passing = checks.map((c) => (c.id === 'stateless/discover-result' ? result(c.id, 'pass') : c));
    expect(Object.fromEntries(attributeCauses(passing, explains).map((c) => [c.id, c.sameCauseAs]))).toEqual({
      'lifecycle/stdin-close-exit': undefined,
      'stateless/discover-result': undefined,
      'errors/parse-error': ['lifecycle/stdin-close-exit'],
    });
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
