// The classic MCP messages (test/schema/fixtures/classic.ts) against validateMessage, in every
// revision where the message exists: valid ones must have no problem, invalid ones exactly the
// expected problems (pointer and requirement id).
import { describe, expect, it } from 'vitest';
import { REVISIONS, loadSchemaSet, validateMessage, type Revision } from '../../src/schema/index.js';
import { CLASSIC_CASES, type ClassicCase } from './fixtures/classic.js';

/** Does the message exist in this revision, travelling this way? */
function applies(c: ClassicCase, revision: Revision): boolean {
  if (c.only && !c.only.includes(revision)) return false;
  if (!c.method) return true;
  const { index } = loadSchemaSet(revision);
  const entry = c.kind === 'notification' ? index.notifications[c.method] : index.requests[c.method];
  if (!entry) return false;
  if (entry.direction === 'both') return true;
  // A response travels against its request.
  const travels = c.inReplyTo ? (c.direction === 'server->client' ? 'client->server' : 'server->client') : c.direction;
  return entry.direction === travels;
}

describe('classic messages', () => {
  it('every case applies to at least one revision', () => {
    const orphans = CLASSIC_CASES.filter((c) => !REVISIONS.some((r) => applies(c, r))).map((c) => c.name);
    expect(orphans).toEqual([]);
  });

  for (const c of CLASSIC_CASES) {
    describe(c.name, () => {
      for (const revision of REVISIONS.filter((r) => applies(c, r))) {
        const options = { revision, direction: c.direction, inReplyTo: c.inReplyTo };
        if (c.knownGap?.revisions.includes(revision)) {
          it.fails(`${revision}: known gap (${c.knownGap.why})`, () => {
            expect(validateMessage(c.build(revision), options).valid).toBe(false);
          });
          continue;
        }
        it(`${revision}: ${c.problems.length === 0 ? 'valid' : c.problems.map((p) => `${p.pointer || '(message)'} ${p.requirement ?? '(no requirement)'}`).join(', ')}`, () => {
          const result = validateMessage(c.build(revision), options);
          expect(result.problems.map((p) => ({ pointer: p.pointer, requirement: p.requirement }))).toEqual(c.problems);
          expect(result.valid).toBe(c.problems.length === 0);
        });
      }
    });
  }
});
