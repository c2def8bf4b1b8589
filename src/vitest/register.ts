// Registers the matchers on vitest's expect, once per module instance.
import { expect } from 'vitest';
import { mcpMatchers } from './matchers.js';

let registered = false;

/** Registers the mcp-conform matchers with `expect.extend`. Idempotent; importing `mcp-conform/vitest` already does it. */
export function setup(): void {
  if (registered) return;
  expect.extend(mcpMatchers);
  registered = true;
}
