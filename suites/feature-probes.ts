// Shared by the resources, prompts, logging, completion and capabilities suites: the server's
// own lists (walked once per run), reads of its listed resources, sample arguments, tool calls
// that are safe to make, and small readers. Requests whose answers a check judges carry its tag;
// background activity goes untagged, so its findings reach the whole-run checks instead.
import { describeOutcome, type CheckContext, type ServerFacts, type Verdict } from '../src/checks/index.js';
import { validateMessage, type Problem } from '../src/schema/index.js';
import type { Outcome, Received, RequestOptions, Session } from '../src/session/index.js';
import type { HttpTransport } from '../src/transport/index.js';

export type Item = Record<string, unknown>;

export const isObject = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 5424 severities in increasing order, as MCP names them. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** Reads (and prompts/get calls) are capped: a server may list thousands of items. */
export const SAMPLE_LIMIT = 20;
const MAX_PAGES = 100;
const PARALLEL = 5;

// ---- once per run ----------------------------------------------------------------------------

const memos = new WeakMap<ServerFacts, Map<string, Promise<unknown>>>();

/** The first caller's `make()` runs; every check of the same run gets its promise. */
export function oncePerRun<T>(ctx: CheckContext, key: string, make: () => Promise<T>): Promise<T> {
  let runMemos = memos.get(ctx.facts);
  if (!runMemos) memos.set(ctx.facts, (runMemos = new Map()));
  let p = runMemos.get(key) as Promise<T> | undefined;
  if (!p) runMemos.set(key, (p = make()));
  return p;
}

// ---- lists -----------------------------------------------------------------------------------

export const LIST_KEYS = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
} as const;
export type ListMethod = keyof typeof LIST_KEYS;

/** One request and how it ended; `at` is when it went out (session clock), for evidence. */
export interface Exchange {
  method: string;
  params?: Record<string, unknown>;
  outcome: Outcome;
  at: number;
}

/** Sends one request, remembering what and when (for evidence recorded later). */
export async function exchangeOn(session: Session, method: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<Exchange> {
  const at = session.now();
  return { method, params, at, outcome: await session.request(method, params, opts) };
}

/** Records a request and its answer as evidence (for requests sent without ctx.request). */
export function exchange(ctx: CheckContext, x: Exchange): void {
  const sent: Item = { jsonrpc: '2.0', id: x.outcome.id, method: x.method };
  if (x.params !== undefined) sent.params = x.params;
  ctx.evidence.push({ type: 'message', direction: 'sent', at: x.at, message: sent });
  if (x.outcome.kind === 'result' || x.outcome.kind === 'error') ctx.evidence.push({ type: 'message', direction: 'received', at: x.at + x.outcome.ms, message: x.outcome.message });
  else ctx.note(describeOutcome(x.outcome));
}

export interface Listing {
  method: ListMethod;
  items: Item[];
  pages: Exchange[];
  /** The page that was not answered with a usable result. */
  failure?: Exchange;
  /** Why the walk ended before the last page. */
  stopped?: string;
  /** The check that judged the answers as they came (its tag is on the requests). */
  judgedBy?: string;
}

/**
 * The server's whole list (bounded pages, loop detection), fetched once per run. `judge`: the
 * calling check judges this list's answers; when it is the first caller its tag goes on the
 * requests (so schema findings land on it), otherwise it must re-validate `pages` itself.
 */
export function listing(ctx: CheckContext, method: ListMethod, opts: { judge?: boolean } = {}): Promise<Listing> {
  return oncePerRun(ctx, `list:${method}`, () => walk(ctx, method, opts.judge ? ctx.check.id : undefined));
}

async function walk(ctx: CheckContext, method: ListMethod, tag: string | undefined): Promise<Listing> {
  const key = LIST_KEYS[method];
  const out: Listing = { method, items: [], pages: [], judgedBy: tag };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    if (ctx.signal.aborted) return { ...out, stopped: 'the check ran out of time' };
    const params = cursor === undefined ? undefined : { cursor };
    const page = await exchangeOn(ctx.session, method, params, { tag });
    out.pages.push(page);
    const outcome = page.outcome;
    const list = outcome.kind === 'result' ? outcome.result[key] : undefined;
    if (!Array.isArray(list)) return { ...out, failure: page };
    out.items.push(...list.filter(isObject));
    const next = (outcome as { result: Item }).result.nextCursor;
    if (typeof next !== 'string') return out;
    if (seen.has(next)) return { ...out, stopped: `the cursor ${JSON.stringify(next)} came back, so the pages loop` };
    seen.add(next);
    cursor = next;
  }
  return { ...out, stopped: `more than ${MAX_PAGES} pages` };
}

/** Schema problems of one answer, judged as the session would have (for answers fetched by another check). */
function problemsOf(ctx: CheckContext, x: Exchange): Problem[] {
  if (x.outcome.kind !== 'result' && x.outcome.kind !== 'error') return [];
  return validateMessage(x.outcome.message, { revision: ctx.revision, direction: 'server->client', inReplyTo: { method: x.method, params: x.params } }).problems;
}

/**
 * For a check that judges answers another check fetched (that check got the session's schema
 * findings): the schema problems of those answers, recorded as evidence.
 */
export function recheck(ctx: CheckContext, judgedBy: string | undefined, answers: readonly Exchange[]): Problem[] {
  if (judgedBy === ctx.check.id) return [];
  const problems: Problem[] = [];
  for (const x of answers) {
    const found = problemsOf(ctx, x);
    if (found.length) {
      exchange(ctx, x);
      for (const p of found) ctx.evidence.push({ type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, requirement: p.requirement });
    }
    problems.push(...found);
  }
  return problems;
}

/** A failed list walk as a sentence. */
export function describeListing(l: Listing): string | undefined {
  if (l.failure) return `${l.method}${l.pages.length > 1 ? ` (page ${l.pages.length})` : ''}: ${describeOutcome(l.failure.outcome)}`;
  return l.stopped ? `${l.method}: ${l.stopped}` : undefined;
}

/**
 * The verdict of a list check whose walk went wrong, or undefined. A first page that is not a
 * list result breaks the list rule; a later page or an endless walk is pagination's business
 * (pagination/*), so it warns or is noted.
 */
export function listWalkVerdict(ctx: CheckContext, l: Listing, expected: string): Verdict | undefined {
  if (l.failure) {
    exchange(ctx, l.failure);
    const what = describeListing(l)!;
    if (l.pages.length > 1) return ctx.warn(`${what} (a cursor the server issued; see pagination/*)`, expected, describeOutcome(l.failure.outcome));
    return ctx.violation(what, expected, describeOutcome(l.failure.outcome));
  }
  if (l.stopped) ctx.note(`${describeListing(l)}; the pages before that are judged here (see pagination/*)`);
  return undefined;
}

// ---- resource reads --------------------------------------------------------------------------

export interface Read extends Exchange {
  uri: string;
}

export interface ListedReads {
  listing: Listing;
  /** The first SAMPLE_LIMIT listed URIs, each read once. */
  reads: Read[];
  judgedBy?: string;
}

/** Reads of the first listed resources, once per run (reads are safe). */
export function listedReads(ctx: CheckContext, opts: { judge?: boolean } = {}): Promise<ListedReads> {
  return oncePerRun(ctx, 'reads', async () => {
    const tag = opts.judge ? ctx.check.id : undefined;
    const l = await listing(ctx, 'resources/list');
    const uris = [...new Set(l.items.map((r) => r.uri).filter((u): u is string => typeof u === 'string'))].slice(0, SAMPLE_LIMIT);
    const reads = await mapLimited(uris, PARALLEL, async (uri) => ({ uri, ...(await exchangeOn(ctx.session, 'resources/read', { uri }, { tag })) }));
    return { listing: l, reads, judgedBy: tag };
  });
}

// ---- arguments -------------------------------------------------------------------------------

/** A placeholder value for a string argument, guessed from its name. */
export function sampleString(name: string): string {
  const numeric = /^(id|count|number|num|index|limit|size|page)$/i.test(name) || /(Id|ID|Count|Number|Index|Limit|Size)$/.test(name) || /[_-](id|count|number|index|limit|size)$/i.test(name);
  return numeric ? '1' : 'mcp-conform';
}

/** Values for a prompt's required arguments: the server's own first completion when it offers one. */
export async function promptArguments(session: Session, prompt: Item, useCompletions: boolean): Promise<Record<string, string>> {
  const args: Record<string, string> = {};
  const required = (Array.isArray(prompt.arguments) ? prompt.arguments : []).filter((a): a is Item => isObject(a) && a.required === true && typeof a.name === 'string');
  for (const a of required) {
    const name = a.name as string;
    let value: string | undefined;
    if (useCompletions) {
      const o = await session.request('completion/complete', { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name, value: '' } });
      const first = o.kind === 'result' && isObject(o.result.completion) && Array.isArray(o.result.completion.values) ? o.result.completion.values[0] : undefined;
      if (typeof first === 'string') value = first;
    }
    args[name] = value ?? sampleString(name);
  }
  return args;
}

/** Minimal arguments satisfying a tool's inputSchema (required properties only), or undefined. */
export function sampleToolArguments(schema: unknown): Record<string, unknown> | undefined {
  if (!isObject(schema)) return {};
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const value = sampleValue(props[name], name);
    if (value === undefined) return undefined;
    args[name] = value;
  }
  return args;
}

function sampleValue(schema: unknown, name: string): unknown {
  if (!isObject(schema)) return sampleString(name);
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  switch (type) {
    case 'string': {
      const s = sampleString(name);
      return typeof schema.minLength === 'number' && s.length < schema.minLength ? s.padEnd(schema.minLength, 'x') : s;
    }
    case 'integer':
      return min !== undefined ? Math.ceil(min) : 1;
    case 'number':
      return min ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return typeof schema.minItems === 'number' && schema.minItems > 0 ? undefined : [];
    case 'object':
      return sampleToolArguments(schema);
    default:
      return undefined;
  }
}

// ---- safe activity ---------------------------------------------------------------------------

/** Tools we may call: annotated read-only, or allowed by the user; never the user's slow tool. */
export function callableTools(ctx: CheckContext, tools: Item[]): Item[] {
  const allowed = ctx.options.callTools;
  return tools.filter((t) => {
    if (typeof t.name !== 'string' || t.name === ctx.options.slowTool) return false;
    const readOnly = isObject(t.annotations) && t.annotations.readOnlyHint === true;
    return readOnly || allowed === 'all' || allowed.includes(t.name);
  });
}

/** Calls a tool with sample arguments, giving up (and cancelling) after `ms`. Untagged: the call is background activity. */
export async function callBriefly(session: Session, tool: Item, ms: number): Promise<Outcome | undefined> {
  const args = sampleToolArguments(tool.inputSchema);
  if (!args) return undefined;
  const id = session.allocateId();
  const outcome = await session.request('tools/call', { name: tool.name, arguments: args }, { id, timeoutMs: ms });
  if (outcome.kind === 'timeout') await session.notify('notifications/cancelled', { requestId: id, reason: 'mcp-conform: long enough' }).catch(() => undefined);
  return outcome;
}

/** HTTP: opens the GET stream that carries messages not tied to a request (no-op elsewhere). */
export async function openServerStream(session: Session, ms: number): Promise<void> {
  const t = session.transport as Partial<HttpTransport> & { kind: string };
  if (t.kind !== 'http' || typeof t.openGetStream !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([t.openGetStream().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

// ---- readers ---------------------------------------------------------------------------------

export const methodOf = (r: Received): string | undefined => (isObject(r.message) && typeof r.message.method === 'string' ? r.message.method : undefined);
export const isNotification = (r: Received, method?: string): boolean =>
  isObject(r.message) && !('id' in r.message) && typeof r.message.method === 'string' && (method === undefined || r.message.method === method);
export const paramsOf = (r: Received): Item => (isObject(r.message) && isObject(r.message.params) ? r.message.params : {});

/** Keys of a result other than _meta: an "empty result" has none. */
export const extraKeys = (result: Item): string[] => Object.keys(result).filter((k) => k !== '_meta');

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
