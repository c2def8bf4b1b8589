// A fuzz verdict names the wait actually made, and why it was that long (issue 28 item 7). The
// waits stretch with the measured cost of the costly requests queued ahead of a batch and go on
// while the server is busy; over Streamable HTTP the messages still said "within <case timeout>"
// (750 ms) for a POST or a ping that had been waited for seconds.
import { describe, expect, it } from 'vitest';
import { expectFor, expectForBody } from '../../src/fuzz/expect.js';
import type { Batch, BatchWait, CaseRun, PostOutcome } from '../../src/fuzz/observation.js';
import { judge } from '../../src/fuzz/oracle.js';

const OPTS = { crashRequirement: 'STDIO-7', hangRequirement: 'RPC-25', caseTimeoutMs: 750 };
const REQUEST = '{"jsonrpc":"2.0","id":7,"method":"resources/list"}';

function caseOf(text: string, http?: PostOutcome): CaseRun {
  const bytes = Buffer.from(http ? text : `${text}\n`);
  return { index: 0, spec: { strategy: 'test/case', text }, bytes, expect: http ? expectForBody(bytes) : expectFor(bytes), responses: [], http };
}

function batchOf(run: CaseRun, settledAt: number, wait: BatchWait, pingAnswered = true): Batch {
  return { runs: [run], pingId: 'ping', ping: { jsonrpc: '2.0', id: 'ping', method: 'ping' }, sentAt: 0, settledAt, wait, pingAnswered, loose: [], unexpected: [], framing: [], malformed: [], late: [], settled: true };
}

const pending = (): PostOutcome => ({ pending: true, loose: [], unexpected: [] });
const summaries = (batch: Batch) => judge(batch, OPTS).map((a) => a.summary);

describe('the wait a fuzz verdict names', () => {
  it('HTTP: a POST left open names how long it was waited for: the case timeout, plus the measured cost of the listings queued ahead', () => {
    const batch = batchOf(caseOf(REQUEST, pending()), 1962, { deadlineMs: 750, queuedMs: 1200 });
    expect(summaries(batch)).toEqual([
      'request 7 got no response: its POST got no reply within 1962 ms (the case timeout of 750 ms, plus 1200 ms the server was measured to need for the costly requests queued ahead), although the server still answers ping',
    ]);
  });

  it('HTTP: an unanswered ping names its own wait, and that it went on while the server was busy', () => {
    const batch = batchOf(caseOf(REQUEST, pending()), 5300, { deadlineMs: 750, queuedMs: 1200, busy: true, ping: { sentAt: 1950, queuedMs: 1200 } }, false);
    expect(summaries(batch)[0]).toBe(
      'the server stopped answering: a ping POSTed after the input got no answer within 3350 ms (the case timeout of 750 ms, plus 1200 ms the server was measured to need for the costly requests queued ahead, then on while the server was still busy with earlier requests)',
    );
  });

  it('stdio: the same words; a wait within the case timeout needs no why', () => {
    expect(summaries(batchOf(caseOf(REQUEST), 2100, { deadlineMs: 750, queuedMs: 1200 }))).toEqual([
      'request 7 got no response within 2100 ms (the case timeout of 750 ms, plus 1200 ms the server was measured to need for the costly requests queued ahead), although the server still answers ping',
    ]);
    expect(summaries(batchOf(caseOf(REQUEST), 260, { deadlineMs: 750, queuedMs: 0 }))).toEqual(['request 7 got no response within 260 ms, although the server still answers ping']);
  });
});
