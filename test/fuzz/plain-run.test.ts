// A plain `mcp-conform run` keeps its fuzz checks short: a check stops at its first confirmed
// failure (and says how to look for more), and a missing answer, confirmed once the server has
// answered a ping sent behind it and a quiet period passed, is reported with the time it was really waited for.
import { describe, expect, it } from 'vitest';
import { checkOf, failuresOf, fuzzFixture, notesOf } from './harness.js';

const REVISION = '2025-11-25';
/** What `mcp-conform run` uses unless told otherwise. */
const PLAIN = { seed: 1, fuzzRuns: 100 } as const;

describe('the fuzz checks in a plain run', () => {
  it('stop at the first failure, point to `mcp-conform fuzz` for more, and replay it', async () => {
    const run = (seed: number, fuzzRuns: number, more = {}) =>
      fuzzFixture({ fault: 'answer-notifications', only: ['fuzz/malformed-messages'], seed, fuzzRuns, protocolVersion: REVISION, ...more });
    const check = checkOf(await run(11, 300), 'fuzz/malformed-messages');
    expect(check.status, check.message).toBe('fail');
    expect(check.message).toMatch(/^failure in \d+ fuzz cases \(stopped at the first: `mcp-conform fuzz` looks for more\): the server answered a notification/);
    const failures = failuresOf(check);
    expect(failures.map((f) => f.kind)).toEqual(['unsolicited']);
    const notes = notesOf(check).join('\n');
    expect(notes).toMatch(/to look for more: mcp-conform fuzz --only fuzz\/malformed-messages --seed 11 --protocol-version 2025-11-25 -- /);
    expect(notes).not.toMatch(/not investigated|stopped early/);

    // The same seed with room for more failures finds more than one: stopping is what limited it.
    const thorough = checkOf(await run(11, 300, { fuzzMaxFailures: 3 }), 'fuzz/malformed-messages');
    expect(failuresOf(thorough).length).toBeGreaterThan(1);
    expect(thorough.message).toMatch(/^\d+ distinct failure\(s\) in \d+ fuzz cases; first: /);

    const again = checkOf(await run(failures[0].replay.seed, failures[0].replay.fuzzRuns), 'fuzz/malformed-messages');
    expect(failuresOf(again)[0]).toMatchObject({ kind: 'unsolicited', strategy: failures[0].strategy });
  }, 60_000);

  it('confirm a missing answer after waiting at least the quiet period behind an answered ping', async () => {
    const report = await fuzzFixture({ fault: 'hang-on-long-method', only: ['fuzz/malformed-messages'], seed: 11, fuzzRuns: 600, protocolVersion: REVISION });
    const check = checkOf(report, 'fuzz/malformed-messages');
    expect(check.status, check.message).toBe('fail');
    const [failure] = failuresOf(check);
    expect(failure).toMatchObject({ kind: 'no-response', strategy: 'method/long-name' });
    // The reported wait is the real one: never less than the run's quiet period (300 ms in these tests).
    const waited = /got no response within (\d+) ms(?: \([^)]*\))?, although the server still answers ping/.exec(check.message ?? '');
    expect(waited, check.message).not.toBeNull();
    expect(Number(waited![1])).toBeGreaterThanOrEqual(300);
  }, 60_000);
});

describe('the tool-argument fuzzing of a plain run', () => {
  for (const http of [undefined, {}, { sse: true }]) {
    const over = http ? `Streamable HTTP (${http.sse ? 'SSE' : 'JSON'} replies)` : 'stdio';
    it(`finds a tool that dies on non-ASCII text with the default seed over ${over}, with a replay line that finds it again`, async () => {
      const run = (fuzzRuns: number) => fuzzFixture({ fault: 'crash-on-non-ascii-argument', only: ['fuzz/tool-arguments'], http, protocolVersion: REVISION, ...PLAIN, fuzzRuns });
      const check = checkOf(await run(PLAIN.fuzzRuns), 'fuzz/tool-arguments');
      expect(check.status, check.message).toBe('fail');
      const [failure] = failuresOf(check);
      // The dictionary's first entry, in echo's one string argument, the only input in flight.
      expect(failure).toMatchObject({ kind: 'crash', strategy: 'tool/hostile-text (echo)' });
      expect(JSON.parse(failure.sent)).toMatchObject({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'héllo wörld ñ' } } });
      const target = http ? '--url http://127\\.0\\.0\\.1:\\d+/mcp' : '-- ';
      expect(failure.replay.command).toMatch(new RegExp(`^mcp-conform run --only fuzz/tool-arguments --seed 1 --fuzz-runs 0 --protocol-version ${REVISION} ${target}`));

      const again = failuresOf(checkOf(await run(failure.replay.fuzzRuns), 'fuzz/tool-arguments'));
      expect(again[0]).toMatchObject({ kind: 'crash', strategy: failure.strategy, sent: failure.sent });
    }, 60_000);
  }

  it('skips the rest of a dictionary series once it crashed the server, when looking for more failures', async () => {
    const report = await fuzzFixture({ fault: 'crash-on-non-ascii-argument', only: ['fuzz/tool-arguments'], protocolVersion: REVISION, ...PLAIN, fuzzMaxFailures: 3, fuzzShrinkMs: 5_000 });
    const notes = notesOf(checkOf(report, 'fuzz/tool-arguments')).join('\n');
    // Each of the 13 other non-ASCII entries would cost a server restart to show the same crash again.
    expect(notes).toMatch(/strategy tool\/hostile-text \(echo\): [^\n]*seen 1 time\(s\)\)/);
  }, 60_000);
});
