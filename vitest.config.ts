import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Says once, before the first test, which groups skip on this machine and why.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn servers; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
