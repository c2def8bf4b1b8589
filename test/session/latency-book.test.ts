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

describe('a wait that reaches the hard ceiling', () => {
  /** Eight pings sent at 0 with a 100 ms timeout to a server answering one every 300 ms: three answered by 900 ms. */
  function queue(): LatencyBook {
    const book = new LatencyBook();
    for (const at of [300, 600, 900]) book.record('ping', 0, at, 40);
    return book;
  }
  const deepest = { method: 'ping', sentAt: 0, timeoutMs: 100 };

  it('looks back a whole step for the queue ahead moving: too slow to judge, not silent', () => {
    const decision = queue().decide({ ...deepest, deadline: 1200 }, 1000, 1200);
    expect(decision).toMatchObject({ extendMs: 0, busy: true, answeredMeanwhile: 3 });
  });

  it('is judged at the ceiling when its timer fires a moment early (Node’s timers count from the loop’s cached clock)', () => {
    // Before, the decision at 1199 ms was a step like any other: no answer since 1000 ms, so not busy.
    const decision = queue().decide({ ...deepest, deadline: 1200 }, 1000, 1199);
    expect(decision).toMatchObject({ extendMs: 0, busy: true, answeredMeanwhile: 3 });
  });

  it('is judged at the ceiling with less than a millisecond left (no timer could wait it)', () => {
    const decision = queue().decide({ ...deepest, deadline: 1199.6 }, 1000, 1199.5);
    expect(decision).toMatchObject({ extendMs: 0, busy: true, answeredMeanwhile: 3 });
  });

  it('still ends a wait whose queue stopped moving a whole step before the ceiling', () => {
    const book = new LatencyBook();
    for (const at of [300, 350]) book.record('ping', 0, at, 40);
    expect(book.decide({ ...deepest, deadline: 1200 }, 1000, 1199)).toMatchObject({ extendMs: 0, busy: false });
  });
});
