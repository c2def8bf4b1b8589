// The content the `violate` answer policy accepts a form with (ELIC-10): the cooperating answer
// with one property of another type, for every kind of property a requested schema may have.
import { describe, expect, it } from 'vitest';
import { violatingContent } from '../../suites/lib/form-violation.js';

describe('violatingContent', () => {
  it('gives the first property it can break a value of another type, keeping the rest', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] };
    expect(violatingContent(schema, { name: 'Ada', age: 36 })).toEqual({ content: { name: 12345, age: 36 }, property: 'name' });
  });

  it('breaks numbers, booleans, enums and multi-select arrays too', () => {
    for (const type of ['number', 'integer', 'boolean', 'array']) {
      const broken = violatingContent({ type: 'object', properties: { x: { type } } }, { x: undefined });
      expect(broken?.property).toBe('x');
      expect(typeof broken?.content.x).toBe('string');
    }
    expect(violatingContent({ type: 'object', properties: { color: { type: 'string', enum: ['red'] } } }, { color: 'red' })?.content.color).toBe(12345);
  });

  it('gives nothing for a schema without a property it can break (then the form is answered validly)', () => {
    expect(violatingContent({ type: 'object', properties: {} }, {})).toBeUndefined();
    expect(violatingContent({ type: 'object', properties: { x: { description: 'no type' } } }, {})).toBeUndefined();
    expect(violatingContent(undefined, {})).toBeUndefined();
  });
});
