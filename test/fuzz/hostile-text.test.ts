// The hostile-text dictionary reaches every string argument of every tool, nested ones too,
// with the other arguments valid, and its bytes are what a client would send (a lone surrogate
// as the escape \ud800, never as bytes that are not UTF-8). The generated hostile strings that
// follow go into string arguments too.
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXT, hostileTextCases, MAX_STRING_PATHS, stringPaths, withValueAt } from '../../src/fuzz/hostile-text.js';
import { toolCaseArbitrary } from '../../src/fuzz/tool-cases.js';
import { caseBytes, IdAllocator } from '../../src/fuzz/wire-case.js';

const NESTED = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer' },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    filter: { type: 'object', properties: { author: { type: 'string' }, tags: { type: 'array', items: { type: ['string', 'null'] } } } },
    target: { $ref: '#/$defs/target' },
    either: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  },
  required: ['query', 'limit'],
  $defs: { target: { type: 'object', properties: { path: { type: 'string' } } } },
};

describe('stringPaths', () => {
  it('finds top-level, nested, array-item, $ref and union strings, and skips enums and non-strings', () => {
    expect(stringPaths(NESTED)).toEqual([['query'], ['filter', 'author'], ['filter', 'tags', 0], ['target', 'path'], ['either']]);
  });

  it('finds nothing in schemas without strings, and stays bounded on wide schemas', () => {
    expect(stringPaths({ type: 'object', properties: { a: { type: 'number' } } })).toEqual([]);
    expect(stringPaths(undefined)).toEqual([]);
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`s${i}`, { type: 'string' }])) };
    expect(stringPaths(wide)).toHaveLength(MAX_STRING_PATHS);
  });
});

describe('hostileTextCases', () => {
  const tools = [
    { name: 'search', inputSchema: NESTED, baseline: { query: 'mcp-conform', limit: 0 } },
    { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } },
  ];
  const cases = hostileTextCases(tools, '2025-11-25');

  it('puts every entry into every string argument, keeping the other arguments valid', () => {
    expect(cases).toHaveLength(5 * HOSTILE_TEXT.length);
    const args = cases.map((c) => (c.message as { params: { name: string; arguments: Record<string, unknown> } }).params);
    expect(new Set(args.map((a) => a.name))).toEqual(new Set(['search']));
    const nestedAuthor = args.filter((a) => (a.arguments.filter as { author?: string } | undefined)?.author !== undefined);
    expect(nestedAuthor.map((a) => (a.arguments.filter as { author: string }).author)).toEqual(HOSTILE_TEXT.map((e) => e.text));
    for (const a of nestedAuthor) expect(a.arguments).toMatchObject({ query: 'mcp-conform', limit: 0 });
    expect(args.find((a) => Array.isArray((a.arguments.filter as { tags?: unknown[] } | undefined)?.tags))?.arguments.filter).toEqual({ tags: [HOSTILE_TEXT[0].text] });
    expect(cases.every((c) => c.soft && c.strategy === 'tool/hostile-text (search)')).toBe(true);
  });

  it('holds the kinds of text that break servers', () => {
    const all = HOSTILE_TEXT.map((e) => e.text);
    expect(all.some((t) => /[\u0080-\u07ff]/.test(t))).toBe(true); // two-byte UTF-8
    expect(all.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true); // astral emoji
    expect(all.some((t) => /\p{M}/u.test(t))).toBe(true); // combining marks
    expect(all.some((t) => /[\u0590-\u08ff]/.test(t))).toBe(true); // right-to-left scripts
    expect(all.some((t) => t.includes('\u202e'))).toBe(true);
    expect(all.some((t) => t.includes('\u2028') && t.includes('\u2029'))).toBe(true);
    expect(all.some((t) => t.includes('\u0000'))).toBe(true);
    expect(all.some((t) => Buffer.byteLength(t) >= 64 * 1024 - 3)).toBe(true);
  });

  it('sends lone surrogates as JSON escapes, in UTF-8 bytes', () => {
    const lone = cases.find((c) => JSON.stringify(c.message).includes('\\ud800'))!;
    const bytes = caseBytes(lone, new IdAllocator());
    expect(isUtf8(bytes)).toBe(true);
    expect(bytes.toString('utf8')).toContain('"query":"\\ud800"');
  });
});

describe('withValueAt', () => {
  it('sets a nested value on a copy, creating objects and arrays on the way', () => {
    const base = { a: 1, b: { c: 'x' } };
    expect(withValueAt(base, ['b', 'd', 0], 'v')).toEqual({ a: 1, b: { c: 'x', d: ['v'] } });
    expect(base).toEqual({ a: 1, b: { c: 'x' } });
  });
});

describe('the generated hostile strings', () => {
  it('go into string arguments, nested ones too, and leave the other arguments of their type', () => {
    const tool = { name: 'search', inputSchema: NESTED };
    const specs = fc.sample(toolCaseArbitrary([tool], '2025-11-25'), { numRuns: 2000, seed: 5 }).filter((c) => c.strategy === 'tool/hostile-string (search)');
    expect(specs.length).toBeGreaterThan(50);
    const args = specs.map((c) => (c.message as { params: { arguments: Record<string, unknown> } }).params.arguments);
    for (const a of args) {
      if ('limit' in a) expect(Number.isInteger(a.limit)).toBe(true);
      if ('mode' in a) expect(['fast', 'slow']).toContain(a.mode);
    }
    expect(args.some((a) => typeof (a.filter as { author?: unknown } | undefined)?.author === 'string')).toBe(true);
    expect(args.some((a) => typeof a.query === 'string' && /[^\x00-\x7f]/.test(a.query))).toBe(true);
  });
});

