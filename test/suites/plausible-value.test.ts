// The value inventor: what we send for an input is plausible for its name and schema hints,
// prefers what the server listed, and is the same every time.
import { describe, expect, it } from 'vitest';
import { patternSample } from '../../suites/lib/pattern-sample.js';
import { EXAMPLE_URI, FILLER, knownFromResources, nameWords, plausibleString, valueForName } from '../../suites/lib/plausible-value.js';
import { sampleArguments } from '../../suites/lib/sample-args.js';

const known = knownFromResources([{ uri: 'no-scheme' }, { uri: 'fixture://docs/readme' }, { name: 'no uri' }]);

describe('valueForName', () => {
  it('splits names into words across casings', () => {
    expect(['resourceUri', 'resourceURI', 'RESOURCE_URL', 'page-size', 'URLPath', 'userIDs'].map(nameWords)).toEqual([
      ['resource', 'uri'],
      ['resource', 'uri'],
      ['resource', 'url'],
      ['page', 'size'],
      ['url', 'path'],
      ['user', 'ids'],
    ]);
  });

  it('sends an absolute URI for uri-like names, a listed resource where a resource is asked for', () => {
    for (const name of ['url', 'href', 'link', 'imageUrl', 'callback_uri', 'docsURL', 'links']) expect(valueForName(name, known), name).toBe(EXAMPLE_URI);
    for (const name of ['resourceUri', 'resource_uri', 'ResourceURL', 'uri']) expect(valueForName(name, known), name).toBe('fixture://docs/readme');
    // Nothing listed (or only URIs without a scheme): still an absolute URI.
    expect(valueForName('resourceUri')).toBe(EXAMPLE_URI);
    expect(knownFromResources([{ uri: 'no-scheme' }]).resourceUris).toEqual([]);
  });

  it('sends e-mails, ISO dates and times, numbers for ids and counts', () => {
    expect(valueForName('email')).toBe('mcp-conform@example.invalid');
    expect(valueForName('userEmail')).toBe('mcp-conform@example.invalid');
    expect(['createdAt', 'timestamp', 'start_datetime', 'since'].map((n) => valueForName(n))).toEqual(Array(4).fill('2025-01-01T00:00:00Z'));
    expect(valueForName('startDate')).toBe('2025-01-01');
    expect(valueForName('time')).toBe('00:00:00Z');
    expect(['id', 'resourceId', 'page_size', 'count', 'userIDs'].map((n) => valueForName(n))).toEqual(Array(5).fill('1'));
    expect(['city', 'paid', 'valid', 'name', 'linkText', 'at'].map((n) => valueForName(n))).toEqual(Array(6).fill(FILLER));
  });

  it('is deterministic', () => {
    expect(valueForName('resourceUri', known)).toBe(valueForName('resourceUri', known));
  });
});

describe('plausibleString', () => {
  it('takes const, default, enum and examples first, then format over name', () => {
    expect(plausibleString('url', { const: 'c' })).toEqual({ ok: true, value: 'c' });
    expect(plausibleString('url', { default: 'd', enum: ['e'] })).toEqual({ ok: true, value: 'd' });
    expect(plausibleString('url', { enum: ['e'], examples: ['x'] })).toEqual({ ok: true, value: 'e' });
    expect(plausibleString('url', { examples: ['x'] })).toEqual({ ok: true, value: 'x' });
    expect(plausibleString('contact', { format: 'email' })).toEqual({ ok: true, value: 'mcp-conform@example.invalid' });
    expect(plausibleString('when', { format: 'date-time' })).toEqual({ ok: true, value: '2025-01-01T00:00:00Z' });
    expect(plausibleString('target', { format: 'uri' }, known)).toEqual({ ok: true, value: EXAMPLE_URI });
    expect(plausibleString('resource', { format: 'uri' }, known)).toEqual({ ok: true, value: 'fixture://docs/readme' });
  });

  it('meets a simple pattern by spelling it, and says why when nothing fits', () => {
    expect(plausibleString('code', { pattern: '^zz\\d{3}$' })).toEqual({ ok: true, value: 'zz000' });
    expect(plausibleString('slug', { pattern: '^[a-z]+-[0-9]{2,4}$' })).toEqual({ ok: true, value: 'a-00' });
    expect(plausibleString('x', { pattern: '^(?=q)r$' })).toMatchObject({ ok: false, reason: expect.stringMatching(/pattern/) });
    expect(plausibleString('x', { pattern: '(' })).toMatchObject({ ok: false, reason: expect.stringMatching(/not a regular expression/) });
  });
});

describe('patternSample', () => {
  it('spells sequences of literals, classes and quantifiers; gives up on anything else', () => {
    expect(patternSample('^ab\\.c?d*e+\\w{2}$')).toBe('ab.eaa');
    expect(patternSample('^[A-Z]{2}-\\d+$')).toBe('AA-0');
    for (const complex of ['^(a|b)$', '^[^a]$', '\\bword', '^a{1000}$', '^(?=x)y$']) expect(patternSample(complex), complex).toBeUndefined();
  });
});

describe('sampleArguments with names', () => {
  it('fills tool arguments by their names, arrays by the array name, and resources from what is listed', () => {
    const schema = {
      type: 'object',
      properties: { resourceUri: { type: 'string' }, email: { type: 'string' }, urls: { type: 'array', items: { type: 'string' }, minItems: 1 }, when: { type: 'string', format: 'date' }, anything: {} },
      required: ['resourceUri', 'email', 'urls', 'when', 'anything'],
    };
    expect(sampleArguments(schema, known)).toEqual({
      ok: true,
      value: { resourceUri: 'fixture://docs/readme', email: 'mcp-conform@example.invalid', urls: [EXAMPLE_URI], when: '2025-01-01', anything: FILLER },
    });
  });
});
