// fast-check arbitraries that produce instances VALID against our per-definition JSON Schemas
// (schemas/<revision>/), and whole JSON-RPC messages for every method of a revision's index.
//
//   arbitraryFor(set, 'Tool.json')                          any valid Tool
//   arbitraryFor(set, 'X.json#/properties/result')           refs with a JSON-pointer fragment
//   validMessageArbitrary(set, 'tools/call', 'request')      {jsonrpc, id, method, params}
//   validMessageArbitrary(set, 'tools/call', 'result')       {jsonrpc, id, result}
//   mutatedMessageArbitrary(set, 'tools/call', 'request')    the same, broken by one named mutation (mutations.ts)
//
// Model: a schema is handled as a conjunction of subschemas ($ref and allOf are flattened, see
// schema-walk.ts). A union (anyOf/oneOf) is resolved by picking a branch and merging it into the
// rest; oneOf additionally rejects values that several branches accept. Optional members are
// sometimes present, sometimes absent; objects whose schema declares additionalProperties
// (true, {} or a schema) sometimes get extra members named `x-extra…`. Keywords the generator
// does not model are enforced by filtering with the member's compiled validator.
//
// Depth: every object member or array item is one level deeper. At `maxDepth` and below, only
// what the schema requires is generated (no optional members, no extras, minItems items), and a
// union takes its cheapest branch, so recursive schemas (JSONValue) always terminate.
// Arbitraries are memoized per (schema set, maxDepth, conjunction, depth).
//
// Mutations (mutations.ts, built on this file: import them from there) take the message and a
// context `{ set, method, kind, choice }`: `choice` picks the member or replacement deterministically.
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import type { SchemaSet } from '../schema/registry.js';
import { anyJson, integerArb, MAX_GENERATED_LENGTH, numberArb, stringArb, text } from './json-arbitraries.js';
import { boundedFilter, type OnMiss } from './bounded-filter.js';
import {
  conjKey, flatten, settleUnion, isVirtual, propertySchemas, refOf, resolveRef, virtualSub,
  type Flat, type JsonType, type Sub,
} from './schema-walk.js';

export interface ArbitraryOptions {
  /** Nesting level from which only required content is generated (default 5). */
  maxDepth?: number;
  /**
   * For schemas we do not control (a tool's inputSchema): keywords enforced by filtering give up
   * after a few tries and let an unfitting value through (a `multipleOf: 0.01` or a `not` can
   * make fitting values very rare), and a schema whose unions multiply into too many
   * combinations is refused. Otherwise a filter that keeps missing throws (bounded-filter.ts).
   */
  bestEffort?: boolean;
}

/** The message shapes of an index entry (not src/schema's MessageKind, which classifies any input). */
export type ShapeKind = 'request' | 'notification' | 'result';

export interface MessageOptions extends ArbitraryOptions {
  /** For a result: the task handle answering a task-augmented request (2025-11-25 `taskResult`). */
  taskResult?: boolean;
}

const DEFAULT_MAX_DEPTH = 5;
/**
 * Best effort: arbitraries built (and smallest sizes computed) for one schema before it is
 * refused. Unions multiply: an allOf of ten anyOfs of three branches is 3^10 conjunctions, a
 * minute of building on the event loop; a thousand take a few hundred ms. Tool schemas seen in
 * the wild need a few dozen.
 */
const MAX_BUILDS = 1000;
/** The smallest instance an array's required items may add up to (nested minItems multiply too). */
const MAX_REQUIRED_SIZE = 1000;
/** A schema whose required members recurse this deep has no finite instance. */
const RUNAWAY_DEPTH = 64;
const SCALARS: readonly JsonType[] = ['null', 'boolean', 'integer', 'number', 'string'];

type Obj = Record<string, unknown>;
const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function jsonTypeFits(value: unknown, types: readonly JsonType[] | undefined): boolean {
  if (!types) return true;
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  switch (typeof value) {
    case 'boolean': return types.includes('boolean');
    case 'string': return types.includes('string');
    case 'number': return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
    case 'object': return types.includes('object');
    default: return false;
  }
}

/** Types a schema without `type` evidently means, from its keywords. */
function impliedTypes(flat: Flat): JsonType[] | undefined {
  if (flat.objects.length || flat.required.size) return ['object'];
  if (flat.items.length || flat.minItems !== undefined || flat.maxItems !== undefined) return ['array'];
  if (flat.formats.length || flat.patterns.length || flat.minLength !== undefined || flat.maxLength !== undefined) return ['string'];
  if (flat.minimum !== undefined || flat.maximum !== undefined) return ['number'];
  return undefined;
}

function enumValues(flat: Flat): unknown[] {
  const [first, ...rest] = flat.enums;
  return first.filter((v) => rest.every((e) => e.some((x) => sameJson(x, v))) && jsonTypeFits(v, flat.types));
}

/** Can the flattened keywords (ignoring nested members) hold at all? */
function locallySatisfiable(flat: Flat): boolean {
  if (flat.never) return false;
  if (flat.types && flat.types.length === 0) return false;
  if (flat.consts.length) {
    const c = flat.consts[0];
    if (!flat.consts.every((x) => sameJson(x, c)) || !jsonTypeFits(c, flat.types)) return false;
    return flat.enums.every((e) => e.some((x) => sameJson(x, c)));
  }
  if (flat.enums.length) return enumValues(flat).length > 0;
  return true;
}

/** One generator per (schema set, maxDepth): owns the memo tables. */
class SchemaGenerator {
  private readonly arbs = new Map<string, fc.Arbitrary<unknown>>();
  private readonly building = new Set<string>();
  private readonly costs = new Map<string, number>();
  private readonly formatChecks = new Map<string, ValidateFunction>();
  private readonly onMiss: OnMiss;
  private builds = 0;

  constructor(
    readonly set: SchemaSet,
    readonly maxDepth: number,
    readonly bestEffort = false,
  ) {
    this.onMiss = bestEffort ? 'keep-last' : 'throw';
  }

  /** arb.filter(pred), never unbounded (bounded-filter.ts). */
  private keep<T>(arb: fc.Arbitrary<T>, pred: (v: T) => boolean, what: string): fc.Arbitrary<T> {
    return boundedFilter(arb, pred, { onMiss: this.onMiss, what });
  }

  /** Counts one more build or cost computation against MAX_BUILDS (best effort only). */
  private spend(): void {
    if (this.bestEffort && ++this.builds > MAX_BUILDS) throw new Error(`schema-arbitrary: the schema's unions make more than ${MAX_BUILDS} combinations`);
  }

  /** Arbitrary of values valid against every subschema of `conj`. */
  forConj(conj: readonly Sub[], depth: number): fc.Arbitrary<unknown> {
    if (depth > RUNAWAY_DEPTH) throw new Error(`schema-arbitrary: ${conjKey(conj)} has no finite instance`);
    const d = Math.min(depth, this.maxDepth);
    const key = `${conjKey(conj)}@${d}`;
    const hit = this.arbs.get(key);
    if (hit) return hit;
    if (this.building.has(key)) throw new Error(`schema-arbitrary: ${conjKey(conj)} requires itself (no finite instance)`);
    this.building.add(key);
    try {
      const arb = this.build(conj, d);
      this.arbs.set(key, arb);
      return arb;
    } finally {
      this.building.delete(key);
    }
  }

  private build(conj: readonly Sub[], depth: number): fc.Arbitrary<unknown> {
    this.spend();
    const flat = flatten(this.set, conj);
    if (!locallySatisfiable(flat)) throw new Error(`schema-arbitrary: ${conjKey(conj)} is unsatisfiable`);
    if (flat.unions.length) return this.union(flat, depth);
    let arb = this.byType(flat, depth);
    const checks = flat.checks.filter((s) => !isVirtual(s)).map((s) => this.set.check(refOf(s)));
    if (checks.length) arb = this.keep(arb, (v) => checks.every((check) => check(v)), `${conjKey(conj)}`);
    return arb;
  }

  private union(flat: Flat, depth: number): fc.Arbitrary<unknown> {
    const u = flat.unions[0];
    const options = u.branches.map((b) => settleUnion(flat, u, b)).filter((o) => this.cost(o) < Infinity);
    if (options.length === 0) throw new Error(`schema-arbitrary: no branch of ${u.holder.key} ${u.keyword} is satisfiable`);
    let arb: fc.Arbitrary<unknown>;
    if (depth >= this.maxDepth) {
      const cheapest = options.reduce((best, o) => (this.cost(o) < this.cost(best) ? o : best));
      arb = this.forConj(cheapest, depth);
    } else {
      arb = fc.oneof(...options.map((o) => this.forConj(o, depth)));
    }
    if (u.keyword === 'oneOf') {
      const branches = u.branches.map((b) => this.set.check(refOf(b)));
      arb = this.keep(arb, (v) => branches.filter((check) => check(v)).length === 1, `exactly one branch of ${u.holder.key} oneOf`);
    }
    return arb;
  }

  private byType(flat: Flat, depth: number): fc.Arbitrary<unknown> {
    if (flat.consts.length) return fc.constant(flat.consts[0]);
    if (flat.enums.length) return fc.constantFrom(...enumValues(flat));
    const types = flat.types ?? impliedTypes(flat);
    if (!types) return anyJson(this.maxDepth - depth);
    const usable = types.filter((t) => t !== 'number' || !types.includes('integer'));
    if (depth >= this.maxDepth) {
      // Past the depth budget, prefer a scalar so nothing nests further.
      const cheap = usable.find((t) => SCALARS.includes(t)) ?? usable[0];
      return this.ofType(cheap, flat, depth);
    }
    return usable.length === 1 ? this.ofType(usable[0], flat, depth) : fc.oneof(...usable.map((t) => this.ofType(t, flat, depth)));
  }

  private ofType(type: JsonType, flat: Flat, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerArb(flat);
      case 'number':
        return numberArb(flat);
      case 'string':
        return this.string(flat);
      case 'array':
        return this.array(flat, depth);
      case 'object':
        return this.object(flat, depth);
    }
  }

  private string(flat: Flat): fc.Arbitrary<unknown> {
    const format = flat.formats[0];
    const arb = stringArb({ minLength: flat.minLength, maxLength: flat.maxLength, format, pattern: flat.patterns[0] }, this.onMiss);
    if (arb) return arb;
    // A format we have no generator for: let ajv's own format check pick the strings that fit.
    let check = this.formatChecks.get(format);
    if (!check) this.formatChecks.set(format, (check = this.set.ajv.compile({ type: 'string', format })));
    const min = Math.min(flat.minLength ?? 0, MAX_GENERATED_LENGTH);
    return this.keep(text(min, Math.max(min, Math.min(flat.maxLength ?? 40, min + 40))), (s) => check(s), `format ${format}`);
  }

  private array(flat: Flat, depth: number): fc.Arbitrary<unknown> {
    const itemCost = this.cost(flat.items);
    // Items that cannot exist: the empty array, whatever minItems says (best effort's one way out).
    if (itemCost === Infinity) return fc.constant([]);
    const min = Math.min(flat.minItems ?? 0, Math.floor(MAX_REQUIRED_SIZE / itemCost));
    const max = depth >= this.maxDepth ? min : Math.min(flat.maxItems ?? Infinity, min + 3);
    if (max <= 0) return fc.constant([]);
    return fc.array(this.forConj(flat.items, depth + 1), { minLength: min, maxLength: Math.max(min, max) });
  }

  private object(flat: Flat, depth: number): fc.Arbitrary<unknown> {
    const names = new Set<string>(flat.required);
    for (const o of flat.objects) for (const name of Object.keys(o.properties)) names.add(name);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const name of names) {
      const required = flat.required.has(name);
      if (!required && depth >= this.maxDepth) continue;
      const schemas = propertySchemas(flat, name);
      if (!schemas) {
        if (required) throw new Error(`schema-arbitrary: ${name} is both required and forbidden`);
        continue;
      }
      if (!required && this.cost(schemas) === Infinity) continue;
      model[name] = this.forConj(schemas, depth + 1);
      if (required) requiredKeys.push(name);
    }
    const record = fc.record(model, { requiredKeys, noNullPrototype: true }) as fc.Arbitrary<Obj>;
    if (depth >= this.maxDepth || !this.takesExtras(flat)) return record;
    const extraSchemas = propertySchemas(flat, 'x-extra') ?? [];
    if (this.cost(extraSchemas) === Infinity) return record;
    const extra = this.forConj(extraSchemas, depth + 1);
    const extras = fc.oneof({ weight: 3, arbitrary: fc.constant([] as unknown[]) }, { weight: 1, arbitrary: fc.array(extra, { minLength: 1, maxLength: 2 }) });
    return fc.tuple(record, extras).map(([o, values]) => {
      const out: Obj = { ...o };
      values.forEach((v, i) => {
        let name = i === 0 ? 'x-extra' : `x-extra-${i}`;
        while (names.has(name)) name = `${name}_`;
        out[name] = v;
      });
      return out;
    });
  }

  /** Extra members only where a schema declares them (additionalProperties true/{}/schema), or
   * where the object schema says nothing about members at all (`{"type":"object"}`). */
  private takesExtras(flat: Flat): boolean {
    if (flat.objects.some((o) => o.additional === false || o.hasPatterns)) return false;
    return flat.objects.length === 0 || flat.objects.some((o) => o.additional !== undefined);
  }

  /** Size of the smallest instance (Infinity when there is none); picks branches at the depth limit. */
  cost(conj: readonly Sub[], stack: Set<string> = new Set()): number {
    const key = conjKey(conj);
    const known = this.costs.get(key);
    if (known !== undefined) return known;
    if (stack.has(key)) return Infinity;
    stack.add(key);
    const c = this.computeCost(conj, stack);
    stack.delete(key);
    // A cycle makes "Infinity" depend on the stack; remember only what holds everywhere.
    if (c < Infinity) this.costs.set(key, c);
    return c;
  }

  private computeCost(conj: readonly Sub[], stack: Set<string>): number {
    this.spend();
    const flat = flatten(this.set, conj);
    if (!locallySatisfiable(flat)) return Infinity;
    if (flat.unions.length) {
      const u = flat.unions[0];
      return Math.min(...u.branches.map((b) => this.cost(settleUnion(flat, u, b), stack)));
    }
    if (flat.consts.length || flat.enums.length) return 1;
    const types = flat.types ?? impliedTypes(flat) ?? ['null'];
    let best = Infinity;
    for (const t of types) {
      let c = 1;
      if (t === 'array' && (flat.minItems ?? 0) > 0) c += flat.minItems! * this.cost(flat.items, stack);
      if (t === 'object') {
        for (const name of flat.required) {
          const schemas = propertySchemas(flat, name);
          c += schemas ? this.cost(schemas, stack) : Infinity;
        }
      }
      best = Math.min(best, c);
    }
    return best;
  }
}

const generators = new WeakMap<SchemaSet, Map<string, SchemaGenerator>>();

function generatorFor(set: SchemaSet, maxDepth = DEFAULT_MAX_DEPTH, bestEffort = false): SchemaGenerator {
  let bySet = generators.get(set);
  if (!bySet) generators.set(set, (bySet = new Map()));
  const key = `${maxDepth}:${bestEffort}`;
  let g = bySet.get(key);
  if (!g) bySet.set(key, (g = new SchemaGenerator(set, maxDepth, bestEffort)));
  return g;
}

const ROOT: Sub = { schema: {}, file: '', pointer: '', key: '#' };

/** Values valid against `ref` (`Tool.json`, `X.json#/properties/result`) of the set's revision. */
export function arbitraryFor(set: SchemaSet, ref: string, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return generatorFor(set, opts.maxDepth, opts.bestEffort).forConj([resolveRef(set, ref, ROOT)], 0);
}

/** The methods that have a message of this kind in the set's index (results: every request). */
export function methodsOf(set: SchemaSet, kind: ShapeKind): string[] {
  return Object.keys(kind === 'notification' ? set.index.notifications : set.index.requests).sort();
}

/** The subschemas a whole message of this method and kind must satisfy: the revision's JSON-RPC
 * envelope plus the method's own definition (for results, the result schema under `result`). */
export function messageSchema(set: SchemaSet, method: string, kind: ShapeKind, opts: MessageOptions = {}): Sub[] {
  const { index } = set;
  const entry = kind === 'notification' ? index.notifications[method] : index.requests[method];
  if (!entry) throw new Error(`schema-arbitrary: no ${kind === 'notification' ? 'notification' : 'request'} ${method} in ${set.revision}`);
  const envelope = (name: string) => resolveRef(set, name, ROOT);
  if (kind === 'request') return [envelope(index.envelopes.request), envelope(entry.schema)];
  if (kind === 'notification') return [envelope(index.envelopes.notification), envelope(entry.schema)];
  if (opts.taskResult && !entry.taskResult) throw new Error(`schema-arbitrary: ${method} has no task result in ${set.revision}`);
  const result = opts.taskResult ? entry.taskResult! : entry.result!;
  const body = virtualSub(`result:${method}:${result}`, { type: 'object', required: ['result'], properties: { result: { $ref: result } } });
  return [envelope(index.envelopes.result), body];
}

/** Whole JSON-RPC messages of `method`: a request (with id), a notification (without), or the
 * success response answering the request (`{jsonrpc, id, result}`). */
export function validMessageArbitrary(set: SchemaSet, method: string, kind: ShapeKind, opts: MessageOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  return generatorFor(set, opts.maxDepth).forConj(messageSchema(set, method, kind, opts), 0) as fc.Arbitrary<Record<string, unknown>>;
}

/** Error responses valid against the revision's error envelope (`JSONRPCError` / `JSONRPCErrorResponse`). */
export function errorResponseArbitrary(set: SchemaSet, opts: ArbitraryOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryFor(set, set.index.envelopes.error, opts) as fc.Arbitrary<Record<string, unknown>>;
}
