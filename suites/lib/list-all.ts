// Walks every page of a paginated list (tools/list, prompts/list, resources/list,
// resources/templates/list, …) once per run and shares the result between checks.
// Bounded: a page cap, cursor-loop detection, and a stop when a page brings nothing new.
// Requests are sent untagged, so schema problems in the answers also reach the whole-run
// message check; the walk keeps the findings its own answers raised for the checks that
// own them (e.g. the list's result shape, PAGE-1).
import type { CheckContext, ServerFacts } from '../../src/checks/index.js';
import { describeOutcome } from '../../src/checks/index.js';
import { keyOf, type Evidence, type Finding, type Outcome, type RequestId, type Session } from '../../src/session/index.js';

/** Most pages a walk requests. */
export const MAX_PAGES = 500;
/** Consecutive empty pages (each with a new cursor) after which a walk stops. */
const MAX_EMPTY_PAGES = 10;
/** Pages whose exchange is kept as evidence at the start and at the end of a walk. */
const EVIDENCE_HEAD = 3;
const EVIDENCE_TAIL = 2;

export interface PageRecord {
  /** The cursor sent; undefined for the first page. */
  cursor?: string;
  outcome: Outcome;
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

const walks = new WeakMap<ServerFacts, Map<string, Promise<ListWalk>>>();

/**
 * Every page of `method`, whose result holds the items under `key` (e.g. `tools`), walked once
 * per run on the calling check's session and shared with every later caller.
 */
export function listAll(ctx: CheckContext, method: string, key: string): Promise<ListWalk> {
  let byMethod = walks.get(ctx.facts);
  if (!byMethod) walks.set(ctx.facts, (byMethod = new Map()));
  const memoKey = `${method} ${key}`;
  let walk = byMethod.get(memoKey);
  if (!walk) {
    walk = walkPages(ctx.session, method, key, ctx.signal);
    byMethod.set(memoKey, walk);
  }
  return walk;
}

/** Findings raised by the answer to request `id` since finding index `from`. */
export function findingsAbout(session: Session, from: number, id: RequestId): Finding[] {
  const key = keyOf(id);
  return session.findings.slice(from).filter((f) =>
    f.evidence.some((e) => e.type === 'message' && e.direction === 'received' && isObject(e.message) && keyOf(e.message.id) === key),
  );
}

export async function walkPages(session: Session, method: string, key: string, signal?: AbortSignal, maxPages = MAX_PAGES): Promise<ListWalk> {
  const walk: ListWalk = { method, key, items: [], pages: [], end: 'complete', detail: '', duplicates: [], findings: [], evidence: [] };
  const seen = new Map<string, number[]>();
  const followed = new Set<string>();
  const exchanges: Evidence[][] = [];
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
    const from = session.findings.length;
    const id = session.allocateId();
    const params = cursor === undefined ? undefined : { cursor };
    const sent: Record<string, unknown> = { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) };
    const exchange: Evidence[] = [{ type: 'message', direction: 'sent', at: session.now(), message: sent }];
    const outcome = await session.request(method, params, { id });
    exchange.push(
      outcome.kind === 'result' || outcome.kind === 'error'
        ? { type: 'message', direction: 'received', at: session.now(), message: outcome.message }
        : { type: 'note', text: describeOutcome(outcome) },
    );
    exchanges.push(exchange);
    walk.findings.push(...findingsAbout(session, from, id));
    const page: PageRecord = { cursor, outcome, count: 0, hasNextCursor: false };
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
  const kept = exchanges.length <= EVIDENCE_HEAD + EVIDENCE_TAIL ? exchanges : [...exchanges.slice(0, EVIDENCE_HEAD), ...exchanges.slice(-EVIDENCE_TAIL)];
  if (kept.length < exchanges.length) walk.evidence.push({ type: 'note', text: `${method}: ${exchanges.length} pages; the first ${EVIDENCE_HEAD} and the last ${EVIDENCE_TAIL} follow` });
  walk.evidence.push(...kept.flat());
  return walk;
}
