// Deterministic sample arguments for a tool, built from its inputSchema: required members
// only, each from its const, default, enum, examples, or a plain value of its type within its
// bounds (strings plausible for their member's name: see plausible-value.ts). Good enough for
// the schemas servers publish; the caller verifies the result with the compiled schema and
// does not call the tool when it does not fit.
import { isObject } from './json-object.js';
import { declaredValue, FILLER, NOTHING_KNOWN, plausibleString, valueForName, type KnownValues, type Sample } from './plausible-value.js';

export type { Sample } from './plausible-value.js';

/** Whose value is being sampled: the member's name (for a plausible string) and what the server told us. */
export interface SampleInput {
  name?: string;
  known: KnownValues;
}

const MAX_DEPTH = 8;
const TYPE_ORDER = ['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'];

type Schema = Record<string, unknown>;
const fail = (reason: string): Sample => ({ ok: false, reason });
const ok = (value: unknown): Sample => ({ ok: true, value });

/** Sample arguments for a tool's inputSchema (an object). */
export function sampleArguments(inputSchema: unknown, known: KnownValues = NOTHING_KNOWN): Sample {
  if (!isObject(inputSchema)) return fail('the inputSchema is not an object');
  const sample = sampleValue(inputSchema, inputSchema, 0, { known });
  if (sample.ok && !isObject(sample.value)) return fail('the inputSchema does not describe an object');
  return sample;
}

export function sampleValue(schema: unknown, root: Schema, depth: number, input: SampleInput = { known: NOTHING_KNOWN }): Sample {
  if (depth > MAX_DEPTH) return fail('the schema nests too deeply');
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return ok(input.name === undefined ? FILLER : valueForName(input.name, input.known));
  if (!isObject(schema)) return fail('a member schema is false or not an object');
  if (typeof schema.$ref === 'string') {
    const target = resolveLocal(schema.$ref, root);
    if (target === undefined) return fail(`cannot resolve $ref ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return sampleValue(Object.keys(rest).length && isObject(target) ? mergeAll([target, rest]) : target, root, depth + 1, input);
  }
  const declared = declaredValue(schema);
  if (declared) return ok(declared.value);
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return sampleValue(mergeAll([rest, ...(allOf as unknown[]).filter(isObject)]), root, depth + 1, input);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = schema[union];
    if (!Array.isArray(branches)) continue;
    const { [union]: _u, ...rest } = schema;
    let last: Sample = fail(`no branch of ${union} could be sampled`);
    for (const branch of branches) {
      last = sampleValue(isObject(branch) ? mergeAll([rest, branch]) : branch, root, depth + 1, input);
      if (last.ok) return last;
    }
    return last;
  }
  const type = typeOf(schema);
  switch (type) {
    case 'object':
      return sampleObject(schema, root, depth, input.known);
    case 'array':
      return sampleArray(schema, root, depth, input);
    case 'string':
      return plausibleString(input.name, schema, input.known);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return ok(false);
    case 'null':
      return ok(null);
    default:
      return fail(`unknown type ${JSON.stringify(type)}`);
  }
}

function typeOf(schema: Schema): string {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return TYPE_ORDER.find((x) => t.includes(x)) ?? String(t[0]);
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  return 'string';
}

function sampleObject(schema: Schema, root: Schema, depth: number, known: KnownValues): Sample {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    const member = name in properties ? properties[name] : schema.additionalProperties === undefined ? true : schema.additionalProperties;
    const sample = sampleValue(member, root, depth + 1, { name, known });
    if (!sample.ok) return fail(`argument "${name}": ${sample.reason}`);
    value[name] = sample.value;
  }
  return ok(value);
}

/** Items are named after their array (`urls: string[]` wants URIs). */
function sampleArray(schema: Schema, root: Schema, depth: number, input: SampleInput): Sample {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const value: unknown[] = [];
  for (let i = 0; i < min; i++) {
    const sample = sampleValue(i < prefix.length ? prefix[i] : (rest ?? true), root, depth + 1, input);
    if (!sample.ok) return sample;
    value.push(sample.value);
  }
  if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size < value.length) return fail('cannot build distinct array items');
  return ok(value);
}

function sampleNumber(schema: Schema, integer: boolean): Sample {
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  // draft-04 style boolean exclusive bounds are treated as inclusive bounds nudged inwards.
  let low = num('minimum');
  let high = num('maximum');
  const exLow = num('exclusiveMinimum') ?? (schema.exclusiveMinimum === true ? low : undefined);
  const exHigh = num('exclusiveMaximum') ?? (schema.exclusiveMaximum === true ? high : undefined);
  const step = integer ? 1 : 0.5;
  if (exLow !== undefined) low = Math.max(low ?? -Infinity, exLow + step);
  if (exHigh !== undefined) high = Math.min(high ?? Infinity, exHigh - step);
  let value = low !== undefined ? low : high !== undefined && high < 1 ? high : 1;
  if (integer) value = Math.ceil(value);
  const multiple = num('multipleOf');
  if (multiple && multiple > 0) value = Math.ceil(value / multiple) * multiple;
  if (high !== undefined && value > high) return fail(`no ${integer ? 'integer' : 'number'} fits its bounds`);
  return ok(value);
}

/** Shallow merge of schemas that must all hold; object members and required lists are combined. */
function mergeAll(schemas: Schema[]): Schema {
  const out: Schema = {};
  for (const s of schemas) {
    for (const [k, v] of Object.entries(s)) {
      if (k === 'properties' && isObject(out.properties) && isObject(v)) out.properties = { ...out.properties, ...v };
      else if (k === 'required' && Array.isArray(out.required) && Array.isArray(v)) out.required = [...new Set([...out.required, ...v])];
      else out[k] = v;
    }
  }
  return out;
}

/** Resolves `#`, `#/definitions/x`, `#/$defs/x` … inside the root schema. */
function resolveLocal(ref: string, root: Schema): unknown {
  if (!ref.startsWith('#')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[token];
  }
  return cur;
}

/** A value of the wrong JSON type for `schema`, or undefined when its type is not simple. */
export function wrongTypeFor(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  const t = schema.type;
  switch (t) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'object':
    case 'array':
      return 'not-a-structure';
    default:
      return undefined;
  }
}
