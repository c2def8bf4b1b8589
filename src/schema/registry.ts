// Loads schemas/<revision>/ and compiles each schema once, on first use, with the ajv
// class matching the revision's dialect (draft-07 up to 2025-06-18, 2020-12 after).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { packageRoot } from './package-root.js';
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
  /** Compiled validator for a file name relative to the revision folder, e.g. `Tool.json` or `X.json#/properties/result`. */
  get(ref: string): ValidateFunction;
  /** The parsed schema files of this revision, by file name. */
  files: ReadonlyMap<string, AnySchemaObject>;
}

const sets = new Map<Revision, SchemaSet>();

export function schemaDir(revision: Revision): string {
  return join(packageRoot(), 'schemas', revision);
}

/** A fresh ajv instance of the right dialect, with formats. Exposed for tools that compile schemas a server publishes. */
export function createAjv(dialect: 'draft-07' | '2020-12'): Ajv {
  const options = { allErrors: true, verbose: true, strict: false, validateSchema: false } as const;
  const ajv = dialect === '2020-12' ? (new Ajv2020(options) as unknown as Ajv) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

export function loadSchemaSet(revision: Revision): SchemaSet {
  const existing = sets.get(revision);
  if (existing) return existing;
  const dir = schemaDir(revision);
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as SchemaIndex;
  const ajv = createAjv(index.dialect);
  const files = new Map<string, AnySchemaObject>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json') || name === 'index.json') continue;
    const schema = JSON.parse(readFileSync(join(dir, name), 'utf8')) as AnySchemaObject;
    files.set(name, schema);
    ajv.addSchema(schema);
  }
  const compiled = new Map<string, ValidateFunction>();
  const base = `${SCHEMA_ID_BASE}/${revision}/`;
  const set: SchemaSet = {
    revision,
    index,
    ajv,
    files,
    get(ref: string) {
      let fn = compiled.get(ref);
      if (!fn) {
        fn = ajv.getSchema(base + ref);
        if (!fn) throw new Error(`no schema ${ref} in revision ${revision}`);
        compiled.set(ref, fn);
      }
      return fn;
    },
  };
  sets.set(revision, set);
  return set;
}
