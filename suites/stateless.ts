// 2026-07-28, the stateless revision (catalog §22), on any transport: server/discover, the
// per-request _meta every request carries and what a server does when it is missing or names
// another version, capabilities taken from each request alone, the fields every result
// carries (resultType, serverInfo, cache hints), error codes, and list stability. The HTTP
// rules of the revision are in http-stateless.ts.
// Proof of each check (the fixture fault that must break it): test/proof/stateless.ts.
import { causesIfAllKnown, defineCheck, describeOutcome, type CauseKey, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import { validateMessage } from '../src/schema/index.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, META_SERVER_INFO, schemaCause, type Outcome, type Session } from '../src/session/index.js';
import { routingHeaders } from '../src/transport/index.js';
import { caused } from './lib/caused.js';
import { askFreshOnViolation, withHistory } from './lib/connection-history.js';
import { exchangeEvidence } from './lib/exchange.js';
import { httpOf } from './lib/http-probe.js';
import { isObject, type Item } from './lib/json-object.js';
import { identityOf, listAll, objectsOf, walkPages, listWalk, type ListWalk } from './lib/list-all.js';
import { plural } from './lib/plural.js';
import { asksForElicitation, ELICITATION, findElicitingTool, foundEvidence, elicitingToolSearch } from './lib/stateless-eliciting-tool.js';
import { extensionProblems } from './lib/stateless-extension-keys.js';
import { isDualEra, legacyInitialize, legacyInitializeScenario } from './lib/stateless-legacy-initialize.js';
import {
  ALL_CLIENT_CAPABILITIES,
  declaredLists,
  describeAnswer,
  errorDataOf,
  everydayMethod,
  HEADER_MISMATCH,
  httpStatusOf,
  INPUT_REQUIRED_METHODS,
  INVALID_PARAMS,
  inputRequestMethods,
  isInputRequired,
  MISSING_CAPABILITY,
  receivedResponses,
  requestWithout,
  STATELESS,
  UNSUPPORTED_VERSION,
} from './lib/stateless-wire.js';
import { argumentsFor, callableTools, toolsOf } from './lib/tool-survey.js';

const CACHE_SCOPES = new Set(['public', 'private']);
const isHttp = (ctx: CheckContext) => ctx.session.transport.kind === 'http';

/** What is wrong with a complete cacheable result's ttlMs and cacheScope (S26-21), or undefined. */
function cacheProblem(result: Item): string | undefined {
  const { ttlMs, cacheScope } = result;
  if (!Number.isInteger(ttlMs) || (ttlMs as number) < 0) return `ttlMs is ${JSON.stringify(ttlMs)}, not an integer ≥ 0`;
  if (typeof cacheScope !== 'string' || !CACHE_SCOPES.has(cacheScope)) return `cacheScope is ${JSON.stringify(cacheScope)}, not "public" or "private"`;
  return undefined;
}

// ---- server/discover ---------------------------------------------------------------------------

const DISCOVER_SCHEMA = 'invalid-result:server/discover';

/** The cause of a cache-field problem the schema of the method's result also finds (a required ttlMs or cacheScope missing or mistyped). */
function cacheSchemaCause(ctx: CheckContext, method: string, result: Item): CauseKey | undefined {
  const v = validateMessage({ jsonrpc: '2.0', id: 1, result }, { revision: ctx.revision, direction: 'server->client', inReplyTo: method });
  return v.problems.some((p) => /^\/result\/(ttlMs|cacheScope)$/.test(p.pointer)) ? `invalid-result:${method}` : undefined;
}

export const discoverResult = defineCheck({
  id: 'stateless/discover-result',
  title: 'server/discover returns resultType "complete", the supported versions, capabilities and cache hints; extension ids are prefixed keys',
  level: 'MUST',
  requirements: ['S26-1', 'S26-38'],
  spec: 'server/discover#response',
  revisions: STATELESS,
  runsWithoutHandshake: true,
  // Checks whose liveness probe is server/discover fail of a result that breaks its schema too.
  explains: [DISCOVER_SCHEMA],
  async run(ctx) {
    const h = ctx.facts.handshake;
    ctx.evidence.push({ type: 'message', direction: 'sent', at: 0, message: { jsonrpc: '2.0', id: h.id, method: 'server/discover' } });
    if (h.kind !== 'result') {
      if (h.kind === 'error') ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: h.message });
      return ctx.violation(`server/discover was not answered with a result: ${describeOutcome(h)}`, 'a DiscoverResult', describeOutcome(h));
    }
    const result = h.result;
    ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: h.message });
    const v = validateMessage({ jsonrpc: '2.0', id: 1, result }, { revision: ctx.revision, direction: 'server->client', inReplyTo: 'server/discover' });
    if (!v.valid) {
      for (const p of v.problems) ctx.evidence.push({ type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, requirement: p.requirement });
      const verdict = ctx.violation(`the server/discover result does not fit DiscoverResult: ${v.problems[0].message}`);
      return v.problems.every((p) => schemaCause(p, 'server/discover')) ? { ...verdict, causes: [DISCOVER_SCHEMA] } : verdict;
    }
    if (result.resultType !== 'complete') return ctx.violation('the DiscoverResult is not a complete result', 'resultType "complete"', JSON.stringify(result.resultType));
    const versions = result.supportedVersions as unknown[];
    if (!versions.includes(ctx.revision)) {
      return ctx.violation(`supportedVersions does not list ${ctx.revision}, the revision server/discover was asked in`, `supportedVersions including "${ctx.revision}"`, JSON.stringify(versions));
    }
    const cache = cacheProblem(result);
    if (cache) return ctx.violation(`the DiscoverResult's ${cache}`, 'ttlMs (integer ≥ 0) and cacheScope ("public" or "private")', JSON.stringify({ ttlMs: result.ttlMs, cacheScope: result.cacheScope }));
    const capabilities = isObject(result.capabilities) ? result.capabilities : {};
    const extensions = extensionProblems(capabilities);
    if (extensions.length) return ctx.violation(`${extensions[0]}${extensions.length > 1 ? ` (+${extensions.length - 1} more)` : ''} (S26-38)`, 'extension ids with a prefix, e.g. "com.example/feature"', JSON.stringify(capabilities.extensions));
    return ctx.pass(`supports ${versions.join(', ')}`);
  },
});

// ---- serverInfo on results ---------------------------------------------------------------------

export const serverInfoMeta = defineCheck({
  id: 'stateless/server-info-meta',
  title: 'results carry _meta["io.modelcontextprotocol/serverInfo"] with name and version',
  level: 'SHOULD',
  requirements: ['S26-2'],
  spec: 'basic/index#meta',
  revisions: STATELESS,
  async run(ctx) {
    const methods = ['server/discover', ...declaredLists(ctx).map((l) => l.method)];
    const outcomes = await Promise.all(methods.map(async (m): Promise<[string, Outcome]> => [m, await ctx.request(m)]));
    const results = outcomes.filter((o): o is [string, Extract<Outcome, { kind: 'result' }>] => o[1].kind === 'result');
    if (results.length === 0) return ctx.skip('none of the requests got a result to look at');
    const missing: string[] = [];
    for (const [method, o] of results) {
      const meta = isObject(o.result._meta) ? o.result._meta : {};
      const info = meta[META_SERVER_INFO];
      if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') missing.push(`${method} (${info === undefined ? 'absent' : JSON.stringify(info)})`);
    }
    if (missing.length === 0) return ctx.pass(`${plural(results.length, 'result')} checked`);
    return ctx.violation(`${plural(missing.length, 'result')} without a serverInfo {name, version} in _meta: ${missing.join(', ')}`, `_meta["${META_SERVER_INFO}"] = { name, version }`, missing[0]);
  },
});

// ---- per-request _meta ---------------------------------------------------------------------------

/** The behaviour a wrong answer to a request without `_meta[field]` shows: served anyway, or refused rightly but not with HTTP 400. */
function missingMetaCause(o: Outcome, field: string): CauseKey | undefined {
  if (o.kind === 'result') return field === META_PROTOCOL_VERSION ? 'served-without-supported-version' : 'served-without-client-capabilities';
  return o.kind === 'error' && o.error.code === INVALID_PARAMS ? 'error-without-http-400' : undefined;
}

export const requestMetaRequired = defineCheck({
  id: 'stateless/request-meta-required',
  title: 'a request without _meta protocolVersion or clientCapabilities is rejected with -32602 (HTTP 400)',
  level: 'MUST',
  requirements: ['S26-3'],
  spec: 'basic/index#meta',
  revisions: STATELESS,
  explains: ['served-without-client-capabilities'],
  async run(ctx) {
    const method = everydayMethod(ctx);
    const problems: string[] = [];
    const causes: Array<CauseKey | undefined> = [];
    const notes: string[] = [];
    for (const field of [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES]) {
      const what = `${method} without _meta["${field}"]`;
      // The header still names 2026-07-28 while the body names nothing: a header mismatch is a fair reading (S26-25).
      const headerMismatch = (o: Outcome) => isHttp(ctx) && field === META_PROTOCOL_VERSION && o.kind === 'error' && o.error.code === HEADER_MISMATCH && httpStatusOf(o) === 400;
      const judge = (o: Outcome): string | undefined => {
        if (headerMismatch(o)) return undefined;
        if (o.kind !== 'error' || o.error.code !== INVALID_PARAMS) return `${what} got ${describeAnswer(o)}`;
        if (isHttp(ctx) && httpStatusOf(o) !== 400) return `${what} got -32602 with HTTP status ${httpStatusOf(o) ?? 'unknown'}, not 400`;
        return undefined;
      };
      const asked = await askFreshOnViolation(ctx, ctx.session, (session) => ctx.send(requestWithout(ctx, method, [field], undefined, session), { session }), judge);
      if (headerMismatch(asked.first.outcome)) notes.push(`${what}: 400 with -32020 (the MCP-Protocol-Version header no longer matches the body, S26-25)`);
      if (asked.first.problem) {
        problems.push(withHistory(asked, asked.first.problem));
        causes.push(missingMetaCause(asked.first.outcome, field));
      }
    }
    for (const n of notes) ctx.note(n);
    if (problems.length === 0) return ctx.pass(notes.length ? notes.join('; ') : undefined);
    const verdict = ctx.violation(problems.join('; '), `error -32602${isHttp(ctx) ? ' with HTTP status 400' : ''}`, problems[0]);
    const known = causesIfAllKnown(causes);
    return known ? { ...verdict, causes: known } : verdict;
  },
});

const UNKNOWN_VERSION = '1900-01-01';

/** What is wrong with the answer to a request in UNKNOWN_VERSION (S26-4), or undefined; its cause when it is a behaviour other checks see too. */
function unsupportedVersionProblem(o: Outcome, http: boolean): { message: string; actual: string; cause?: CauseKey } | undefined {
  if (o.kind !== 'error' || o.error.code !== UNSUPPORTED_VERSION) {
    const cause = o.kind === 'result' ? 'served-without-supported-version' : undefined;
    return { message: `protocolVersion ${UNKNOWN_VERSION} got ${describeAnswer(o)}`, actual: describeAnswer(o), ...(cause ? { cause } : {}) };
  }
  const data = errorDataOf(o);
  const supported = data?.supported;
  if (!Array.isArray(supported) || supported.length === 0 || !supported.every((v) => typeof v === 'string')) {
    return { message: 'the -32022 error does not list the supported versions in data.supported', actual: JSON.stringify(o.error.data) };
  }
  if (typeof data?.requested !== 'string') return { message: 'the -32022 error does not say in data.requested which version was asked for', actual: JSON.stringify(o.error.data) };
  if (http && httpStatusOf(o) !== 400) return { message: `-32022 came with HTTP status ${httpStatusOf(o)}, not 400`, actual: describeAnswer(o), cause: 'error-without-http-400' };
  return undefined;
}

export const unsupportedVersion = defineCheck({
  id: 'stateless/unsupported-version',
  title: 'a request in an unsupported version gets -32022 with data.supported and data.requested (HTTP 400)',
  level: 'MUST',
  requirements: ['S26-4'],
  spec: 'basic/versioning#protocol-version-negotiation',
  revisions: STATELESS,
  explains: ['served-without-supported-version'],
  async run(ctx) {
    const method = everydayMethod(ctx);
    const http = isHttp(ctx);
    const meta = { [META_PROTOCOL_VERSION]: UNKNOWN_VERSION };
    const ask = (session: Session): Promise<Outcome> => {
      if (!http) return ctx.request(method, undefined, { session, meta });
      // The header names the same version as the body; the header is the transport's, so it is forged on a connection of our own.
      const message = session.buildRequest(method, undefined, { meta });
      httpOf(session).setProtocolVersion(UNKNOWN_VERSION);
      return ctx.send(message, { session, headers: routingHeaders(message) });
    };
    const asked = await askFreshOnViolation(ctx, http ? (await ctx.connect()).session : ctx.session, ask, (o) => unsupportedVersionProblem(o, http)?.message);
    const o = asked.first.outcome;
    const expected = `error -32022 with data {supported: [...], requested: "${UNKNOWN_VERSION}"}${http ? ', HTTP status 400' : ''}`;
    const problem = unsupportedVersionProblem(o, http);
    if (problem) return caused(ctx.violation(withHistory(asked, problem.message), expected, problem.actual), problem.cause);
    const data = errorDataOf(o)!;
    if (data.requested !== UNKNOWN_VERSION) return ctx.warn(`data.requested is ${JSON.stringify(data.requested)}, not the version that was sent`, expected, JSON.stringify(data));
    return ctx.pass(`supported: ${(data.supported as string[]).join(', ')}`);
  },
});

// ---- capabilities come from each request ---------------------------------------------------------

export const capabilitiesPerRequest = defineCheck({
  id: 'stateless/capabilities-per-request',
  shares: [elicitingToolSearch],
  title: 'capabilities declared by one request are not carried over to the next on the same connection',
  level: 'MUST',
  requirements: ['S26-5'],
  spec: 'basic/index#statelessness',
  revisions: STATELESS,
  needs: ['tools'],
  async run(ctx) {
    // Found on the main connection; observed on a new one, where nothing was declared before.
    const found = await findElicitingTool(ctx);
    if ('skip' in found) return ctx.skip(`no tool to observe capabilities with: ${found.skip}`);
    ctx.evidence.push(...foundEvidence(found));
    const { session } = await ctx.connect();
    const params = { name: found.tool.name, arguments: found.args };
    const first = await ctx.request('tools/call', params, { session, meta: { [META_CLIENT_CAPABILITIES]: ELICITATION } });
    if (!(first.kind === 'result' && asksForElicitation(first.result))) ctx.note(`the call declaring elicitation got ${describeAnswer(first)} on the new connection`);
    const second = await ctx.request('tools/call', params, { session, meta: { [META_CLIENT_CAPABILITIES]: {} } });
    if (second.kind === 'result' && asksForElicitation(second.result)) {
      return ctx.violation(
        `${found.tool.name} asked for elicitation although the request declared no client capabilities: the server took them from an earlier request on the connection`,
        'no elicitation/create in inputRequests (e.g. error -32021)',
        describeAnswer(second),
      );
    }
    return ctx.pass(`without elicitation declared: ${describeAnswer(second)}`);
  },
});

export const missingCapabilityError = defineCheck({
  id: 'stateless/missing-capability-error',
  shares: [elicitingToolSearch],
  title: 'a request lacking a client capability the server needs gets -32021 with data.requiredCapabilities (HTTP 400), or a fallback',
  level: 'MUST',
  requirements: ['S26-6'],
  spec: 'basic/index#meta',
  revisions: STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const found = await findElicitingTool(ctx);
    if ('skip' in found) return ctx.skip(`no tool that needs a client capability: ${found.skip}`);
    ctx.evidence.push(...foundEvidence(found));
    const o = await ctx.request('tools/call', { name: found.tool.name, arguments: found.args }, { meta: { [META_CLIENT_CAPABILITIES]: {} } });
    const expected = `error -32021 with data.requiredCapabilities${isHttp(ctx) ? ' and HTTP status 400' : ''}, or a result that does without elicitation`;
    if (o.kind === 'result') {
      if (asksForElicitation(o.result)) return ctx.violation(`${found.tool.name} asked for elicitation although the request did not declare it`, expected, describeAnswer(o));
      if (isInputRequired(o.result)) ctx.note(`it asked for ${inputRequestMethods(o.result).join(', ') || 'nothing named'} instead`);
      return ctx.pass(`${found.tool.name} fell back to a result without elicitation (allowed)`);
    }
    if (o.kind !== 'error' || o.error.code !== MISSING_CAPABILITY) return ctx.violation(`${found.tool.name} without elicitation got ${describeAnswer(o)}`, expected, describeAnswer(o));
    const required = errorDataOf(o)?.requiredCapabilities;
    if (!isObject(required) || Object.keys(required).length === 0) return ctx.violation('the -32021 error does not name the capabilities it needs in data.requiredCapabilities', expected, JSON.stringify(o.error.data));
    if (isHttp(ctx) && httpStatusOf(o) !== 400) return caused(ctx.violation(`-32021 came with HTTP status ${httpStatusOf(o)}, not 400`, expected, describeAnswer(o)), 'error-without-http-400');
    return ctx.pass(`requiredCapabilities: ${JSON.stringify(required)}`);
  },
});

// ---- whole run: resultType, input_required, error codes ------------------------------------------

/** Results and errors of the main session, after a few requests of our own so there is always something to read. */
async function mainSessionAnswers(ctx: CheckContext, clientCapabilities: Record<string, unknown>) {
  const meta = { [META_CLIENT_CAPABILITIES]: clientCapabilities };
  await Promise.all([ctx.request('server/discover', undefined, { meta }), ...declaredLists(ctx).map((l) => ctx.request(l.method, undefined, { meta }))]);
  return receivedResponses(ctx.session);
}

export const resultTypeWholeRun = defineCheck({
  id: 'stateless/result-type-whole-run',
  phase: 'final',
  title: 'every result carries resultType ("complete", or "input_required" for an interim result)',
  level: 'MUST',
  requirements: ['S26-7'],
  spec: 'basic/index#resulttype',
  revisions: STATELESS,
  async run(ctx) {
    const results = (await mainSessionAnswers(ctx, {})).filter((r) => isObject(r.message.result));
    const extensions = isObject(ctx.facts.capabilities.extensions) && Object.keys(ctx.facts.capabilities.extensions).length > 0;
    const known = new Set(['complete', 'input_required']);
    const missing = results.filter((r) => typeof (r.message.result as Item).resultType !== 'string');
    const unknown = results.filter((r) => typeof (r.message.result as Item).resultType === 'string' && !known.has((r.message.result as Item).resultType as string));
    const bad = missing.length ? missing : extensions ? [] : unknown;
    // Other connections' untagged answers were validated too: a missing resultType shows in their findings.
    const elsewhere = ctx.facts.unclaimed.filter((f) => f.evidence.some((e) => e.type === 'schema' && e.pointer === '/result/resultType'));
    if (bad.length === 0 && elsewhere.length) {
      ctx.evidence.push(...elsewhere[0].evidence);
      return ctx.violation(`a result on another connection has no resultType: ${elsewhere[0].message}`, 'resultType "complete" or "input_required"', 'absent');
    }
    if (bad.length === 0) {
      if (unknown.length) ctx.note(`${plural(unknown.length, 'result')} with a resultType of an extension: ${[...new Set(unknown.map((r) => (r.message.result as Item).resultType))].join(', ')}`);
      return ctx.pass(`${plural(results.length, 'result')} on the main connection, each with resultType`);
    }
    ctx.evidence.push({ type: 'message', direction: 'received', at: bad[0].received.at, message: bad[0].message });
    const first = bad[0];
    const type = (first.message.result as Item).resultType;
    const what = missing.length ? 'without resultType' : `with resultType ${JSON.stringify(type)}, which no declared extension defines`;
    const others = bad.length > 1 ? `; then ${answersTo(bad.slice(1))}` : '';
    // The culprit itself, not only its resultType (absent: nothing to print).
    const actual = `the answer to ${answerLabel(first)}: result ${clip(JSON.stringify(first.message.result), 200)}`;
    return ctx.violation(`${plural(bad.length, 'result')} of ${results.length} ${what}; first: the answer to ${answerLabel(first)}${others}`, 'resultType "complete" or "input_required"', actual);
  },
});

type Answer = ReturnType<typeof receivedResponses>[number];

const answerLabel = (a: Answer) => `${a.method ?? 'a request we cannot name'} (id ${JSON.stringify(a.message.id)})`;

/** "the answers to tools/list, prompts/list (2) and 3 more methods": the rest of the culprits, by method. */
function answersTo(list: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of list) counts.set(a.method ?? 'unnamed requests', (counts.get(a.method ?? 'unnamed requests') ?? 0) + 1);
  const named = [...counts].map(([method, n]) => (n > 1 ? `${method} (${n})` : method));
  const shown = named.slice(0, 4).join(', ');
  return `the answers to ${shown}${named.length > 4 ? ` and ${plural(named.length - 4, 'more method')}` : ''}`;
}

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export const inputRequiredMethodsWholeRun = defineCheck({
  id: 'stateless/input-required-methods-whole-run',
  phase: 'final',
  title: 'only tools/call, prompts/get and resources/read answer with input_required',
  level: 'MUST',
  requirements: ['S26-8'],
  spec: 'basic/patterns/mrtr#supported-requests',
  revisions: STATELESS,
  async run(ctx) {
    // Declaring every client capability gives a server every reason to ask for input.
    const answers = await mainSessionAnswers(ctx, ALL_CLIENT_CAPABILITIES);
    const interim = answers.filter((a) => isObject(a.message.result) && isInputRequired(a.message.result));
    const bad = interim.filter((a) => a.method !== undefined && !INPUT_REQUIRED_METHODS.has(a.method));
    if (bad.length === 0) return ctx.pass(`${plural(answers.length, 'answer')} on the main connection; ${interim.length} input_required, all to tools/call, prompts/get or resources/read`);
    ctx.evidence.push({ type: 'message', direction: 'received', at: bad[0].received.at, message: bad[0].message });
    const methods = [...new Set(bad.map((a) => a.method))].join(', ');
    return ctx.violation(`${methods} answered with an input_required result`, 'input_required only for tools/call, prompts/get and resources/read', methods);
  },
});

export const errorCodesWholeRun = defineCheck({
  id: 'stateless/error-codes-whole-run',
  phase: 'final',
  title: 'no error codes in -32020…-32099 besides -32020, -32021 and -32022 (and none in -32000…-32019)',
  level: 'MUST',
  requirements: ['S26-23'],
  spec: 'basic/index#error-codes',
  revisions: STATELESS,
  async run(ctx) {
    // Requests that must fail, so that there are errors to read.
    const probes: Array<[string, Item]> = [['mcp-conform/no-such-method', {}]];
    if (ctx.declares('tools')) probes.push(['tools/call', { name: 'mcp-conform-no-such-tool', arguments: {} }]);
    if (ctx.declares('prompts')) probes.push(['prompts/get', { name: 'mcp-conform-no-such-prompt' }]);
    if (ctx.declares('resources')) probes.push(['resources/read', { uri: MISSING_URI }]);
    await Promise.all(probes.map(([method, params]) => ctx.request(method, params)));
    const errors = receivedResponses(ctx.session).filter((r) => isObject(r.message.error) && typeof r.message.error.code === 'number');
    const codeOf = (r: (typeof errors)[number]) => (r.message.error as Item).code as number;
    const reserved = errors.filter((r) => codeOf(r) <= -32020 && codeOf(r) >= -32099 && ![-32020, -32021, -32022].includes(codeOf(r)));
    const legacy = errors.filter((r) => codeOf(r) <= -32000 && codeOf(r) >= -32019);
    const describe = (list: typeof errors) => [...new Set(list.map((r) => `${codeOf(r)} (${r.method ?? 'unknown request'})`))].join(', ');
    if (reserved.length) {
      ctx.evidence.push({ type: 'message', direction: 'received', at: reserved[0].received.at, message: reserved[0].message });
      return ctx.violation(`error codes reserved for the specification: ${describe(reserved)}`, 'only -32020, -32021 and -32022 from -32020…-32099', describe(reserved));
    }
    if (legacy.length) {
      ctx.evidence.push({ type: 'message', direction: 'received', at: legacy[0].received.at, message: legacy[0].message });
      return ctx.warn(`error codes in -32000…-32019, which new implementations should avoid: ${describe(legacy)}`, 'no codes in -32000…-32019', describe(legacy));
    }
    return ctx.pass(`${plural(errors.length, 'error')} on the main connection, codes ${[...new Set(errors.map(codeOf))].join(', ') || 'none'}`);
  },
});

// ---- caching -----------------------------------------------------------------------------------

export const cacheFields = defineCheck({
  id: 'stateless/cache-fields',
  shares: [listWalk, elicitingToolSearch],
  title: 'cacheable results carry ttlMs and cacheScope, the same cacheScope on every page; input_required results carry neither',
  level: 'MUST',
  requirements: ['S26-21'],
  spec: 'server/utilities/caching#cacheable-results',
  revisions: STATELESS,
  async run(ctx) {
    const problems: string[] = [];
    // The cause of each problem, when the result's schema shows it too (see cacheSchemaCause).
    const causes: Array<CauseKey | undefined> = [];
    const add = (problem: string, method?: string, result?: Item) => {
      problems.push(problem);
      causes.push(method && result ? cacheSchemaCause(ctx, method, result) : undefined);
    };
    const discover = ctx.facts.initializeResult;
    const d = cacheProblem(discover);
    if (d) add(`server/discover: ${d}`, 'server/discover', discover);
    let checked = 1;
    const walks = await Promise.all(declaredLists(ctx).map((l) => listAll(ctx, l.method, l.key)));
    for (const walk of walks) {
      const scopes = new Set<unknown>();
      walk.pages.forEach((page, i) => {
        if (page.outcome.kind !== 'result' || isInputRequired(page.outcome.result)) return;
        checked++;
        const p = cacheProblem(page.outcome.result);
        if (p) add(`${walk.method} page ${i + 1}: ${p}`, walk.method, page.outcome.result);
        scopes.add(page.outcome.result.cacheScope);
      });
      if (scopes.size > 1) add(`${walk.method}: the pages disagree on cacheScope (${[...scopes].map((s) => JSON.stringify(s)).join(', ')})`);
      if (problems.length && !ctx.evidence.length) ctx.evidence.push(...walk.evidence);
    }
    const uri = ctx.declares('resources') ? objectsOf(walks[declaredLists(ctx).findIndex((l) => l.method === 'resources/list')] ?? emptyWalk()).map((r) => r.uri).find((u) => typeof u === 'string') : undefined;
    if (typeof uri === 'string') {
      const read = await ctx.request('resources/read', { uri });
      if (read.kind === 'result' && !isInputRequired(read.result)) {
        checked++;
        const p = cacheProblem(read.result);
        if (p) add(`resources/read ${uri}: ${p}`, 'resources/read', read.result);
      }
    }
    const found = ctx.declares('tools') ? await findElicitingTool(ctx) : undefined;
    if (found && !('skip' in found) && found.asked.outcome.kind === 'result') {
      const interim = found.asked.outcome.result;
      if ('ttlMs' in interim || 'cacheScope' in interim) {
        ctx.evidence.push(...exchangeEvidence(found.asked));
        add(`the input_required result of ${found.tool.name} carries ${['ttlMs', 'cacheScope'].filter((k) => k in interim).join(' and ')}`);
      }
    }
    if (problems.length === 0) return ctx.pass(`${plural(checked, 'cacheable result')} checked`);
    const verdict = ctx.violation(problems.join('; '), 'ttlMs (integer ≥ 0) and cacheScope ("public" or "private") on complete cacheable results, one cacheScope per list', problems[0]);
    const known = causesIfAllKnown(causes);
    return known ? { ...verdict, causes: known } : verdict;
  },
});

function emptyWalk(): ListWalk {
  return { method: '', key: '', items: [], pages: [], end: 'complete', detail: '', duplicates: [], findings: [], evidence: [] };
}

// ---- missing resources -------------------------------------------------------------------------

const MISSING_URI = 'mcp-conform://does-not-exist/5b1e02c4-resource';

export const missingResource = defineCheck({
  id: 'stateless/missing-resource-invalid-params',
  shares: [listWalk],
  title: 'reading a resource that does not exist gets -32602 (not -32002, never empty contents)',
  level: 'MUST',
  requirements: ['S26-22'],
  spec: 'server/resources#error-handling',
  revisions: STATELESS,
  needs: ['resources'],
  async run(ctx) {
    // A URI of a scheme nobody serves, and a sibling of a listed resource (same scheme and authority).
    const listed = objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri).find((u): u is string => typeof u === 'string');
    const uris = [MISSING_URI, ...(listed ? [`${listed.replace(/\/+$/, '')}-mcp-conform-missing-5b1e02c4`] : [])];
    const problems: string[] = [];
    let judged = 0;
    for (const uri of uris) {
      const o = await ctx.request('resources/read', { uri });
      const empty = o.kind === 'result' && Array.isArray(o.result.contents) && o.result.contents.length === 0;
      if (o.kind === 'result' && !empty) {
        ctx.note(`${uri} was served (the server may really have it), so it tells nothing`);
        continue;
      }
      judged++;
      if (empty) {
        problems.push(`${uri} was answered with empty contents`);
        continue;
      }
      const code = o.kind === 'error' ? o.error.code : undefined;
      if (code !== INVALID_PARAMS) problems.push(`${uri} got ${describeAnswer(o)}${code === -32002 ? ' (-32002 is the code of earlier revisions)' : ''}`);
    }
    if (problems.length) return ctx.violation(problems.join('; '), 'error -32602', problems[0]);
    if (judged === 0) return ctx.skip('the server served every made-up URI, so none was missing');
    return ctx.pass();
  },
});

// ---- list stability ----------------------------------------------------------------------------

/** Identities in list order. */
const identities = (walk: ListWalk) => walk.items.map((i) => identityOf(i, walk.key));

function compareLists(a: ListWalk, b: ListWalk, what: string): { differs?: string; reordered?: string } {
  const x = identities(a);
  const y = identities(b);
  const onlyA = x.filter((i) => !y.includes(i));
  const onlyB = y.filter((i) => !x.includes(i));
  if (onlyA.length || onlyB.length) {
    const parts = [onlyB.length ? `+ ${onlyB.slice(0, 3).join(', ')}` : '', onlyA.length ? `− ${onlyA.slice(0, 3).join(', ')}` : ''].filter(Boolean);
    return { differs: `${a.method} ${what}: ${parts.join('; ')}` };
  }
  if (x.join('\n') !== y.join('\n')) return { reordered: `${a.method} ${what}: same items in another order` };
  return {};
}

export const listStability = defineCheck({
  id: 'stateless/list-stability',
  shares: [listWalk],
  title: 'tools, prompts and resources lists do not vary by connection or after other requests; tools keep their order',
  level: 'MUST',
  requirements: ['S26-24'],
  spec: 'server/tools#capabilities',
  revisions: STATELESS,
  async run(ctx) {
    const lists = declaredLists(ctx).filter((l) => l.method !== 'resources/templates/list');
    if (lists.length === 0) return ctx.skip('the server declares no tools, prompts or resources');
    // Walked twice on a connection of our own (around a tool call), and compared with the main connection's walk.
    const { session } = await ctx.connect();
    const walkAll = () => Promise.all(lists.map((l) => walkPages(session, l.method, l.key, ctx.signal)));
    const before = await walkAll();
    // Something else happens on this connection between the two walks: a tool call, when we may make one.
    const tool = ctx.declares('tools') ? callableTools(toolsOf(before[0]), ctx.options).find((t) => 'args' in argumentsFor(t, ctx)) : undefined;
    if (tool) {
      const built = argumentsFor(tool, ctx) as { args: Record<string, unknown> };
      const called = await ctx.request('tools/call', { name: tool.name, arguments: built.args }, { session, timeoutMs: Math.min(ctx.options.requestTimeoutMs, 5000) });
      ctx.note(`between the walks: tools/call ${tool.name} → ${describeAnswer(called)}`);
    } else ctx.note('no tool we may call, so the second walk only repeats the first');
    const after = await walkAll();
    const main = await Promise.all(lists.map((l) => listAll(ctx, l.method, l.key)));
    const differs: string[] = [];
    const reordered: string[] = [];
    lists.forEach((l, i) => {
      if (before[i].end !== 'complete' || after[i].end !== 'complete' || main[i].end !== 'complete') {
        ctx.note(`${l.method}: a walk did not complete (${[before[i], after[i], main[i]].map((w) => w.end).join(', ')}); not compared`);
        return;
      }
      for (const c of [compareLists(before[i], after[i], tool ? `after tools/call ${tool.name}` : 'on a second walk'), compareLists(main[i], before[i], 'on another connection')]) {
        if (c.differs) differs.push(c.differs);
        if (c.reordered && l.method === 'tools/list') reordered.push(c.reordered);
      }
    });
    if (differs.length) {
      ctx.evidence.push(...before[0].evidence.slice(0, 2), ...after[0].evidence.slice(0, 2));
      return ctx.violation(differs.join('; '), 'the same items on every connection and after other requests', differs[0]);
    }
    if (reordered.length) return ctx.warn(`${reordered.join('; ')} (tools/list should use a deterministic order)`, 'the same order on every walk', reordered[0]);
    return ctx.pass(`${lists.map((l) => l.method).join(', ')}: the same on two connections and after other requests`);
  },
});

// ---- initialize to a stateless server ----------------------------------------------------------

const VERSION_LIKE = /\b\d{4}-\d{2}-\d{2}\b/;

export const initializeNamesVersions = defineCheck({
  id: 'stateless/initialize-error-names-versions',
  shares: [legacyInitializeScenario],
  title: 'a 2026-07-28-only server answers initialize with an error that names the versions it supports',
  level: 'SHOULD',
  requirements: ['S26-36', 'S26-37'],
  spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
  revisions: STATELESS,
  async run(ctx): Promise<Verdict> {
    const answer = await legacyInitialize(ctx);
    ctx.evidence.push(...answer.evidence);
    const o = answer.handshake.outcome;
    if (isDualEra(answer)) {
      return ctx.info(`the server also speaks the initialize-based revisions (dual-era, S26-37): initialize was answered with protocolVersion ${JSON.stringify(answer.handshake.answeredVersion)}`);
    }
    if (o.kind !== 'error') return ctx.violation(`initialize got ${describeOutcome(o)}, not an error naming the supported versions`, 'an error whose message or data names the supported versions', describeOutcome(o));
    const data = isObject(o.error.data) ? o.error.data : {};
    const listed = Array.isArray(data.supported) && data.supported.some((v) => typeof v === 'string');
    const named = typeof o.error.message === 'string' && VERSION_LIKE.test(o.error.message);
    if (listed || named) return ctx.pass(listed ? `data.supported: ${JSON.stringify(data.supported)}` : `the message names them: ${String(o.error.message)}`);
    return ctx.violation('the error to initialize names no protocol version the server supports', 'data.supported or a message naming e.g. 2026-07-28', describeOutcome(o));
  },
});

export const statelessChecks: Check[] = [
  discoverResult,
  serverInfoMeta,
  requestMetaRequired,
  unsupportedVersion,
  capabilitiesPerRequest,
  missingCapabilityError,
  cacheFields,
  missingResource,
  listStability,
  initializeNamesVersions,
  resultTypeWholeRun,
  inputRequiredMethodsWholeRun,
  errorCodesWholeRun,
];
