// Requests the server sends its client (stateful revisions): sampling/createMessage,
// elicitation/create and roots/list, provoked by the tools we may call on connections that
// declare those capabilities (suites/lib/client-request-runs.ts). Their shape for the revision,
// the modes and features used only when declared, a server that survives being refused, and a
// server that asks for roots again after notifications/roots/list_changed.
// Proof of each check (the fixture fault that must break it): test/proof/client-requests.ts.
import { defineCheck, describeOutcome, errorCode, lostResponse, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Revision } from '../src/schema/index.js';
import type { Outcome, Received } from '../src/session/index.js';
import { allRuns, askedBy, asksOf, callOf, clientRequestRun, nothingAsked, triggerOf, violatedProperty, clientRequestScenario, type AnswerPolicy, type ClientRequestRun, type ServerAsk } from './lib/client-request-runs.js';
import { isObject } from './lib/json-object.js';
import { outlivedPastNeed } from './lib/outlived.js';
import { callTool } from './lib/tool-call.js';
import { argumentsFor, CALL_BUDGET_MS } from './lib/tool-survey.js';

const WITH_ELICITATION: readonly Revision[] = ['2025-06-18', '2025-11-25'];
const NEWEST_STATEFUL: readonly Revision[] = ['2025-11-25'];
const SAMPLING = 'sampling/createMessage';
const ELICITATION = 'elicitation/create';
const ROOTS = 'roots/list';

/** Records one request as evidence: which call it came during, and the message itself. */
function recordAsk(ctx: CheckContext, ask: ServerAsk): void {
  ctx.note(`${ask.method} arrived ${triggerOf(ask)}; mcp-conform answered ${JSON.stringify(ask.answer).slice(0, 200)}`);
  ctx.evidence.push({ type: 'message', direction: 'received', at: ask.received.at, message: ask.received.message });
}

/** Did the run declare this sub-capability (sampling.tools, elicitation.url, …)? */
function declaredSub(run: ClientRequestRun, capability: string, sub: string): boolean {
  const declared = run.declared[capability];
  return isObject(declared) && isObject(declared[sub]);
}

/** Our answer in a few words: the action, the error code, or the result's keys. */
function answerText(ask: ServerAsk): string {
  if ('error' in ask.answer) return `error ${ask.answer.error.code}`;
  const r = ask.answer.result;
  return typeof r.action === 'string' ? r.action : `result {${Object.keys(r).join(', ')}}`;
}

/** Schema problems of a request, as "pointer: message". */
function schemaProblems(ask: ServerAsk): string[] {
  return ask.received.validation.problems.map((p) => `${p.pointer || '/'}: ${p.message}`);
}

/** Every request of `method` across the runs judged by `problemsOf`: a pass naming the triggers, or a violation with the first bad one. */
async function judgeEach(ctx: CheckContext, method: string, problemsOf: (ask: ServerAsk, run: ClientRequestRun) => string[], expected: string): Promise<Verdict> {
  const runs = await allRuns(ctx);
  if (runs.length === 0) return ctx.skip('no connection declaring the client capabilities could be initialized');
  const asks = asksOf(runs, method);
  if (asks.length === 0) return ctx.skip(nothingAsked(runs, method));
  for (const { run, ask } of asks) {
    const problems = problemsOf(ask, run);
    if (problems.length === 0) continue;
    recordAsk(ctx, ask);
    return ctx.violation(`${method} ${triggerOf(ask)}: ${problems.join('; ')}`, expected, problems.join('; ').slice(0, 300));
  }
  return ctx.pass(`${asks.length} ${method} request(s): ${[...new Set(asks.map((a) => triggerOf(a.ask)))].join('; ')}`);
}

// ---- shapes ---------------------------------------------------------------------------------------

export const samplingRequestShape = defineCheck({
  id: 'client-requests/sampling-request-shape',
  shares: [clientRequestScenario],
  title: 'sampling/createMessage requests have messages, an integer maxTokens and well-formed options',
  level: 'MUST',
  kind: 'S',
  requirements: ['SAMP-2'],
  spec: 'client/sampling#creating-messages',
  // Every check here waits on the client-request runs (a second or more of tool calls, a slow
  // tool's included), so every one is long: started at once, beside the others; started in
  // catalog order, they held every slot of the shared pool over HTTP while they waited
  // (docs/history/performance.md).
  long: true,
  run: (ctx) => judgeEach(ctx, SAMPLING, schemaProblems, 'a CreateMessageRequest of the negotiated schema'),
});

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** Why a form's requestedSchema is not a flat object of primitives (ELIC-4), or nothing. */
export function flatSchemaProblems(schema: unknown, revision: Revision): string[] {
  if (!isObject(schema)) return ['requestedSchema is missing or not an object'];
  if (schema.type !== 'object') return [`requestedSchema has type ${JSON.stringify(schema.type)}, not "object"`];
  if (!isObject(schema.properties)) return ['requestedSchema has no properties object'];
  const problems: string[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const type = isObject(property) ? property.type : undefined;
    if (typeof type === 'string' && PRIMITIVE_TYPES.has(type)) continue;
    // 2025-11-25 adds multi-select enums: arrays of strings, never of objects.
    const items = isObject(property) ? property.items : undefined;
    if (type === 'array' && revision === '2025-11-25' && isObject(items) && items.type !== 'object') continue;
    problems.push(`property ${JSON.stringify(name)} has type ${JSON.stringify(type)}: only strings, numbers, booleans and enums are allowed`);
  }
  return problems;
}

export const elicitationRequestShape = defineCheck({
  id: 'client-requests/elicitation-request-shape',
  shares: [clientRequestScenario],
  title: 'elicitation/create requests carry a message, and forms a flat schema of primitive properties',
  level: 'MUST',
  kind: 'S',
  requirements: ['ELIC-3', 'ELIC-4'],
  spec: 'client/elicitation#requested-schema',
  revisions: WITH_ELICITATION,
  long: true,
  run: (ctx) =>
    judgeEach(
      ctx,
      ELICITATION,
      (ask) => [...schemaProblems(ask), ...(ask.params.mode === 'url' ? [] : flatSchemaProblems(ask.params.requestedSchema, ctx.revision))],
      'an ElicitRequest whose requestedSchema is a flat object of primitives',
    ),
});

export const rootsRequestShape = defineCheck({
  id: 'client-requests/roots-request-shape',
  shares: [clientRequestScenario],
  title: 'roots/list requests carry no params besides _meta',
  level: 'MUST',
  kind: 'S',
  requirements: ['ROOTS-2'],
  spec: 'client/roots#listing-roots',
  long: true,
  run: (ctx) =>
    judgeEach(
      ctx,
      ROOTS,
      (ask) => [...schemaProblems(ask), ...Object.keys(ask.params).filter((k) => k !== '_meta').map((k) => `params has ${JSON.stringify(k)}`)],
      'a ListRootsRequest with no params, or only _meta',
    ),
});

// ---- only what the client declared ------------------------------------------------------------------

export const samplingToolsDeclared = defineCheck({
  id: 'client-requests/sampling-tools-declared',
  shares: [clientRequestScenario],
  title: 'sampling requests carry tools or toolChoice only for a client that declared sampling.tools',
  level: 'MUST',
  requirements: ['SAMP-3'],
  spec: 'client/sampling#tools-in-sampling',
  revisions: NEWEST_STATEFUL,
  long: true,
  run: (ctx) =>
    judgeEach(
      ctx,
      SAMPLING,
      (ask, run) => (declaredSub(run, 'sampling', 'tools') ? [] : ['tools', 'toolChoice'].filter((k) => ask.params[k] !== undefined).map((k) => `has ${k} although the client declared sampling without tools`)),
      'no tools or toolChoice (the client declared sampling: {})',
    ),
});

export const samplingIncludeContext = defineCheck({
  id: 'client-requests/sampling-include-context',
  shares: [clientRequestScenario],
  title: 'sampling requests ask for other context (includeContext) only when the client declared sampling.context',
  level: 'SHOULD',
  requirements: ['SAMP-4'],
  spec: 'client/sampling#capabilities',
  revisions: NEWEST_STATEFUL,
  long: true,
  run: (ctx) =>
    judgeEach(
      ctx,
      SAMPLING,
      (ask, run) => {
        const context = ask.params.includeContext;
        return context === undefined || context === 'none' || declaredSub(run, 'sampling', 'context') ? [] : [`includeContext is ${JSON.stringify(context)} although the client did not declare sampling.context`];
      },
      'includeContext absent or "none"',
    ),
});

/** Which client task capability lets the server make this request a task (2025-11-25 tasks.requests). */
const TASK_CAPABILITY: Readonly<Record<string, readonly [string, string]>> = {
  [SAMPLING]: ['sampling', 'createMessage'],
  [ELICITATION]: ['elicitation', 'create'],
};

/** Did the run declare tasks.requests.<area>.<method> for this request's method? */
function declaredTaskFor(run: ClientRequestRun, method: string): boolean {
  const path = TASK_CAPABILITY[method];
  const requests = isObject(run.declared.tasks) ? run.declared.tasks.requests : undefined;
  const area = path && isObject(requests) ? requests[path[0]] : undefined;
  return path !== undefined && isObject(area) && isObject(area[path[1]]);
}

export const noTaskUndeclared = defineCheck({
  id: 'client-requests/no-task-undeclared',
  shares: [clientRequestScenario],
  title: 'the server makes a request to the client a task only when the client declared tasks for it',
  level: 'SHOULD',
  requirements: ['TASK-30'],
  spec: 'basic/utilities/tasks#capability-negotiation',
  revisions: NEWEST_STATEFUL,
  long: true,
  async run(ctx) {
    const runs = await allRuns(ctx);
    if (runs.length === 0) return ctx.skip('no connection declaring the client capabilities could be initialized');
    const asks = runs.flatMap((run) => run.asks.map((ask) => ({ run, ask })));
    if (asks.length === 0) return ctx.skip(nothingAsked(runs, 'request'));
    const tasked = asks.find(({ run, ask }) => ask.params.task !== undefined && !declaredTaskFor(run, ask.method));
    if (tasked) {
      recordAsk(ctx, tasked.ask);
      const declared = JSON.stringify(tasked.run.declared.tasks ?? null);
      return ctx.violation(`${tasked.ask.method} ${triggerOf(tasked.ask)} carries task ${JSON.stringify(tasked.ask.params.task).slice(0, 120)}, although the client declared tasks ${declared}`, 'no task member: the client declared no tasks capability for this request', JSON.stringify(tasked.ask.params.task).slice(0, 200));
    }
    const methods = [...new Set(asks.map((a) => a.ask.method))].join(', ');
    return ctx.pass(`${asks.length} request(s) (${methods}) to a client without a tasks capability, none of them a task`);
  },
});

export const elicitationModesDeclared = defineCheck({
  id: 'client-requests/elicitation-modes-declared',
  shares: [clientRequestScenario],
  title: 'URL-mode elicitations go only to a client that declared elicitation.url',
  level: 'MUST',
  requirements: ['ELIC-2'],
  spec: 'client/elicitation#capabilities',
  revisions: NEWEST_STATEFUL,
  long: true,
  run: (ctx) =>
    judgeEach(
      ctx,
      ELICITATION,
      (ask, run) => (ask.params.mode === 'url' && !declaredSub(run, 'elicitation', 'url') ? [`mode "url" sent to a client that declared elicitation ${JSON.stringify(run.declared.elicitation)} (form only)`] : []),
      'form mode only (the client declared elicitation: {})',
    ),
});

/** URL-mode elicitations (ELIC-6), the completion notifications naming them (ELIC-8), and -32042 errors (ELIC-9): the problems found. */
function urlModeProblems(runs: ClientRequestRun[]): { problems: string[]; evidence: Received[]; seen: number } {
  const problems: string[] = [];
  const evidence: Received[] = [];
  const ids = new Map<string, number>();
  let seen = 0;
  for (const run of runs) {
    const known = new Set<string>();
    for (const ask of run.asks.filter((a) => a.method === ELICITATION && a.params.mode === 'url')) {
      seen++;
      const { message, url, elicitationId } = ask.params;
      const bad: string[] = [];
      if (typeof message !== 'string') bad.push('no string message');
      if (typeof url !== 'string' || !URL.canParse(url)) bad.push(`url ${JSON.stringify(url)} is not a URL`);
      if (typeof elicitationId !== 'string') bad.push('no string elicitationId');
      else {
        known.add(elicitationId);
        ids.set(elicitationId, (ids.get(elicitationId) ?? 0) + 1);
        if (ids.get(elicitationId) === 2) bad.push(`elicitationId ${JSON.stringify(elicitationId)} was used before`);
      }
      if (bad.length) {
        problems.push(`URL elicitation ${triggerOf(ask)}: ${bad.join(', ')}`);
        evidence.push(ask.received);
      }
    }
    for (const note of run.completions) {
      seen++;
      const id = isObject(note.message) && isObject(note.message.params) ? note.message.params.elicitationId : undefined;
      if (typeof id === 'string' && known.has(id)) continue;
      problems.push(`notifications/elicitation/complete names ${JSON.stringify(id)}, which no URL elicitation of this session had`);
      evidence.push(note);
    }
    for (const call of run.calls.filter((c) => errorCode(c.outcome) === -32042)) {
      seen++;
      const data = call.outcome.kind === 'error' && isObject(call.outcome.error.data) ? call.outcome.error.data : {};
      const list = Array.isArray(data.elicitations) ? data.elicitations : [];
      const ok = list.length > 0 && list.every((e) => isObject(e) && e.mode === 'url' && typeof e.elicitationId === 'string');
      if (!ok) problems.push(`tools/call ${call.tool.name} got -32042 whose data.elicitations is not a list of URL elicitations with ids`);
    }
  }
  return { problems, evidence, seen };
}

export const elicitationUrlMode = defineCheck({
  id: 'client-requests/elicitation-url-mode',
  shares: [clientRequestScenario],
  title: 'URL-mode elicitations carry a message, a URL and a unique elicitationId, and their completions name one',
  level: 'MUST',
  requirements: ['ELIC-6', 'ELIC-8', 'ELIC-9'],
  spec: 'client/elicitation#url-mode-elicitation-requests',
  revisions: NEWEST_STATEFUL,
  long: true,
  async run(ctx) {
    const runs = await allRuns(ctx);
    const found = urlModeProblems(runs);
    if (found.seen === 0) return ctx.skip(`${nothingAsked(runs, 'URL-mode elicitation/create')}; no -32042 either`);
    for (const r of found.evidence.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    if (found.problems.length) return ctx.violation(found.problems[0], 'mode "url", a message, a parseable url and an elicitationId unique to the server', found.problems.join('; ').slice(0, 300));
    return ctx.pass(`${found.seen} URL elicitation(s), completion(s) or -32042 error(s), all well formed`);
  },
});

// ---- refusals survived ----------------------------------------------------------------------------

/**
 * After we refused `method` (policy), every call it arrived during must still end with an answer,
 * and the server must answer the liveness probe. `judgeResult` may also reject the answer a call got.
 */
async function survives(ctx: CheckContext, policies: AnswerPolicy[], method: string, judgeResult?: (outcome: ClientRequestRun['calls'][number]['outcome']) => string | undefined) {
  const broken: string[] = [];
  const lost: string[] = [];
  let asked = 0;
  const triggers = new Set<string>();
  // The control: how each call ended when we answered validly. A call that was slow then too says
  // nothing about the refusal, nor does one given up before twice the time it took then: a tool
  // that takes about as long as our wait for stragglers may end just inside it in one run and just
  // outside in the other.
  const control = await clientRequestRun(ctx, 'cooperate');
  const controlOutcome = (name: string) => ('asks' in control ? callOf(control, name)?.outcome : undefined);
  const notJudged = (name: string, outcome: Outcome): string | undefined => {
    const then = controlOutcome(name);
    if (then === undefined) return undefined;
    if (then.kind !== 'result' && then.kind !== 'error') return 'it went unanswered within the budget when we answered validly too';
    if (outcome.kind === 'timeout' && outcome.ms < 2 * then.ms) return `it was given up after ${outcome.ms} ms, less than twice the ${then.ms} ms it took when we answered validly`;
    return undefined;
  };
  for (const policy of policies) {
    const run = await clientRequestRun(ctx, policy);
    if (!('asks' in run)) return ctx.skip(run.skip);
    const asks = run.asks.filter((a) => a.method === method);
    asked += asks.length;
    if (asks.length === 0) continue;
    recordAsk(ctx, asks[0]);
    for (const a of asks) triggers.add(`${triggerOf(a)} → ${answerText(a)}`);
    for (const name of new Set(asks.flatMap((a) => a.during))) {
      const call = callOf(run, name);
      if (!call) continue;
      const gone = call.lost ?? outlivedPastNeed(call, controlOutcome(name));
      if (gone) {
        ctx.evidence.push(...call.evidence);
        lost.push(`tools/call ${name}, after we answered ${JSON.stringify(asks[0].answer).slice(0, 120)}, got no response: ${gone}`);
        continue;
      }
      const why = notJudged(name, call.outcome);
      if (why) {
        ctx.note(`tools/call ${name} is not judged: ${why}`);
        continue;
      }
      ctx.evidence.push(...call.evidence);
      const o = call.outcome;
      if (o.kind !== 'result' && o.kind !== 'error') broken.push(`tools/call ${name}, after we answered ${JSON.stringify(asks[0].answer).slice(0, 120)}: ${describeOutcome(o)}`);
      else {
        const wrong = judgeResult?.(o);
        if (wrong) broken.push(`tools/call ${name}: ${wrong}`);
      }
    }
    const dead = lostResponse(run.alive);
    if (dead) lost.push(`the liveness probe after the ${policy} answers got no response: ${dead}`);
    else if (run.alive.kind !== 'result') broken.push(`the liveness probe after the ${policy} answers: ${describeOutcome(run.alive)}`);
    // A server that lost its answers may be gone (over HTTP a dead process refuses the next
    // policy's connection): the verdict is known, and the next run would only fail on our side.
    if (lost.length) break;
  }
  if (asked === 0) {
    const runs = await allRuns(ctx);
    return ctx.skip(nothingAsked(runs, method));
  }
  const expected = 'the call that asked ends with a result or an error, and the server stays alive';
  if (lost.length) return ctx.lostResponse(lost[0], expected, [...lost, ...broken].join('; ').slice(0, 300));
  if (broken.length) return ctx.violation(broken[0], 'the call that asked ends with a result or an error, and the server stays alive', broken.join('; ').slice(0, 300));
  return ctx.pass(`${asked} ${method} request(s) refused (${[...triggers].join('; ')}); every call that asked ended and the server answered after`);
}

export const samplingErrorSurvived = defineCheck({
  id: 'client-requests/sampling-error-survived',
  shares: [clientRequestScenario],
  title: 'a sampling request answered with the user-rejected error (-1) ends its call, and the server goes on',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['SAMP-7'],
  spec: 'client/sampling#error-handling',
  long: true,
  run: (ctx) => survives(ctx, ['refuse'], SAMPLING),
});

export const samplingMalformedResult = defineCheck({
  id: 'client-requests/sampling-malformed-result',
  shares: [clientRequestScenario],
  title: 'a sampling result missing its fields is not taken for a valid one',
  level: 'SHOULD',
  requirements: ['SAMP-6'],
  spec: 'client/sampling#security-considerations',
  long: true,
  run: (ctx) =>
    survives(ctx, ['cancel'], SAMPLING, (o) =>
      o.kind === 'result' && o.result.isError !== true ? 'succeeded (no isError) although the sampling result we gave had no role, content or model' : undefined,
    ),
});

export const elicitationRefusalSurvived = defineCheck({
  id: 'client-requests/elicitation-refusal-survived',
  shares: [clientRequestScenario],
  title: 'declined and cancelled elicitations end their calls, and the server goes on',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['ELIC-11'],
  spec: 'client/elicitation#response-actions',
  revisions: WITH_ELICITATION,
  long: true,
  run: (ctx) => survives(ctx, ['refuse', 'cancel'], ELICITATION),
});

export const elicitationContentChecked = defineCheck({
  id: 'client-requests/elicitation-content-checked',
  shares: [clientRequestScenario],
  title: 'content accepted for a form elicitation is checked against the requested schema',
  level: 'SHOULD',
  kind: 'N',
  requirements: ['ELIC-10'],
  spec: 'client/elicitation#form-mode-security',
  revisions: WITH_ELICITATION,
  long: true,
  async run(ctx) {
    const run = await clientRequestRun(ctx, 'violate');
    if (!('asks' in run)) return ctx.skip(run.skip);
    const forms = run.asks.filter((a) => violatedProperty(a) !== undefined);
    const accepted: string[] = [];
    const checked: string[] = [];
    // Only forms we can lay to one call are judged: on a shared stream a request names every call in flight.
    const ambiguous = forms.filter((a) => askedBy(run, a).length === 0);
    if (ambiguous.length) ctx.note(`${ambiguous.length} form(s) not judged: they arrived while several calls were in flight (${triggerOf(ambiguous[0])})`);
    for (const name of new Set(forms.flatMap((a) => askedBy(run, a)))) {
      const mine = forms.filter((a) => askedBy(run, a).includes(name));
      const call = callOf(run, name);
      if (!call) continue;
      const o = call.outcome;
      const broke = `${JSON.stringify(violatedProperty(mine[0]))} of the wrong type`;
      if (mine.length > 1) checked.push(`${name} asked again`);
      else if (o.kind === 'error') checked.push(`${name} answered error ${String(o.error.code)}`);
      else if (o.kind === 'result' && o.result.isError === true) checked.push(`${name} returned an error result`);
      else if (o.kind === 'result') {
        recordAsk(ctx, mine[0]);
        ctx.evidence.push(...call.evidence);
        accepted.push(`tools/call ${name} succeeded after we accepted its form with ${broke}`);
      } else ctx.note(`tools/call ${name} is not judged: ${describeOutcome(o)}`);
    }
    if (accepted.length) return ctx.violation(accepted.join('; '), 'an error result, an error, or the form asked again', accepted[0]);
    if (checked.length === 0) return ctx.skip('no call that asked for a form could be judged (see the notes)');
    return ctx.pass(`content breaking the requested schema was not taken as valid: ${checked.join('; ')}`);
  },
});

export const rootsErrorSurvived = defineCheck({
  id: 'client-requests/roots-error-survived',
  shares: [clientRequestScenario],
  title: 'roots/list answered with -32601 leaves the server working',
  level: 'SHOULD',
  requirements: ['ROOTS-4'],
  spec: 'client/roots#error-handling',
  long: true,
  run: (ctx) => survives(ctx, ['refuse'], ROOTS),
});

// ---- roots/list_changed ----------------------------------------------------------------------------

const isRootsRequest = (r: Received) => isObject(r.message) && r.message.method === ROOTS && 'id' in r.message;

export const rootsAskedAgain = defineCheck({
  id: 'client-requests/roots-list-changed',
  shares: [clientRequestScenario],
  title: 'after notifications/roots/list_changed, a server that uses roots asks for them again',
  level: 'SHOULD',
  kind: 'S',
  requirements: ['ROOTS-3'],
  spec: 'client/roots#root-list-changes',
  long: true,
  async run(ctx) {
    const run = await clientRequestRun(ctx, 'cooperate');
    if (!('asks' in run)) return ctx.skip(run.skip);
    const earlier = run.asks.filter((a) => a.method === ROOTS);
    if (earlier.length === 0) return ctx.skip(nothingAsked([run], ROOTS));
    if (run.session.closed) return ctx.skip('the connection that was asked for roots has closed');
    recordAsk(ctx, earlier[0]);
    const session = run.session;
    const before = session.received.filter(isRootsRequest).length;
    const asked = session.waitFor(isRootsRequest, Math.max(ctx.options.quietMs * 2, 1000));
    await ctx.notify('notifications/roots/list_changed', undefined, session);
    let again = await asked;
    let how = 'on its own';
    // A server that does not cache roots asks when it next needs them: call the tools that asked before.
    if (!again) {
      const tools = [...new Set(earlier.flatMap((a) => a.during))].map((name) => callOf(run, name)?.tool).filter((t) => t !== undefined);
      for (const tool of tools) {
        const built = argumentsFor(tool, ctx);
        if ('reason' in built) continue;
        await callTool(session, tool, built.args, Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS));
        how = `when tools/call ${tool.name} ran again`;
      }
      again = session.received.slice().reverse().find(isRootsRequest);
      if (session.received.filter(isRootsRequest).length === before) again = undefined;
    }
    if (!again) return ctx.violation(`no roots/list after notifications/roots/list_changed (the server had asked ${triggerOf(earlier[0])})`, 'a new roots/list', 'none');
    ctx.evidence.push({ type: 'message', direction: 'received', at: again.at, message: again.message });
    return ctx.pass(`the server asked for roots again ${how}`);
  },
});

export const clientRequestChecks: Check[] = [
  samplingRequestShape,
  samplingToolsDeclared,
  samplingIncludeContext,
  noTaskUndeclared,
  samplingErrorSurvived,
  samplingMalformedResult,
  elicitationRequestShape,
  elicitationModesDeclared,
  elicitationUrlMode,
  elicitationRefusalSurvived,
  elicitationContentChecked,
  rootsRequestShape,
  rootsAskedAgain,
  rootsErrorSurvived,
];
