// Tools: the listing (shape, names, JSON Schemas), results of the tools we may call (shape,
// binary payloads, structured content), and error handling (unknown tool, malformed request,
// invalid arguments, omitted arguments). Only read-only-annotated tools, or those the user
// allows, are ever called.
// Proof of each check (the fixture fault that must break it): test/proof/tools.ts.
import { defineCheck, describeOutcome, errorCode, errorMessageText, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import { isStateless, revisionIndex } from '../src/schema/index.js';
import type { Outcome } from '../src/session/index.js';
import { base64Problem } from './lib/base64.js';
import { isMimeType } from './lib/mime.js';
import { findingsVerdict } from './lib/findings-verdict.js';
import { isObject } from './lib/json-object.js';
import { compileSchema, errorsOf } from './lib/json-schema.js';
import { listAll, listWalk } from './lib/list-all.js';
import { isInputRequired } from './lib/mrtr-client.js';
import { andStateless, WITH_STATELESS } from './lib/revisions.js';
import { HEADER_MISMATCH, lacksRoutingTarget, MISSING_CAPABILITY } from './lib/stateless-wire.js';
import { wrongTypeFor } from './lib/sample-args.js';
import { paramHeaders, type ToolCall } from './lib/tool-call.js';
import { argumentsFor, callableTools, noteSurvey, resultOf, surveyTools, toolsOf, toolSurvey, type ToolDef, type ToolSurvey } from './lib/tool-survey.js';

// The tools tests read base64Problem here.
export { base64Problem };

const from2511 = (ctx: CheckContext) => revisionIndex(ctx.revision) >= revisionIndex('2025-11-25');
// TOOLS-11, TOOLS-12: 25-06→26-07 (26-07 lets outputSchema be any schema and structuredContent any JSON value).
const STRUCTURED = andStateless(['2025-06-18', '2025-11-25']);
/** A tool name no server lists (checked against the listing before use). */
const NO_SUCH_TOOL = 'mcp_conform_no_such_tool';

const isToolError = (o: Outcome) => o.kind === 'result' && o.result.isError === true;

export const listValid = defineCheck({
  id: 'tools/list',
  shares: [listWalk],
  title: 'tools/list answers every page with a valid ListToolsResult',
  level: 'MUST',
  kind: 'S',
  // Schema validation of every Tool: title, annotations, execution.taskSupport, icons, _meta (TOOLS-20, META-9).
  requirements: ['TOOLS-2', 'TOOLS-1', 'TOOLS-20', 'META-9'],
  spec: 'server/tools#listing-tools',
  explains: ['invalid-result:tools/list'],
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const walk = await listAll(ctx, 'tools/list', 'tools');
    ctx.note(`tools/list: ${walk.detail}`);
    if (walk.findings.length) {
      ctx.evidence.push(...walk.evidence);
      return findingsVerdict(ctx, walk.findings, 'tools/list results');
    }
    if (walk.end === 'error') {
      ctx.evidence.push(...walk.evidence);
      return ctx.violation(`tools/list failed: ${walk.detail}`, 'a ListToolsResult on every page', walk.detail);
    }
    return ctx.pass();
  },
});

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Why a tool name breaks the 2025-11-25 naming rule, or undefined. */
export function toolNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'is empty';
  if (name.length > 128) return `is ${name.length} characters long (at most 128)`;
  if (!NAME.test(name)) return 'uses characters other than A-Z a-z 0-9 _ - .';
  return undefined;
}

export const toolNames = defineCheck({
  id: 'tools/names',
  shares: [listWalk],
  title: 'tool names are unique, and from 2025-11-25 1–128 characters of A-Z a-z 0-9 _ - .',
  level: 'SHOULD',
  requirements: ['TOOLS-4'],
  spec: 'server/tools#tool-names',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
    if (tools.length === 0) return ctx.skip('the server lists no tools');
    // Identical entries on two pages are a pagination fault (PAGE-2), not two tools sharing a name.
    const byName = new Map<string, Set<string>>();
    for (const t of tools) byName.set(t.name, (byName.get(t.name) ?? new Set()).add(JSON.stringify(t)));
    const shared = [...byName].filter(([, defs]) => defs.size > 1).map(([name]) => name);
    if (shared.length) {
      const defs = tools.filter((t) => t.name === shared[0]);
      ctx.evidence.push({ type: 'note', text: `tools named ${JSON.stringify(shared[0])}: ${defs.map((d) => JSON.stringify(d).slice(0, 300)).join(' | ')}` });
      return ctx.violation(`${shared.length} name(s) belong to more than one tool: ${shared.map((n) => JSON.stringify(n)).join(', ')}`, 'every tool name unique', `${JSON.stringify(shared[0])} × ${defs.length}`);
    }
    const bad = tools.map((t) => [t.name, toolNameProblem(t.name)] as const).filter(([, p]) => p !== undefined);
    if (bad.length === 0) return ctx.pass();
    const list = bad.map(([n, p]) => `${JSON.stringify(n)} ${p}`).join('; ');
    if (!from2511(ctx)) return ctx.info(`names outside the 2025-11-25 naming rule (no rule before that revision): ${list}`);
    return ctx.violation(`${bad.length} tool name(s) break the naming rule: ${list}`, '1-128 characters of A-Z a-z 0-9 _ - .', JSON.stringify(bad[0][0]));
  },
});

export const schemasCompile = defineCheck({
  id: 'tools/schemas-compile',
  shares: [listWalk],
  title: 'every inputSchema and outputSchema is a valid JSON Schema of its dialect',
  level: 'MUST',
  requirements: ['TOOLS-3', 'META-7'],
  spec: 'server/tools#tool',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
    if (tools.length === 0) return ctx.skip('the server lists no tools');
    const broken: string[] = [];
    let compiled = 0;
    for (const tool of tools) {
      for (const member of ['inputSchema', 'outputSchema'] as const) {
        if (member === 'outputSchema' && !(member in tool)) continue;
        const c = compileSchema(tool[member], ctx.revision);
        if (c.ok) compiled++;
        else if (c.judged) broken.push(`${tool.name}.${member} ${c.reason}`);
        else ctx.note(`${tool.name}.${member} not judged: ${c.reason}`);
      }
    }
    if (broken.length === 0) {
      ctx.note(`${compiled} schema(s) compiled`);
      return ctx.pass();
    }
    const message = `${broken.length} tool schema(s) are not valid JSON Schema: ${broken.slice(0, 5).join('; ')}`;
    // Before 2025-11-25 the spec names no dialect; draft-07 is what servers use in practice.
    if (!from2511(ctx)) return ctx.warn(`${message} (compiled as draft-07; revisions before 2025-11-25 state no dialect)`);
    return ctx.violation(message, 'schemas that compile in their dialect (2020-12 unless $schema says otherwise)', broken[0]);
  },
});

/** Skip reason when the survey called nothing. */
function nothingCalled(ctx: CheckContext, survey: ToolSurvey): Verdict | undefined {
  if (survey.calls.length) return undefined;
  if (survey.tools.length === 0) return ctx.skip(`the server lists no tools (${survey.walk.detail})`);
  const why = survey.notCalled.slice(0, 5).map((n) => `${n.name}: ${n.reason}`).join('; ');
  return ctx.skip(`no tool was called (only tools annotated readOnlyHint, or allowed with --call-tools, are): ${why}`);
}

export const callResultValid = defineCheck({
  id: 'tools/call-result',
  shares: [toolSurvey],
  title: 'calls with arguments that fit the inputSchema return a valid CallToolResult',
  level: 'MUST',
  kind: 'S',
  requirements: ['TOOLS-6', 'TOOLS-14', 'TOOLS-10', 'TOOLS-9'],
  spec: 'server/tools#calling-tools',
  explains: ['invalid-result:tools/call'],
  revisions: WITH_STATELESS,
  needs: ['tools'],
  // Started first, it starts the tool survey the other tools checks wait on (a slow tool holds it
  // for a second or more). Those are long too: reached in catalog order, they held the four slots
  // of the shared pool over HTTP while they waited, and the main session stood still.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    noteSurvey(ctx, survey);
    const none = nothingCalled(ctx, survey);
    if (none) return none;
    const findings = survey.calls.flatMap((c) => c.findings);
    if (findings.length) return findingsVerdict(ctx, findings, 'tools/call results');
    const closed = survey.calls.find((c) => c.outcome.kind === 'closed' || c.outcome.kind === 'http-error');
    if (closed) {
      ctx.evidence.push(...closed.evidence);
      return ctx.violation(`tools/call ${closed.tool.name}: ${describeOutcome(closed.outcome)}`, 'a CallToolResult', describeOutcome(closed.outcome));
    }
    // 2026-07-28: a tool that needs a client capability we did not declare says so with -32021 (S26-6).
    const needsCapability = survey.calls.filter((c) => errorCode(c.outcome) === MISSING_CAPABILITY && isStateless(ctx.revision));
    for (const c of needsCapability) ctx.note(`${c.tool.name} needs a client capability this client did not declare: ${describeOutcome(c.outcome)}`);
    const errors = survey.calls.filter((c) => c.outcome.kind === 'error' && !needsCapability.includes(c));
    const rejected = rejectedResults(ctx, survey.calls, errors);
    if (rejected) return rejected;
    const refused = refusedAsInvalid(ctx, errors);
    const others = errors.filter((c) => !refused.includes(c));
    if (others.length) {
      ctx.evidence.push(...others[0].evidence);
      const invalid = errorCode(others[0].outcome) === -32602 ? '; from 2025-11-25 arguments a tool finds invalid are an isError result (TOOLS-9)' : '';
      return ctx.warn(
        `${others.length} call(s) with arguments that fit the tool's inputSchema got a protocol error; first: ${others[0].tool.name} → ${serverError(others[0].outcome)}${invalid}`,
        'a CallToolResult (isError: true for failures inside the tool)',
        serverError(others[0].outcome),
        PROTOCOL_ERROR_TOLERATED,
      );
    }
    if (refused.length && refused.length + needsCapability.length === survey.calls.length) {
      return ctx.skip(`every call was refused with -32602 (invalid arguments, a protocol error at ${ctx.revision}: TOOLS-9), so no CallToolResult was there to judge`);
    }
    return ctx.pass();
  },
});

/** Why a protocol error to a valid call only warns here: the rules it breaks are SHOULDs. */
const PROTOCOL_ERROR_TOLERATED =
  'a protocol error to a call with valid arguments breaks TOOLS-10 (failures inside a tool are isError results) or TOOLS-9 (arguments the tool refuses), both SHOULD; only a result the server itself finds invalid breaks this MUST';

/**
 * The server's own result validation said what its tool returned is no CallToolResult (an SDK
 * answers "-32602 Invalid tools/call result: … content[0].text …"): the call had valid arguments,
 * so no valid result exists for it (TOOLS-6, TOOLS-14). Not a refusal of our arguments at any revision.
 */
const RESULT_REJECTED = /invalid (tools\/call|calltool) ?result|invalid structured content|output validation error/i;

function rejectedResults(ctx: CheckContext, calls: ToolSurvey['calls'], errors: ToolSurvey['calls']): Verdict | undefined {
  const rejected = errors.filter((c) => c.outcome.kind === 'error' && RESULT_REJECTED.test(String(c.outcome.error.message)));
  if (rejected.length === 0) return undefined;
  const first = rejected[0];
  ctx.evidence.push(...first.evidence);
  const tools = [...new Set(rejected.map((c) => c.tool.name))];
  const every = tools.filter((name) => calls.filter((c) => c.tool.name === name).every((c) => rejected.includes(c)));
  const always = every.length ? `; ${every.map((n) => JSON.stringify(n)).join(', ')} failed every call we made` : '';
  return ctx.violation(
    `${rejected.length} call(s) with arguments that fit the tool's inputSchema were refused by the server's own result validation: what the tool returned is not a valid CallToolResult${always}. First: ${first.tool.name} → ${serverError(first.outcome, 400)}`,
    'a valid CallToolResult (the tool\'s result fixed to fit the schema)',
    serverError(first.outcome),
  );
}

/** An outcome in words, a server error with its whole message (bounded, issue paths first). */
function serverError(o: Outcome, max?: number): string {
  return o.kind === 'error' ? `error ${String(o.error.code)}: ${errorMessageText(String(o.error.message), max)}` : describeOutcome(o);
}

/**
 * Calls refused with -32602 where the negotiated revision names invalid arguments a protocol
 * error (up to 2025-06-18, TOOLS-9): the server's own validation may refuse what its schema
 * allows. Noted, not graded; from 2025-11-25 none (they should be isError results).
 */
function refusedAsInvalid(ctx: CheckContext, errors: ToolSurvey['calls']): ToolSurvey['calls'] {
  if (from2511(ctx)) return [];
  const refused = errors.filter((c) => errorCode(c.outcome) === -32602);
  for (const c of refused) ctx.note(`${c.tool.name}: the server found our arguments invalid (${describeOutcome(c.outcome)}); up to 2025-06-18 that is a protocol error (TOOLS-9)`);
  return refused;
}

/** Binary payloads of one result: [where, data, mimeType, mimeType required]. */
function binaryParts(result: Record<string, unknown>): Array<{ where: string; data: unknown; mimeType: unknown; needsMime: boolean }> {
  const parts: Array<{ where: string; data: unknown; mimeType: unknown; needsMime: boolean }> = [];
  const content = Array.isArray(result.content) ? result.content : [];
  content.forEach((block, i) => {
    if (!isObject(block)) return;
    if (block.type === 'image' || block.type === 'audio') parts.push({ where: `content[${i}] (${block.type})`, data: block.data, mimeType: block.mimeType, needsMime: true });
    if (block.type === 'resource' && isObject(block.resource) && 'blob' in block.resource) {
      parts.push({ where: `content[${i}].resource.blob`, data: block.resource.blob, mimeType: block.resource.mimeType, needsMime: false });
    }
  });
  return parts;
}

export const binaryContent = defineCheck({
  id: 'tools/binary-content',
  shares: [toolSurvey],
  title: 'image, audio and blob payloads in tool results are base64 with a mimeType',
  level: 'MUST',
  kind: 'S',
  requirements: ['TOOLS-15'],
  spec: 'server/tools#image-content',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  // Waits on the tool survey: started with it, it holds none of the main session's slots meanwhile.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    noteSurvey(ctx, survey);
    const none = nothingCalled(ctx, survey);
    if (none) return none;
    let seen = 0;
    for (const call of survey.calls) {
      const result = resultOf(call);
      if (!result) continue;
      for (const part of binaryParts(result)) {
        seen++;
        const bad = base64Problem(part.data);
        const mimeBad = part.needsMime || part.mimeType !== undefined ? !isMimeType(part.mimeType) : false;
        if (!bad && !mimeBad) continue;
        ctx.evidence.push(...call.evidence);
        if (bad) return ctx.violation(`${call.tool.name}: ${part.where} data ${bad}`, 'standard base64 (RFC 4648, padded)', String(part.data).slice(0, 80));
        return ctx.violation(`${call.tool.name}: ${part.where} has mimeType ${JSON.stringify(part.mimeType)}`, 'a MIME type such as image/png', JSON.stringify(part.mimeType));
      }
    }
    if (seen === 0) return ctx.skip('no called tool returned image, audio or blob content');
    ctx.note(`${seen} binary payload(s) checked`);
    return ctx.pass();
  },
});

/** Calls of tools that declare an outputSchema and returned a result without isError (not a request for input, 2026-07-28). */
function structuredCalls(calls: ToolCall[]): ToolCall[] {
  return calls.filter((c) => 'outputSchema' in c.tool && c.outcome.kind === 'result' && c.outcome.result.isError !== true && !isInputRequired(c.outcome));
}

export const structuredContent = defineCheck({
  id: 'tools/structured-content',
  shares: [toolSurvey],
  title: 'a tool with an outputSchema returns structuredContent that conforms to it',
  level: 'MUST',
  // Under 2026-07-28 structuredContent may be any JSON value, checked against any 2020-12 outputSchema (S26-39).
  requirements: ['TOOLS-11', 'TOOLS-13', 'S26-39'],
  spec: 'server/tools#output-schema',
  revisions: STRUCTURED,
  needs: ['tools'],
  // Waits on the tool survey: started with it, it holds none of the main session's slots meanwhile.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    noteSurvey(ctx, survey);
    const calls = structuredCalls(survey.calls);
    if (calls.length === 0) {
      const declaring = survey.tools.filter((t) => 'outputSchema' in t).map((t) => t.name);
      return ctx.skip(declaring.length ? `no successful call of a tool with an outputSchema (${declaring.join(', ')})` : 'no tool declares an outputSchema');
    }
    for (const call of calls) {
      const result = resultOf(call)!;
      if (!('structuredContent' in result)) {
        ctx.evidence.push(...call.evidence);
        return ctx.violation(`${call.tool.name} declares an outputSchema but its result has no structuredContent`, 'structuredContent conforming to the outputSchema', 'absent');
      }
      const compiled = compileSchema(call.tool.outputSchema, ctx.revision);
      if (!compiled.ok) {
        ctx.note(`${call.tool.name}: outputSchema not usable (${compiled.reason}); see tools/schemas-compile`);
        continue;
      }
      if (!compiled.validate(result.structuredContent)) {
        ctx.evidence.push(...call.evidence);
        return ctx.violation(`${call.tool.name}: structuredContent does not conform to its outputSchema: ${errorsOf(compiled.validate)}`, 'structuredContent valid against outputSchema', JSON.stringify(result.structuredContent).slice(0, 200));
      }
    }
    ctx.note(`${calls.length} structured result(s) validated`);
    return ctx.pass();
  },
});

/** JSON with object keys sorted, for order-insensitive comparison. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

function mirrorsAsText(result: Record<string, unknown>): boolean {
  const want = canonical(result.structuredContent);
  const content = Array.isArray(result.content) ? result.content : [];
  return content.some((b) => {
    if (!isObject(b) || b.type !== 'text' || typeof b.text !== 'string') return false;
    try {
      return canonical(JSON.parse(b.text)) === want;
    } catch {
      return false;
    }
  });
}

export const structuredContentText = defineCheck({
  id: 'tools/structured-content-text',
  shares: [toolSurvey],
  title: 'structuredContent is also returned as serialized JSON in a text block',
  level: 'SHOULD',
  requirements: ['TOOLS-12'],
  spec: 'server/tools#structured-content',
  revisions: STRUCTURED,
  needs: ['tools'],
  // Waits on the tool survey: started with it, it holds none of the main session's slots meanwhile.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    noteSurvey(ctx, survey);
    const calls = survey.calls.filter((c) => isObject(resultOf(c)) && 'structuredContent' in resultOf(c)!);
    if (calls.length === 0) return ctx.skip('no called tool returned structuredContent');
    const missing = calls.filter((c) => !mirrorsAsText(resultOf(c)!));
    if (missing.length === 0) return ctx.pass();
    ctx.evidence.push(...missing[0].evidence);
    return ctx.violation(
      `${missing.map((c) => c.tool.name).join(', ')}: no text block holds the structuredContent as JSON`,
      'a text block whose JSON equals structuredContent',
      'none',
    );
  },
});

export const unknownTool = defineCheck({
  id: 'tools/unknown-tool',
  shares: [listWalk],
  title: 'calling an unknown tool gets a protocol error (-32602)',
  level: 'SHOULD',
  requirements: ['TOOLS-7'],
  spec: 'server/tools#error-handling',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const names = new Set(toolsOf(await listAll(ctx, 'tools/list', 'tools')).map((t) => t.name));
    let name = NO_SUCH_TOOL;
    for (let i = 2; names.has(name); i++) name = `${NO_SUCH_TOOL}_${i}`;
    const o = await ctx.request('tools/call', { name, arguments: {} });
    const expected = 'a JSON-RPC error, code -32602';
    if (o.kind === 'error') {
      if (errorCode(o) === -32602) return ctx.pass();
      return ctx.warn(`unknown tool answered with error code ${String(o.error.code)}`, expected, describeOutcome(o));
    }
    if (isToolError(o)) return ctx.warn('unknown tool reported as a tool execution error (isError: true) instead of a protocol error', expected, describeOutcome(o));
    return ctx.violation(`calling unknown tool ${name}: ${describeOutcome(o)}`, expected, describeOutcome(o));
  },
});

/** Judges the answer to a tools/call request that does not fit CallToolRequest. */
function malformedVerdict(ctx: CheckContext, what: string, params: Record<string, unknown>, o: Outcome): Verdict | undefined {
  const expected = 'a JSON-RPC error, code -32602';
  // 2026-07-28 over HTTP: without a string name there is no Mcp-Name to send, and -32020 is the refusal S26-25 names.
  if (errorCode(o) === HEADER_MISMATCH && lacksRoutingTarget(ctx, 'tools/call', params)) {
    ctx.note(`${what}: ${describeOutcome(o)} (no Mcp-Name can match a call without a name: S26-25)`);
    return undefined;
  }
  if (o.kind === 'error') return errorCode(o) === -32602 ? undefined : ctx.warn(`${what}: error code ${String(o.error.code)}`, expected, describeOutcome(o));
  return ctx.violation(`${what}: ${describeOutcome(o)}`, expected, describeOutcome(o));
}

export const malformedCall = defineCheck({
  id: 'tools/malformed-call',
  shares: [listWalk],
  title: 'a tools/call request that does not fit CallToolRequest gets -32602',
  level: 'SHOULD',
  requirements: ['TOOLS-8'],
  spec: 'server/tools#error-handling',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  connection: 'disposable',
  async run(ctx) {
    // Non-object arguments name a tool we may call anyway, so a lenient server cannot do harm.
    const callable = callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options)[0];
    const probes: Array<[string, Record<string, unknown>]> = [['tools/call without a name', {}]];
    if (callable) probes.push([`tools/call ${callable.name} with arguments [1]`, { name: callable.name, arguments: [1] }]);
    else ctx.note('no callable tool: only the missing-name probe was sent');
    let verdict: Verdict | undefined;
    for (const [what, params] of probes) verdict ??= malformedVerdict(ctx, what, params, await ctx.request('tools/call', params));
    return verdict ?? ctx.pass();
  },
});

/** A callable tool and arguments that break its inputSchema in one member, if any. */
function invalidArguments(ctx: CheckContext, tools: ToolDef[]): { tool: ToolDef; args: Record<string, unknown>; how: string } | undefined {
  let fallback: { tool: ToolDef; args: Record<string, unknown>; how: string } | undefined;
  for (const tool of callableTools(tools, ctx.options)) {
    const compiled = compileSchema(tool.inputSchema, ctx.revision);
    const built = argumentsFor(tool, ctx);
    if (!compiled.ok || 'reason' in built || !isObject(tool.inputSchema)) continue;
    const schema = tool.inputSchema;
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    for (const name of required) {
      const wrong = wrongTypeFor(properties[name]);
      const args = { ...built.args, [name]: wrong };
      if (wrong !== undefined && !compiled.validate(args)) return { tool, args, how: `required argument "${name}" given a value of the wrong type` };
    }
    if (!fallback) {
      const args = { ...built.args, mcp_conform_unexpected: true };
      if (!compiled.validate(args)) fallback = { tool, args, how: 'an argument its inputSchema does not allow' };
    }
  }
  return fallback;
}

export const invalidArgumentsRejected = defineCheck({
  id: 'tools/invalid-arguments',
  shares: [listWalk],
  title: 'arguments that break the inputSchema are rejected (isError from 2025-11-25, -32602 before)',
  level: 'SHOULD',
  requirements: ['TOOLS-9'],
  spec: 'server/tools#error-handling',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
    const probe = invalidArguments(ctx, tools);
    if (!probe) return ctx.skip('no callable tool has an inputSchema we can break with one wrong argument');
    ctx.note(`calling ${probe.tool.name} with ${probe.how}`);
    const o = await ctx.request('tools/call', { name: probe.tool.name, arguments: probe.args }, { headers: paramHeaders(ctx.session, probe.tool, probe.args) });
    const expected = from2511(ctx) ? 'a result with isError: true' : 'error -32602, or a result with isError: true';
    if (isToolError(o)) return ctx.pass();
    if (o.kind === 'error') {
      if (errorCode(o) !== -32602) return ctx.warn(`invalid arguments answered with error code ${String(o.error.code)}`, expected, describeOutcome(o));
      if (!from2511(ctx)) return ctx.pass();
      // Catalog Appendix A #3: up to 2025-06-18 this was the rule, so the older form is tolerated.
      return ctx.warn('invalid arguments answered with protocol error -32602; from 2025-11-25 input validation errors are tool execution errors (isError: true)', expected, describeOutcome(o));
    }
    if (o.kind === 'result') return ctx.violation(`${probe.tool.name} accepted arguments that break its inputSchema`, expected, describeOutcome(o));
    return ctx.violation(`calling ${probe.tool.name} with invalid arguments: ${describeOutcome(o)}`, expected, describeOutcome(o));
  },
});

export const argumentsOptional = defineCheck({
  id: 'tools/arguments-optional',
  shares: [toolSurvey],
  title: 'a tool without required parameters can be called with arguments omitted',
  level: 'MUST',
  kind: 'D',
  requirements: ['TOOLS-21'],
  spec: 'server/tools#calling-tools',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  // Waits on the tool survey: started with it, it holds none of the main session's slots meanwhile.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    const noRequired = (c: ToolCall) => Object.keys(c.args).length === 0 && c.outcome.kind === 'result' && !isInputRequired(c.outcome) && isObject(c.tool.inputSchema) && !(Array.isArray(c.tool.inputSchema.required) && c.tool.inputSchema.required.length);
    const candidates = survey.calls.filter(noRequired);
    // Prefer a tool whose call with {} succeeded outright.
    const call = candidates.find((c) => !isToolError(c.outcome)) ?? candidates[0];
    if (!call) return ctx.skip('no callable tool without required parameters answered a call with arguments {}');
    ctx.note(`${call.tool.name} answered arguments {} with a result`);
    const o = await ctx.request('tools/call', { name: call.tool.name });
    if (o.kind === 'result') return ctx.pass();
    return ctx.violation(`${call.tool.name} with arguments omitted: ${describeOutcome(o)}`, 'a CallToolResult, as with arguments {}', describeOutcome(o));
  },
});

export const embeddedResourcesDeclared = defineCheck({
  id: 'tools/embedded-resources-declared',
  shares: [toolSurvey],
  title: 'a server whose tool results embed resources declares the resources capability',
  level: 'SHOULD',
  requirements: ['TOOLS-16'],
  spec: 'server/tools#embedded-resources',
  revisions: andStateless(['2025-06-18', '2025-11-25']),
  needs: ['tools'],
  // Waits on the tool survey: started with it, it holds none of the main session's slots meanwhile.
  long: true,
  async run(ctx) {
    const survey = await surveyTools(ctx);
    const none = nothingCalled(ctx, survey);
    if (none) return none;
    const embedding = survey.calls.filter((c) => c.outcome.kind === 'result' && Array.isArray(c.outcome.result.content) && c.outcome.result.content.some((b) => isObject(b) && b.type === 'resource'));
    if (embedding.length === 0) return ctx.skip('no tool result we saw embeds a resource');
    if (ctx.declares('resources')) return ctx.pass(`${embedding.map((c) => c.tool.name).join(', ')} embed resources; the resources capability is declared`);
    ctx.evidence.push(...embedding[0].evidence);
    return ctx.violation(`${embedding[0].tool.name} returns an embedded resource, but the server does not declare the resources capability`, 'capabilities.resources, so clients can read and list what tools embed', 'no resources capability');
  },
});

export const toolChecks: Check[] = [
  listValid,
  toolNames,
  schemasCompile,
  callResultValid,
  binaryContent,
  structuredContent,
  structuredContentText,
  unknownTool,
  malformedCall,
  invalidArgumentsRejected,
  argumentsOptional,
  embeddedResourcesDeclared,
];

