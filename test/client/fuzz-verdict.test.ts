// The fuzz check's verdict on what the search found: a crash fails only when the message alone
// fails a fresh client the same way. Unconfirmed (the search held the client's own request all
// along, and a client may give up on it on a slow machine), it is info, never a failure: the
// official-suite side by side once saw the conformant fixture client "crash on #82" that way.
import { describe, expect, it } from 'vitest';
import { newRecord } from '../../src/client/record.js';
import type { FuzzFinding } from '../../src/client/fuzz.js';
import { hostileServerFuzz } from '../../suites/client/fuzz.js';

function crashedAfterLongHold(shrunk?: FuzzFinding['shrunk']) {
  const record = newRecord('fuzz', 'stdio');
  record.trigger = 'tools/list';
  record.triggerId = 2;
  record.events.push({ at: 100, dir: 'in', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, raw: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' });
  record.fuzzSent = 82;
  record.fuzzStoppedAt = 81;
  record.asks.push({ method: 'ping', id: 83, sentAt: 15_050, outcome: 'gone' });
  record.ends.push({ how: 'exit', at: 15_100, code: 1 });
  const original = { kind: 'request' as const, text: '{"jsonrpc":"2.0","id":null,"method":"ping"}' };
  record.fuzzFinding = { index: 81, original, failure: { kind: 'crash', detail: 'it exited (code 1)' }, shrinks: shrunk ? 3 : 0, interrupted: false, replay: 'mcp-conform client …', stderrTail: ['Error: no answer to tools/list'], ...(shrunk ? { shrunk } : {}) };
  return record;
}

describe('the fuzz check on a crash the search found', () => {
  it('is info when the message alone did not fail a fresh client, saying how long its request was held', () => {
    const verdict = hostileServerFuzz.judge(crashedAfterLongHold(), { requestTimeoutMs: 1500 });
    expect(verdict.status).toBe('info');
    expect(verdict.message).toMatch(/^the client crashed after hostile message #82 \(it exited \(code 1\)\), its own request held for 15000 ms by then; sent alone to a fresh client the message did not fail it, so this is not graded/);
  });

  it('fails when the message, shrunk, fails a fresh client the same way', () => {
    const verdict = hostileServerFuzz.judge(crashedAfterLongHold({ kind: 'request', text: '{"jsonrpc":"2.0","id":null,"method":""}' }), { requestTimeoutMs: 1500 });
    expect(verdict).toMatchObject({ status: 'fail', message: expect.stringMatching(/^the client crashed on hostile message #82: it exited \(code 1\); smallest: /) });
  });
});
