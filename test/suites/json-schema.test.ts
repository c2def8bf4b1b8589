// A server's schemas are compiled once per dialect and content: every revision's run lists the
// tools anew (new objects, same text), and each compile stays in ajv for the process's life.
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../suites/lib/json-schema.js';

const schema = () => ({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });

describe('compileSchema', () => {
  it('shares one compiled schema between revisions of the same dialect', () => {
    const first = compileSchema(schema(), '2025-03-26');
    const second = compileSchema(schema(), '2025-06-18');
    expect(first.ok && first.dialect).toBe('draft-07');
    expect(second).toBe(first);
  });

  it('compiles the same text again for another dialect', () => {
    const draft07 = compileSchema(schema(), '2025-06-18');
    const draft2020 = compileSchema(schema(), '2025-11-25');
    expect(draft2020.ok && draft2020.dialect).toBe('2020-12');
    expect(draft2020).not.toBe(draft07);
  });

  it('judges other content on its own', () => {
    const compiled = compileSchema(schema(), '2025-06-18');
    const other = compileSchema({ ...schema(), required: ['b'] }, '2025-06-18');
    expect(other).not.toBe(compiled);
    expect(compiled.ok && compiled.validate({ a: 1 })).toBe(true);
    expect(other.ok && other.validate({ a: 1 })).toBe(false);
    expect(compileSchema({ type: 'no-such-type' }, '2025-06-18')).toMatchObject({ ok: false, judged: true });
  });
});

// Keywords JSON Schema does not define are ignored by it (go-sdk, rmcp and the C# SDK publish
// OpenAPI's `nullable`, and `discriminator`); ajv gives both a meaning of its own and refused
// valid schemas because of it.
describe('compileSchema and keywords JSON Schema does not define', () => {
  const valid = [
    { const: null, nullable: true },
    { type: 'object', properties: { note: { const: null, nullable: true }, nullable: { type: 'boolean' } }, dependentRequired: { nullable: ['note'] } },
    { type: 'string', nullable: false, enum: ['a', null] },
    { type: 'object', discriminator: { propertyName: 'kind' }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    { type: 'object', properties: { a: { type: 'string' } }, $async: true },
  ];
  for (const dialectRevision of ['2025-06-18', '2025-11-25'] as const) {
    it(`compiles valid schemas that carry them (${dialectRevision})`, () => {
      for (const s of valid) expect(compileSchema(structuredClone(s), dialectRevision), JSON.stringify(s)).toMatchObject({ ok: true });
    });
  }

  it('lets them change nothing about what validates: they are ignored, as JSON Schema says', () => {
    const nullableString = compileSchema({ type: 'string', nullable: true }, '2025-11-25');
    expect(nullableString.ok && nullableString.validate(null)).toBe(false);
    const constNull = compileSchema({ const: null, nullable: true }, '2025-11-25');
    expect(constNull.ok && [constNull.validate(null), constNull.validate(1)]).toEqual([true, false]);
    // Synchronous: a promise would read as valid.
    const asyncSchema = compileSchema({ type: 'object', required: ['a'], $async: true }, '2025-11-25');
    expect(asyncSchema.ok && asyncSchema.validate({})).toBe(false);
    // Data stays data: a const or enum value that looks like a schema is not rewritten.
    const data = compileSchema({ const: { nullable: true } }, '2025-11-25');
    expect(data.ok && [data.validate({ nullable: true }), data.validate({})]).toEqual([true, false]);
    // A property named nullable is a name, not a keyword.
    const named = compileSchema({ type: 'object', properties: { nullable: { type: 'boolean' } }, required: ['nullable'] }, '2025-11-25');
    expect(named.ok && [named.validate({ nullable: true }), named.validate({ nullable: 1 })]).toEqual([true, false]);
  });

  it('still refuses schemas that are invalid', () => {
    expect(compileSchema({ type: 'text', nullable: true }, '2025-11-25')).toMatchObject({ ok: false, judged: true });
    expect(compileSchema({ properties: { a: { minimum: 'one' } }, nullable: true }, '2025-06-18')).toMatchObject({ ok: false, judged: true });
  });
});
