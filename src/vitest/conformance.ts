// expectConformant(): the whole suite (or a slice of it) as one assertion inside a user's own test.
import { expect } from 'vitest';
import { runSuite, type RunSuiteOptions } from '../api/run-suite.js';
import type { ServerTarget } from '../api/target.js';
import type { Report } from '../checks/types.js';
import type { ConformanceMatcherOptions } from './matchers.js';
import { setup } from './register.js';

export interface ExpectConformantOptions extends RunSuiteOptions, ConformanceMatcherOptions {}

/**
 * Runs the conformance checks against `target` (see `runSuite`) and fails the current test when
 * any check fails (or warns, with `strict`), listing each failing check's id, level,
 * requirement ids and message. Resolves with the report otherwise.
 *
 * A full run takes seconds: give the test a timeout (`it(name, fn, 60_000)`), or narrow it with `only`.
 *
 * @example
 * it('conforms', async () => {
 *   await expectConformant(['node', 'build/index.js'], { only: ['lifecycle/*', 'tools/*'] });
 * }, 60_000);
 */
export async function expectConformant(target: ServerTarget, options: ExpectConformantOptions = {}): Promise<Report> {
  setup();
  const { strict, ...runOptions } = options;
  const report = await runSuite(target, runOptions);
  expect(report).toPassConformance({ strict });
  return report;
}
