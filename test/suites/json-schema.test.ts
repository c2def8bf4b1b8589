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
