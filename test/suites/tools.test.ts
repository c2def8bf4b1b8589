// The tools suite's building blocks (sampled arguments, schema dialects, names, base64, call
// permission) and its safety promise: a default run never calls a tool that is not annotated
// read-only, proven on the fixture's stderr, which logs every call of delete-everything.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSchema } from '../../suites/lib/json-schema.js';
import { sampleArguments } from '../../suites/lib/sample-args.js';
import { callPermission, callableTools } from '../../suites/lib/tool-survey.js';
import { base64Problem, toolNameProblem } from '../../suites/tools.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

describe('sampleArguments', () => {
  it('fills required members only, from const, default, enum, examples and bounds', () => {
    const schema = {
      type: 'object',
      properties: {
        c: { const: 7 },
        d: { type: 'string', default: 'dflt' },
        e: { type: 'string', enum: ['x', 'y'] },
        n: { type: 'integer', minimum: 3, multipleOf: 2 },
        u: { type: 'string', format: 'uri' },
        s: { type: 'string', minLength: 15 },
        b: { type: 'boolean' },
        a: { type: 'array', items: { type: 'number' }, minItems: 2 },
        o: { type: 'object', properties: { inner: { type: 'string' } }, required: ['inner'] },
        optional: { type: 'string' },
      },
      required: ['c', 'd', 'e', 'n', 'u', 's', 'b', 'a', 'o'],
    };
    const sample = sampleArguments(schema);
    expect(sample).toEqual({
      ok: true,
      value: {
        c: 7,
        d: 'dflt',
        e: 'x',
        n: 4,
        u: 'https://example.invalid/mcp-conform',
        s: 'mcp-conformxxxx',
        b: false,
        a: [1, 1],
        o: { inner: 'mcp-conform' },
      },
    });
    const compiled = compileSchema(schema, '2025-11-25');
    expect(compiled.ok && compiled.validate((sample as { value: unknown }).value)).toBe(true);
  });

  it('follows local $ref, allOf and the first workable union branch', () => {
    const schema = {
      type: 'object',
      $defs: { id: { type: 'string', pattern: '^[0-9]+$' } },
      properties: { id: { $ref: '#/$defs/id' }, v: { anyOf: [{ type: 'null' }, { type: 'number', exclusiveMinimum: 5 }] } },
      allOf: [{ required: ['id'] }, { required: ['v'] }],
    };
    expect(sampleArguments(schema)).toEqual({ ok: true, value: { id: '1', v: null } });
  });

  it('says why when no value fits', () => {
    expect(sampleArguments({ type: 'object', properties: { x: { type: 'string', pattern: '^(?=q)r$' } }, required: ['x'] })).toMatchObject({ ok: false, reason: expect.stringMatching(/pattern/) });
    expect(sampleArguments({ type: 'object', properties: { x: { $ref: 'https://example.invalid/s.json' } }, required: ['x'] })).toMatchObject({ ok: false });
  });
});

describe('compileSchema', () => {
  it('uses 2020-12 without $schema from 2025-11-25, draft-07 before, and $schema when given', () => {
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    const newer = compileSchema(tuple, '2025-11-25');
    expect(newer.ok && newer.dialect).toBe('2020-12');
    expect(newer.ok && newer.validate(['a', 'b'])).toBe(false); // 2020-12 semantics: no items beyond the prefix
    const older = compileSchema({ ...tuple }, '2025-06-18');
    expect(older.ok && older.dialect).toBe('draft-07');
    const declared = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, '2025-11-25');
    expect(declared.ok && declared.dialect).toBe('draft-07');
  });

  it('rejects schemas that break their meta-schema or do not resolve, and leaves remote ones unjudged', () => {
    expect(compileSchema({ type: 'object', properties: { x: { type: 'text' } } }, '2025-11-25')).toMatchObject({ ok: false, judged: true });
    expect(compileSchema({ type: 'object', required: 'x' }, '2025-11-25')).toMatchObject({ ok: false, judged: true });
    expect(compileSchema({ type: 'object', properties: { x: { $ref: '#/$defs/missing' } } }, '2025-11-25')).toMatchObject({ ok: false, judged: true });
    expect(compileSchema({ type: 'object', properties: { x: { $ref: 'https://example.invalid/s.json' } } }, '2025-11-25')).toMatchObject({ ok: false, judged: false });
    expect(compileSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, '2025-11-25')).toMatchObject({ ok: false, judged: false });
    expect(compileSchema(null, '2025-11-25')).toMatchObject({ ok: false, judged: true });
  });

  it('compiles two schemas with the same $id independently', () => {
    const a = compileSchema({ $id: 'https://example.invalid/x', type: 'object', required: ['a'] }, '2025-11-25');
    const b = compileSchema({ $id: 'https://example.invalid/x', type: 'object', required: ['b'] }, '2025-11-25');
    expect(a.ok && a.validate({ a: 1 })).toBe(true);
    expect(b.ok && b.validate({ a: 1 })).toBe(false);
  });
});

describe('tool names, base64 and permission to call', () => {
  it('applies the 2025-11-25 naming rule', () => {
    expect(toolNameProblem('get_weather.v2-beta')).toBeUndefined();
    expect(toolNameProblem('x'.repeat(128))).toBeUndefined();
    expect(toolNameProblem('x'.repeat(129))).toMatch(/129/);
    expect(toolNameProblem('has space')).toMatch(/characters/);
    expect(toolNameProblem('a,b')).toMatch(/characters/);
    expect(toolNameProblem('')).toMatch(/empty/);
  });

  it('accepts standard padded base64 only', () => {
    expect(base64Problem('iVBORw0KGgo=')).toBeUndefined();
    expect(base64Problem('')).toBeUndefined();
    expect(base64Problem('not*base64!')).toMatch(/length|alphabet/);
    expect(base64Problem('abc')).toMatch(/multiple of 4/);
    expect(base64Problem('ab=c')).toMatch(/alphabet|padding/);
    expect(base64Problem(42)).toMatch(/not a string/);
  });

  it('calls read-only tools, never destructive or unannotated ones unless allowed, and never the slow tool', () => {
    const tool = (name: string, annotations?: Record<string, unknown>) => ({ name, inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) });
    const tools = [
      tool('reader', { readOnlyHint: true }),
      tool('odd', { readOnlyHint: true, destructiveHint: true }),
      tool('writer', { readOnlyHint: false }),
      tool('plain'),
      tool('slow', { readOnlyHint: true }),
    ];
    expect(callableTools(tools, { callTools: [], slowTool: 'slow' }).map((t) => t.name)).toEqual(['reader']);
    expect(callableTools(tools, { callTools: ['writer'], slowTool: 'slow' }).map((t) => t.name)).toEqual(['reader', 'writer']);
    expect(callableTools(tools, { callTools: 'all', slowTool: undefined }).map((t) => t.name)).toEqual(['reader', 'odd', 'writer', 'plain', 'slow']);
    expect(callPermission(tools[1], { callTools: [] })).toEqual({ allowed: false, why: expect.stringMatching(/destructiveHint/) });
  });
});

describe('a schema with OpenAPI\'s nullable (the fixture\'s add outputSchema, as the C# SDK writes it)', () => {
  for (const protocolVersion of ['2025-06-18', '2025-11-25'] as const) {
    it(`compiles and validates at ${protocolVersion}`, async () => {
      const ids = ['tools/schemas-compile', 'tools/structured-content'];
      const report = await runAgainstFixture({ protocolVersion, only: ids });
      expect(ids.map((id) => statusOf(report, id))).toEqual(['pass', 'pass']);
    });
  }
});

describe('safe by default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-tools-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The fixture, with the stderr of every process the run starts appended to one file. */
  const logged = (name: string) => {
    const log = join(dir, `${name}.log`);
    writeFileSync(log, '');
    const command = ['sh', '-c', 'log="$1"; shift; exec "$@" 2>>"$log"', 'sh', log, ...fixtureCommand()];
    return { log, target: { transport: 'stdio' as const, command } };
  };
  const DELETED = 'delete-everything was called';

  it('a default run of every check never calls the destructive tool', async () => {
    const { log, target } = logged('default');
    const report = await runAgainstFixture({ target, slowTool: 'slow' });
    expect(statusOf(report, 'tools/call-result')).toBe('pass');
    expect(readFileSync(log, 'utf8')).not.toContain(DELETED);
  });

  it('calls it when the user allows it with --call-tools (the log above would show it)', async () => {
    const { log, target } = logged('allowed');
    const report = await runAgainstFixture({ target, only: ['tools/call-result'], callTools: ['delete-everything'] });
    expect(statusOf(report, 'tools/call-result')).toBe('pass');
    expect(readFileSync(log, 'utf8')).toContain(DELETED);
  });
});
