// Walks every page of a paginated list (tools/list, prompts/list, resources/list,
// resources/templates/list, …) once per run and shares the result between checks.
// Bounded: a page cap, cursor-loop detection, and a stop when a page brings nothing new.
// Requests are sent untagged, so schema problems in the answers also reach the whole-run
// message check; the walk keeps the findings its own answers raised for the checks that
// own them (e.g. the list's result shape, PAGE-1).
import type { CheckContext } from '../../src/checks/index.js';
import { defineSharedScenario, describeOutcome } from '../../src/checks/index.js';
import type { Evidence, Finding, MethodCost, Outcome, Session } from '../../src/session/index.js';
import { exchangeEvidence, exchangeOn, type Exchange } from './exchange.js';
import { isObject, type Item } from './json-object.js';

/** Most pages a walk requests. */
export const MAX_PAGES = 500;
/** Consecutive empty pages (each with a new cursor) after which a walk stops. */
const MAX_EMPTY_PAGES = 10;
/** Pages whose exchange is kept as evidence at the start and at the end of a walk. */
const EVIDENCE_HEAD = 3;
const EVIDENCE_TAIL = 2;
/** Of the listed items, checks read or get at most this many (a server may list thousands). */
export const SAMPLE_LIMIT = 20;

export interface PageRecord {
  /** The cursor sent; undefined for the first page. */
  cursor?: string;
  outcome: Outcome;
  /** When the request went out (session clock). */
  at: number;
  /** Items on this page (0 when the answer carried no list). */
  count: number;
  /** Whether the result had a `nextCursor` member, and its value as received. */
  hasNextCursor: boolean;
  nextCursor?: unknown;
}

export type WalkEnd =
  | 'complete' // a page without nextCursor
  | 'error' // a page was answered with an error, or not at all, or without the list
  | 'bad-cursor' // nextCursor present but not a non-empty string (null, "", 7, …)
  | 'loop' // a nextCursor the walk had already followed
  | 'repeat' // a non-empty page holding only items already seen
  | 'stalled' // too many empty pages in a row
  | 'cap' // MAX_PAGES reached
  | 'aborted'; // the check that started the walk ran out of time

export interface Duplicate {
  identity: string;
  /** Page indexes (0-based) where it appeared. */
  pages: number[];
}

export interface ListWalk {
  method: string;
  key: string;
  items: unknown[];
  pages: PageRecord[];
  end: WalkEnd;
  /** One line on how the walk ended. */
  detail: string;
  duplicates: Duplicate[];
  /** Schema findings raised by the answers to the walk's own requests. */
  findings: Finding[];
  /** The wire exchange of the first and last pages. */
  evidence: Evidence[];
}

/** The field that names an item of a list uniquely, by the list's result key. */
const IDENTITY_FIELD: Record<string, string> = { tools: 'name', prompts: 'name', resources: 'uri', resourceTemplates: 'uriTemplate', tasks: 'taskId' };

export function identityOf(item: unknown, key: string): string {
  if (isObject(item)) {
    const field = IDENTITY_FIELD[key];
    for (const f of field ? [field] : ['name', 'uri', 'uriTemplate', 'taskId']) {
      if (typeof item[f] === 'string') return `${f} ${JSON.stringify(item[f])}`;
    }
  }
  return JSON.stringify(item);
}

export const listWalk = defineSharedScenario<ListWalk>({ name: 'list walk' });

/**
 * Every page of `method`, whose result holds the items under `key` (e.g. `tools`), walked once
 * per run on the calling check's session and shared with every later caller.
 */
export function listAll(ctx: CheckContext, method: string, key: string): Promise<ListWalk> {
  return ctx.shared(listWalk, () => walkPages(ctx.session, method, key, ctx.signal), `${method} ${key}`);
}

/** The session each walk's requests went on (weakly: a walk outlives a lane's session). */
const walkSessions = new WeakMap<ListWalk, WeakRef<Session>>();

/** Whether the walk's requests went on `session` (its answers' lines were read there). */
export function walkedOn(walk: ListWalk, session: Session): boolean {
  return walkSessions.get(walk)?.deref() === session;
}

/** What the walk's requests cost the server they went to (session.ts costOf), while that session lives. */
export function walkCost(walk: ListWalk): MethodCost | undefined {
  return walkSessions.get(walk)?.deref()?.costOf(walk.method);
}

/** The listed items that are objects (the schema check reports the others). */
export function objectsOf(walk: ListWalk): Item[] {
  return walk.items.filter(isObject);
}

/** Page `index` of a walk as the request and answer it was. */
export function pageExchange(walk: ListWalk, index: number): Exchange {
  const page = walk.pages[index];
  return { method: walk.method, params: page.cursor === undefined ? undefined : { cursor: page.cursor }, outcome: page.outcome, at: page.at };
}

export async function walkPages(session: Session, method: string, key: string, signal?: AbortSignal, maxPages = MAX_PAGES): Promise<ListWalk> {
  const walk: ListWalk = { method, key, items: [], pages: [], end: 'complete', detail: '', duplicates: [], findings: [], evidence: [] };
  walkSessions.set(walk, new WeakRef(session));
  const seen = new Map<string, number[]>();
  const followed = new Set<string>();
  let cursor: string | undefined;
  let emptyRun = 0;
  const stop = (end: WalkEnd, detail: string) => {
    walk.end = end;
    walk.detail = detail;
  };

  for (let index = 0; ; index++) {
    if (signal?.aborted) {
      stop('aborted', `stopped after ${index} page(s): the check ran out of time`);
      break;
    }
    if (index >= maxPages) {
      stop('cap', `still not at the end after ${maxPages} pages`);
      break;
    }
    const { outcome, at, findings } = await exchangeOn(session, method, cursor === undefined ? undefined : { cursor });
    walk.findings.push(...findings);
    const page: PageRecord = { cursor, outcome, at, count: 0, hasNextCursor: false };
    walk.pages.push(page);

    if (outcome.kind !== 'result') {
      stop('error', `page ${index + 1}${cursor === undefined ? '' : ` (cursor ${JSON.stringify(cursor)})`}: ${describeOutcome(outcome)}`);
      break;
    }
    const list = outcome.result[key];
    if (!Array.isArray(list)) {
      stop('error', `page ${index + 1}: the result has no "${key}" array`);
      break;
    }
    page.count = list.length;
    let fresh = 0;
    for (const item of list) {
      walk.items.push(item);
      const identity = identityOf(item, key);
      const where = seen.get(identity);
      if (where) where.push(index);
      else {
        seen.set(identity, [index]);
        fresh++;
      }
    }
    page.hasNextCursor = 'nextCursor' in outcome.result;
    page.nextCursor = outcome.result.nextCursor;
    const next = page.nextCursor;
    if (!page.hasNextCursor || next === undefined) {
      stop('complete', `${walk.pages.length} page(s), ${walk.items.length} item(s)`);
      break;
    }
    if (typeof next !== 'string' || next === '') {
      stop('bad-cursor', `page ${index + 1} has nextCursor ${JSON.stringify(next)}, which is not a cursor (the last page omits nextCursor)`);
      break;
    }
    if (list.length > 0 && fresh === 0) {
      stop('repeat', `page ${index + 1} held only items already seen on earlier pages, yet pointed to another page`);
      break;
    }
    emptyRun = list.length === 0 ? emptyRun + 1 : 0;
    if (emptyRun >= MAX_EMPTY_PAGES) {
      stop('stalled', `${MAX_EMPTY_PAGES} empty pages in a row, each with another nextCursor`);
      break;
    }
    if (followed.has(next)) {
      stop('loop', `page ${index + 1} points back to cursor ${JSON.stringify(next)}, which was already followed`);
      break;
    }
    followed.add(next);
    cursor = next;
  }

  walk.duplicates = [...seen].filter(([, pages]) => pages.length > 1).map(([identity, pages]) => ({ identity, pages }));
  const indexes = walk.pages.map((_, i) => i);
  const kept = indexes.length <= EVIDENCE_HEAD + EVIDENCE_TAIL ? indexes : [...indexes.slice(0, EVIDENCE_HEAD), ...indexes.slice(-EVIDENCE_TAIL)];
  if (kept.length < indexes.length) walk.evidence.push({ type: 'note', text: `${method}: ${indexes.length} pages; the first ${EVIDENCE_HEAD} and the last ${EVIDENCE_TAIL} follow` });
  for (const i of kept) walk.evidence.push(...exchangeEvidence(pageExchange(walk, i)));
  return walk;
}
