// Loads schemas/<revision>/ and compiles each schema once, on first use, with the ajv
// class matching the revision's dialect (draft-07 up to 2025-06-18, 2020-12 after). The fast
// validators come from the build (src/schema/precompiled.ts) when it made them from these files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { _, Ajv, Name, type AnySchemaObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { packageRoot } from './package-root.js';
import { FORMATS_VARIABLE, loadPrecompiled, META_SCHEMA_IDS, metaDigest, precompiledSource, schemaDigest, type Dialect } from './precompiled.js';
import type { Revision } from './revisions.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

export const SCHEMA_ID_BASE = 'https://mcp-conform.dev/schemas';

export type MethodDirection = 'client->server' | 'server->client' | 'both' | 'embedded';

export interface MethodEntry {
  direction: MethodDirection;
  schema: string;
  params?: string;
  result?: string;
  taskResult?: string;
}

export interface SchemaIndex {
  revision: Revision;
  dialect: 'draft-07' | '2020-12';
  envelopes: Record<'message' | 'request' | 'notification' | 'result' | 'error' | 'errorObject' | 'emptyResult' | 'requestId', string>;
  requests: Record<string, MethodEntry>;
  notifications: Record<string, MethodEntry>;
}

export interface SchemaSet {
  revision: Revision;
  index: SchemaIndex;
  ajv: Ajv;
  /** Compiled validator for a file name relative to the revision folder, e.g. `Tool.json` or `X.json#/properties/result`; reports every error. */
  get(ref: string): ValidateFunction;
  /** The same schema compiled for speed: a yes/no answer, no error details. */
  check(ref: string): ValidateFunction;
  /** The parsed schema files of this revision, by file name. */
  files: ReadonlyMap<string, AnySchemaObject>;
}

const sets = new Map<Revision, SchemaSet>();

export function schemaDir(revision: Revision): string {
  return join(packageRoot(), 'schemas', revision);
}

/**
 * A fresh ajv instance of the right dialect, with formats. Exposed for tools that compile schemas
 * a server publishes. `standalone`: keeps the generated code, for src/schema/precompiled.ts.
 */
export function createAjv(dialect: Dialect, detailed = true, standalone = false, discriminator = true): Ajv {
  // Detailed: every error, with the data and schema behind it (for problems). Fast: stop at the
  // first error, keep nothing (the hot path: most messages are valid).
  const code = standalone ? { code: { source: true, formats: _`${new Name(FORMATS_VARIABLE)}` } } : {};
  const options = { allErrors: detailed, verbose: detailed, strict: false, validateSchema: false, discriminator, ...code } as const;
  const ajv = dialect === '2020-12' ? (new Ajv2020(options) as unknown as Ajv) : new Ajv(options);
  addFormats(ajv);
  // ajv-formats' `byte` regex backtracks on long payloads and, being multiline, accepts a bad first
  // line followed by a good one; base64 is simple enough to check linearly.
  ajv.addFormat('byte', { type: 'string', validate: isBase64 });
  return ajv;
}

/**
 * createAjv for the schemas servers publish: unknown formats and keywords are allowed there, not
 * news to log, and OpenAPI's `discriminator` is one of them (ajv's would refuse valid schemas; our
 * own schemas get it from withDiscriminators). Strip ajv's other extensions with withoutAjvKeywords.
 */
export function createQuietAjv(dialect: Dialect): Ajv {
  const ajv = createAjv(dialect, true, false, false);
  (ajv as unknown as { logger: unknown }).logger = { log() {}, warn() {}, error() {} };
  return ajv;
}

/** The `type` tag of a definition file, when it has a required constant one. */
function tagOf(ref: unknown, files: ReadonlyMap<string, AnySchemaObject>): string | undefined {
  if (typeof ref !== 'string' || ref.includes('#')) return undefined;
  const target = files.get(ref);
  const tag = target?.properties?.type?.const;
  return typeof tag === 'string' && Array.isArray(target?.required) && target.required.includes('type') ? tag : undefined;
}

/**
 * A copy of `schema` in which every anyOf whose branches are definitions tagged by distinct
 * constant `type` values (content blocks...) becomes a oneOf with an ajv discriminator. Same
 * verdicts — distinct tags mean at most one branch can match — but ajv picks the branch by its
 * tag instead of trying (and allocating errors for) every one, and reports only that branch's errors.
 */
export function withDiscriminators(schema: AnySchemaObject, files: ReadonlyMap<string, AnySchemaObject>): AnySchemaObject {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    const branches = out.anyOf;
    const others = Object.keys(out).filter((k) => k !== 'anyOf' && k !== '$id' && k !== '$schema');
    if (Array.isArray(branches) && branches.length > 1 && others.length === 0) {
      const tags = branches.map((b) => tagOf((b as { $ref?: unknown }).$ref, files));
      if (tags.every(Boolean) && new Set(tags).size === tags.length) {
        const { anyOf: _union, ...ids } = out;
        return { ...ids, type: 'object', required: ['type'], properties: { type: { type: 'string' } }, discriminator: { propertyName: 'type' }, oneOf: branches };
      }
    }
    return out;
  };
  return walk(schema) as AnySchemaObject;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 with padding: length a multiple of 4, alphabet only, `=` only at the end. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

interface RevisionFiles {
  index: SchemaIndex;
  files: Map<string, AnySchemaObject>;
  /** See schemaDigest: what a precompiled module must have been built from. */
  digest: string;
}

function readRevision(revision: Revision): RevisionFiles {
  const dir = schemaDir(revision);
  const texts: Array<[string, string]> = [];
  for (const name of readdirSync(dir)) if (name.endsWith('.json')) texts.push([name, readFileSync(join(dir, name), 'utf8')]);
  const index = JSON.parse(texts.find(([name]) => name === 'index.json')![1]) as SchemaIndex;
  const files = new Map<string, AnySchemaObject>();
  for (const [name, text] of texts) if (name !== 'index.json') files.set(name, JSON.parse(text) as AnySchemaObject);
  return { index, files, digest: schemaDigest(texts) };
}

export function loadSchemaSet(revision: Revision): SchemaSet {
  const existing = sets.get(revision);
  if (existing) return existing;
  const { index, files, digest } = readRevision(revision);
  const base = `${SCHEMA_ID_BASE}/${revision}/`;
  const detailed = createAjv(index.dialect, true);
  const fast = createAjv(index.dialect, false);
  const set: SchemaSet = {
    revision,
    index,
    ajv: detailed,
    files,
    get: lookup(detailed, files, base, revision),
    check: lookup(fast, files, base, revision, () => loadPrecompiled(revision, digest, fast.formats)),
  };
  sets.set(revision, set);
  return set;
}

/** Adds a revision's files to `ajv`, as compiled: tagged unions with discriminators (withDiscriminators). */
export function registerFiles(ajv: Ajv, files: ReadonlyMap<string, AnySchemaObject>): void {
  for (const schema of files.values()) ajv.addSchema(withDiscriminators(schema, files));
}

/** The node `ref` (file#pointer) points at in the original files, if it is an object. */
function pieceAt(files: ReadonlyMap<string, AnySchemaObject>, ref: string): object | undefined {
  const [file, pointer = ''] = ref.split('#');
  let node: unknown = files.get(file);
  for (const token of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== null && typeof node === 'object' ? node : undefined;
}

/** The file a `{ "$ref": "X.json" }` node names (our schemas' refs are all whole files), else undefined. */
function pureRef(node: object): string | undefined {
  const keys = Object.keys(node);
  const target = (node as { $ref?: unknown }).$ref;
  return keys.length === 1 && typeof target === 'string' && !target.includes('#') ? target : undefined;
}

/** Every ref the validators are asked for by name: each file, and each one the index names. */
function refsOf(index: SchemaIndex, files: ReadonlyMap<string, AnySchemaObject>): string[] {
  const refs = new Set<string>([...files.keys(), ...Object.values(index.envelopes)]);
  for (const entry of [...Object.values(index.requests), ...Object.values(index.notifications)]) {
    for (const ref of [entry.schema, entry.params, entry.result, entry.taskResult]) if (ref) refs.add(ref);
  }
  return [...refs];
}

/** The module of a revision's fast validators (build time; see src/schema/precompiled.ts). */
export function precompiledModule(revision: Revision): string {
  const { index, files, digest } = readRevision(revision);
  const base = `${SCHEMA_ID_BASE}/${revision}/`;
  const ajv = createAjv(index.dialect, false, true);
  registerFiles(ajv, files);
  // Refs into a file's structure that the discriminator rewrite changed are compiled at run time.
  const refs = refsOf(index, files).filter((ref) => ajv.getSchema(base + ref) !== undefined);
  return precompiledSource(ajv, base, refs, digest);
}

/** The module of a dialect's meta-schema validator (build time; see loadPrecompiledMeta). */
export function precompiledMetaModule(dialect: Dialect): string {
  const ajv = createAjv(dialect, true, true);
  ajv.getSchema(META_SCHEMA_IDS[dialect]); // compiled, so the standalone code has it
  return precompiledSource(ajv, '', [META_SCHEMA_IDS[dialect]], metaDigest());
}

/**
 * Registers a revision's files with `ajv` and returns a memoized ref -> compiled validator.
 * `precompiled`: validators built ahead (read on first use), used before compiling.
 */
function lookup(ajv: Ajv, files: ReadonlyMap<string, AnySchemaObject>, base: string, revision: Revision, precompiled?: () => Map<string, ValidateFunction> | undefined): (ref: string) => ValidateFunction {
  let registered = false;
  const register = () => {
    if (!registered) registerFiles(ajv, files);
    registered = true;
  };
  let ahead: Map<string, ValidateFunction> | undefined | null = precompiled ? null : undefined;
  const compiled = new Map<string, ValidateFunction>();
  // A pointer into a file's original structure that the compiled copy rewrote (anyOf → oneOf):
  // compile that piece of the original on its own, in the revision's folder so its refs resolve.
  let inline = 0;
  const compileFromFiles = (node: object): ValidateFunction => ajv.compile({ ...node, $id: `${base}inline-${++inline}.json` });
  const get = (ref: string): ValidateFunction => {
    let fn = compiled.get(ref);
    if (!fn) {
      if (ahead === null) ahead = precompiled!();
      fn = ahead?.get(ref);
    }
    if (!fn) {
      const piece = pieceAt(files, ref);
      // A union branch that only names another file (the fuzzer's mutations ask for these) is
      // that file's validator: compiling it afresh cost ~0.1 CPU-s of every run's fuzzing.
      const named = piece && pureRef(piece);
      if (named) fn = get(named);
      else {
        register();
        fn = ajv.getSchema(base + ref) ?? (piece && compileFromFiles(piece));
      }
      if (!fn) throw new Error(`no schema ${ref} in revision ${revision}`);
      compiled.set(ref, fn);
    }
    return fn;
  };
  return get;
}
