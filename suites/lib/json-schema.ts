// Compiles the JSON Schemas a server publishes (tool inputSchema / outputSchema, …) with the
// dialect they are written in (META-7): the one named by `$schema`, else 2020-12 from
// 2025-11-25 on and draft-07 before (earlier revisions name no dialect; draft-07 in practice).
// A schema is valid when it passes its dialect's meta-schema and ajv can compile it.
import type { ValidateFunction } from 'ajv';
import { createQuietAjv, loadPrecompiledMeta, revisionIndex, withoutAjvKeywords, type Dialect, type Revision } from '../../src/schema/index.js';
import { isObject } from './json-object.js';

export type { Dialect };

export type Compiled =
  | { ok: true; dialect: Dialect; validate: ValidateFunction }
  /** `judged: false` when we cannot tell (a dialect we do not implement, a remote $ref). */
  | { ok: false; dialect?: Dialect; judged: boolean; reason: string };


/** The dialect a schema is written in, or why we cannot tell. */
export function dialectOf(schema: Record<string, unknown>, revision: Revision): { dialect: Dialect } | { unsupported: string } {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: revisionIndex(revision) >= revisionIndex('2025-11-25') ? '2020-12' : 'draft-07' };
  if (typeof declared !== 'string') return { unsupported: `$schema ${JSON.stringify(declared)} is not a URI` };
  if (/json-schema\.org\/draft-07\/schema#?$/.test(declared)) return { dialect: 'draft-07' };
  if (/json-schema\.org\/draft\/2020-12\/schema#?$/.test(declared)) return { dialect: '2020-12' };
  return { unsupported: `$schema ${JSON.stringify(declared)} names a dialect mcp-conform does not check (it checks draft-07 and 2020-12)` };
}

const shared = new Map<Dialect, ReturnType<typeof createQuietAjv>>();

/** One instance per dialect (creating one costs ~100 ms); a root $id seen before is forgotten first. */
function sharedAjv(dialect: Dialect, schema: Record<string, unknown>) {
  let ajv = shared.get(dialect);
  if (!ajv) shared.set(dialect, (ajv = createQuietAjv(dialect)));
  if (typeof schema.$id === 'string') ajv.removeSchema(schema.$id);
  return ajv;
}

const metas = new Map<Dialect, ValidateFunction | undefined>();

/** The build's meta-schema validator (the same verdicts as ajv.validateSchema, without compiling it), if there is one. */
function metaValidator(dialect: Dialect, ajv: ReturnType<typeof createQuietAjv>): ValidateFunction | undefined {
  if (!metas.has(dialect)) metas.set(dialect, loadPrecompiledMeta(dialect, ajv.formats));
  return metas.get(dialect);
}

const cache = new WeakMap<object, Map<Revision, Compiled>>();
/**
 * The same schema text in the same dialect compiles to the same result: every revision's run (and
 * session) lists the tools anew, and ajv keeps each compiled schema for the process's life.
 */
const byContent = new Map<string, Compiled>();
/** A server publishing more distinct schemas than this gets the rest compiled each time, unkept. */
const MAX_KEPT_BY_CONTENT = 1000;

/** Compiles `schema` (memoized per schema object and revision, and by dialect and content). */
export function compileSchema(schema: unknown, revision: Revision): Compiled {
  if (!isObject(schema)) return { ok: false, judged: true, reason: `the schema is ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}, not an object` };
  let byRevision = cache.get(schema);
  if (!byRevision) cache.set(schema, (byRevision = new Map()));
  const known = byRevision.get(revision);
  if (known) return known;
  const compiled = compileFresh(schema, revision);
  byRevision.set(revision, compiled);
  return compiled;
}

function compileFresh(schema: Record<string, unknown>, revision: Revision): Compiled {
  const which = dialectOf(schema, revision);
  if ('unsupported' in which) return { ok: false, judged: false, reason: which.unsupported };
  const { dialect } = which;
  // The dialect is settled; compile without $schema so spelling variants of its URI do not matter.
  const { $schema: _ignored, ...body } = schema;
  const key = `${dialect}\n${JSON.stringify(body)}`;
  const known = byContent.get(key);
  if (known) return known;
  const compiled = compileBody(body, dialect);
  if (byContent.size < MAX_KEPT_BY_CONTENT) byContent.set(key, compiled);
  return compiled;
}

function compileBody(body: Record<string, unknown>, dialect: Dialect): Compiled {
  let ajv = sharedAjv(dialect, body);
  const meta = metaValidator(dialect, ajv);
  if (!(meta ? meta(body) : ajv.validateSchema(body))) {
    return { ok: false, dialect, judged: true, reason: `not a valid ${dialect} schema: ${ajv.errorsText(meta ? meta.errors : ajv.errors, { dataVar: 'schema' })}` };
  }
  // Valid as published; compiled without the keywords ajv alone would give a meaning (nullable, $async).
  const plain = withoutAjvKeywords(body);
  try {
    try {
      return { ok: true, dialect, validate: ajv.compile(plain) };
    } catch (err) {
      // A nested $id already known from another server schema: compile this one on its own.
      if (!/already exists/.test((err as Error).message)) throw err;
      ajv = createQuietAjv(dialect);
      return { ok: true, dialect, validate: ajv.compile(plain) };
    }
  } catch (err) {
    const e = err as Error & { missingRef?: string };
    if (e.missingRef !== undefined && !e.missingRef.startsWith('#')) {
      return { ok: false, dialect, judged: false, reason: `refers to ${e.missingRef}, which mcp-conform does not fetch` };
    }
    return { ok: false, dialect, judged: true, reason: `does not compile as ${dialect}: ${e.message}` };
  }
}

/** ajv's errors as one line. */
export function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
}
