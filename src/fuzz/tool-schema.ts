// Valid arguments for a tool, generated from the inputSchema the server lists: the schema is
// wrapped as a one-file SchemaSet so the schema-driven generator (schema-arbitrary.ts) works on
// it as it does on MCP's own definitions. Schemas we cannot compile or generate for (remote
// $refs, contradictions) give a reason instead.
import fc from 'fast-check';
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createQuietAjv, revisionIndex, withoutAjvKeywords, type Dialect, type Revision, type SchemaSet } from '../schema/index.js';
import { SCHEMA_ID_BASE, type SchemaIndex } from '../schema/registry.js';
import { arbitraryFor } from './schema-arbitrary.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const FILE = 'tool-input.json';

/** The dialect a tool schema is written in: its $schema, else the revision's default (META-7). */
function dialectOf(schema: Obj, revision: Revision): Dialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-07/.test(declared)) return 'draft-07';
  if (/2020-12/.test(declared)) return '2020-12';
  return revisionIndex(revision) >= revisionIndex('2025-11-25') ? '2020-12' : 'draft-07';
}

let sets = 0;

/** One instance per dialect for every tool (creating one costs more than compiling a tool's schema). */
const shared = new Map<Dialect, ReturnType<typeof createQuietAjv>>();

function toolSchemaSet(inputSchema: Obj, revision: Revision): SchemaSet {
  const dialect = dialectOf(inputSchema, revision);
  const ajv = shared.get(dialect) ?? createQuietAjv(dialect);
  shared.set(dialect, ajv);
  // Without nullable and $async, which mean nothing in JSON Schema and something else to ajv.
  const { $schema: _s, $id: _i, ...schema } = withoutAjvKeywords(inputSchema);
  // A base of its own per tool, so that two tools never share compiled schemas.
  const base = `${SCHEMA_ID_BASE}/tool-${++sets}/`;
  ajv.addSchema({ ...schema, $id: `${base}${FILE}` } as AnySchemaObject);
  const compiled = new Map<string, ValidateFunction>();
  const index: SchemaIndex = {
    revision,
    dialect,
    envelopes: { message: '', request: '', notification: '', result: '', error: '', errorObject: '', emptyResult: '', requestId: '' },
    requests: {},
    notifications: {},
  };
  const get = (ref: string) => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.getSchema(`${base}${ref}`) ?? ajv.compile({ $ref: `${base}${ref}` });
      compiled.set(ref, fn);
    }
    return fn;
  };
  // resolveRef reads refs relative to `${SCHEMA_ID_BASE}/${revision}/`; the tool's own refs are local (#/...).
  return { revision, index, ajv, files: new Map([[FILE, schema as AnySchemaObject]]), get, check: get };
}

type Generated = { arb: fc.Arbitrary<Obj> } | { reason: string };

/** Per inputSchema object and revision: the campaign asks for a tool's twice (cases, and what cannot be generated). */
const generated = new WeakMap<Obj, Map<Revision, Generated>>();

/** Arguments valid against the tool's inputSchema (best effort), or why there are none. */
export function toolArgumentsArbitrary(inputSchema: unknown, revision: Revision): Generated {
  if (!isObj(inputSchema)) return { reason: 'its inputSchema is not an object' };
  let byRevision = generated.get(inputSchema);
  if (!byRevision) generated.set(inputSchema, (byRevision = new Map()));
  let result = byRevision.get(revision);
  if (!result) byRevision.set(revision, (result = generate(inputSchema, revision)));
  return result;
}

function generate(inputSchema: Obj, revision: Revision): Generated {
  try {
    const set = toolSchemaSet(inputSchema, revision);
    const arb = arbitraryFor(set, FILE, { bestEffort: true, maxDepth: 4 });
    // Building is lazy in places: draw a few values now so that a schema we cannot handle fails here.
    fc.sample(arb, { numRuns: 3, seed: 1 });
    return { arb: arb.map((v) => (isObj(v) ? v : {})) };
  } catch (err) {
    return { reason: `no arguments can be generated from its inputSchema (${(err as Error).message.slice(0, 160)})` };
  }
}
