// Tool arguments come from each tool's own inputSchema, although the tools share one ajv
// instance per dialect: local $defs of the same name never make one tool's arguments follow
// another's schema (each tool's schema lives under a base of its own).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolArgumentsArbitrary } from '../../src/fuzz/tool-schema.js';

const draw = (schema: unknown) => {
  const built = toolArgumentsArbitrary(schema, '2025-11-25');
  if (!('arb' in built)) throw new Error(built.reason);
  return fc.sample(built.arb, { numRuns: 30, seed: 7 });
};

describe('toolArgumentsArbitrary', () => {
  it('keeps each tool to its own $defs of the same name', () => {
    const numbers = { type: 'object', properties: { v: { $ref: '#/$defs/value' } }, required: ['v'], $defs: { value: { type: 'integer' } } };
    const words = { type: 'object', properties: { v: { $ref: '#/$defs/value' } }, required: ['v'], $defs: { value: { type: 'string', minLength: 1 } } };
    for (const args of draw(numbers)) expect(Number.isInteger(args.v)).toBe(true);
    for (const args of draw(words)) expect(typeof args.v).toBe('string');
  });
});
