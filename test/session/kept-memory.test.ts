// What a run keeps of a big answer, and for how long (issue 28 item 4): the session's log of
// received messages keeps the start of a long text beside its parsed form, and nothing the run
// keeps for its whole length (the log, the arrivals a wait describes, a check's record) is a view
// into a page: V8 lets a slice or a concatenation of a slice keep the whole original alive.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/checks/index.js';
import { record } from '../../src/runner/check-record.js';
import { arrival } from '../../src/session/carried.js';
import { boundedEvidence, detached, Session, type Received } from '../../src/session/index.js';
import { KEPT_RAW_CHARS } from '../../src/session/kept.js';
import type { Transport, TransportEvents } from '../../src/transport/types.js';

// Whether a string is a plain string of its own, not a slice or a concatenation holding others:
// V8 gives every sequential string one map per width (one byte a character, or two), the one a
// fresh JSON.parse result has.
setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: string, b: string) => boolean;
const plain = [JSON.parse('"a plain one-byte string"') as string, JSON.parse('"a plain two-byte string…"') as string];
const standalone = (s: string) => plain.some((p) => sameMap(s, p));

/** A 1,000-tool page, as a server writes it: about 200 KB of one line. */
const TOOLS = Array.from({ length: 1000 }, (_, i) => ({ name: `lookup_${i}`, description: `Looks up record ${i} in the catalog.`, inputSchema: { type: 'object' } }));

/** A transport that answers each request at once with `answer(id)`, its text as `raw`. */
function answering(answer: (id: unknown) => unknown): Transport {
  const listeners: Partial<{ [E in keyof TransportEvents]: TransportEvents[E] }> = {};
  return {
    kind: 'stdio',
    trace: [],
    closed: false,
    start: async () => undefined,
    on: (event, listener) => void (listeners[event] = listener as never),
    off: () => undefined,
    stderrTail: () => [],
    close: async () => ({}),
    sendRaw: async () => ({}),
    async send(message) {
      const reply = answer((message as { id?: unknown }).id);
      queueMicrotask(() => listeners.message?.(JSON.parse(JSON.stringify(reply)), JSON.stringify(reply)));
      return {};
    },
  };
}

describe("the session's log of received messages", () => {
  it('keeps the start of a long text and its length; the parsed message, and what listeners get, stay whole', async () => {
    const session = new Session(answering((id) => ({ jsonrpc: '2.0', id, result: { tools: TOOLS } })), { revision: '2025-11-25', requestTimeoutMs: 5000 });
    const heard: Received[] = [];
    session.onReceive((r) => heard.push(r));
    const outcome = await session.request('tools/list', {});
    const whole = JSON.stringify({ jsonrpc: '2.0', id: (outcome as { id: unknown }).id, result: { tools: TOOLS } });
    expect(whole.length).toBeGreaterThan(KEPT_RAW_CHARS * 4);

    expect(heard[0]!.raw).toBe(whole);
    const kept = session.received[0]!;
    expect(kept.raw).toBe(whole.slice(0, KEPT_RAW_CHARS));
    expect(kept.rawChars).toBe(whole.length);
    expect(standalone(kept.raw)).toBe(true);
    expect(kept.message).toEqual(JSON.parse(whole));
    expect(outcome.kind === 'result' && outcome.result.tools).toHaveLength(1000);
  });

  it('keeps a short message as it came', async () => {
    const session = new Session(answering((id) => ({ jsonrpc: '2.0', id, result: {} })), { revision: '2025-11-25', requestTimeoutMs: 5000 });
    const heard: Received[] = [];
    session.onReceive((r) => heard.push(r));
    await session.request('ping');
    expect(session.received[0]).toBe(heard[0]);
    expect(session.received[0]!.rawChars).toBeUndefined();
  });
});

describe('texts the run keeps from a page hold no view of it', () => {
  const page = JSON.stringify({ tools: TOOLS });

  it('an arrival, which a wait that ran out describes', () => {
    const { text } = arrival(0, page);
    expect(text.length).toBeLessThan(300);
    expect(standalone(text)).toBe(true);
  });

  it("a check's evidence and message, clipped from a page's JSON", () => {
    const clipped = `the result: ${page.slice(0, 119)}…`;
    expect(standalone(clipped)).toBe(false); // what a check builds: a concatenation over a slice of the page
    const expected = boundedEvidence({ type: 'expected', expected: 'an array', actual: clipped });
    expect(expected.type === 'expected' && standalone(expected.actual)).toBe(true);
    const note = boundedEvidence({ type: 'note', text: clipped });
    expect(note.type === 'note' && standalone(note.text)).toBe(true);
    const raw = boundedEvidence({ type: 'message', direction: 'received', at: 0, raw: clipped });
    expect(raw.type === 'message' && standalone(raw.raw!)).toBe(true);
    const check = { id: 'tools/list', title: 't', level: 'MUST', requirements: [] } as unknown as Check;
    const kept = record(check, '2025-11-25', { status: 'fail', message: clipped, evidence: [] }, 1);
    expect(kept.message).toBe(clipped);
    expect(standalone(kept.message!)).toBe(true);
    expect(detached(clipped)).toBe(clipped);
  });
});
