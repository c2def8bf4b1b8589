import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/transport/line-splitter.js';

/** Feeds `chunks` and returns what came out: lines as text, '!' + prefix for over-long lines. */
function split(chunks: Buffer[], max: number): string[] {
  const out: string[] = [];
  const splitter = new LineSplitter(
    max,
    (line) => out.push(line.toString('latin1')),
    (prefix) => out.push(`!${prefix.toString('latin1')}`),
    4,
  );
  for (const chunk of chunks) splitter.push(chunk);
  const rest = splitter.flush();
  if (rest) out.push(rest.toString('latin1'));
  return out;
}

/** What a splitter must produce regardless of chunking. */
function expected(text: string, max: number): string[] {
  const lines = text.split('\n');
  const last = lines.pop()!;
  const cut = (l: string) => `!${l.slice(0, Math.min(4, max + 1))}`;
  const out = lines.map((l) => (l.length > max ? cut(l) : l));
  if (last.length > max) out.push(cut(last));
  else if (last !== '') out.push(last);
  return out;
}

describe('LineSplitter', () => {
  it('gives the same lines however the bytes are chunked', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '\n', '{', '}'), maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 30 }),
        (text, cuts, max) => {
          const bytes = Buffer.from(text, 'latin1');
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; i++) {
            const size = cuts[i % cuts.length]!;
            chunks.push(bytes.subarray(at, at + size));
            at += size;
          }
          expect(split(chunks, max)).toEqual(expected(text, max));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reports an over-long line once, however many chunks it spans', () => {
    const chunks = [Buffer.from('ok\nxxxx'), ...Array.from({ length: 50 }, () => Buffer.alloc(100, 'x')), Buffer.from('x\nnext\n')];
    expect(split(chunks, 64)).toEqual(['ok', '!xxxx', 'next']);
  });
});
