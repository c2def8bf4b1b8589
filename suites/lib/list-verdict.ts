// How the feature checks (resources, prompts, capabilities) read a list walk that went wrong.
// A first page that is not a list result breaks the list rule; a later page, or a walk that
// stopped early (bad cursor, loop, cap), is pagination's business (pagination/*).
import { describeOutcome, type CheckContext, type Verdict } from '../../src/checks/index.js';
import { recordExchange } from './exchange.js';
import { pageExchange, type ListWalk } from './list-all.js';

/** The page that ended the walk without a list, as a sentence; undefined when no page failed. */
export function describeWalkFailure(walk: ListWalk): string | undefined {
  if (walk.end !== 'error') return undefined;
  const failed = walk.pages[walk.pages.length - 1];
  return `${walk.method}${walk.pages.length > 1 ? ` (page ${walk.pages.length})` : ''}: ${describeOutcome(failed.outcome)}`;
}

/** Records the failed page as evidence. */
export function recordFailedPage(ctx: CheckContext, walk: ListWalk): void {
  if (walk.end === 'error') recordExchange(ctx, pageExchange(walk, walk.pages.length - 1));
}

/** The verdict of a list check whose walk failed (violation on page 1, warn later), or undefined (a note when it stopped early). */
export function listWalkVerdict(ctx: CheckContext, walk: ListWalk, expected: string): Verdict | undefined {
  const what = describeWalkFailure(walk);
  if (what) {
    recordFailedPage(ctx, walk);
    const actual = describeOutcome(walk.pages[walk.pages.length - 1].outcome);
    if (walk.pages.length > 1) return ctx.warn(`${what} (a cursor the server issued; see pagination/*)`, expected, actual);
    return ctx.violation(what, expected, actual);
  }
  if (walk.end !== 'complete') ctx.note(`${walk.method}: ${walk.detail}; the pages before that are judged here (see pagination/*)`);
  return undefined;
}
