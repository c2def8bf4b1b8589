// The schema-driven generator (src/fuzz/schema-arbitrary.ts) on its own: everything it makes is
// valid against our schemas, it varies what the schema leaves open, it stays within its depth
// budget, and each named mutation breaks a message the way its name says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVISIONS, loadSchemaSet, validateMessage } from '../../src/schema/index.js';
import { arbitraryFor, methodsOf, validMessageArbitrary, type ShapeKind } from '../../src/fuzz/schema-arbitrary.js';
import { mutatedMessageArbitrary, mutations } from '../../src/fuzz/mutations.js';
import { base64, dateTime, uri, uriTemplate } from '../../src/fuzz/json-arbitraries.js';

const SAMPLES_PER_DEFINITION = 8;
const show = (v: unknown) => JSON.stringify(v).slice(0, 800);

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('arbitraryFor', () => {
  for (const revision of REVISIONS) {
    it(`${revision}: every definition yields instances valid against its schema`, () => {
      const set = loadSchemaSet(revision);
      const failures: string[] = [];
      for (const file of set.files.keys()) {
        const validate = set.get(file);
        for (const value of fc.sample(arbitraryFor(set, file), { numRuns: SAMPLES_PER_DEFINITION, seed: 7 })) {
          if (!validate(value)) failures.push(`${file}: ${show(value)} ${JSON.stringify(validate.errors?.slice(0, 2))}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('resolves refs with a JSON-pointer fragment', () => {
    const set = loadSchemaSet('2026-07-28');
    const ref = set.index.requests['tools/call'].result!;
    expect(ref).toContain('#/properties/result');
    fc.assert(
      fc.property(arbitraryFor(set, ref), (value) => {
        expect(set.get(ref)(value), show(value)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('memoizes per schema set and ref', () => {
    const set = loadSchemaSet('2025-06-18');
    expect(arbitraryFor(set, 'Tool.json')).toBe(arbitraryFor(set, 'Tool.json'));
    expect(arbitraryFor(set, 'Tool.json', { maxDepth: 2 })).not.toBe(arbitraryFor(set, 'Tool.json'));
  });

  it('makes optional members sometimes present, sometimes absent; required ones always', () => {
    const set = loadSchemaSet('2025-11-25');
    const tools = fc.sample(arbitraryFor(set, 'Tool.json'), { numRuns: 200, seed: 1 }) as Record<string, unknown>[];
    expect(tools.every((t) => 'name' in t && 'inputSchema' in t)).toBe(true);
    const withDescription = tools.filter((t) => 'description' in t).length;
    expect(withDescription).toBeGreaterThan(0);
    expect(withDescription).toBeLessThan(tools.length);
  });

  it('adds x-extra members only where additionalProperties is declared', () => {
    const set = loadSchemaSet('2025-11-25');
    // Result declares additionalProperties {}; Tool does not mention it.
    const results = fc.sample(arbitraryFor(set, 'Result.json'), { numRuns: 200, seed: 2 }) as Record<string, unknown>[];
    expect(results.some((r) => 'x-extra' in r)).toBe(true);
    expect(results.some((r) => !('x-extra' in r))).toBe(true);
    const tools = fc.sample(arbitraryFor(set, 'Tool.json'), { numRuns: 200, seed: 3 }) as Record<string, unknown>[];
    expect(tools.some((t) => 'x-extra' in t)).toBe(false);
  });

  it('picks every branch of a union', () => {
    const set = loadSchemaSet('2025-11-25');
    const blocks = fc.sample(arbitraryFor(set, 'ContentBlock.json'), { numRuns: 300, seed: 4 }) as { type: string }[];
    expect(new Set(blocks.map((b) => b.type))).toEqual(new Set(['text', 'image', 'audio', 'resource_link', 'resource']));
  });

  it('bounds recursive schemas by maxDepth', () => {
    const set = loadSchemaSet('2026-07-28');
    for (const maxDepth of [0, 1, 3]) {
      const values = fc.sample(arbitraryFor(set, 'JSONValue.json', { maxDepth }), { numRuns: 200, seed: 5 });
      // One level may open at maxDepth - 1 and hold a scalar; nothing nests further.
      expect(Math.max(...values.map(depthOf)), `maxDepth ${maxDepth}`).toBeLessThanOrEqual(maxDepth + 1);
      for (const v of values) expect(set.get('JSONValue.json')(v)).toBe(true);
    }
  });

  it('generates strings of the formats MCP schemas use that ajv-formats accepts', () => {
    const { ajv } = loadSchemaSet('2025-11-25');
    const cases = [
      ['uri', uri],
      ['uri-template', uriTemplate],
      ['byte', base64],
      ['date-time', dateTime],
    ] as const;
    for (const [format, arb] of cases) {
      const check = ajv.compile({ type: 'string', format });
      for (const s of fc.sample(arb, { numRuns: 200, seed: 6 })) expect(check(s), `${format}: ${s}`).toBe(true);
    }
  });
});

describe('validMessageArbitrary', () => {
  it('makes requests with an id, notifications without, and results answering an id', () => {
    const set = loadSchemaSet('2025-06-18');
    const [request] = fc.sample(validMessageArbitrary(set, 'tools/call', 'request'), { numRuns: 1, seed: 8 });
    expect(request).toMatchObject({ jsonrpc: '2.0', method: 'tools/call', params: { name: expect.any(String) } });
    expect(['string', 'number']).toContain(typeof request.id);
    const [notification] = fc.sample(validMessageArbitrary(set, 'notifications/progress', 'notification'), { numRuns: 1, seed: 8 });
    expect(notification).toMatchObject({ jsonrpc: '2.0', method: 'notifications/progress' });
    expect('id' in notification).toBe(false);
    const [result] = fc.sample(validMessageArbitrary(set, 'tools/call', 'result'), { numRuns: 1, seed: 8 });
    expect(Object.keys(result).sort()).toEqual(['id', 'jsonrpc', 'result']);
  });

  it('covers every method of every revision (validateMessage agrees)', () => {
    for (const revision of REVISIONS) {
      const set = loadSchemaSet(revision);
      for (const kind of ['request', 'notification', 'result'] as ShapeKind[]) {
        for (const method of methodsOf(set, kind)) {
          const entry = kind === 'notification' ? set.index.notifications[method] : set.index.requests[method];
          if (entry.direction === 'embedded' && kind !== 'result') continue; // not a wire message in this revision
          const direction = kind === 'result' ? (entry.direction === 'server->client' ? 'client->server' : 'server->client') : entry.direction === 'server->client' ? 'server->client' : 'client->server';
          for (const message of fc.sample(validMessageArbitrary(set, method, kind), { numRuns: 3, seed: 9 })) {
            const r = validateMessage(message, { revision, direction, inReplyTo: method });
            expect(r.problems, `${revision} ${kind} ${method}: ${show(message)}`).toEqual([]);
          }
        }
      }
    }
  });

  it('answers task-augmented requests with a task handle when asked', () => {
    const set = loadSchemaSet('2025-11-25');
    const [message] = fc.sample(validMessageArbitrary(set, 'tools/call', 'result', { taskResult: true }), { numRuns: 1, seed: 10 });
    expect(set.get('CreateTaskResult.json')(message.result)).toBe(true);
    expect(() => validMessageArbitrary(set, 'tools/list', 'result', { taskResult: true })).toThrow(/no task result/);
  });
});

describe('mutations', () => {
  const set = loadSchemaSet('2025-11-25');

  it('include the named mutations the fuzzer relies on', () => {
    expect(mutations.map((m) => m.name)).toEqual(
      expect.arrayContaining(['drop-required', 'change-type', 'add-id-to-notification', 'remove-id', 'wrong-jsonrpc', 'result-and-error']),
    );
  });

  it('never modify the message they are given', () => {
    fc.assert(
      fc.property(validMessageArbitrary(set, 'tools/call', 'request'), fc.nat(), (message, choice) => {
        const before = JSON.stringify(message);
        for (const m of mutations.filter((x) => x.kinds.includes('request'))) m.apply(message, { set, method: 'tools/call', kind: 'request', choice });
        expect(JSON.stringify(message)).toBe(before);
      }),
      { numRuns: 30 },
    );
  });

  // These always break a message of the kind they apply to.
  const ALWAYS_INVALID: [string, ShapeKind, string][] = [
    ['remove-id', 'request', 'tools/call'],
    ['remove-id', 'result', 'tools/call'],
    ['wrong-jsonrpc', 'notification', 'notifications/progress'],
    ['params-not-object', 'request', 'prompts/get'],
    ['result-and-error', 'result', 'tools/list'],
    ['add-id-to-notification', 'notification', 'notifications/message'],
    ['drop-required', 'request', 'tools/call'],
    ['break-const', 'request', 'tools/call'],
  ];
  for (const [name, kind, method] of ALWAYS_INVALID) {
    it(`${name} breaks a ${kind} ${method}`, () => {
      const entry = set.index.requests[method] ?? set.index.notifications[method];
      const direction = kind === 'result' || entry.direction === 'server->client' ? 'server->client' : 'client->server';
      fc.assert(
        fc.property(mutatedMessageArbitrary(set, method, kind, { only: [name] }), (m) => {
          expect(m.mutation).toBe(name);
          expect(m.message).not.toEqual(m.original);
          expect(validateMessage(m.message, { revision: set.revision, direction, inReplyTo: method }).valid, show(m.message)).toBe(false);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('drop-required removes a member the schema requires; change-type changes a declared member\'s JSON type', () => {
    const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    const leaves = (v: unknown, path = ''): Map<string, unknown> => {
      const out = new Map<string, unknown>([[path, v]]);
      if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) for (const [p, y] of leaves(x, `${path}/${k}`)) out.set(p, y);
      return out;
    };
    fc.assert(
      fc.property(mutatedMessageArbitrary(set, 'initialize', 'request', { only: ['drop-required', 'change-type'] }), (m) => {
        const before = leaves(m.original);
        const after = leaves(m.message);
        if (m.mutation === 'drop-required') {
          const gone = [...before.keys()].filter((p) => !after.has(p));
          expect(gone.length).toBeGreaterThan(0);
        } else {
          const changed = [...after.keys()].filter((p) => before.has(p) && typeOf(before.get(p)) !== typeOf(after.get(p)));
          expect(changed.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 40 },
    );
  });
});
