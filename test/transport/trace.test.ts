import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../src/transport/trace.js';

describe('TraceRecorder', () => {
  it('cuts long raw text and drops the parsed message of a cut entry', () => {
    const trace = new TraceRecorder({ rawChars: 10 });
    trace.add({ kind: 'recv', message: { big: true }, raw: 'x'.repeat(50) });
    trace.add({ kind: 'recv', message: { small: true }, raw: 'short' });
    const [big, small] = trace.entries;
    expect(big).toMatchObject({ kind: 'recv', message: undefined, raw: 'xxxxxxxxxx…[+40 chars]' });
    expect(small).toMatchObject({ kind: 'recv', message: { small: true }, raw: 'short' });
    expect(small!.at).toBeGreaterThanOrEqual(big!.at);
  });

  it('stops at its entry limit with one note and counts what it dropped', () => {
    const trace = new TraceRecorder({ maxEntries: 5 });
    for (let i = 0; i < 20; i++) trace.add({ kind: 'send', raw: String(i) });
    expect(trace.entries).toHaveLength(5);
    expect(trace.entries.at(-1)).toMatchObject({ kind: 'note', text: expect.stringContaining('trace limit reached') });
    expect(trace.dropped).toBe(16);
  });

  it('stops at its character budget', () => {
    const trace = new TraceRecorder({ maxChars: 1000, rawChars: 400 });
    for (let i = 0; i < 10; i++) trace.add({ kind: 'send', raw: 'y'.repeat(400) });
    expect(trace.entries.filter((e) => e.kind === 'send')).toHaveLength(2);
    expect(trace.entries.at(-1)?.kind).toBe('note');
  });
});
