// Named ways to send a server something broken, at the level of bytes and envelopes: each is a
// fast-check arbitrary of CaseSpec built on a valid base request (from request-cases.ts), so a
// failure shrinks towards a small ping with the smallest breakage that still shows it.
import fc from 'fast-check';
import { isStateless, type SchemaSet } from '../schema/index.js';
import { statelessStrategies } from './stateless-strategies.js';
import { anyJson, safeKey } from './json-arbitraries.js';
import { boundedFilter } from './bounded-filter.js';
import { mutatedMessageArbitrary } from './mutations.js';
import { baseRequestArbitrary, makeSafe, requestMethods, withIdSlot, type CostBudget, type Inventory } from './request-cases.js';
import { isReadableId } from './expect.js';
import { rawInString, rawSlot, type CaseSpec, type RawText } from './wire-case.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const MIB = 1024 * 1024;
const NEST_MAX = 10_000;

/**
 * Sizes up to `max`: the full size about one time in four, otherwise up to `small` (by default
 * a 32nd of it), so heavy inputs stay in at a bearable average cost. One integer drives it
 * through a monotonic map, so shrinking (a binary search on the integer) homes in on the
 * smallest size that still fails.
 */
export function sizeUpTo(max: number, small = Math.max(1, Math.floor(max / 32))): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: 4000 }).map((n) => (n >= 3000 ? max : 1 + Math.floor((small - 1) * (n / 3000) ** 2)));
}

/**
 * Where a piece of content goes in a request: `_meta` and unknown params keep it valid for any
 * method. 'top' (a member JSON-RPC does not define) is envelope/extra-members' own subject.
 */
type Place = 'meta' | 'param' | 'top';
const places = fc.constantFrom<Place>('meta', 'param');

function place(base: Obj, where: Place, value: unknown): Obj {
  const m: Obj = { ...base };
  if (where === 'top') m['x-fuzz'] = value;
  else {
    const params: Obj = isObj(m.params) ? { ...m.params } : {};
    if (where === 'meta') params._meta = { ...(isObj(params._meta) ? params._meta : {}), 'x-fuzz': value };
    else params['x-fuzz'] = value;
    m.params = params;
  }
  return m;
}

/** Positions just before `}` or `]` outside strings, in JSON text. */
function closingPositions(text: string): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '}' || c === ']') out.push(i);
  }
  return out;
}

const text = (m: Obj) => JSON.stringify(m);

export interface WireStrategyOptions {
  set: SchemaSet;
  inventory: Inventory;
  /** The wire the cases go on (default stdio): 2026-07-28 over Streamable HTTP adds header mutations. */
  transport?: 'stdio' | 'http' | 'sse';
  /** Costly base methods are drawn only as often as their cost allows (cost-weights.ts). */
  budget?: CostBudget;
}

/** Every strategy of the malformed-messages check, by name (2026-07-28 adds its own, see stateless-strategies.ts). */
export function wireStrategies({ set, inventory, transport = 'stdio', budget }: WireStrategyOptions): Record<string, fc.Arbitrary<Omit<CaseSpec, 'strategy'>>> {
  const stateless = isStateless(set.revision) ? statelessStrategies({ revision: set.revision, inventory, http: transport === 'http' }) : {};
  return { ...commonStrategies(set, inventory, budget), ...stateless };
}

function commonStrategies(set: SchemaSet, inventory: Inventory, budget?: CostBudget): Record<string, fc.Arbitrary<Omit<CaseSpec, 'strategy'>>> {
  const base = baseRequestArbitrary(set, inventory, budget);
  const requests = requestMethods(set).filter((m) => m !== 'tools/call');
  const notifications = Object.keys(set.index.notifications).sort();
  // Built once per method, not for every case the chain draws: an arbitrary is only a recipe, so the values are the same.
  const mutated = new Map<string, ReturnType<typeof mutatedMessageArbitrary>>();
  const mutatedRequest = (method: string) => {
    let arb = mutated.get(method);
    if (!arb) mutated.set(method, (arb = mutatedMessageArbitrary(set, method, 'request', { only: ['drop-required', 'change-type', 'break-const'], maxDepth: 3 })));
    return arb;
  };

  return {
    // ---- not JSON -------------------------------------------------------------------------
    'invalid-json/truncated': fc.tuple(base, fc.nat()).map(([m, at]) => ({ message: m, edits: [{ op: 'truncate', at }] })),
    'invalid-json/trailing-comma': fc.tuple(base, fc.nat()).map(([m, k]) => {
      const t = text(m);
      const spots = closingPositions(t);
      const at = spots[spots.length - 1 - (k % spots.length)];
      return { text: `${t.slice(0, at)},${t.slice(at)}` };
    }),
    'invalid-json/unbalanced': fc.tuple(base, fc.constantFrom('drop-last', 'extra-close', 'extra-open', 'wrong-close', 'unclosed-string')).map(([m, how]) => {
      const t = text(m);
      const edited = {
        'drop-last': t.slice(0, -1),
        'extra-close': `${t}}`,
        'extra-open': `{${t}`,
        'wrong-close': `${t.slice(0, -1)}]`,
        'unclosed-string': `${t.slice(0, -1)},"x-fuzz":"open}`,
      }[how];
      return { text: edited };
    }),
    'invalid-json/bare-value': fc
      .constantFrom('42', '"ping"', 'null', 'true', 'false', '[]', '[1,2,3]', '{}', '-0', '""', '[[]]', '[{}]')
      .map((t) => ({ text: t })),
    'invalid-json/garbage': fc
      .oneof(
        fc.constantFrom('undefined', 'NaN', 'Infinity', "{'jsonrpc':'2.0'}", '{jsonrpc:"2.0"}', '// a comment', 'ping', '\u001b[31mred\u001b[0m', 'Content-Length: 42', '<xml/>', '\\', '{"a":1}}'),
        boundedFilter(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }), (s) => s.trim() !== '' && !parses(s), { onMiss: 'throw', what: 'text that is not JSON' }),
      )
      .map((t) => ({ text: t })),
    'invalid-json/bom': base.map((m) => ({ text: `\ufeff${text(m)}`, lenient: true })),

    // ---- encodings ------------------------------------------------------------------------
    'encoding/invalid-utf8': fc
      .tuple(base, fc.constantFrom<Place | 'method'>('meta', 'param', 'method'), fc.constantFrom<number[]>([0xff], [0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xf4, 0x90, 0x80, 0x80]))
      .map(([m, where, bytes]) => {
        const raws: RawText[] = [[{ bytes }]];
        const message = where === 'method' ? { ...m, method: `${String(m.method)}${rawInString(0)}` } : place(m, where, `a${rawInString(0)}b`);
        return { message, raws };
      }),
    'encoding/lone-surrogate': fc
      .tuple(base, places, fc.constantFrom('\\ud800', '\\udfff', '\\udc00\\ud800', 'x\\ud83d', '\\ud83dx'))
      .map(([m, where, escape]) => ({ message: place(m, where, rawSlot(0)), raws: [[`"${escape}"`]], lenient: true })),
    'encoding/escaped-control-chars': fc
      .tuple(base, places, fc.array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 4 }))
      .map(([m, where, codes]) => ({ message: place(m, where, `a${String.fromCharCode(...codes)}b`) })),
    'encoding/raw-control-chars': fc
      .tuple(base, fc.nat(), fc.array(fc.constantFrom(0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f), { minLength: 1, maxLength: 3 }))
      .map(([m, at, bytes]) => ({ message: m, edits: [{ op: 'insert', at, bytes }] })),
    'encoding/unicode': fc
      .tuple(base, places, fc.array(nonAscii, { minLength: 1, maxLength: 6 }))
      .map(([m, where, chars]) => ({ message: place(m, where, chars.join('')) })),

    // ---- stdio framing ----------------------------------------------------------------------
    'framing/newline-inside': fc.tuple(base, fc.nat(), fc.constantFrom<number[]>([0x0a], [0x0d, 0x0a])).map(([m, at, bytes]) => ({ message: m, edits: [{ op: 'insert', at, bytes }] })),
    'framing/crlf': base.map((m) => ({ text: `${text(m)}\r`, lenient: true })),
    'framing/blank-lines': fc.tuple(base, fc.integer({ min: 1, max: 3 }), fc.constantFrom('', ' ', '\t', '\r')).map(([m, n, blank]) => ({ text: `${`${blank}\n`.repeat(n)}${text(m)}` })),

    // ---- the JSON-RPC envelope ----------------------------------------------------------------
    'envelope/wrong-jsonrpc': fc.tuple(base, fc.constantFrom<unknown>('1.0', '2', 2, '2.0 ', '', null, true, undefined)).map(([m, v]) => {
      const message: Obj = { ...m };
      if (v === undefined) delete message.jsonrpc;
      else message.jsonrpc = v;
      return { message };
    }),
    'envelope/bad-id': fc
      .tuple(base, fc.oneof(fc.constantFrom<unknown>(null, true, false, 1.5, -2.5, {}, [], [1], { a: 1 }), fc.constantFrom('-0', '1e308', '9007199254740993', '-9007199254740993', '1e400', '1.0', '1e2', '00', '+1', '0x10')))
      .map(([m, id]) => (typeof id === 'string' ? { message: { ...m, id: rawSlot(0) }, raws: [[id]], lenient: true } : { message: { ...m, id }, lenient: true })),
    'envelope/bad-method': fc
      .tuple(base, fc.constantFrom<unknown>(5, null, true, {}, [], 1.5, undefined, '', ' ping', 'PING', 'ping ', 'ping\u0000', 'tools//list', 'rpc.discover', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'notifications/../ping'))
      .map(([m, method]) => {
        const message: Obj = { ...m };
        if (method === undefined) delete message.method;
        else message.method = method;
        return { message };
      }),
    'envelope/params-type': fc.tuple(base, fc.constantFrom<unknown>('x', 5, true, null, [], [1, 'a'], 1.5)).map(([m, params]) => ({ message: { ...m, params } })),
    'envelope/extra-members': fc
      .tuple(base, fc.constantFrom<Place>('top', 'param'), fc.oneof(fc.constantFrom('x-fuzz', '__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'ID', 'Method'), safeKey), anyJson(2))
      .map(([m, where, key, value]) => {
        // Written as text: an own "__proto__" member does not survive object spreads.
        const t = text(where === 'param' && !isObj(m.params) ? { ...m, params: {} } : m);
        const member = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
        if (where === 'top') return { text: `${t.slice(0, -1)},${member}}` };
        const at = t.indexOf('"params":{') + '"params":{'.length;
        return { text: `${t.slice(0, at)}${member}${t[at] === '}' ? '' : ','}${t.slice(at)}` };
      }),
    'envelope/duplicate-member': fc.tuple(base, fc.constantFrom('method', 'jsonrpc', 'params'), fc.constantFrom<unknown>('ping', 'tools/list', '1.0', {}, 'x')).map(([m, key, value]) => {
      const t = text(m);
      return { text: `${t.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value)}}`, lenient: true };
    }),

    // ---- params that do not fit the method's schema -----------------------------------------
    'params/schema-mutation': fc
      .tuple(fc.constantFrom(...requests.filter((m) => ['ping', 'tools/list', 'resources/read', 'prompts/get', 'completion/complete', 'logging/setLevel', 'resources/subscribe'].includes(m))), fc.nat())
      .chain(([method, choice]) =>
        mutatedRequest(method).map((mm) => {
          const message = isObj(mm.message) ? makeSafe({ ...mm.message }, inventory, choice) : mm.message;
          // Readable ids become slots (unique on the connection); broken ones stay as they are.
          // In 2026-07-28 our _meta replaces the generated one: a random protocol version would make every case the same -32022.
          const fixed = isObj(message) && isReadableId(message.id) ? withIdSlot(message, typeof message.id === 'number' ? 'number' : 'string', set.revision) : message;
          return { message: fixed, lenient: !isObj(message) || !isReadableId(message.id) };
        }),
      ),

    // ---- sizes and values ---------------------------------------------------------------------
    'size/huge-string': fc
      .tuple(base, fc.constantFrom<Place | 'method'>('meta', 'param', 'method'), fc.constantFrom('a', 'é', '🚀', '\\n', '\\u0000'), sizeUpTo(MIB))
      .map(([m, where, unit, bytes]) => {
        const count = Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)));
        const raws: RawText[] = [['"', [unit, count], '"']];
        const message = where === 'method' ? { ...m, method: rawSlot(0) } : place(m, where, rawSlot(0));
        return { message, raws, lenient: true };
      }),
    'size/deep-nesting': fc
      .tuple(base, fc.constantFrom<Place | 'whole'>('meta', 'param', 'whole'), fc.constantFrom('array', 'object'), sizeUpTo(NEST_MAX, NEST_MAX))
      .map(([m, where, kind, depth]) => {
        const raw: RawText = kind === 'array' ? [['[', depth], '0', [']', depth]] : [['{"a":', depth], '0', ['}', depth]];
        if (where === 'whole') return { text: rawSlotText(), raws: [raw], lenient: true };
        return { message: place(m, where, rawSlot(0)), raws: [raw], lenient: true };
      }),
    'numbers/edge': fc
      .tuple(base, places, fc.constantFrom('-0', '1e308', '-1e308', '9007199254740993', '1e400', '-1e400', '1e-400', '5e-324', '0.1e1', '1E2', '123456789012345678901234567890', '0.30000000000000004', '-0.0', '1.7976931348623157e309'))
      .map(([m, where, literal]) => ({ message: place(m, where, rawSlot(0)), raws: [[literal]], lenient: true })),
    'method/long-name': fc
      .tuple(base, fc.constantFrom('a', '/', 'é', 'notifications/'), sizeUpTo(65_536))
      .map(([m, unit, length]) => ({ message: { ...m, method: rawSlot(0) }, raws: [['"', [unit, Math.max(1, Math.floor(length / unit.length))], '"']] })),

    // ---- requests and notifications mistaken for each other -----------------------------------
    'kind/request-as-notification': fc.tuple(base, fc.constantFrom(...requests)).map(([m, method]) => {
      const { id: _id, ...rest } = m;
      return { message: { ...rest, method } };
    }),
    'kind/unknown-notification': fc
      .tuple(fc.oneof(fc.constantFrom('notifications/mcp-conform-fuzz', 'notifications/', 'notifications/message/x', 'x'), safeKey.map((k) => `notifications/${k}`)), fc.option(anyJson(1).map((v) => ({ 'x-fuzz': v })), { nil: undefined }))
      .map(([method, params]) => ({ message: params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params } })),
    'kind/notification-as-request': fc
      .tuple(base, fc.constantFrom(...notifications))
      .map(([m, method]) => ({ message: makeSafe({ jsonrpc: '2.0', id: m.id, method, params: method === 'notifications/cancelled' ? { requestId: 'x', reason: 'fuzz' } : {} }, inventory, 0) })),
    'kind/client-response': fc
      .tuple(base, fc.constantFrom<Obj>({ result: {} }, { error: { code: -32603, message: 'fuzz' } }, { result: {}, error: { code: 1, message: 'both' } }, { result: null }))
      .map(([m, body]) => ({ message: { jsonrpc: '2.0', id: m.id, ...body } })),
  };
}

/** The quoted placeholder of raws[0] as text (for a case that is nothing but raw content). */
function rawSlotText(): string {
  return JSON.stringify(rawSlot(0));
}

const nonAscii = fc.oneof(
  fc.constantFrom('é', '世界', '🚀', '\u2028', '\u2029', '\u202e', '\ufeff', '\u200d', 'Ω', '\u0085', '\ufffd', '𝔘'),
  boundedFilter(fc.integer({ min: 0x80, max: 0x10ffff }), (c) => c < 0xd800 || c > 0xdfff, { onMiss: 'throw', what: 'a code point that is not a surrogate' }).map((c) => String.fromCodePoint(c)),
);

function parses(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** Weights: common breakage often, heavy inputs (megabytes, deep nesting) now and then. */
const WEIGHTS: Record<string, number> = { 'size/huge-string': 1, 'size/deep-nesting': 1, 'method/long-name': 1, 'invalid-json/bare-value': 1, 'framing/crlf': 1, 'invalid-json/bom': 1 };

/** All wire strategies as one arbitrary (a failure shrinks within its strategy). */
export function malformedCaseArbitrary(opts: WireStrategyOptions): fc.Arbitrary<CaseSpec> {
  const named = Object.entries(wireStrategies(opts));
  return fc.oneof(...named.map(([strategy, arb]) => ({ weight: WEIGHTS[strategy] ?? 3, arbitrary: arb.map((c) => ({ strategy, ...c }) as CaseSpec) })));
}

