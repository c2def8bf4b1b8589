// Quiet periods scale with what the server answers now, not with a catalog's pages (issue 28
// item 4): once no request that may bring a big page is awaited, the pages' latency no longer
// stretches a window; while one is, it does, as before.
import { describe, expect, it } from 'vitest';
import { BIG_ANSWER_CHARS, LatencyBook } from '../../src/session/latency.js';

/** Pings answered in 2 ms, then five 560 KB tools/list pages that took 800 ms each. */
function afterBigPages(): LatencyBook {
  const book = new LatencyBook();
  for (let i = 0; i < 5; i++) book.record('ping', i * 10, i * 10 + 2, 40);
  for (let i = 0; i < 5; i++) book.record('tools/list', 100 + i * 800, 900 + i * 800, 560_000);
  return book;
}

describe('a quiet period after a big catalog’s pages', () => {
  it('keeps its length when no big answer is awaited: the server answers the rest at once', () => {
    expect(afterBigPages().scaled(500, false)).toBe(500);
  });

  it('is stretched while one may be on its way, as by a slow server', () => {
    expect(afterBigPages().scaled(500, true)).toBe(2000);
  });

  it('is stretched when every answer is slow, big or not', () => {
    const book = new LatencyBook();
    for (let i = 0; i < 5; i++) book.record('ping', i * 1000, i * 1000 + 600, 40);
    expect(book.scaled(500, false)).toBe(1700);
  });

  it('takes a method with no answer yet, or with big ones, as one that may answer big', () => {
    const book = afterBigPages();
    expect(book.mayAnswerBig('tools/list')).toBe(true);
    expect(book.mayAnswerBig('prompts/list')).toBe(true);
    expect(book.mayAnswerBig('ping')).toBe(false);
    book.record('resources/list', 0, 5, BIG_ANSWER_CHARS - 1);
    expect(book.mayAnswerBig('resources/list')).toBe(false);
  });
});
