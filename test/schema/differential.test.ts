// Differential test: messages generated from OUR per-definition schemas must be accepted by the
// OFFICIAL schema.json of the revision, and after a mutation both sides must give the same verdict.
// Every difference we keep on purpose is listed in `deliberateDifference` with its reason; any
// other disagreement fails.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVISIONS, loadSchemaSet, revisionIndex, validateMessage, type Revision, type ValidationResult } from '../../src/schema/index.js';
import { errorResponseArbitrary, validMessageArbitrary } from '../../src/fuzz/schema-arbitrary.js';
import { mutatedMessageArbitrary, type MutatedMessage } from '../../src/fuzz/mutations.js';
import { OFFICIAL_ABSENT_REASON, OFFICIAL_PRESENT, directionOf, loadOfficial, officialAccepts, onTheWire, ourVerdict, shapesOf, type Shape } from './support.js';

const VALID_RUNS = 40;
const MUTATED_RUNS = 50;

if (!OFFICIAL_PRESENT) console.warn(`[test/schema/differential] ${OFFICIAL_ABSENT_REASON}`);

const show = (v: unknown) => JSON.stringify(v).slice(0, 1500);
const problemsOf = (r: ValidationResult) => r.problems.map((p) => ({ pointer: p.pointer, requirement: p.requirement }));


/**
 * Where our verdict differs from the official file ON PURPOSE, assert our side exactly and return true.
 * The official side is asserted too: if the official file ever learns the rule, the exception fails.
 */
function deliberateDifference(shape: Shape, m: MutatedMessage, official: boolean, ours: ValidationResult): boolean {
  if (!onTheWire(shape)) return false; // schema against schema: no hand-written rules involved
  const fromServer = directionOf(shape) === 'server->client';
  switch (m.mutation) {
    case 'add-id-to-notification':
      // JSON-RPC: a message with an id is a request, so a notification never has one (RPC-8 for a
      // server). The official schemas are open objects and cannot say "no id": hand-written envelope check.
      expect(official, show(m.message)).toBe(true);
      expect(problemsOf(ours)).toEqual([{ pointer: '/id', requirement: fromServer ? 'RPC-8' : undefined }]);
      return true;
    case 'result-and-error':
      // RPC-3: never both. The official response definitions are open objects and accept an extra
      // `error`: hand-written envelope check.
      expect(official, show(m.message)).toBe(true);
      expect(problemsOf(ours)).toContainEqual({ pointer: '', requirement: 'RPC-3' });
      expect(ours.valid).toBe(false);
      return true;
    default:
      return false;
  }
}

/**
 * 2026-07-28 answers some methods with "InputRequiredResult or the method's result". The official
 * union accepts anything with a string resultType; we dispatch on resultType (S26-7/S26-8) and
 * hold the message to the definition it names. The same dispatch, applied to the official file.
 */
function dispatchedOfficial(shape: Shape, message: unknown): boolean | undefined {
  if (shape.kind !== 'result' || !shape.entry.result?.endsWith('#/properties/result')) return undefined;
  const result = (message as { result?: { resultType?: unknown } }).result;
  const def = result?.resultType === 'input_required' ? 'InputRequiredResult.json' : shape.entry.schema.replace(/Request\.json$/, 'Result.json');
  return loadOfficial(shape.revision).get(def)(result);
}

describe.skipIf(!OFFICIAL_PRESENT)(`differential: our schemas vs the official schema.json${OFFICIAL_PRESENT ? '' : ` — ${OFFICIAL_ABSENT_REASON}`}`, () => {
  for (const revision of REVISIONS) {
    describe(revision, () => {
      const set = loadSchemaSet(revision);
      const shapes = shapesOf(revision);

      it('has request, notification and result shapes to test', () => {
        const kinds = new Set(shapes.map((s) => s.kind));
        expect([...kinds].sort()).toEqual(['notification', 'request', 'result']);
        expect(shapes.length).toBeGreaterThan(20);
      });

      for (const shape of shapes) {
        const opts = { taskResult: shape.taskResult };

        it(`${shape.label}: generated messages pass the official schema and ours`, () => {
          fc.assert(
            fc.property(validMessageArbitrary(set, shape.method, shape.kind, opts), (message) => {
              expect(officialAccepts(shape, message), `official rejects ${show(message)}`).toBe(true);
              const ours = ourVerdict(shape, message);
              const dispatched = dispatchedOfficial(shape, message);
              if (dispatched !== undefined) return void expect(ours.valid, show(message)).toBe(dispatched);
              expect(ours.problems, show(message)).toEqual([]);
              expect(ours.valid).toBe(true);
            }),
            { numRuns: VALID_RUNS },
          );
        });

        it(`${shape.label}: mutated messages get the official verdict`, () => {
          fc.assert(
            fc.property(mutatedMessageArbitrary(set, shape.method, shape.kind, opts), (m) => {
              const official = officialAccepts(shape, m.message);
              const ours = ourVerdict(shape, m.message);
              if (deliberateDifference(shape, m, official, ours)) return;
              const dispatched = dispatchedOfficial(shape, m.message);
              if (dispatched !== undefined && official) return void expect(ours.valid, show(m.message)).toBe(dispatched);
              expect(ours.valid, `${m.mutation}: official says ${official}, ours ${JSON.stringify(ours.problems)} for ${show(m.message)}`).toBe(official);
            }),
            { numRuns: MUTATED_RUNS },
          );
        });
      }

      it('error responses generated from our error envelope pass the official one and ours', () => {
        const official = loadOfficial(revision).get(set.index.envelopes.error);
        fc.assert(
          fc.property(errorResponseArbitrary(set), (message) => {
            expect(official(message), show(message)).toBe(true);
            expect(validateMessage(message, { revision, direction: 'server->client' }).problems).toEqual([]);
          }),
          { numRuns: VALID_RUNS },
        );
      });

      it('parse errors: id null is accepted by us though no official schema allows it (Appendix A #2)', () => {
        const official = loadOfficial(revision).get(set.index.envelopes.error);
        const withNull = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
        const withoutId = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } };
        expect(official(withNull)).toBe(false);
        // The error id became optional in 2025-11-25; we accept its absence everywhere (RPC-11).
        expect(official(withoutId)).toBe(revisionIndex(revision) >= revisionIndex('2025-11-25'));
        for (const message of [withNull, withoutId]) {
          expect(validateMessage(message, { revision, direction: 'server->client' }).valid).toBe(true);
        }
      });

      it.runIf(Boolean(set.index.requests['completion/complete']))(
        'completion values above 100: our rule (COMP-3) where the official schema says it only in prose',
        () => {
          const shape = shapes.find((s) => s.kind === 'result' && s.method === 'completion/complete')!;
          const [valid] = fc.sample(validMessageArbitrary(set, 'completion/complete', 'result'), { numRuns: 1, seed: 42 });
          const result = structuredClone(valid.result) as { completion: { values: string[] } };
          result.completion.values = Array.from({ length: 101 }, (_, i) => `v${i}`);
          const message = { ...valid, result };
          // 2026-07-28 made the cap a maxItems; before, only the doc comment states it.
          expect(officialAccepts(shape, message)).toBe(revisionIndex(revision) < revisionIndex('2026-07-28'));
          expect(problemsOf(ourVerdict(shape, message))).toEqual([{ pointer: '/result/completion/values', requirement: 'COMP-3' }]);
        },
      );
    });
  }

  describe('params._meta is held to the envelope definitions up to 2025-06-18', () => {
    const cases: { revision: Revision; direction: 'client->server' | 'server->client'; message: unknown }[] = [
      // progressToken must be a string or integer (JSONRPCRequest params._meta).
      { revision: '2024-11-05', direction: 'client->server', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: {} } } } },
      // _meta must be an object (JSONRPCNotification params._meta).
      { revision: '2025-06-18', direction: 'server->client', message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 1, _meta: true } } },
    ];
    for (const c of cases) {
      it(`${c.revision}: a broken params._meta is rejected, as by the official envelope (${JSON.stringify(c.message)})`, () => {
        const set = loadSchemaSet(c.revision);
        const envelope = (c.message as { id?: unknown }).id === undefined ? set.index.envelopes.notification : set.index.envelopes.request;
        expect(loadOfficial(c.revision).get(envelope)(c.message)).toBe(false);
        expect(validateMessage(c.message, { revision: c.revision, direction: c.direction }).valid).toBe(false);
      });
    }
  });
});
