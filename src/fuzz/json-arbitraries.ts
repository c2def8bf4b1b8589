// Leaf arbitraries for schema-driven generation: bounded JSON values, strings (plain and with
// the formats MCP schemas use), integers and numbers within limits.
import fc from 'fast-check';

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_-.'.split('');
const URI_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-._~'.split('');

/** Member names that are plain and never special to JavaScript (`__proto__`) or to JSON pointers. */
export const safeKey = fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 1, maxLength: 10 });

/** Mostly printable ASCII, sometimes any code point (lengths count code points, as ajv does). */
function text(minLength = 0, maxLength = minLength + 12): fc.Arbitrary<string> {
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

/** A string within limits; undefined when the format is unknown (the caller then filters with a validator). */
export function stringArb(limits: StringLimits): fc.Arbitrary<string> | undefined {
  const min = limits.minLength ?? 0;
  const max = limits.maxLength ?? min + 12;
  const fits = (s: string) => {
    const n = [...s].length;
    return n >= min && n <= max;
  };
  if (limits.format) {
    const f = FORMATS[limits.format];
    return f ? f.filter(fits) : undefined;
  }
  if (limits.pattern) return fc.stringMatching(new RegExp(limits.pattern, 'u')).filter(fits);
  return text(min, Math.max(min, Math.min(max, min + 12)));
}

export interface NumberLimits {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

function bounds(l: NumberLimits, step: number): { min?: number; max?: number } {
  let min = l.minimum;
  let max = l.maximum;
  if (l.exclusiveMinimum !== undefined) min = Math.max(min ?? -Infinity, l.exclusiveMinimum + step);
  if (l.exclusiveMaximum !== undefined) max = Math.min(max ?? Infinity, l.exclusiveMaximum - step);
  return { min, max };
}

export function integerArb(l: NumberLimits): fc.Arbitrary<number> {
  const { min, max } = bounds(l, 1);
  const lo = min === undefined ? undefined : Math.ceil(min);
  const hi = max === undefined ? undefined : Math.floor(max);
  const small = fc.integer({ min: lo ?? -(2 ** 31), max: hi ?? 2 ** 31 - 1 });
  // Integers beyond int32 (up to 2^53-1) are legal JSON-RPC ids and counts; try them sometimes.
  const big = fc.maxSafeInteger().filter((n) => (lo === undefined || n >= lo) && (hi === undefined || n <= hi));
  return lo === undefined && hi === undefined ? fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: big }) : small;
}

export function numberArb(l: NumberLimits): fc.Arbitrary<number> {
  const { min, max } = bounds(l, Number.EPSILON);
  const double = fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: false, maxExcluded: false })
    .map((d) => (Object.is(d, -0) ? 0 : d))
    .filter((d) => (l.exclusiveMinimum === undefined || d > l.exclusiveMinimum) && (l.exclusiveMaximum === undefined || d < l.exclusiveMaximum));
  const hasInteger = (min === undefined || max === undefined || Math.floor(max) >= Math.ceil(min));
  return hasInteger ? fc.oneof({ weight: 3, arbitrary: double }, { weight: 1, arbitrary: integerArb(l) }) : double;
}
