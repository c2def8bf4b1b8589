// The one place that invents string values for a server's inputs (prompt arguments, tool
// arguments, elicitation forms): plausible for the input's name and its JSON Schema hints
// (const, default, enum, examples, format, pattern, length), so a server that uses a value as
// what its name says (a URI, an e-mail, a date) gets one of that kind. Deterministic: the same
// name, hints and known values give the same value. Hosts are under .invalid: nothing is contacted.
import { isObject } from './json-object.js';
import { patternSample } from './pattern-sample.js';

/** What the server itself told us, to prefer over made-up values (e.g. the URIs it lists). */
export interface KnownValues {
  resourceUris: readonly string[];
}

export const NOTHING_KNOWN: KnownValues = Object.freeze({ resourceUris: [] });

export type Sample = { ok: true; value: unknown } | { ok: false; reason: string };

export const EXAMPLE_URI = 'https://example.invalid/mcp-conform';
const EMAIL = 'mcp-conform@example.invalid';
const DATE_TIME = '2025-01-01T00:00:00Z';
const DATE = '2025-01-01';
const TIME = '00:00:00Z';
const UUID = '00000000-0000-4000-8000-000000000000';
const HOST = 'example.invalid';
const IPV4 = '192.0.2.1';
/** The filler when neither name nor hints say what kind of string is wanted. */
export const FILLER = 'mcp-conform';

const URI_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
const FORMAT_SAMPLES: Record<string, string> = {
  email: EMAIL,
  'idn-email': EMAIL,
  'date-time': DATE_TIME,
  date: DATE,
  time: TIME,
  duration: 'PT1S',
  uuid: UUID,
  ipv4: IPV4,
  ipv6: '2001:db8::1',
  hostname: HOST,
  'idn-hostname': HOST,
  regex: '.*',
  byte: 'bWNwLWNvbmZvcm0=',
};
/** Tried in order when nothing better fits the length bounds or the pattern. */
const GENERIC = [FILLER, 'a', 'A', '0', '1', 'abc', 'test', 'example'];

const URI_WORDS = new Set(['uri', 'url', 'href', 'link', 'iri']);
const NUMERIC_WORDS = new Set(['id', 'count', 'number', 'num', 'index', 'limit', 'size', 'page', 'offset', 'port', 'amount', 'quantity', 'total', 'depth']);
const DATE_TIME_WORDS = new Set(['datetime', 'timestamp', 'since', 'until']);

/** A name's words, lower-case: `resourceURI` → resource, uri; `page_size` → page, size; `userIDs` → user, ids. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([A-Z]{2,})s(?![a-z])/g, '$1S')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The value a name asks for, or undefined when the name says nothing about its kind. */
function valueForWords(words: string[], known: KnownValues): string | undefined {
  if (words.length === 0) return undefined;
  const last = words[words.length - 1];
  // The head noun decides; a plural (`urls`, `ids`) asks for the same kind.
  const head = (w: string) => last === w || last === `${w}s`;
  const is = (set: Set<string>) => [...set].some(head);
  if (is(URI_WORDS)) return wantsResource(words) ? (known.resourceUris[0] ?? EXAMPLE_URI) : EXAMPLE_URI;
  if (head('email') || head('mail')) return EMAIL;
  if (is(DATE_TIME_WORDS) || (words.includes('date') && head('time')) || (last === 'at' && words.length > 1)) return DATE_TIME;
  if (head('date') || head('day')) return DATE;
  if (head('time')) return TIME;
  if (head('uuid') || head('guid')) return UUID;
  if (head('host') || head('hostname') || head('domain')) return HOST;
  if (head('ip')) return IPV4;
  if (head('year')) return '2025';
  if (head('lang') || head('language') || head('locale')) return 'en';
  if (is(NUMERIC_WORDS)) return '1';
  return undefined;
}

/** `resourceUri`, `resource_url` or a bare `uri`: a URI the server lists suits best. */
function wantsResource(words: string[]): boolean {
  return words.includes('resource') || (words.length === 1 && words[0] === 'uri');
}

/** A value for an input known only by its name (prompt arguments, URI-template variables). */
export function valueForName(name: string, known: KnownValues = NOTHING_KNOWN): string {
  return valueForWords(nameWords(name), known) ?? FILLER;
}

/** A value the schema itself offers: const, default, the first enum member, the first example. */
export function declaredValue(schema: Record<string, unknown>): { value: unknown } | undefined {
  if ('const' in schema) return { value: schema.const };
  if ('default' in schema) return { value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length) return { value: schema.enum[0] };
  if (Array.isArray(schema.examples) && schema.examples.length) return { value: schema.examples[0] };
  return undefined;
}

function formatValue(format: unknown, words: string[], known: KnownValues): string | undefined {
  if (typeof format !== 'string') return undefined;
  if (URI_FORMATS.has(format)) return wantsResource(words) && known.resourceUris.length ? known.resourceUris[0] : EXAMPLE_URI;
  return Object.hasOwn(FORMAT_SAMPLES, format) ? FORMAT_SAMPLES[format] : undefined;
}

/**
 * A string for an input with this name and schema: what the schema offers, else the first of
 * (its format's kind, its name's kind, its simple pattern's sample, generic fillers) that fits
 * its length bounds and pattern.
 */
export function plausibleString(name: string | undefined, schema: Record<string, unknown> = {}, known: KnownValues = NOTHING_KNOWN): Sample {
  const declared = declaredValue(schema);
  if (declared) return { ok: true, value: declared.value };
  const words = name === undefined ? [] : nameWords(name);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let pattern: RegExp | undefined;
  if (typeof schema.pattern === 'string') {
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      return { ok: false, reason: `pattern ${JSON.stringify(schema.pattern)} is not a regular expression` };
    }
  }
  const fromPattern = typeof schema.pattern === 'string' ? patternSample(schema.pattern) : undefined;
  const candidates = [formatValue(schema.format, words, known), valueForWords(words, known), fromPattern, ...GENERIC].filter((c): c is string => c !== undefined);
  for (const c of candidates) {
    const fitted = c.length < min ? c + 'x'.repeat(min - c.length) : c.length > max ? c.slice(0, max) : c;
    if (!pattern || pattern.test(fitted)) return { ok: true, value: fitted };
  }
  return { ok: false, reason: `no sample string matches pattern ${JSON.stringify(schema.pattern)}` };
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The absolute URIs among listed resources, in the server's order (what `resourceUri`-like inputs prefer). */
export function knownFromResources(resources: readonly unknown[]): KnownValues {
  return { resourceUris: resources.filter(isObject).map((r) => r.uri).filter((u): u is string => typeof u === 'string' && ABSOLUTE.test(u)) };
}
