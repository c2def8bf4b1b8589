// Deterministic sample arguments for a tool, built from its inputSchema: required members
// only, each from its const, default, enum, examples, or a plain value of its type within its
// bounds. Good enough for the schemas servers publish; the caller verifies the result with
// the compiled schema and does not call the tool when it does not fit.
import { isObject } from './json-object.js';

export type Sample = { ok: true; value: unknown } | { ok: false; reason: string };

const MAX_DEPTH = 8;
/** Values for string formats; hosts are under .invalid so that nothing is ever contacted. */
const FORMAT_SAMPLES: Record<string, string> = {
  uri: 'https://example.invalid/mcp-conform',
  url: 'https://example.invalid/mcp-conform',
  'uri-reference': 'https://example.invalid/mcp-conform',
  iri: 'https://example.invalid/mcp-conform',
  email: 'mcp-conform@example.invalid',
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  duration: 'PT1S',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.invalid',
  regex: '.*',
  byte: 'bWNwLWNvbmZvcm0=',
};
const STRING_CANDIDATES = ['mcp-conform', 'a', 'A', '0', '1', 'abc', 'test', 'example'];
const TYPE_ORDER = ['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'];

type Schema = Record<string, unknown>;
const fail = (reason: string): Sample => ({ ok: false, reason });
const ok = (value: unknown): Sample => ({ ok: true, value });

/** Sample arguments for a tool's inputSchema (an object). */
export function sampleArguments(inputSchema: unknown): Sample {
  if (!isObject(inputSchema)) return fail('the inputSchema is not an object');
  const sample = sampleValue(inputSchema, inputSchema, 0);
  if (sample.ok && !isObject(sample.value)) return fail('the inputSchema does not describe an object');
  return sample;
}

export function sampleValue(schema: unknown, root: Schema, depth: number): Sample {
  if (depth > MAX_DEPTH) return fail('the schema nests too deeply');
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return ok('mcp-conform');
  if (!isObject(schema)) return fail('a member schema is false or not an object');
  if (typeof schema.$ref === 'string') {
    const target = resolveLocal(schema.$ref, root);
    if (target === undefined) return fail(`cannot resolve $ref ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return sampleValue(Object.keys(rest).length && isObject(target) ? mergeAll([target, rest]) : target, root, depth + 1);
  }
  if ('const' in schema) return ok(schema.const);
  if ('default' in schema) return ok(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length) return ok(schema.enum[0]);
  if (Array.isArray(schema.examples) && schema.examples.length) return ok(schema.examples[0]);
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return sampleValue(mergeAll([rest, ...(allOf as unknown[]).filter(isObject)]), root, depth + 1);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = schema[union];
    if (!Array.isArray(branches)) continue;
    const { [union]: _u, ...rest } = schema;
    let last: Sample = fail(`no branch of ${union} could be sampled`);
    for (const branch of branches) {
      last = sampleValue(isObject(branch) ? mergeAll([rest, branch]) : branch, root, depth + 1);
      if (last.ok) return last;
    }
    return last;
  }
  const type = typeOf(schema);
  switch (type) {
    case 'object':
      return sampleObject(schema, root, depth);
    case 'array':
      return sampleArray(schema, root, depth);
    case 'string':
      return sampleString(schema);
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

function sampleObject(schema: Schema, root: Schema, depth: number): Sample {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    const member = name in properties ? properties[name] : schema.additionalProperties === undefined ? true : schema.additionalProperties;
    const sample = sampleValue(member, root, depth + 1);
    if (!sample.ok) return fail(`argument "${name}": ${sample.reason}`);
    value[name] = sample.value;
  }
  return ok(value);
}

function sampleArray(schema: Schema, root: Schema, depth: number): Sample {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const value: unknown[] = [];
  for (let i = 0; i < min; i++) {
    const sample = sampleValue(i < prefix.length ? prefix[i] : (rest ?? true), root, depth + 1);
    if (!sample.ok) return sample;
    value.push(sample.value);
  }
  if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size < value.length) return fail('cannot build distinct array items');
  return ok(value);
}

function sampleString(schema: Schema): Sample {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  const candidates = format ? [format, ...STRING_CANDIDATES] : STRING_CANDIDATES;
  let pattern: RegExp | undefined;
  if (typeof schema.pattern === 'string') {
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      return fail(`pattern ${JSON.stringify(schema.pattern)} is not a regular expression`);
    }
  }
  for (const c of candidates) {
    const fitted = c.length < min ? c + 'x'.repeat(min - c.length) : c.length > max ? c.slice(0, max) : c;
    if (!pattern || pattern.test(fitted)) return ok(fitted);
  }
  return fail(`no sample string matches pattern ${JSON.stringify(schema.pattern)}`);
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
