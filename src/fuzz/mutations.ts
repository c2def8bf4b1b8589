// Named ways to break a valid JSON-RPC message, for negative and differential testing.
// Each mutation is deterministic given `ctx.choice`, so fast-check can shrink and replay it, and
// never modifies its input. Schema-aware ones (drop-required, change-type, break-const) pick a
// member the message's schema actually declares, found by walking the message alongside it.
import fc from 'fast-check';
import type { SchemaSet } from '../schema/registry.js';
import { messageSchema, validMessageArbitrary, type ShapeKind, type MessageOptions } from './schema-arbitrary.js';
import { flatten, settleUnion, isVirtual, propertySchemas, refOf, type Sub } from './schema-walk.js';

export interface MutationContext {
  set: SchemaSet;
  method: string;
  kind: ShapeKind;
  /** Any non-negative integer: selects which member or replacement a mutation uses. */
  choice: number;
  /** The message answers a task-augmented request (see MessageOptions.taskResult). */
  taskResult?: boolean;
}

export interface Mutation {
  name: string;
  /** Message kinds the mutation makes sense for. */
  kinds: readonly ShapeKind[];
  /** A broken copy of `message`, or undefined when the message offers nothing to break this way. */
  apply(message: unknown, ctx: MutationContext): unknown;
}

export interface MutatedMessage {
  mutation: string;
  original: Record<string, unknown>;
  message: unknown;
}

type Obj = Record<string, unknown>;
type Path = (string | number)[];
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A member of the message that its schema declares. */
interface DeclaredMember {
  path: Path;
  required: boolean;
  /** The schema pins the value (`const`). */
  pinned: boolean;
}

const MAX_WALK_DEPTH = 12;

/** Lists the declared members present in `value`, narrowing unions to the one branch that accepts the value. */
function declaredMembers(set: SchemaSet, conj: readonly Sub[], value: unknown, path: Path = [], out: DeclaredMember[] = []): DeclaredMember[] {
  if (path.length > MAX_WALK_DEPTH) return out;
  let flat = flatten(set, conj);
  for (let guard = 0; flat.unions.length && guard < 16; guard++) {
    const u = flat.unions[0];
    const fits = u.branches.filter((b) => !isVirtual(b) && set.check(refOf(b))(value));
    flat = fits.length === 1
      ? flatten(set, settleUnion(flat, u, fits[0]))
      : flatten(set, settleUnion(flat, u));
  }
  if (isObj(value)) {
    for (const key of Object.keys(value)) {
      if (!flat.objects.some((o) => Object.prototype.hasOwnProperty.call(o.properties, key))) continue; // an extra member
      const schemas = propertySchemas(flat, key);
      if (!schemas) continue;
      const p = [...path, key];
      out.push({ path: p, required: flat.required.has(key), pinned: flatten(set, schemas).consts.length > 0 });
      declaredMembers(set, schemas, value[key], p, out);
    }
  } else if (Array.isArray(value) && flat.items.length) {
    value.slice(0, 3).forEach((item, i) => declaredMembers(set, flat.items, item, [...path, i], out));
  }
  return out;
}

function membersOf(message: unknown, ctx: MutationContext): DeclaredMember[] {
  return declaredMembers(ctx.set, messageSchema(ctx.set, ctx.method, ctx.kind, { taskResult: ctx.taskResult }), message);
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Obj)[k as string], value);
}

/** A deep copy of `message` with the member at `path` replaced (or deleted when `replacement` is DELETE). */
function withAt(message: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(message);
  const parent = getAt(copy, path.slice(0, -1)) as Obj;
  const last = path[path.length - 1] as string;
  if (replacement === DELETE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

const DELETE = Symbol('delete');

function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

const OTHER_TYPES: unknown[] = ['mutated', 12345, 1.5, true, null, [], {}];

const pick = <T>(list: readonly T[], choice: number): T | undefined => (list.length ? list[choice % list.length] : undefined);

const withMessage = (message: unknown, f: (m: Obj) => unknown) => (isObj(message) ? f(structuredClone(message)) : undefined);

export const mutations: readonly Mutation[] = [
  {
    name: 'drop-required',
    kinds: ['request', 'notification', 'result'],
    apply(message, ctx) {
      const target = pick(membersOf(message, ctx).filter((m) => m.required), ctx.choice);
      return target && withAt(message, target.path, DELETE);
    },
  },
  {
    name: 'change-type',
    kinds: ['request', 'notification', 'result'],
    apply(message, ctx) {
      const members = membersOf(message, ctx);
      const target = pick(members, ctx.choice);
      if (!target) return undefined;
      const current = getAt(message, target.path);
      const others = OTHER_TYPES.filter((v) => jsonType(v) !== jsonType(current) && !(Number.isInteger(current) && v === 1.5));
      return withAt(message, target.path, structuredClone(pick(others, Math.floor(ctx.choice / members.length))));
    },
  },
  {
    name: 'break-const',
    kinds: ['request', 'notification', 'result'],
    apply(message, ctx) {
      const target = pick(membersOf(message, ctx).filter((m) => m.pinned && typeof getAt(message, m.path) === 'string'), ctx.choice);
      return target && withAt(message, target.path, `${getAt(message, target.path) as string}-mutated`);
    },
  },
  {
    name: 'add-id-to-notification',
    kinds: ['notification'],
    apply: (message, ctx) => withMessage(message, (m) => ({ ...m, id: pick([1, 'n-1', 0], ctx.choice) })),
  },
  {
    name: 'remove-id',
    kinds: ['request', 'result'],
    apply: (message) =>
      withMessage(message, (m) => {
        delete m.id;
        return m;
      }),
  },
  {
    name: 'wrong-jsonrpc',
    kinds: ['request', 'notification', 'result'],
    apply: (message, ctx) => withMessage(message, (m) => ({ ...m, jsonrpc: pick(['1.0', '2', 2, null], ctx.choice) })),
  },
  {
    name: 'params-not-object',
    kinds: ['request', 'notification'],
    apply: (message, ctx) => withMessage(message, (m) => ({ ...m, params: pick(['params', [], 7, null], ctx.choice) })),
  },
  {
    name: 'result-and-error',
    kinds: ['result'],
    apply: (message) => withMessage(message, (m) => ({ ...m, error: { code: -32603, message: 'Internal error' } })),
  },
];

/** Valid messages of `method`/`kind`, each broken by one applicable mutation. */
export function mutatedMessageArbitrary(
  set: SchemaSet,
  method: string,
  kind: ShapeKind,
  opts: MessageOptions & { only?: readonly string[] } = {},
): fc.Arbitrary<MutatedMessage> {
  const applicable = mutations.filter((m) => m.kinds.includes(kind) && (!opts.only || opts.only.includes(m.name)));
  if (applicable.length === 0) throw new Error(`schema-arbitrary: no mutation applies to a ${kind}`);
  return fc
    .tuple(validMessageArbitrary(set, method, kind, opts), fc.constantFrom(...applicable), fc.nat())
    .map(([original, mutation, choice]) => ({
      mutation: mutation.name,
      original,
      message: mutation.apply(original, { set, method, kind, choice, taskResult: opts.taskResult }),
    }))
    .filter((m) => m.message !== undefined);
}
