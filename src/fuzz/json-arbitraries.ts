// Leaf arbitraries for schema-driven generation: bounded JSON values, strings (plain and with
// the formats MCP schemas use), integers and numbers within limits.
import fc from 'fast-check';
import { boundedFilter, type OnMiss } from './bounded-filter.js';

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_-.'.split('');
const URI_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-._~'.split('');

/** Member names that are plain and never special to JavaScript (`__proto__`) or to JSON pointers. */
export const safeKey = fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 1, maxLength: 10 });

/**
 * Strings up to this many characters are drawn one by one; longer ones are a drawn head padded
 * with one repeated character (fast-check takes about 200 ms to draw 64 Ki characters).
 */
const DRAWN_CHARS = 64;

/** Mostly printable ASCII, sometimes any code point (lengths count code points, as ajv does). */
export function text(minLength = 0, maxLength = minLength + 12): fc.Arbitrary<string> {
  if (minLength > DRAWN_CHARS) {
    return fc
      .tuple(text(0, 12), fc.integer({ min: minLength, max: Math.max(minLength, maxLength) }), fc.constantFrom('a', 'é', '0', ' '))
      .map(([head, length, pad]) => head + pad.repeat(length - [...head].length));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );
}

const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  finiteDouble,
  text(0, 12),
);

const anyJsonByDepth: fc.Arbitrary<unknown>[] = [];

/** Any JSON value nested at most `depth` levels, each container holding at most 3 entries. */
export function anyJson(depth: number): fc.Arbitrary<unknown> {
  const d = Math.max(0, Math.min(depth, 3));
  if (anyJsonByDepth[d]) return anyJsonByDepth[d];
  if (d === 0) return (anyJsonByDepth[0] = leaf);
  const inner = anyJson(d - 1);
  const arb = fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(safeKey, inner), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)) },
  );
  return (anyJsonByDepth[d] = arb);
}

const segment = fc.string({ unit: fc.constantFrom(...URI_CHARS), minLength: 1, maxLength: 8 });
const host = fc.constantFrom('example.com', 'localhost', 'mcp.example.org', '127.0.0.1');

/** Absolute URIs of the kinds MCP servers use (web, file, custom schemes, URNs). */
export const uri: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('https', 'http'), host, fc.array(segment, { maxLength: 3 })).map(([s, h, p]) => `${s}://${h}/${p.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => `file:///${p.join('/')}`),
  fc.tuple(fc.constantFrom('test', 'mcp+custom', 'note'), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([s, p]) => `${s}://${p.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => `urn:example:${p.join(':')}`),
);

const variable = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'.split('')), minLength: 1, maxLength: 8 });

/** RFC 6570 templates: a URI with a few `{var}` expressions. */
export const uriTemplate: fc.Arbitrary<string> = fc
  .tuple(uri, fc.array(fc.tuple(fc.constantFrom('', '+', '?', '/'), variable), { minLength: 0, maxLength: 2 }))
  .map(([base, vars]) => base.replace(/\/$/, '') + vars.map(([op, v]) => (op === '' ? `/{${v}}` : `{${op}${v}}`)).join(''));

/** Standard base64 of a few random bytes. */
export const base64: fc.Arbitrary<string> = fc.uint8Array({ maxLength: 24 }).map((b) => Buffer.from(b).toString('base64'));

export const dateTime: fc.Arbitrary<string> = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uri,
  'uri-reference': uri,
  iri: uri,
  url: uri,
  'uri-template': uriTemplate,
  byte: base64,
  'date-time': dateTime,
  date: dateTime.map((s) => s.slice(0, 10)),
  email: fc.tuple(segment, fc.constantFrom('example.com', 'example.org')).map(([u, h]) => `${u.replace(/^[.~-]+|[.~-]+$/g, '') || 'user'}@${h}`),
};

export interface StringLimits {
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

/**
 * Strings are generated at most this long: a larger minLength goes unmet (best effort) rather
 * than costing seconds per value. The tool campaign sends a megabyte on purpose elsewhere.
 */
export const MAX_GENERATED_LENGTH = 65_536;

/** A pattern that repeats something more often than that (`{100000}`) would make such strings. */
function repeatsTooOften(pattern: string): boolean {
  return [...pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].some((m) => Number(m[1]) > MAX_GENERATED_LENGTH);
}

/**
 * A string within limits; undefined when the format is unknown (the caller then filters with a
 * validator). `onMiss`: what a length filter does when no drawn value fits (see OnMiss).
 */
export function stringArb(limits: StringLimits, onMiss: OnMiss = 'throw'): fc.Arbitrary<string> | undefined {
  const min = Math.min(limits.minLength ?? 0, MAX_GENERATED_LENGTH);
  const max = limits.maxLength;
  // A format's or a pattern's values have lengths of their own: only the limits the schema states
  // apply to them, never the short default of plain text below (a date-time has 24 characters).
  const stated = limits.minLength !== undefined || max !== undefined;
  const fitted = (arb: fc.Arbitrary<string>) => {
    if (!stated) return arb;
    const fits = (s: string) => {
      const n = [...s].length;
      return n >= min && (max === undefined || n <= max);
    };
    return boundedFilter(arb, fits, { onMiss, what: `a length of ${min} to ${max ?? 'any'} characters` });
  };
  if (limits.format) {
    const f = FORMATS[limits.format];
    return f ? fitted(f) : undefined;
  }
  if (limits.pattern) {
    if (repeatsTooOften(limits.pattern)) throw new Error(`the pattern ${limits.pattern.slice(0, 40)} repeats more than ${MAX_GENERATED_LENGTH} times`);
    return fitted(fc.stringMatching(new RegExp(limits.pattern, 'u')));
  }
  return text(min, Math.max(min, Math.min(max ?? min + 12, min + 12)));
}

export interface NumberLimits {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** The tightest integer bounds of the limits, exclusive ones included. */
function integerBounds(l: NumberLimits): { lo?: number; hi?: number } {
  let lo = l.minimum === undefined ? undefined : Math.ceil(l.minimum);
  let hi = l.maximum === undefined ? undefined : Math.floor(l.maximum);
  if (l.exclusiveMinimum !== undefined) lo = Math.max(lo ?? -Infinity, Math.floor(l.exclusiveMinimum) + 1);
  if (l.exclusiveMaximum !== undefined) hi = Math.min(hi ?? Infinity, Math.ceil(l.exclusiveMaximum) - 1);
  return { lo, hi };
}

const INT32 = 2 ** 31;
const safe = (n: number) => Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));

/** Integers within limits; throws when none lies between them. */
export function integerArb(l: NumberLimits): fc.Arbitrary<number> {
  const { lo, hi } = integerBounds(l);
  // Integers beyond int32 (up to 2^53-1) are legal JSON-RPC ids and counts; try them sometimes.
  if (lo === undefined && hi === undefined) return fc.oneof({ weight: 4, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.maxSafeInteger() });
  // One bound: the int32 range where it holds, else 2^31 values beside the bound.
  const min = safe(lo ?? Math.min(-INT32, hi! - INT32));
  const max = safe(hi ?? Math.max(INT32 - 1, lo! + INT32));
  if (min > max) throw new Error(`no integer lies between ${lo} and ${hi}`);
  return fc.integer({ min, max });
}

/** The bounds of the limits as fc.double takes them (an exclusive bound is excluded there, never filtered for). */
function doubleBounds(l: NumberLimits): { min?: number; max?: number; minExcluded: boolean; maxExcluded: boolean } {
  const exMin = l.exclusiveMinimum !== undefined && (l.minimum === undefined || l.exclusiveMinimum >= l.minimum);
  const exMax = l.exclusiveMaximum !== undefined && (l.maximum === undefined || l.exclusiveMaximum <= l.maximum);
  return {
    min: exMin ? l.exclusiveMinimum : l.minimum,
    max: exMax ? l.exclusiveMaximum : l.maximum,
    minExcluded: exMin,
    maxExcluded: exMax,
  };
}

/** Numbers within limits; throws when none lies between them. */
export function numberArb(l: NumberLimits): fc.Arbitrary<number> {
  const b = doubleBounds(l);
  const zeroFits = (b.min === undefined || 0 > b.min || (0 === b.min && !b.minExcluded)) && (b.max === undefined || 0 < b.max || (0 === b.max && !b.maxExcluded));
  // -0 goes on the wire as 0; where 0 does not fit (an exclusive maximum of 0), the number just below it.
  const double = fc.double({ ...b, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? (zeroFits ? 0 : -Number.MIN_VALUE) : d));
  const { lo, hi } = integerBounds(l);
  const hasInteger = lo === undefined || hi === undefined || lo <= hi;
  return hasInteger ? fc.oneof({ weight: 3, arbitrary: double }, { weight: 1, arbitrary: integerArb(l) }) : double;
}
