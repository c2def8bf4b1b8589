// The validators compiled at build time (dist/validators, src/schema/precompiled.ts) give the
// same verdict as the same schemas compiled at run time, on generated values and on values
// broken one property at a time; a module built from other schema files is not used. The same
// holds for the meta-schema validators that check the schemas servers publish.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/fuzz/schema-arbitrary.js';
import { loadPrecompiled, loadPrecompiledMeta, metaDigest, precompiledMetaPath, precompiledPath, schemaDigest } from '../../src/schema/precompiled.js';
import { createAjv, loadSchemaSet, registerFiles, SCHEMA_ID_BASE, schemaDir } from '../../src/schema/registry.js';
import { REVISIONS, type Revision } from '../../src/schema/index.js';

const SAMPLES_PER_REF = 4;

function schemaTexts(revision: Revision): Array<[string, string]> {
  const dir = schemaDir(revision);
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => [n, readFileSync(join(dir, n), 'utf8')] as [string, string]);
}

/** The value, and variants with one property removed or replaced by a value of another type. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value, null, 'text', 7, []];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value).slice(0, 6)) {
      const { [key]: _gone, ...without } = value as Record<string, unknown>;
      out.push(without, { ...value, [key]: 12345 }, { ...value, [key]: { nested: true } });
    }
  }
  return out;
}

const built = REVISIONS.every((r) => existsSync(precompiledPath(r)));

describe.skipIf(!built)('precompiled validators (run `npm run build` first)', () => {
  for (const revision of REVISIONS) {
    it(`${revision}: the same verdicts as validators compiled at run time`, () => {
      const texts = schemaTexts(revision);
      const set = loadSchemaSet(revision);
      const fast = createAjv(set.index.dialect, false);
      const ahead = loadPrecompiled(revision, schemaDigest(texts), fast.formats);
      expect(ahead, 'the build wrote validators for these very schema files').toBeDefined();
      registerFiles(fast, set.files);
      const base = `${SCHEMA_ID_BASE}/${revision}/`;
      let compared = 0;
      for (const [ref, precompiled] of ahead!) {
        const runtime = fast.getSchema(base + ref)!;
        expect(runtime, ref).toBeDefined();
        let samples: unknown[];
        try {
          samples = fc.sample(arbitraryFor(set, ref, { bestEffort: true, maxDepth: 3 }), { numRuns: SAMPLES_PER_REF, seed: 7 });
        } catch {
          samples = [{}];
        }
        for (const value of samples.flatMap(variants)) {
          expect(precompiled(value), `${ref}: ${JSON.stringify(value).slice(0, 300)}`).toBe(runtime(value));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(ahead!.size * 5);
    });
  }

  it('ignores validators built from other schema files', () => {
    const texts = schemaTexts('2025-11-25');
    const fast = createAjv('2020-12', false);
    expect(loadPrecompiled('2025-11-25', schemaDigest(texts), fast.formats)).toBeDefined();
    const edited = texts.map(([n, t], i) => [n, i === 0 ? `${t} ` : t] as [string, string]);
    expect(loadPrecompiled('2025-11-25', schemaDigest(edited), fast.formats)).toBeUndefined();
  });
});

const KEYWORDS = ['type', 'properties', 'required', 'items', 'minLength', 'enum', 'const', '$ref', 'additionalProperties', 'anyOf', 'format', 'pattern', '$defs', 'description'];

describe.skipIf(!built)('precompiled meta-schema validators (run `npm run build` first)', () => {
  for (const dialect of ['draft-07', '2020-12'] as const) {
    it(`${dialect}: the same verdicts and error texts as ajv.validateSchema`, () => {
      const runtime = createAjv(dialect);
      const meta = loadPrecompiledMeta(dialect, runtime.formats);
      expect(meta, 'the build wrote the meta-schema validator for this ajv version').toBeDefined();
      const fixed: unknown[] = [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 5 },
        { properties: [] },
        { required: 'a' },
        { minLength: -1 },
        { pattern: '(' },
        { items: [{ type: 'string' }] },
        { $defs: { x: { type: 'integer' } }, $ref: '#/$defs/x' },
      ];
      const generated = fc.sample(fc.dictionary(fc.constantFrom(...KEYWORDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { numRuns: 300, seed: 5 });
      let invalid = 0;
      for (const schema of [...fixed, ...generated]) {
        const expected = runtime.validateSchema(schema as object);
        const got = meta!(schema);
        expect(got, JSON.stringify(schema)).toBe(expected);
        if (!got) {
          invalid++;
          expect(runtime.errorsText(meta!.errors, { dataVar: 'schema' })).toBe(runtime.errorsText(runtime.errors, { dataVar: 'schema' }));
        }
      }
      expect(invalid).toBeGreaterThan(20);
    });
  }

  // A module with another digest is refused by the loader the revisions' validators share (above).
  it('records the ajv version it was built with', () => {
    const source = readFileSync(precompiledMetaPath('2020-12'), 'utf8');
    expect(source).toContain(`exports.digest = ${JSON.stringify(metaDigest())};`);
  });
});
