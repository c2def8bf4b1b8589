// Resolves `$ref`s across a revision's per-definition files and flattens a conjunction of
// subschemas (allOf, $ref chains) into one summary of the keywords the generator models.
// Everything here is pure over the parsed files of a SchemaSet; callers memoize.
import type { SchemaSet } from '../schema/registry.js';
import { SCHEMA_ID_BASE } from '../schema/registry.js';

export type JsonType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';

/** A subschema and where it lives, so refs resolve and a validator can be fetched for it. */
export interface Sub {
  schema: unknown;
  /** File name inside the revision folder (`Tool.json`), or `virtual:...` for schemas built in code. */
  file: string;
  /** JSON pointer of `schema` inside `file` ('' = the whole file). */
  pointer: string;
  /** Identity for caches: `file#pointer` (`!…` for a union marker). */
  key: string;
  /** Set on markers: the union (`holderKey!keyword`) whose branch has been chosen, so it is not expanded again. */
  resolves?: string;
}

/** One member of the conjunction that constrains object members. */
export interface ObjectMember {
  properties: Record<string, Sub>;
  /** Schema for members not in `properties`; `false` forbids them; undefined allows anything. */
  additional?: Sub | false;
  hasPatterns: boolean;
}

export interface Union {
  keyword: 'anyOf' | 'oneOf';
  /** The member holding the union; it is replaced by a copy without it once a branch is chosen. */
  holder: Sub;
  branches: Sub[];
}

/** What a conjunction of subschemas requires, in the terms the generator understands. */
export interface Flat {
  members: Sub[];
  /** Union markers carried by the conjunction. */
  markers: Sub[];
  never: boolean;
  types?: JsonType[];
  consts: unknown[];
  enums: unknown[][];
  objects: ObjectMember[];
  required: Set<string>;
  items: Sub[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  formats: string[];
  patterns: string[];
  unions: Union[];
  /** Members with keywords the generator does not model: generated values are filtered by their validators. */
  checks: Sub[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// Keywords we generate for directly; any other assertion keyword becomes a validator filter.
const MODELLED = new Set([
  '$schema', '$id', '$ref', '$defs', 'definitions', '$comment', 'title', 'description', 'default', 'examples',
  'deprecated', 'readOnly', 'writeOnly', 'markdownDescription', '$anchor',
  'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'allOf', 'anyOf', 'oneOf',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'format', 'pattern',
]);

const TYPES: readonly JsonType[] = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The ref string `SchemaSet.get` understands for a sub of a real file. */
export function refOf(sub: Sub): string {
  return sub.pointer ? `${sub.file}#${sub.pointer}` : sub.file;
}

export function isVirtual(sub: Sub): boolean {
  return sub.file.startsWith('virtual:');
}

/** A schema built in code; its refs must name a file (`X.json...`). */
export function virtualSub(name: string, schema: unknown): Sub {
  const file = `virtual:${name}`;
  return { schema, file, pointer: '', key: `${file}#` };
}

export function child(sub: Sub, ...tokens: (string | number)[]): Sub {
  let schema: unknown = sub.schema;
  for (const t of tokens) schema = (schema as Obj)[t as never];
  const pointer = sub.pointer + tokens.map((t) => `/${escapeToken(String(t))}`).join('');
  return { schema, file: sub.file, pointer, key: `${sub.file}#${pointer}` };
}

/** The subschema a ref (as written in `from`) points to: `X.json`, `X.json#/ptr`, `#/ptr` or an absolute $id. */
export function resolveRef(set: SchemaSet, ref: string, from: Sub): Sub {
  const base = `${SCHEMA_ID_BASE}/${set.revision}/`;
  const relative = ref.startsWith(base) ? ref.slice(base.length) : ref;
  const hash = relative.indexOf('#');
  const filePart = hash < 0 ? relative : relative.slice(0, hash);
  const fragment = hash < 0 ? '' : relative.slice(hash + 1);
  const file = filePart || from.file;
  const root = set.files.get(file);
  if (root === undefined) throw new Error(`schema-arbitrary: cannot resolve $ref ${JSON.stringify(ref)} from ${from.key} in ${set.revision}`);
  let schema: unknown = root;
  const tokens = fragment === '' ? [] : fragment.replace(/^\//, '').split('/').map(unescapeToken);
  for (const t of tokens) {
    if (!isObj(schema) && !Array.isArray(schema)) throw new Error(`schema-arbitrary: bad pointer in $ref ${ref}`);
    schema = (schema as Obj)[t];
  }
  if (schema === undefined) throw new Error(`schema-arbitrary: $ref ${ref} points at nothing`);
  const pointer = tokens.map((t) => `/${escapeToken(t)}`).join('');
  return { schema, file, pointer, key: `${file}#${pointer}` };
}

/** Follows $ref and allOf, returning the subschemas whose own keywords apply (each once). */
function expand(set: SchemaSet, sub: Sub, out: Sub[], seen: Set<string>, flags: { never: boolean }) {
  if (seen.has(sub.key)) return;
  seen.add(sub.key);
  const s = sub.schema;
  if (s === false) {
    flags.never = true;
    return;
  }
  if (!isObj(s)) return; // `true` (or junk) constrains nothing
  if (typeof s.$ref === 'string') {
    expand(set, resolveRef(set, s.$ref, sub), out, seen, flags);
    // draft-07 ignores every keyword beside $ref; 2020-12 applies them too.
    if (set.index.dialect === 'draft-07') return;
  }
  if (Array.isArray(s.allOf)) s.allOf.forEach((_, i) => expand(set, child(sub, 'allOf', i), out, seen, flags));
  out.push(sub);
}

function typesOf(value: unknown): JsonType[] | undefined {
  if (typeof value === 'string' && (TYPES as string[]).includes(value)) return [value as JsonType];
  if (Array.isArray(value)) return value.filter((t): t is JsonType => (TYPES as string[]).includes(t));
  return undefined;
}

function intersectTypes(a: JsonType[] | undefined, b: JsonType[]): JsonType[] {
  if (!a) return b;
  const out = new Set<JsonType>();
  for (const t of a) {
    if (b.includes(t)) out.add(t);
    else if (t === 'number' && b.includes('integer')) out.add('integer');
    else if (t === 'integer' && b.includes('number')) out.add('integer');
  }
  return [...out];
}

const tighter = (current: number | undefined, next: unknown, pick: (a: number, b: number) => number) =>
  typeof next !== 'number' ? current : current === undefined ? next : pick(current, next);

const flatCache = new WeakMap<SchemaSet, Map<string, Flat>>();

/** Flattens a conjunction of subschemas (memoized per set: the result is shared, never modify it). */
export function flatten(set: SchemaSet, conj: readonly Sub[]): Flat {
  let bySet = flatCache.get(set);
  if (!bySet) flatCache.set(set, (bySet = new Map()));
  const key = conjKey(conj);
  let flat = bySet.get(key);
  if (!flat) bySet.set(key, (flat = computeFlat(set, conj)));
  return flat;
}

function computeFlat(set: SchemaSet, conj: readonly Sub[]): Flat {
  const members: Sub[] = [];
  const markers = conj.filter((s) => s.resolves !== undefined);
  const resolved = new Set(markers.map((s) => s.resolves));
  const flags = { never: false };
  const seen = new Set<string>();
  for (const sub of conj) if (sub.resolves === undefined) expand(set, sub, members, seen, flags);
  const flat: Flat = {
    members, markers, never: flags.never, consts: [], enums: [], objects: [], required: new Set(), items: [],
    formats: [], patterns: [], unions: [], checks: [],
  };
  for (const m of members) {
    const s = m.schema as Obj;
    const t = typesOf(s.type);
    if (t) flat.types = intersectTypes(flat.types, t);
    if ('const' in s) flat.consts.push(s.const);
    if (Array.isArray(s.enum)) flat.enums.push(s.enum);
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') flat.required.add(r);
    if (isObj(s.properties) || 'additionalProperties' in s || isObj(s.patternProperties)) {
      const properties: Record<string, Sub> = {};
      if (isObj(s.properties)) for (const name of Object.keys(s.properties)) properties[name] = child(m, 'properties', name);
      const ap = s.additionalProperties;
      flat.objects.push({
        properties,
        additional: ap === undefined ? undefined : ap === false ? false : child(m, 'additionalProperties'),
        hasPatterns: isObj(s.patternProperties),
      });
    }
    if (isObj(s.items) || typeof s.items === 'boolean') flat.items.push(child(m, 'items'));
    else if (Array.isArray(s.items)) flat.checks.push(m); // draft-07 tuples: validated, not modelled
    flat.minItems = tighter(flat.minItems, s.minItems, Math.max);
    flat.maxItems = tighter(flat.maxItems, s.maxItems, Math.min);
    flat.minLength = tighter(flat.minLength, s.minLength, Math.max);
    flat.maxLength = tighter(flat.maxLength, s.maxLength, Math.min);
    flat.minimum = tighter(flat.minimum, s.minimum, Math.max);
    flat.maximum = tighter(flat.maximum, s.maximum, Math.min);
    flat.exclusiveMinimum = tighter(flat.exclusiveMinimum, s.exclusiveMinimum, Math.max);
    flat.exclusiveMaximum = tighter(flat.exclusiveMaximum, s.exclusiveMaximum, Math.min);
    if (typeof s.format === 'string') flat.formats.push(s.format);
    if (typeof s.pattern === 'string') flat.patterns.push(s.pattern);
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const list = s[keyword];
      if (Array.isArray(list) && !resolved.has(unionId(m, keyword))) flat.unions.push({ keyword, holder: m, branches: list.map((_, i) => child(m, keyword, i)) });
    }
    if (Object.keys(s).some((k) => !MODELLED.has(k)) && !flat.checks.includes(m)) flat.checks.push(m);
  }
  return flat;
}

const unionId = (holder: Sub, keyword: string) => `${holder.key}!${keyword}`;

/** The conjunction with `union` settled: a marker keeps it from being expanded again (even when a
 * $ref reaches its holder anew), and the chosen branch, if any, joins the conjunction. */
export function settleUnion(flat: Flat, union: Union, branch?: Sub): Sub[] {
  const id = unionId(union.holder, union.keyword);
  const marker: Sub = { schema: true, file: '', pointer: '', key: `!${id}`, resolves: id };
  return [...flat.members, ...flat.markers, marker, ...(branch ? [branch] : [])];
}

/** Schemas a member named `name` must satisfy, over every object member of the conjunction.
 * Returns undefined when some member forbids the name. */
export function propertySchemas(flat: Flat, name: string): Sub[] | undefined {
  const out: Sub[] = [];
  for (const o of flat.objects) {
    if (Object.prototype.hasOwnProperty.call(o.properties, name)) out.push(o.properties[name]);
    else if (o.additional === false) return undefined;
    else if (o.additional) out.push(o.additional);
  }
  return out;
}

/** Cache key of a conjunction: its members' keys, order-free. */
export function conjKey(conj: readonly Sub[]): string {
  return [...new Set(conj.map((s) => s.key))].sort().join('&');
}
