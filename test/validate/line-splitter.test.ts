import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, type LineSink } from '../../src/schema/log/index.js';

type Seen = { line: number; text?: string; utf8?: boolean; tooLong?: number };

function split(chunks: (Buffer | string)[], max = 1024): Seen[] {
  const seen: Seen[] = [];
  const sink: LineSink = {
    line: (line, text, utf8) => void seen.push({ line, text, utf8 }),
    tooLong: (line, bytes) => void seen.push({ line, tooLong: bytes }),
  };
  const splitter = new LineSplitter(max, sink);
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return seen;
}

describe('LineSplitter', () => {
  it('splits on \\n, drops a \\r before it, and keeps a last line without a newline', () => {
    expect(split(['a\r\nb\n\nc'])).toEqual([
      { line: 1, text: 'a', utf8: true },
      { line: 2, text: 'b', utf8: true },
      { line: 3, text: '', utf8: true },
      { line: 4, text: 'c', utf8: true },
    ]);
    expect(split(['a\n'])).toHaveLength(1);
    expect(split([])).toEqual([]);
  });

  it('joins a line split across chunks, even inside a multi-byte character', () => {
    const bytes = Buffer.from('{"t":"héllo 世界 🚀"}\nnext\n');
    const seen = split([bytes.subarray(0, 9), bytes.subarray(9, 10), bytes.subarray(10, 20), bytes.subarray(20)]);
    expect(seen.map((s) => s.text)).toEqual(['{"t":"héllo 世界 🚀"}', 'next']);
    expect(seen.every((s) => s.utf8)).toBe(true);
  });

  it('flags bytes that are not UTF-8, but not a real U+FFFD', () => {
    const seen = split([Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), 'ok \uFFFD\n']);
    expect(seen.map((s) => s.utf8)).toEqual([false, true]);
  });

  it('reports a line over the limit by its length, drops its content, and carries on', () => {
    const long = 'x'.repeat(50);
    const seen = split(['short\n', long.slice(0, 20), long.slice(20), '\nafter\n', long], 32);
    expect(seen).toEqual([
      { line: 1, text: 'short', utf8: true },
      { line: 2, tooLong: 50 },
      { line: 3, text: 'after', utf8: true },
      { line: 4, tooLong: 50 },
    ]);
  });

  it('yields the same lines however the stream is chunked', () => {
    const line = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/[\n\r]/g, ''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 8 }), (lines, cuts) => {
        const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''));
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, i, all) => bytes.subarray(from, all[i + 1] ?? bytes.length));
        expect(split(chunks, 1 << 20).map((s) => s.text)).toEqual(lines);
      }),
      { numRuns: 200 },
    );
  });
});
