// Streamable HTTP in 2026-07-28 (catalog §22): the routing headers must match the body
// (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*), unknown methods get 404, there
// are no sessions and no GET stream, and request streams carry only what belongs to the
// request. Each check sends raw POSTs on a connection of its own, so it can leave out or
// forge any header.
// Proof of each check (the fixture fault that must break it): test/proof/http-stateless.ts.
import { defineCheck, defineSharedScenario, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Evidence, Session } from '../src/session/index.js';
import { encodeHeaderValue } from '../src/transport/index.js';
import { exchange, isJsonRpcMessage, mediaOf, type Reply } from './lib/http-probe.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { plural } from './lib/plural.js';
import { NOTHING_KNOWN } from './lib/plausible-value.js';
import { sampleValue } from './lib/sample-args.js';
import { compileSchema } from './lib/json-schema.js';
import { answerOf, probeRequest, refused, refusedWith, replyHeader, statelessPost, type Answer, type PostInit } from './lib/stateless-http.js';
import { isDualEra, legacyInitialize } from './lib/stateless-legacy-initialize.js';
import { declaredLists, everydayMethod, HEADER_MISMATCH, METHOD_NOT_FOUND, STATELESS } from './lib/stateless-wire.js';
import { headerParams, headerText, lintInputSchema, findAnnotations, type HeaderParam } from './lib/stateless-x-mcp-header.js';
import { argumentsFor, callableTools, toolsOf, type ToolDef } from './lib/tool-survey.js';

const SSE = 'text/event-stream';
/** A revision whose name differs from the body's, for the header/body mismatch. */
const OTHER_VERSION = '2025-11-25';

const common = { revisions: STATELESS, transports: ['http'] as const, connection: 'fresh' as const };

/** "400 with -32020", in the words of a verdict. */
const HEADER_REJECTION = 'HTTP 400 with error -32020 (HeaderMismatch)';

type Judgement = { ok: true } | { ok: false; warn: boolean; text: string };

/** A probe that must be refused for its headers: 400 with -32020 passes; another 4xx is a lesser deviation. */
function mustRefuse(what: string, a: Answer): Judgement {
  if (refusedWith(a, 400, HEADER_MISMATCH)) return { ok: true };
  if (refused(a) && a.result === undefined) return { ok: false, warn: true, text: `${what}: refused with ${a.text}` };
  return { ok: false, warn: false, text: `${what}: ${a.text}` };
}

/** POSTs a probe and reads the answer to it. */
async function ask(ctx: CheckContext, session: Session, message: Item & { id: string }, init?: PostInit): Promise<Answer> {
  return answerOf(await statelessPost(ctx, session, message, init), message.id);
}

function verdictOf(ctx: CheckContext, judgements: Judgement[], expected: string, passNote?: string): Verdict {
  const bad = judgements.filter((j): j is Extract<Judgement, { ok: false }> => !j.ok);
  const hard = bad.filter((j) => !j.warn);
  if (hard.length) return ctx.violation(hard.map((j) => j.text).join('; '), expected, hard[0].text);
  if (bad.length) return ctx.warn(`${bad.map((j) => j.text).join('; ')} (another status or code than the one specified)`, expected, bad[0].text);
  return ctx.pass(passNote);
}

/** A request that names a target (Mcp-Name): a read of a listed resource, a listed prompt, or a tool we may call. */
async function namedRequest(ctx: CheckContext): Promise<{ method: string; params: Item } | undefined> {
  if (ctx.declares('resources')) {
    const uri = objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri).find((u): u is string => typeof u === 'string');
    if (uri) return { method: 'resources/read', params: { uri } };
  }
  if (ctx.declares('prompts')) {
    const name = objectsOf(await listAll(ctx, 'prompts/list', 'prompts')).map((p) => p.name).find((n): n is string => typeof n === 'string');
    if (name) return { method: 'prompts/get', params: { name, arguments: {} } };
  }
  const tool = await firstCallableTool(ctx);
  return tool ? { method: 'tools/call', params: { name: tool.tool.name, arguments: tool.args } } : undefined;
}

async function firstCallableTool(ctx: CheckContext): Promise<{ tool: ToolDef; args: Record<string, unknown> } | undefined> {
  if (!ctx.declares('tools')) return undefined;
  for (const tool of callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options)) {
    const built = argumentsFor(tool, ctx);
    if ('args' in built) return { tool, args: built.args };
  }
  return undefined;
}

// ---- routing headers ---------------------------------------------------------------------------

export const routingHeadersValidated = defineCheck({
  id: 'http-stateless/routing-headers-validated',
  shares: [listWalk],
  title: 'a missing or mismatched Mcp-Method, Mcp-Name or MCP-Protocol-Version gets 400 with -32020; a base64-encoded Mcp-Name is accepted',
  level: 'MUST',
  requirements: ['S26-25'],
  spec: 'basic/transports/streamable-http#server-validation',
  ...common,
  async run(ctx) {
    const s = ctx.session;
    const judgements: Judgement[] = [];
    const discover = () => probeRequest(s, 'discover', 'server/discover');
    judgements.push(mustRefuse('server/discover without Mcp-Method', await ask(ctx, s, discover(), { headers: { 'Mcp-Method': undefined } })));
    const versionMismatch = await ask(ctx, s, discover(), { protocolVersion: OTHER_VERSION });
    judgements.push(mustRefuse(`server/discover with MCP-Protocol-Version ${OTHER_VERSION} and _meta version ${ctx.revision}`, versionMismatch));
    const named = await namedRequest(ctx);
    if (!named) ctx.note('the server lists no resource, prompt or callable tool, so Mcp-Name was not probed');
    else {
      const target = String(named.params.uri ?? named.params.name);
      const mismatched = await ask(ctx, s, probeRequest(s, 'mismatch', named.method, named.params), { headers: { 'Mcp-Name': 'mcp-conform-mismatched-name' } });
      judgements.push(mustRefuse(`${named.method} of ${JSON.stringify(target)} with Mcp-Name: mcp-conform-mismatched-name`, mismatched));
      // The sentinel form must be decoded before comparing, even for a value that could travel plain.
      const encoded = `=?base64?${Buffer.from(target, 'utf8').toString('base64')}?=`;
      const base64 = await ask(ctx, s, probeRequest(s, 'base64', named.method, named.params), { headers: { 'Mcp-Name': encoded } });
      if (base64.code === HEADER_MISMATCH) judgements.push({ ok: false, warn: false, text: `${named.method} with the correct Mcp-Name in base64 form (${encoded}) was refused: ${base64.text}` });
    }
    const probed = ['no Mcp-Method', 'header version ≠ body version', ...(named ? ['mismatched Mcp-Name', 'base64 Mcp-Name'] : [])];
    return verdictOf(ctx, judgements, `${HEADER_REJECTION} for each bad header; the base64 form served`, `probed: ${probed.join(', ')}`);
  },
});


export const versionHeaderRequired = defineCheck({
  id: 'http-stateless/version-header-required',
  title: 'a POST without MCP-Protocol-Version gets 400 with -32020, unless the server also serves older clients',
  level: 'MUST',
  requirements: ['S26-26', 'S26-25'],
  spec: 'basic/transports/streamable-http#protocol-version-header',
  ...common,
  async run(ctx) {
    const method = everydayMethod(ctx);
    const a = await ask(ctx, ctx.session, probeRequest(ctx.session, 'no-version', method), { omitProtocolVersion: true });
    if (refusedWith(a, 400, HEADER_MISMATCH)) return ctx.pass();
    if (refused(a) && a.result === undefined) return ctx.warn(`${method} without MCP-Protocol-Version was refused with ${a.text}`, HEADER_REJECTION, a.text);
    const legacy = await legacyInitialize(ctx);
    if (isDualEra(legacy)) {
      ctx.evidence.push(...legacy.evidence);
      return ctx.info(`${method} without MCP-Protocol-Version got ${a.text}; the server also answers initialize, so it may treat such requests as an earlier revision (S26-26 allows it)`);
    }
    return ctx.violation(`${method} without MCP-Protocol-Version was not refused: ${a.text}`, HEADER_REJECTION, a.text);
  },
});

export const unknownMethod404 = defineCheck({
  id: 'http-stateless/unknown-method-404',
  title: 'an unknown method gets HTTP 404 with a -32601 body',
  level: 'MUST',
  requirements: ['S26-28'],
  spec: 'basic/transports/streamable-http#protocol-version-header',
  ...common,
  async run(ctx) {
    const a = await ask(ctx, ctx.session, probeRequest(ctx.session, 'unknown', 'mcp-conform/no-such-method'));
    if (refusedWith(a, 404, METHOD_NOT_FOUND)) return ctx.pass();
    if (a.status === 404) return ctx.violation(`404 without a -32601 error for the request: ${a.text}`, 'HTTP 404 with error -32601', a.text);
    return ctx.violation(`an unknown method got ${a.text}`, 'HTTP 404 with error -32601', a.text);
  },
});

// ---- x-mcp-header ------------------------------------------------------------------------------

export const xMcpHeaderValid = defineCheck({
  id: 'http-stateless/x-mcp-header-valid',
  shares: [listWalk],
  title: 'x-mcp-header names are unique HTTP tokens on string, integer or boolean properties reached through "properties"',
  level: 'MUST',
  requirements: ['S26-30'],
  spec: 'server/tools#x-mcp-header',
  ...common,
  connection: 'shared',
  needs: ['tools'],
  async run(ctx) {
    const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
    const annotated = tools.filter((t) => findAnnotations(t.inputSchema).length > 0);
    if (annotated.length === 0) return ctx.skip(`none of the ${plural(tools.length, 'tool')} marks a parameter with x-mcp-header`);
    const fails: string[] = [];
    const warns: string[] = [];
    for (const tool of annotated) {
      for (const f of lintInputSchema(tool.inputSchema)) (f.severity === 'fail' ? fails : warns).push(`${tool.name}: ${f.message}`);
    }
    const bad = fails.length ? annotated.find((t) => lintInputSchema(t.inputSchema).some((f) => f.severity === 'fail')) : undefined;
    if (bad) ctx.note(`inputSchema of ${bad.name}: ${JSON.stringify(bad.inputSchema).slice(0, 1500)}`);
    if (fails.length) return ctx.violation(`${fails.join('; ')} (clients drop such tools)`, 'valid x-mcp-header annotations', fails[0]);
    if (warns.length) return ctx.warn(warns.join('; '), 'x-mcp-header on string, integer or boolean parameters that are not secrets', warns[0]);
    return ctx.pass(`${plural(annotated.length, 'tool')} with x-mcp-header, all valid`);
  },
});

/** A value for the annotated argument that fits the tool's schema, and arguments that hold it. */
function argumentsWith(ctx: CheckContext, tool: ToolDef, param: HeaderParam): Record<string, unknown> | undefined {
  const built = argumentsFor(tool, ctx);
  if (!('args' in built)) return undefined;
  const args = { ...built.args };
  if (args[param.property] === undefined || args[param.property] === null) {
    const sample = sampleValue(param.schema, isObject(tool.inputSchema) ? tool.inputSchema : {}, 0, { name: param.property, known: NOTHING_KNOWN });
    if (!sample.ok || sample.value === null) return undefined;
    args[param.property] = sample.value;
  }
  const compiled = compileSchema(tool.inputSchema, ctx.revision);
  return compiled.ok && compiled.validate(args) ? args : undefined;
}

/** Another value of the same type, so the header disagrees with the body. */
function otherValue(value: unknown): unknown {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  return value === 'mcp-conform-other' ? 'mcp-conform-other-2' : 'mcp-conform-other';
}

export const paramHeadersValidated = defineCheck({
  id: 'http-stateless/param-headers-validated',
  shares: [listWalk],
  title: 'an Mcp-Param-* header that is missing or disagrees with the tool argument gets 400 with -32020',
  level: 'MUST',
  requirements: ['S26-29'],
  spec: 'basic/transports/streamable-http#server-behavior-for-custom-headers',
  ...common,
  needs: ['tools'],
  async run(ctx) {
    const tools = callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options);
    let plan: { tool: ToolDef; param: HeaderParam; args: Record<string, unknown> } | undefined;
    for (const tool of tools) {
      for (const param of headerParams(tool.inputSchema)) {
        const args = argumentsWith(ctx, tool, param);
        if (args) {
          plan = { tool, param, args };
          break;
        }
      }
      if (plan) break;
    }
    if (!plan) return ctx.skip('no tool we may call has a valid top-level x-mcp-header parameter we can fill');
    const { tool, param, args } = plan;
    const header = `Mcp-Param-${param.name}`;
    const value = args[param.property];
    const s = ctx.session;
    const call = (name: string, a: Record<string, unknown>) => probeRequest(s, name, 'tools/call', { name: tool.name, arguments: a });
    ctx.note(`${tool.name}.${param.property} is mirrored into ${header}`);
    const right = encodeHeaderValue(headerText(value));
    const wrong = encodeHeaderValue(headerText(otherValue(value)));
    const [ok, mismatched, missing] = await Promise.all([
      ask(ctx, s, call('param-ok', args), { headers: { [header]: right } }),
      ask(ctx, s, call('param-mismatch', args), { headers: { [header]: wrong } }),
      ask(ctx, s, call('param-missing', args)),
    ]);
    const judgements = [
      mustRefuse(`${header}: ${wrong} while the argument is ${JSON.stringify(value)}`, mismatched),
      mustRefuse(`no ${header} while the argument is ${JSON.stringify(value)}`, missing),
    ];
    if (ok.code === HEADER_MISMATCH) judgements.push({ ok: false, warn: false, text: `the matching ${header}: ${right} was refused: ${ok.text}` });
    return verdictOf(ctx, judgements, `${HEADER_REJECTION} for a missing or mismatched ${header}; the matching header served`, `${tool.name}: ${header} checked`);
  },
});

// ---- sessions, GET and DELETE ------------------------------------------------------------------

export const noSessions = defineCheck({
  id: 'http-stateless/no-sessions',
  title: 'GET and DELETE get 405, and no Mcp-Session-Id is issued or echoed (a session id or Last-Event-ID sent is ignored)',
  level: 'SHOULD',
  requirements: ['S26-34'],
  spec: 'basic/transports/streamable-http#earlier-streamable-http-revisions',
  ...common,
  async run(ctx) {
    const s = ctx.session;
    const problems: string[] = [];
    const get = await exchange(ctx, s, { method: 'GET', headersOnly: true, timeoutMs: Math.min(ctx.options.requestTimeoutMs, 5000) });
    const del = await exchange(ctx, s, { method: 'DELETE', timeoutMs: Math.min(ctx.options.requestTimeoutMs, 5000) });
    for (const [what, r] of [['GET', get], ['DELETE', del]] as const) {
      if (r.response?.status !== 405) problems.push(`${what} got ${r.response ? `HTTP ${r.response.status}` : r.error}, not 405`);
    }
    const message = probeRequest(s, 'session', 'server/discover');
    const post = await statelessPost(ctx, s, message, { sessionId: 'mcp-conform-made-up-session', headers: { 'Last-Event-ID': '1' } });
    const a = answerOf(post, message.id);
    if (a.result === undefined) problems.push(`server/discover carrying Mcp-Session-Id and Last-Event-ID was not served: ${a.text}`);
    for (const [what, r] of [['GET', get], ['DELETE', del], ['POST', post]] as const) {
      const id = replyHeader(r, 'mcp-session-id');
      if (id !== undefined) problems.push(`the reply to ${what} carries Mcp-Session-Id: ${id}`);
    }
    if (problems.length === 0) return ctx.pass();
    return ctx.violation(problems.join('; '), 'GET and DELETE: 405; POST served; no Mcp-Session-Id in any reply', problems[0]);
  },
});

// ---- response streams -------------------------------------------------------------------------

interface StreamProbe {
  method: string;
  id: string;
  progressToken?: string;
  reply: Reply;
}

export const streamProbeScenario = defineSharedScenario<StreamProbe[]>({ name: 'stateless HTTP stream probes' });

/** A few requests POSTed raw on a connection of their own, once per run: their replies show how the server streams. */
function streamProbes(ctx: CheckContext): Promise<StreamProbe[]> {
  return ctx.shared(streamProbeScenario, async () => {
    const { session } = await ctx.connect();
    const requests: Array<{ method: string; params?: Item; progressToken?: string }> = [{ method: 'server/discover' }];
    const list = declaredLists(ctx)[0];
    if (list) requests.push({ method: list.method });
    const tool = await firstCallableTool(ctx);
    if (tool) {
      const progressToken = `mcp-conform-progress-${Math.random().toString(36).slice(2, 8)}`;
      requests.push({ method: 'tools/call', params: { name: tool.tool.name, arguments: tool.args, _meta: { progressToken } }, progressToken });
    }
    const timeoutMs = Math.min(ctx.options.requestTimeoutMs, 5000);
    return Promise.all(
      requests.map(async (r) => {
        const message = probeRequest(session, 'stream', r.method, r.params);
        const reply = await statelessPost(ctx, session, message, { timeoutMs });
        return { method: r.method, id: message.id, progressToken: r.progressToken, reply };
      }),
    );
  });
}

const isSse = (p: StreamProbe) => mediaOf(p.reply) === SSE;

function probeEvidence(p: StreamProbe): Evidence {
  return { type: 'http', at: 0, request: p.reply.request, response: p.reply.response };
}

/** Notifications that never belong to one request's stream. */
const FOREIGN_NOTIFICATIONS = /^notifications\/((tools|prompts|resources)\/list_changed|resources\/updated|subscriptions\/)/;

export const responseStreams = defineCheck({
  id: 'http-stateless/response-streams',
  shares: [streamProbeScenario],
  title: 'an SSE response stream carries no requests and only notifications of its request, and ends with the response',
  level: 'MUST',
  requirements: ['S26-33', 'S26-13'],
  spec: 'basic/transports/streamable-http#receiving-messages',
  ...common,
  connection: 'shared',
  async run(ctx) {
    const probes = (await streamProbes(ctx)).filter(isSse);
    if (probes.length === 0) return ctx.skip('the server answered every probe with a JSON body, not a stream');
    const fails: string[] = [];
    const warns: string[] = [];
    for (const p of probes) {
      const messages = p.reply.messages.filter(isJsonRpcMessage) as Item[];
      const at = messages.findIndex((m) => m.id === p.id && ('result' in m || 'error' in m));
      for (const m of messages) {
        if (typeof m.method === 'string' && 'id' in m) fails.push(`the stream of ${p.method} carried a request (${m.method})`);
        else if (typeof m.method === 'string' && FOREIGN_NOTIFICATIONS.test(m.method)) fails.push(`the stream of ${p.method} carried ${m.method}, which belongs to no request`);
        else if (m.method === 'notifications/progress') {
          const token = isObject(m.params) ? m.params.progressToken : undefined;
          if (token !== p.progressToken) fails.push(`the stream of ${p.method} carried progress for token ${JSON.stringify(token)}, not its own`);
        }
      }
      if (at === -1 && p.reply.error) ctx.note(`${p.method}: no response on its stream (${p.reply.error}); not judged`);
      else if (at === -1) warns.push(`the stream of ${p.method} ended without its response`);
      else if (at < messages.length - 1) warns.push(`the stream of ${p.method} went on after the response (${plural(messages.length - 1 - at, 'message')})`);
      else if (p.reply.error) warns.push(`the stream of ${p.method} stayed open after the response (${p.reply.error})`);
      if (fails.length || warns.length) ctx.evidence.push(probeEvidence(p));
    }
    if (fails.length) return ctx.violation(fails.join('; '), 'only notifications of the request, then its response, then the end of the stream', fails[0]);
    if (warns.length) return ctx.warn(warns.join('; '), 'the stream ends after the response', warns[0]);
    return ctx.pass(`${plural(probes.length, 'SSE reply', 'SSE replies')} inspected`);
  },
});

export const sseAccelBuffering = defineCheck({
  id: 'http-stateless/sse-accel-buffering',
  shares: [streamProbeScenario],
  title: 'SSE replies carry the header X-Accel-Buffering: no',
  level: 'SHOULD',
  requirements: ['S26-35'],
  spec: 'basic/transports/streamable-http#receiving-messages',
  ...common,
  connection: 'shared',
  async run(ctx) {
    const probes = (await streamProbes(ctx)).filter(isSse);
    if (probes.length === 0) return ctx.skip('the server answered every probe with a JSON body, not a stream');
    const bad = probes.filter((p) => (replyHeader(p.reply, 'x-accel-buffering') ?? '').trim().toLowerCase() !== 'no');
    if (bad.length === 0) return ctx.pass(`${plural(probes.length, 'SSE reply', 'SSE replies')}`);
    ctx.evidence.push(probeEvidence(bad[0]));
    const found = replyHeader(bad[0].reply, 'x-accel-buffering');
    return ctx.violation(`${plural(bad.length, 'SSE reply', 'SSE replies')} without X-Accel-Buffering: no (${bad.map((p) => p.method).join(', ')})`, 'X-Accel-Buffering: no', found === undefined ? '(absent)' : found);
  },
});

export const httpStatelessChecks: Check[] = [
  routingHeadersValidated,
  versionHeaderRequired,
  unknownMethod404,
  paramHeadersValidated,
  xMcpHeaderValid,
  noSessions,
  responseStreams,
  sseAccelBuffering,
];
