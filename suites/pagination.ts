// Pagination of the list methods the server declares: every walk reaches a last page, no item
// comes back on two pages, the last page omits nextCursor, and cursors the server did not issue
// (garbage, or another list's) are rejected with -32602.
// Proof of each check (the fixture fault that must break it): test/proof/pagination.ts.
import { defineCheck, describeOutcome, errorCode, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Outcome } from '../src/session/index.js';
import { identityOf, listAll, listWalk, type ListWalk } from './lib/list-all.js';
import { WITH_STATELESS } from './lib/revisions.js';

interface PagedList {
  capability: string;
  method: string;
  key: string;
}

const LISTS: readonly PagedList[] = [
  { capability: 'tools', method: 'tools/list', key: 'tools' },
  { capability: 'resources', method: 'resources/list', key: 'resources' },
  { capability: 'resources', method: 'resources/templates/list', key: 'resourceTemplates' },
  { capability: 'prompts', method: 'prompts/list', key: 'prompts' },
];
const INVALID_CURSOR = '!!mcp-conform: not a cursor!!';
const NOTHING_DECLARED = 'the server declares none of tools, resources and prompts, so it has no list to page through';

function declaredLists(ctx: CheckContext): PagedList[] {
  return LISTS.filter((l) => ctx.declares(l.capability));
}

/** Every declared list walked (memoized per run), concurrently. */
async function walkAll(ctx: CheckContext): Promise<ListWalk[]> {
  return Promise.all(declaredLists(ctx).map((l) => listAll(ctx, l.method, l.key)));
}

function summary(walks: ListWalk[]): string {
  return walks.map((w) => `${w.method}: ${w.detail}`).join('; ');
}

export const walkEnds = defineCheck({
  id: 'pagination/walk-ends',
  shares: [listWalk],
  title: 'following nextCursor through each list reaches a last page',
  level: 'MUST',
  kind: 'D',
  requirements: ['PAGE-2'],
  spec: 'server/utilities/pagination#pagination-flow',
  revisions: WITH_STATELESS,
  async run(ctx) {
    if (declaredLists(ctx).length === 0) return ctx.skip(NOTHING_DECLARED);
    const walks = await walkAll(ctx);
    ctx.note(summary(walks));
    const endless = walks.find((w) => w.end === 'loop' || w.end === 'repeat' || w.end === 'stalled' || w.end === 'cap');
    if (endless) {
      ctx.evidence.push(...endless.evidence);
      return ctx.violation(`${endless.method} never reaches a last page: ${endless.detail}`, 'a page without nextCursor', endless.detail);
    }
    // Errors and bad cursors are judged by the list's own checks and pagination/next-cursor.
    if (walks.every((w) => w.end !== 'complete')) return ctx.skip(`no list could be walked to its end: ${summary(walks)}`);
    return ctx.pass();
  },
});

export const uniqueItems = defineCheck({
  id: 'pagination/unique-items',
  shares: [listWalk],
  title: 'no item of a list appears on two pages',
  level: 'MUST',
  kind: 'D',
  requirements: ['PAGE-2'],
  spec: 'server/utilities/pagination#pagination-flow',
  revisions: WITH_STATELESS,
  async run(ctx) {
    if (declaredLists(ctx).length === 0) return ctx.skip(NOTHING_DECLARED);
    const walks = await walkAll(ctx);
    ctx.note(summary(walks));
    for (const walk of walks) {
      const across = walk.duplicates.filter((d) => new Set(d.pages).size > 1);
      if (across.length === 0) continue;
      ctx.evidence.push(...walk.evidence);
      const first = across[0];
      return ctx.violation(
        `${walk.method}: ${across.length} item(s) came back on more than one page; first: ${first.identity} on pages ${first.pages.map((p) => p + 1).join(', ')}`,
        'each item on exactly one page',
        `${first.identity} on ${first.pages.length} pages`,
      );
    }
    if (walks.every((w) => w.pages.length <= 1)) ctx.note('every list fits on one page');
    return ctx.pass();
  },
});

export const nextCursorShape = defineCheck({
  id: 'pagination/next-cursor',
  shares: [listWalk],
  title: 'nextCursor is a non-empty string, and absent on the last page',
  level: 'MUST',
  kind: 'S',
  requirements: ['PAGE-1'],
  spec: 'server/utilities/pagination#response-format',
  revisions: WITH_STATELESS,
  async run(ctx) {
    if (declaredLists(ctx).length === 0) return ctx.skip(NOTHING_DECLARED);
    const walks = await walkAll(ctx);
    for (const walk of walks) {
      const schema = walk.findings.find((f) => f.requirement === 'PAGE-1');
      if (schema) {
        ctx.evidence.push(...schema.evidence);
        return ctx.violation(`${walk.method}: ${schema.message}`, 'nextCursor: a string, or absent on the last page', walk.detail);
      }
      if (walk.end === 'bad-cursor') {
        ctx.evidence.push(...walk.evidence);
        return ctx.violation(`${walk.method}: ${walk.detail}`, 'nextCursor: a non-empty string, or absent on the last page', walk.detail);
      }
    }
    ctx.note(summary(walks));
    return ctx.pass();
  },
});

/** Identities of the items on page `index` of a walk. */
function pageItems(walk: ListWalk, index: number): string[] {
  const start = walk.pages.slice(0, index).reduce((n, p) => n + p.count, 0);
  return walk.items.slice(start, start + walk.pages[index].count).map((item) => identityOf(item, walk.key));
}

export const cursorStable = defineCheck({
  id: 'pagination/cursor-stable',
  shares: [listWalk],
  title: 'a cursor used again returns the same page',
  level: 'SHOULD',
  requirements: ['PAGE-3'],
  spec: 'server/utilities/pagination#implementation-guidelines',
  revisions: WITH_STATELESS,
  async run(ctx) {
    if (declaredLists(ctx).length === 0) return ctx.skip(NOTHING_DECLARED);
    const paged = (await walkAll(ctx)).filter((w) => w.pages.length > 1 && w.pages[1].outcome.kind === 'result' && w.pages[1].cursor !== undefined);
    if (paged.length === 0) return ctx.skip('no list has a second page to request again');
    const again = await Promise.all(paged.map((w) => ctx.request(w.method, { cursor: w.pages[1].cursor })));
    for (const [i, walk] of paged.entries()) {
      const o = again[i];
      const before = pageItems(walk, 1);
      const what = `${walk.method} with cursor ${JSON.stringify(walk.pages[1].cursor)} a second time`;
      if (o.kind !== 'result') return ctx.violation(`${what}: ${describeOutcome(o)}`, 'the same page again', describeOutcome(o));
      const list = o.result[walk.key];
      const now = Array.isArray(list) ? list.map((item) => identityOf(item, walk.key)) : [];
      if (now.join('\n') !== before.join('\n')) {
        ctx.evidence.push({ type: 'note', text: `first: ${before.join(', ')}; again: ${now.join(', ')}` });
        return ctx.violation(`${what} returned a different page`, before.join(', '), now.join(', '));
      }
    }
    return ctx.pass();
  },
});

/** Grades the answer to a list request with a cursor the server never issued for that list. */
function cursorVerdict(ctx: CheckContext, what: string, o: Outcome, onResult: 'violation' | 'info'): Verdict | undefined {
  const expected = 'a JSON-RPC error, code -32602';
  if (o.kind === 'error') return errorCode(o) === -32602 ? undefined : ctx.warn(`${what}: error code ${String(o.error.code)}`, expected, describeOutcome(o));
  if (o.kind === 'result') {
    if (onResult === 'info') return ctx.info(`${what}: answered with a page (cursors are opaque; the spec does not forbid this)`);
    return ctx.violation(`${what}: answered with a page instead of an error`, expected, describeOutcome(o));
  }
  return ctx.violation(`${what}: ${describeOutcome(o)}`, expected, describeOutcome(o));
}

export const invalidCursor = defineCheck({
  id: 'pagination/invalid-cursor',
  title: 'a cursor the server never issued gets -32602',
  level: 'SHOULD',
  requirements: ['PAGE-4'],
  spec: 'server/utilities/pagination#error-handling',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const lists = declaredLists(ctx);
    if (lists.length === 0) return ctx.skip(NOTHING_DECLARED);
    const outcomes = await Promise.all(lists.map((l) => ctx.request(l.method, { cursor: INVALID_CURSOR })));
    let verdict: Verdict | undefined;
    lists.forEach((l, i) => (verdict ??= cursorVerdict(ctx, `${l.method} with cursor ${JSON.stringify(INVALID_CURSOR)}`, outcomes[i], 'violation')));
    return verdict ?? ctx.pass();
  },
});

export const foreignCursor = defineCheck({
  id: 'pagination/foreign-cursor',
  shares: [listWalk],
  title: "a cursor from one list given to another is rejected, not served",
  level: 'SHOULD',
  requirements: ['PAGE-4'],
  spec: 'server/utilities/pagination#implementation-guidelines',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const lists = declaredLists(ctx);
    if (lists.length < 2) return ctx.skip('fewer than two lists are declared');
    const walks = await walkAll(ctx);
    const source = walks.find((w) => w.pages.some((p) => typeof p.nextCursor === 'string' && p.nextCursor !== ''));
    if (!source) return ctx.skip('no list returned a nextCursor (every list fits on one page)');
    const cursor = source.pages.find((p) => typeof p.nextCursor === 'string' && p.nextCursor !== '')!.nextCursor as string;
    const target = lists.find((l) => l.method !== source.method)!;
    const o = await ctx.request(target.method, { cursor });
    return cursorVerdict(ctx, `${target.method} with a cursor issued by ${source.method}`, o, 'info') ?? ctx.pass();
  },
});

export const paginationChecks: Check[] = [walkEnds, uniqueItems, nextCursorShape, cursorStable, invalidCursor, foreignCursor];
