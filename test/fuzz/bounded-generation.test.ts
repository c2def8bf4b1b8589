// No generator may loop without bound (issue 27): every combination of the JSON Schema keywords
// a tool's inputSchema may use, the unsatisfiable ones included, either yields a generator that
// draws its samples, or a reason why there are none. A generator that spins blocks the event
// loop; here that shows as the test's timeout (no wall-clock assertion).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createQuietAjv } from '../../src/schema/index.js';
import { stringPaths } from '../../src/fuzz/hostile-text.js';
import { toolCaseArbitrary } from '../../src/fuzz/tool-cases.js';
import { toolArgumentsArbitrary } from '../../src/fuzz/tool-schema.js';

type Obj = Record<string, unknown>;
const SAMPLES = 12;
// draft-07 (2025-06-18) and 2020-12 (2025-11-25): exclusive bounds, $defs and tuples differ.
const REVISIONS = ['2025-06-18', '2025-11-25'] as const;

/** A tool schema with `member` as its one required argument. */
const tool = (member: unknown, extra: Obj = {}): Obj => ({ type: 'object', properties: { v: member }, required: ['v'], ...extra });

/** Every pick of one option per dimension. */
function product(dimensions: Obj[][]): Obj[] {
  return dimensions.reduce<Obj[]>((acc, options) => acc.flatMap((a) => options.map((o) => ({ ...a, ...o }))), [{}]);
}

/** Draws from the tool's argument generator, and from every case strategy of the campaign. */
function drawAll(inputSchema: Obj, revision: (typeof REVISIONS)[number]): { values?: unknown[]; reason?: string } {
  stringPaths(inputSchema);
  const cases = toolCaseArbitrary([{ name: 't', inputSchema }], revision);
  expect(fc.sample(cases, { numRuns: SAMPLES, seed: 3 })).toHaveLength(SAMPLES);
  const built = toolArgumentsArbitrary(inputSchema, revision);
  if ('reason' in built) return { reason: built.reason };
  const values = fc.sample(built.arb, { numRuns: SAMPLES, seed: 5 });
  expect(values).toHaveLength(SAMPLES);
  return { values };
}

/** Each schema in one dialect, alternating, so both see every kind of combination. */
function terminates(schemas: Obj[]): void {
  schemas.forEach((s, i) => drawAll(s, REVISIONS[i % REVISIONS.length]));
}

/** Bound on a test of many schemas: generous for a busy machine; a generator that spins never ends. */
const MANY = 120_000;

/** Where the schema can be met, every value drawn meets it. */
function allValid(inputSchema: Obj, revision: (typeof REVISIONS)[number] = '2025-11-25'): void {
  const { values, reason } = drawAll(inputSchema, revision);
  expect(reason).toBeUndefined();
  const validate = createQuietAjv(revision === '2025-11-25' ? '2020-12' : 'draft-07').compile(inputSchema);
  for (const v of values!) expect(validate(v), JSON.stringify(v)).toBe(true);
}

// Formats we generate, one ajv checks for us (uuid), one nobody knows; patterns fast-check
// generates for, cannot (lookahead), must not (a huge repeat), and an invalid one.
const FORMATS = [{}, ...['date-time', 'uri', 'email', 'uuid', 'no-such-format'].map((format) => ({ format }))];
const PATTERNS = [{}, ...['^[0-9]{20}$', 'x', '^(?=a)a$', '^a{100000}$', '['].map((pattern) => ({ pattern }))];
const LENGTHS = [{}, { maxLength: 5 }, { minLength: 30 }, { minLength: 3, maxLength: 40 }, { minLength: 10, maxLength: 3 }, { minLength: 1e9 }, { maxLength: 0 }];

const BOUNDS = [
  {},
  { minimum: 0, maximum: 10 },
  { minimum: 5, maximum: 3 },
  { exclusiveMinimum: 0, exclusiveMaximum: 1 },
  { exclusiveMinimum: 1, exclusiveMaximum: 1 },
  { exclusiveMinimum: 0, exclusiveMaximum: 1e-300 },
  { exclusiveMinimum: 2 ** 60, exclusiveMaximum: 2 ** 60 + 256 },
  { minimum: 2 ** 60 },
  { maximum: -(2 ** 60) },
  { minimum: 1e300 },
  { exclusiveMaximum: 0 },
  { minimum: 0.5, maximum: 0.6 },
];
const MULTIPLES = [{}, { multipleOf: 7 }, { multipleOf: 0.01 }, { multipleOf: 1e-9 }, { multipleOf: 1e9 }];

describe('tool argument generation terminates for every keyword combination', () => {
  it('strings: type × format × pattern × minLength/maxLength', () => {
    terminates(product([[{ type: 'string' }], FORMATS, PATTERNS, LENGTHS]).map((m) => tool(m)));
    terminates(product([[{ type: ['string', 'null'] }, {}], [{ format: 'date-time' }, { pattern: '^\\p{L}{3}$' }], [{}, { minLength: 30 }]]).map((m) => tool(m)));
  }, MANY);

  it('numbers: integer and number × minimum/maximum/exclusive* × multipleOf', () => {
    terminates(product([[{ type: 'integer' }, { type: 'number' }], BOUNDS, MULTIPLES]).map((m) => tool(m)));
  }, MANY);

  it('enum, const and not, with and against every type', () => {
    const types = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'].map((type) => ({ type }));
    const pins = [{}, { enum: [1, 'a', null] }, { enum: [] }, { const: 'x' }, { const: 2.5 }, { not: { type: 'string' } }, { not: {} }, { not: { const: 0 } }, { enum: [1], const: 2 }];
    terminates(product([[{}, ...types], pins]).map((m) => tool(m)));
  }, MANY);

  it('oneOf, anyOf and allOf: overlapping, contradictory, and multiplying into many combinations', () => {
    const branches = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'integer' } } }));
    terminates([
      tool({ oneOf: [{ type: 'integer' }, { type: 'number' }] }),
      tool({ oneOf: [{ type: 'number' }, { type: 'number' }] }),
      tool({ oneOf: [{ minimum: 0 }, { maximum: 10 }], type: 'integer' }),
      tool({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 5, maximum: 3 }] }),
      tool({ anyOf: [{ type: 'string', minLength: 5, maxLength: 1 }, { type: 'boolean', const: 3 }] }),
      tool({ allOf: [{ type: 'string' }, { type: 'integer' }] }),
      tool({ allOf: [{ type: 'string', pattern: '^a+$' }, { pattern: '^b+$' }] }),
      tool({ allOf: Array.from({ length: 10 }, () => ({ anyOf: branches(3) })) }),
      tool({ allOf: Array.from({ length: 12 }, () => ({ oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] })) }),
      tool({ $ref: '#/$defs/a' }, { $defs: { a: { anyOf: [...Array.from({ length: 10 }, () => ({ $ref: '#/$defs/a' })), { type: 'string' }] } } }),
      tool({ $ref: '#/definitions/a' }, { definitions: { a: { anyOf: [...Array.from({ length: 10 }, () => ({ $ref: '#/definitions/a' })), { type: 'string' }] } } }),
    ]);
  }, MANY);

  it('nested objects and arrays: minItems/maxItems/uniqueItems, required, recursion', () => {
    const items = [{}, { type: 'integer' }, { enum: [1] }, { type: 'string', format: 'date-time' }, { type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, false];
    const counts = [{}, { minItems: 3 }, { maxItems: 0 }, { minItems: 2, maxItems: 1 }, { minItems: 1e9 }, { uniqueItems: true, minItems: 3 }, { minItems: 3, maxItems: 3, uniqueItems: true }];
    const arrays = product([[{ type: 'array' }], items.map((i) => ({ items: i })), counts]);
    const deep = (levels: number): Obj => (levels === 0 ? { type: 'integer' } : { type: 'array', minItems: 1000, items: deep(levels - 1) });
    terminates([
      ...arrays.map((a) => tool(a)),
      tool(deep(4)),
      tool({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2 }),
      tool({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }], minItems: 2 }),
      tool({ type: 'array', contains: { const: 'needle' } }),
      tool({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'object', required: ['c'], properties: { c: { type: 'array', minItems: 2, items: { type: 'string', pattern: '^[0-9]{20}$' } } } } } }),
      tool({ type: 'object', required: ['missing'], properties: {}, additionalProperties: false }),
      tool({ type: 'object', minProperties: 50 }),
      tool({ type: 'object', propertyNames: { pattern: '^z{3}$' }, minProperties: 1 }),
      tool({ type: 'object', patternProperties: { '^x': { type: 'integer' } }, additionalProperties: false }),
      tool({ type: 'object', dependentRequired: { a: ['b'] }, properties: { a: { type: 'string' }, b: { type: 'string' } } }),
      tool({ if: { type: 'string' }, then: { minLength: 40 }, else: { type: 'integer' } }),
      tool({ $ref: '#/$defs/node' }, { $defs: { node: { type: 'object', required: ['next'], properties: { next: { $ref: '#/$defs/node' } } } } }),
      tool({ $ref: '#/$defs/tree' }, { $defs: { tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/tree' } } } } } }),
      tool({ $ref: 'https://example.com/elsewhere.json' }),
      { type: 'object', additionalProperties: { type: 'string', format: 'date-time' }, minProperties: 2 },
      { type: 'string' },
      { not: {} },
    ]);
  }, MANY);

  it('meets the constraints it can meet: the formats and patterns of issue 27, exclusive bounds', () => {
    allValid(tool({ type: 'string', format: 'date-time' }));
    allValid(tool({ type: 'string', pattern: '^[0-9]{20}$' }));
    allValid(tool({ type: 'string', format: 'date-time', minLength: 20 }));
    allValid(tool({ type: 'string', format: 'uri', maxLength: 2000 }));
    allValid(tool({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }));
    allValid(tool({ type: 'number', exclusiveMaximum: 0 }));
    allValid(tool({ type: 'integer', exclusiveMinimum: 1.5, exclusiveMaximum: 3 }));
    allValid(tool({ type: 'integer', minimum: 2 ** 40 }));
    allValid(tool({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }), '2025-06-18');
  });
});
