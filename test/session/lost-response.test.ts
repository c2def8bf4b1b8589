// A lost response (RPC-25) is told from a late one only by evidence: an SSE reply the server ended
// without the response counts as lost only when nothing could resume it (no event id, no retry:
// field, HTTP-15); a stream still open, or one a client could resume, is merely unanswered.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { lostResponse } from '../../src/checks/index.js';
import { OUTLIVED_FACTOR, outlivedPastNeed } from '../../suites/lib/outlived.js';
import { scriptedHttp } from './scripted-http.js';

const WAIT_MS = 500;
const NOTE = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}\n\n';

const httpSession = scriptedHttp(WAIT_MS).session;


const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

describe('lostResponse reads an SSE reply that ended without the response', () => {
  it('lost when the stream ended with no event id and no retry: field', async () => {
    const session = await httpSession((res) => sse(res).end(NOTE));
    const outcome = await session.request('tools/list', {}, { id: 7 });
    expect(lostResponse(outcome)).toMatch(/SSE stream ended without it .*no event id/);
  });

  it('not lost when the stream had an event id a client could resume after (HTTP-15), retry: or not', async () => {
    const session = await httpSession((res) => sse(res).end(`id: 1\ndata: \n\n${NOTE}`));
    expect(lostResponse(await session.request('tools/list', {}, { id: 7 }))).toBeUndefined();
  });

  it('not lost when the stream carried a retry: field', async () => {
    const session = await httpSession((res) => sse(res).end(`retry: 1000\n\n${NOTE}`));
    expect(lostResponse(await session.request('tools/list', {}, { id: 7 }))).toBeUndefined();
  });

  it('not lost while the stream is still open (slow is not broken)', async () => {
    const session = await httpSession((res) => sse(res).write(NOTE));
    expect(lostResponse(await session.request('tools/list', {}, { id: 7 }))).toBeUndefined();
  });
});

// A probe answered behind an unanswered call shows the server was there, not that the call was
// done: it counts as lost only against the call's own figure from a run where we answered validly.
describe('outlivedPastNeed needs what the call took when answered validly', () => {
  const outlived = { method: 'ping', ms: 1000 };
  const waited = { outcome: { kind: 'timeout' as const, id: 3, ms: 1000 }, outlived };
  const answeredIn = (ms: number) => ({ kind: 'result' as const, id: 3, result: {}, message: {}, ms });

  it('not lost when the call went unanswered in the control run too (a slow tool)', () => {
    expect(outlivedPastNeed(waited, { kind: 'timeout', id: 3, ms: 1000 })).toBeUndefined();
    expect(outlivedPastNeed(waited, undefined)).toBeUndefined();
  });

  it('not lost when we waited less than OUTLIVED_FACTOR times what it took', () => {
    expect(outlivedPastNeed(waited, answeredIn(1000 / OUTLIVED_FACTOR + 1))).toBeUndefined();
  });

  it('lost, with both figures, when it took a fraction of our wait and the probe was answered', () => {
    expect(outlivedPastNeed(waited, answeredIn(5))).toBe('unanswered after 1000 ms though it was answered in 5 ms when we answered validly, while the server answered ping sent behind it');
    expect(outlivedPastNeed({ outcome: waited.outcome }, answeredIn(5))).toBeUndefined();
  });
});
