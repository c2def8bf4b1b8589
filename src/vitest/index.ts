// mcp-conform/vitest: importing this module registers the matchers on vitest's expect and
// types them (module augmentation below). Use it from a test file or a setupFiles entry.
import type { McpMatchers } from './matchers.js';
import { setup } from './register.js';

export { mcpMatchers, type McpMatchers, type McpMessageMatcherOptions, type McpResultMatcherOptions, type ConformanceMatcherOptions } from './matchers.js';
export { expectConformant, type ExpectConformantOptions } from './conformance.js';
export { setup };

setup();

// Assertion for expect(x).toBe…, AsymmetricMatchersContaining for expect.toBe… inside toEqual
// (typed `any` there, like vitest's own asymmetric matchers).
declare module 'vitest' {
  interface Assertion<T = any> extends McpMatchers<void> {}
  interface AsymmetricMatchersContaining extends McpMatchers<any> {}
}
