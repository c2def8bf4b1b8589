// JSON-RPC errors: parse errors, invalid requests, unknown methods, invalid params, the shape
// of error objects, and the absence of errors for valid optional members (RPC-5, RPC-6,
// RPC-11…14, RPC-16…18). Malformed input goes to fresh connections only, and every such check
// ends by making sure the server still answers.
// Proof of each check (the fixture fault that must break it): test/proof/errors.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import { isStateless } from '../src/schema/index.js';
import type { Outcome, Session } from '../src/session/index.js';
import {
  briefOutcome,
  clip,
  codeOf,
  describeReply,
  httpStatus,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  probe,
  probeTogether,
  Problems,
  unanswered,
  type Message,
  type ProbeResult,
} from './support/jsonrpc-probe.js';
import { livenessMessage } from './lib/alive.js';
import { isObject } from './lib/json-object.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { HEADER_MISMATCH, lacksRoutingTarget } from './lib/stateless-wire.js';
import { listAll, listWalk, walkCost } from './lib/list-all.js';
import { callPermission, toolsOf } from './lib/tool-survey.js';

/** RPC-6: longer than this is no longer a short description. */
const MAX_MESSAGE_CHARS = 200;

const NO_SUCH = {
  method: 'mcp-conform/no-such-method',
  tool: 'mcp-conform-no-such-tool',
  prompt: 'mcp-conform-no-such-prompt',
  uri: 'mcp-conform://no-such-resource',
};

/** What one malformed probe got back, in the terms the checks grade. */
type Answer =
  | { kind: 'error'; code: number | undefined; reply: Message }
  | { kind: 'result'; reply: Message }
  | { kind: 'http-refusal'; status: number } // an HTTP error status without a JSON-RPC body
  | { kind: 'none'; status?: number; probe: ProbeResult }
  | { kind: 'gone'; reason: string };

function answerOf(r: ProbeResult): Answer {
  const reply = r.replies[0]?.message as Message | undefined;
  if (reply && 'error' in reply) return { kind: 'error', code: codeOf(reply), reply };
  if (reply) return { kind: 'result', reply };
  if (r.closed) return { kind: 'gone', reason: r.closed };
  const { status } = httpStatus(r.http);
  if (status !== undefined && status >= 400 && status < 500) return { kind: 'http-refusal', status };
  return { kind: 'none', status, probe: r };
}

/** Nothing came back, not even an error (over HTTP: a 2xx without a JSON-RPC body): the cause several checks share. */
function silent(a: Answer): boolean {
  return a.kind === 'none' && (a.status === undefined || (a.status >= 200 && a.status < 300));
}

function describeAnswer(a: Answer): string {
  switch (a.kind) {
    case 'error':
    case 'result':
      return describeReply(a.reply);
    case 'http-refusal':
      return `HTTP ${a.status} without a JSON-RPC error`;
    case 'none':
      return unanswered(a.status === undefined ? 'no answer' : `HTTP ${a.status} without a JSON-RPC answer`, a.probe);
    case 'gone':
      return `the connection closed (${a.reason})`;
  }
}

export const parseError = defineCheck({
  id: 'errors/parse-error',
  title: 'input that is not JSON gets a -32700 parse error, and the server keeps serving',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-11'],
  spec: 'basic#error-responses',
  explains: ['no-answer-to-non-json', 'ends-on-non-json'],
  revisions: WITH_STATELESS,
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const problems = new Problems();
    for (const raw of ['{"jsonrpc":"2.0",', 'mcp-conform: this line is not JSON']) {
      const a = answerOf(await probe(ctx, ctx.session, { raw }));
      const what = `input ${JSON.stringify(raw)}`;
      if (a.kind === 'gone') {
        problems.violation(`${what}: ${describeAnswer(a)}`, 'error -32700, and the server keeps running', describeAnswer(a), 'ends-on-non-json');
        break;
      }
      if (a.kind === 'error') {
        const id = a.reply.id;
        if (a.code !== PARSE_ERROR) problems.warn(`${what} got error ${JSON.stringify(a.code)} instead of -32700`, 'error -32700', describeAnswer(a));
        else if (id !== null && id !== undefined) problems.warn(`${what}: the parse error carries id ${JSON.stringify(id)}; it cannot name a request (catalog Appendix A #2)`, 'id null or absent', JSON.stringify(id));
      } else if (a.kind === 'http-refusal') {
        ctx.note(`${what}: HTTP ${a.status} without a JSON-RPC body (a 4xx is an acceptable answer over HTTP)`);
      } else {
        problems.violation(`${what}: ${describeAnswer(a)}`, 'error -32700 (over HTTP: a 4xx status)', describeAnswer(a), silent(a) ? 'no-answer-to-non-json' : undefined);
      }
    }
    await problems.requireServing(ctx, ctx.session, 'input that is not JSON', 'ends-on-non-json');
    return problems.verdict(ctx);
  },
});

interface MalformedRequest {
  label: string;
  /** `valid` is a well-formed liveness request (ping, or server/discover with its _meta in 2026-07-28) to spoil. */
  build(valid: Message): Message;
  /** The id is valid, so the session can correlate an answer that carries it. */
  readableId: boolean;
}

const without = (m: Message, key: string): Message => Object.fromEntries(Object.entries(m).filter(([k]) => k !== key));

// Each one spoils a request the server would serve in one way only (in 2026-07-28 the valid one
// carries its _meta, which a bare request would lack: S26-3 would then be the reason to refuse it).
const MALFORMED_REQUESTS: MalformedRequest[] = [
  { label: 'jsonrpc "1.0"', build: (m) => ({ ...m, jsonrpc: '1.0' }), readableId: true },
  { label: 'no jsonrpc member', build: (m) => without(m, 'jsonrpc'), readableId: true },
  { label: 'no method', build: (m) => without(without(m, 'method'), 'params'), readableId: true },
  { label: 'method 5 (not a string)', build: (m) => ({ ...m, method: 5 }), readableId: true },
  { label: 'params "x" (not an object)', build: (m) => ({ ...m, params: 'x' }), readableId: true },
  { label: 'id {"a":1} (an object)', build: (m) => ({ ...m, id: { a: 1 } }), readableId: false },
  { label: 'id true (a boolean)', build: (m) => ({ ...m, id: true }), readableId: false },
];

export const invalidRequest = defineCheck({
  id: 'errors/invalid-request',
  title: 'structurally invalid requests get -32600 Invalid Request; id null is never served',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-12', 'RPC-16'],
  spec: 'basic#requests',
  explains: ['no-answer-to-invalid-request'],
  revisions: WITH_STATELESS,
  connection: 'disposable',
  runsAlone: true,
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const problems = new Problems();
    let session = ctx.session;
    const probesOn = (s: Session) =>
      MALFORMED_REQUESTS.map((m) => {
        const message = m.build(livenessMessage(s));
        return { m, input: m.readableId ? { message, expected: [message] } : { message, alsoIds: [message.id] } };
      });
    let probes = probesOn(session);
    // Those whose answers carry their own ids go together: a server that answers none of them
    // costs one quiet round trip, not one each. Answers without an id are told apart one by one.
    const readable = probes.filter((p) => p.m.readableId);
    const together = await probeTogether(ctx, session, readable.map((p) => p.input));
    const seen = new Map(Array.isArray(together) ? readable.map((p, i) => [p, together[i]] as const) : []);
    // The connection closed with all of them in flight: one at a time on a new one says which did it.
    const diedTogether = together === 'closed';
    if (diedTogether) {
      ctx.note(`the connection closed while ${readable.length} malformed requests sent back to back were in flight; repeated one at a time on a new connection`);
      try {
        session = (await ctx.connect()).session;
      } catch (err) {
        problems.violation(`the server stopped serving while ${readable.length} malformed requests sent back to back were in flight`, 'error -32600 for each, and the server keeps running', 'the connection closed');
        ctx.note(`no new connection to repeat them on: ${(err as Error).message}`);
        return problems.verdict(ctx);
      }
      probes = probesOn(session);
    }
    let gone = false;
    for (const p of probes) {
      const { m, input } = p;
      const r = seen.get(p) ?? (await probe(ctx, session, input));
      const a = answerOf(r);
      const what = `a request with ${m.label}`;
      if (a.kind === 'gone') {
        problems.violation(`${what}: ${describeAnswer(a)}`, 'error -32600, and the server keeps running', describeAnswer(a));
        gone = true;
        break;
      }
      if (a.kind === 'error') {
        if (a.code !== INVALID_REQUEST) problems.warn(`${what} got error ${JSON.stringify(a.code)} instead of -32600`, 'error -32600', describeAnswer(a));
        else if (!m.readableId && a.reply.id !== null && a.reply.id !== undefined) {
          problems.warn(`${what}: the error echoes the invalid id instead of null`, 'id null', JSON.stringify(a.reply.id));
        }
      } else if (a.kind === 'http-refusal') {
        ctx.note(`${what}: HTTP ${a.status} without a JSON-RPC body`);
      } else {
        problems.violation(`${what}: ${describeAnswer(a)}`, 'error -32600 Invalid Request', describeAnswer(a), silent(a) ? 'no-answer-to-invalid-request' : undefined);
      }
    }
    if (diedTogether && !gone) {
      problems.violation(
        `the server stopped serving while ${readable.length} malformed requests sent back to back were in flight (one at a time, on a new connection, it survived them)`,
        'error -32600 for each, and the server keeps running',
        'the connection closed',
      );
    }

    // RPC-16 (derived): MCP ids are never null; such a request must not be served.
    const nullId: Message = { ...livenessMessage(session), id: null };
    const what = `a ${String(nullId.method)} with id null`;
    const a = answerOf(await probe(ctx, session, { message: nullId }));
    if (a.kind === 'result') problems.warn(`${what} was served with a result (MCP request ids are never null)`, 'an error, ideally -32600', describeAnswer(a));
    else if (a.kind === 'gone') problems.violation(`${what}: ${describeAnswer(a)}`, 'an error, and the server keeps running', describeAnswer(a));
    else ctx.note(`${what}: ${describeAnswer(a)}`);

    await problems.requireServing(ctx, session, 'invalid requests');
    return problems.verdict(ctx);
  },
});

const UNKNOWN_METHODS = ['foo/bar', 'tools/col', NO_SUCH.method];

export const methodNotFound = defineCheck({
  id: 'errors/method-not-found',
  title: 'unknown and misspelled methods get -32601 Method not found with the request id',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-13'],
  spec: 'basic#error-responses',
  explains: ['http-error-instead-of-answer'],
  revisions: WITH_STATELESS,
  async run(ctx) {
    const problems = new Problems();
    const outcomes = await Promise.all(UNKNOWN_METHODS.map(async (method) => ({ method, o: await ctx.request(method, {}) })));
    for (const { method, o } of outcomes) {
      const code = o.kind === 'error' ? o.error.code : undefined;
      if (o.kind === 'error' && code === METHOD_NOT_FOUND) continue;
      if (o.kind === 'http-error' && o.status >= 400 && o.status < 500) {
        // A well-formed request is owed a JSON-RPC answer carrying its id (RPC-13, RPC-25; HTTP-8:
        // in an application/json or SSE reply): an HTTP error alone breaks all three MUSTs. Only
        // input that cannot be read as a request may get a bare 4xx (RPC-11, errors/invalid-request).
        problems.violation(`${method}: refused with HTTP ${o.status} and no JSON-RPC error (RPC-13, RPC-25, HTTP-8)`, 'error -32601 carrying the request id', briefOutcome(o), 'http-error-instead-of-answer');
      } else {
        problems.violation(`${method}: ${briefOutcome(o)}`, 'error -32601 carrying the request id', briefOutcome(o));
      }
    }
    return problems.verdict(ctx);
  },
});

/** Well-formed requests that name things that do not exist: safe ways to make a server answer with errors. */
function errorProvokers(ctx: CheckContext): Array<[string, Record<string, unknown>]> {
  const probes: Array<[string, Record<string, unknown>]> = [[NO_SUCH.method, {}]];
  if (ctx.declares('resources')) probes.push(['resources/read', { uri: NO_SUCH.uri }]);
  if (ctx.declares('prompts')) probes.push(['prompts/get', { name: NO_SUCH.prompt }]);
  if (ctx.declares('tools')) probes.push(['tools/call', { name: NO_SUCH.tool, arguments: {} }]);
  return probes;
}

export const errorObject = defineCheck({
  id: 'errors/error-object',
  title: 'error objects have an integer code and a short, single-line string message',
  level: 'MUST',
  requirements: ['RPC-5', 'RPC-6'],
  spec: 'basic#error-responses',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const problems = new Problems();
    const outcomes = await Promise.all(errorProvokers(ctx).map(async ([method, params]) => ({ method, o: await ctx.request(method, params) })));
    let judged = 0;
    for (const { method, o } of outcomes) {
      if (o.kind !== 'error') continue;
      judged++;
      const { code, message } = o.error;
      if (typeof code !== 'number' || !Number.isInteger(code)) {
        problems.violation(`${method}: error.code is ${JSON.stringify(code)}, not an integer`, 'an integer code', JSON.stringify(code));
      }
      if (typeof message !== 'string') {
        problems.violation(`${method}: error.message is ${JSON.stringify(message)}, not a string`, 'a string message', JSON.stringify(message));
      } else if (/[\r\n]/.test(message)) {
        problems.warn(`${method}: error.message spans ${message.split(/\r\n|\r|\n/).length} lines (RPC-6: a short single sentence)`, 'one short line', clip(JSON.stringify(message), 200));
      } else if (message.length > MAX_MESSAGE_CHARS) {
        problems.warn(`${method}: error.message is ${message.length} characters long (RPC-6: a short single sentence)`, `at most ~${MAX_MESSAGE_CHARS} characters`, clip(JSON.stringify(message), 200));
      }
    }
    if (judged === 0) return ctx.skip('none of the requests that should fail produced an error response (see errors/method-not-found)');
    return problems.verdict(ctx);
  },
});

/** A tool we may call (see callPermission), to name in a malformed tools/call: from the run's shared listing (a big catalog's page is fetched once). */
async function callableToolName(ctx: CheckContext): Promise<string | undefined> {
  return toolsOf(await listAll(ctx, 'tools/list', 'tools')).find((tool) => callPermission(tool, ctx.options).allowed)?.name;
}

interface ParamsProbe {
  method: string;
  params: Record<string, unknown>;
  /** tools/call: TOOLS-8 is a SHOULD, so a result there only warns. */
  lenient: boolean;
}

export const invalidParams = defineCheck({
  id: 'errors/invalid-params',
  title: 'requests whose params do not fit the method get -32602 Invalid params',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-14', 'TOOLS-8'],
  spec: 'basic#error-responses',
  revisions: WITH_STATELESS,
  connection: 'disposable',
  shares: [listWalk],
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const session = ctx.session;
    const probes: ParamsProbe[] = [];
    if (ctx.declares('resources')) probes.push({ method: 'resources/read', params: {}, lenient: false });
    if (ctx.declares('prompts')) probes.push({ method: 'prompts/get', params: {}, lenient: false });
    if (ctx.declares('tools')) {
      // Named the way a confused client would ({tool, args}); only a tool we may call, in case the server is lax.
      const tool = (await callableToolName(ctx)) ?? NO_SUCH.tool;
      probes.push({ method: 'tools/call', params: { tool, args: {} }, lenient: true });
      probes.push({ method: 'tools/call', params: { name: 123, arguments: {} }, lenient: true });
    }
    if (probes.length === 0) return ctx.skip('the server declares none of tools, resources and prompts, whose requests we could send with invalid params');

    const problems = new Problems();
    const outcomes = await Promise.all(probes.map(async (p) => ({ p, o: await ctx.request(p.method, p.params, { session }) })));
    for (const { p, o } of outcomes) {
      const what = `${p.method} with params ${JSON.stringify(p.params)}`;
      if (o.kind === 'error' && o.error.code === INVALID_PARAMS) continue;
      // 2026-07-28 over HTTP: without a string name or uri there is no Mcp-Name to send, and -32020 is the refusal S26-25 names.
      if (o.kind === 'error' && o.error.code === HEADER_MISMATCH && lacksRoutingTarget(ctx, p.method, p.params)) {
        ctx.note(`${what}: ${briefOutcome(o)} (no Mcp-Name can match a request without its target: S26-25)`);
        continue;
      }
      if (o.kind === 'error' || (o.kind === 'http-error' && o.status < 500)) {
        problems.warn(`${what}: ${briefOutcome(o)} instead of -32602`, 'error -32602', briefOutcome(o));
      } else if (o.kind === 'result' && p.lenient) {
        problems.warn(`${what} got a result instead of a protocol error (TOOLS-8)`, 'error -32602', briefOutcome(o));
      } else {
        problems.violation(`${what}: ${briefOutcome(o)}`, 'error -32602', briefOutcome(o), o.kind === 'timeout' ? 'no-answer-to-invalid-request' : undefined);
      }
    }
    await problems.requireServing(ctx, session, 'requests with invalid params');
    return problems.verdict(ctx);
  },
});

/** The result member holding each list's items. */
const LIST_RESULT_KEYS: Record<string, string> = { 'tools/list': 'tools', 'prompts/list': 'prompts', 'resources/list': 'resources' };

/** Items on a first page past which it is a catalog's (at 1,000 tools of the SDK v1, 560 KB and 0.2 s of the server's CPU a copy). */
const CATALOG_PAGE_ITEMS = 200;

/**
 * The list method (or the liveness request: ping, server/discover, or its stand-in) whose optional
 * params we vary: the first declared list, unless its first page is a catalog's; then the declared
 * list whose walk got the smallest answers (a result). The variants test how params are read, not
 * how fast a big page is built, and each is a copy of the first page. The choice follows what the
 * server lists and how large, never how fast it answered.
 */
async function plainMethod(ctx: CheckContext): Promise<string> {
  const declared = Object.keys(LIST_RESULT_KEYS).filter((m) => ctx.declares(m.split('/')[0]));
  if (declared.length === 0) return ctx.session.liveness.method;
  const walks = (ms: string[]) => Promise.all(ms.map((m) => listAll(ctx, m, LIST_RESULT_KEYS[m])));
  const [first] = await walks(declared.slice(0, 1));
  const page = first.pages[0];
  if (!page || page.outcome.kind !== 'result' || page.count <= CATALOG_PAGE_ITEMS) return declared[0];
  const sizes = (await walks(declared)).flatMap((w) => {
    const bytes = w.pages[0]?.outcome.kind === 'result' ? walkCost(w)?.bytes : undefined;
    return bytes === undefined ? [] : [{ method: w.method, bytes }];
  });
  return sizes.reduce((best, s) => (s.bytes < best.bytes ? s : best), sizes[0] ?? { method: declared[0], bytes: 0 }).method;
}

export const optionalParamsAccepted = defineCheck({
  id: 'errors/optional-params-accepted',
  shares: [listWalk],
  title: 'omitted params, {}, _meta and unknown extra members are accepted without error',
  level: 'MUST',
  kind: 'D',
  requirements: ['RPC-17', 'RPC-18'],
  spec: 'basic#_meta',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const method = await plainMethod(ctx);
    // 2026-07-28 requests always carry params (their _meta), so "no params" and {} are one case there.
    const bare = isStateless(ctx.revision) ? [{ label: 'params holding only the per-request _meta' }] : [{ label: 'no params' }, { label: 'params {}', params: {} }];
    const variants: Array<{ label: string; params?: Record<string, unknown>; should?: boolean }> = [
      ...bare,
      { label: 'a custom _meta key', params: { _meta: { 'com.example/x': 1 } } },
      { label: '_meta.progressToken', params: { _meta: { progressToken: 'mcp-conform-progress' } } },
      { label: 'an unknown extra member', params: { 'com.example.extra': true }, should: true },
    ];
    const problems = new Problems();
    // The bare request of a list is the first page of the run's shared walk: judged here, not built again.
    const bareAnswer = (): Promise<Outcome> => (LIST_RESULT_KEYS[method] ? listAll(ctx, method, LIST_RESULT_KEYS[method]).then((w) => w.pages[0]?.outcome ?? ctx.request(method)) : ctx.request(method));
    const outcomes: Outcome[] = await Promise.all(variants.map((v, i) => (i === 0 ? bareAnswer() : ctx.request(method, v.params))));
    variants.forEach((v, i) => {
      const o = outcomes[i];
      if (o.kind === 'result') return;
      const msg = `${method} with ${v.label}: ${briefOutcome(o)}`;
      if (v.should) problems.warn(`${msg} (RPC-18)`, 'a result', briefOutcome(o));
      else problems.violation(msg, 'a result', briefOutcome(o));
    });
    return problems.verdict(ctx);
  },
});

export const errorChecks: Check[] = [parseError, invalidRequest, methodNotFound, invalidParams, errorObject, optionalParamsAccepted];
