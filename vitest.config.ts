import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The parts of the suite (package.json's test scripts pick them with MCP_CONFORM_TESTS, a
 * comma-separated list; unset: everything). The fault proofs run every check on the conformant
 * fixture and on the fault that must break it (test/proof/): minutes of server processes, so the
 * inner loop leaves them out, as it leaves out the real servers.
 */
const PARTS = {
  proofs: ['test/suites/checks-fail-on-faults.test.ts', 'test/suites/stateless-faults.test.ts', 'test/suites/conformant-fixture.test.ts'],
  real: ['test/real/**/*.test.ts'],
} as const;
const ALL = ['test/**/*.test.ts'];

function selection(value: string | undefined): { include: string[]; exclude: string[] } {
  if (!value) return { include: ALL, exclude: configDefaults.exclude };
  const parts = value.split(',');
  const unknown = parts.filter((p) => p !== 'unit' && !(p in PARTS));
  if (unknown.length) throw new Error(`MCP_CONFORM_TESTS=${value}: expected a list of unit, proofs, real`);
  const named = Object.entries(PARTS);
  // unit is everything the named parts do not hold.
  if (parts.includes('unit')) return { include: ALL, exclude: [...configDefaults.exclude, ...named.filter(([p]) => !parts.includes(p)).flatMap(([, globs]) => globs)] };
  return { include: named.filter(([p]) => parts.includes(p)).flatMap(([, globs]) => globs), exclude: configDefaults.exclude };
}

export default defineConfig({
  test: {
    ...selection(process.env.MCP_CONFORM_TESTS),
    // Says once, before the first test, which groups skip on this machine and why.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn servers; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
