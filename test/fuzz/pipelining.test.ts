// The search keeps the server busy while it makes the next batch: between two batches it writes,
// the event loop takes a turn, so the pipe takes the bytes already written and the answers to
// earlier batches are read (issue 28 item 7). A search that filled its whole window in one go left
// the server waiting for the window to be generated, then itself waiting for the server.
import { describe, expect, it } from 'vitest';
import { malformedCaseArbitrary } from '../../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../../src/schema/index.js';
import { campaignOnFixture, REVISION } from './campaign-fixture.js';

describe('the fuzz search over stdio', () => {
  it('gives the event loop a turn between the batches it writes', async () => {
    // Which turn of the event loop each write of the search happened in.
    const turnOfWrite: number[] = [];
    let turn = 0;
    let counting = false;
    const result = await campaignOnFixture(
      {
        runs: 256,
        onSession: (session) => {
          const sendRaw = session.sendRaw.bind(session);
          session.sendRaw = (bytes, options) => {
            turnOfWrite.push(turn);
            if (!counting) {
              counting = true;
              setImmediate(() => {
                turn++;
                counting = false;
              });
            }
            return sendRaw(bytes, options);
          };
        },
      },
      ({ inventory }) => malformedCaseArbitrary({ set: loadSchemaSet(REVISION), inventory }),
    );
    expect(result.cases).toBe(256);
    expect(result.failures).toEqual([]);
    expect(turnOfWrite.length).toBeGreaterThanOrEqual(8);
    const sameTurn = turnOfWrite.filter((t, i) => i > 0 && t === turnOfWrite[i - 1]).length;
    expect(sameTurn, `writes in the turn of the write before them, of ${turnOfWrite.length}: ${turnOfWrite.join(',')}`).toBe(0);
  });
});
