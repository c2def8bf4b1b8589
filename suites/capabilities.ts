// Capabilities: declared features work, undeclared ones are refused and not offered,
// list_changed only where declared, and server requests only for what the client declared.
// Proof of each check (the fixture fault that must break it): test/proof/capabilities.ts.
import { defineCheck, describeOutcome, errorCode, defineSharedScenario, type Check, type CheckContext } from '../src/checks/index.js';
import { isStateless } from '../src/schema/index.js';
import type { Received, Session } from '../src/session/index.js';
import { delay } from './lib/delay.js';
import { ALL_CLIENT_CAPABILITIES, handshakeWalk, handshakeWalkScenario } from './lib/handshake-walk.js';
import { exchangeOn, recordExchange, type Exchange } from './lib/exchange.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, listWalk, walkedOn } from './lib/list-all.js';
import { describeWalkFailure, recordFailedPage } from './lib/list-verdict.js';
import { isNotification, methodOf } from './lib/message-readers.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { openServerStream } from './lib/server-stream.js';
import { argumentsFor, callableTools, callBriefly, toolsOf } from './lib/tool-survey.js';
import { UNKNOWN_PROMPT } from './prompts.js';
import { subscriptionProbe, UNKNOWN_URI, subscriptionProbeScenario } from './resources.js';

export const declaredFeaturesWork = defineCheck({
  id: 'capabilities/declared-features-work',
  shares: [listWalk, subscriptionProbeScenario],
  title: 'each declared capability answers its basic method',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CAP-10'],
  spec: 'basic/lifecycle#capability-negotiation',
  async run(ctx) {
    const broken: string[] = [];
    const tried: string[] = [];
    const lists: Array<[string, string]> = [
      ['tools', 'tools/list'],
      ['prompts', 'prompts/list'],
      ['resources', 'resources/list'],
    ];
    await Promise.all([
      ...lists.map(async ([cap, method]) => {
        if (!ctx.declares(cap)) return;
        tried.push(method);
        const walk = await listAll(ctx, method, cap);
        // Only the first page matters here: pagination has its own checks.
        if (walk.end === 'error' && walk.pages.length === 1) {
          recordFailedPage(ctx, walk);
          broken.push(`${cap} → ${describeWalkFailure(walk)}`);
        }
      }),
      (async () => {
        if (!ctx.declares('resources.subscribe')) return;
        const probe = await subscriptionProbe(ctx);
        if (!probe.subscribe) return ctx.note('resources.subscribe: no listed resource to subscribe to');
        tried.push('resources/subscribe');
        for (const step of [probe.subscribe, probe.unsubscribe!]) {
          if (step.outcome.kind === 'result') continue;
          recordExchange(ctx, step);
          broken.push(`resources.subscribe → ${step.method}: ${describeOutcome(step.outcome)}`);
        }
      })(),
      (async () => {
        if (!ctx.declares('logging')) return;
        tried.push('logging/setLevel');
        // debug hides nothing, so the shared session keeps every message it would have had.
        const o = await ctx.request('logging/setLevel', { level: 'debug' });
        if (o.kind !== 'result') broken.push(`logging → logging/setLevel: ${describeOutcome(o)}`);
      })(),
      (async () => {
        if (!ctx.declares('completions')) return;
        const ref = await firstCompletionRef(ctx);
        if (!ref) return ctx.note('completions: no prompt argument to complete');
        tried.push('completion/complete');
        const o = await ctx.request('completion/complete', ref);
        if (o.kind !== 'result') broken.push(`completions → completion/complete: ${describeOutcome(o)}`);
      })(),
    ]);
    if (tried.length === 0) return ctx.skip('the server declares no feature whose basic method we can call');
    if (broken.length === 0) return ctx.pass(`answered: ${tried.join(', ')}`);
    return ctx.violation(`a declared capability does not work: ${broken.join('; ')}`, 'a result for each declared feature', broken.join('; ').slice(0, 300));
  },
});

async function firstCompletionRef(ctx: CheckContext): Promise<Item | undefined> {
  if (!ctx.declares('prompts')) return undefined;
  for (const p of objectsOf(await listAll(ctx, 'prompts/list', 'prompts'))) {
    const arg = Array.isArray(p.arguments) ? p.arguments.find((a) => isObject(a) && typeof a.name === 'string') : undefined;
    if (typeof p.name === 'string' && isObject(arg)) return { ref: { type: 'ref/prompt', name: p.name }, argument: { name: arg.name, value: '' } };
  }
  return undefined;
}

// ---- undeclared features -------------------------------------------------------------------------

interface UndeclaredProbe extends Exchange {
  capability: string;
  /** For features whose basic method proves the feature is offered: the catalog row, and what a real answer looks like. */
  offers?: { requirement: string; proves: (result: unknown) => boolean };
}

// An empty list or no completion values offers nothing: go-sdk and rmcp answer undeclared
// features so by default, which undeclared-rejected warns on (CAP-7), not a MUST of CAP-1…CAP-5.
const listResult = (key: string) => (r: unknown) => isObject(r) && Array.isArray(r[key]) && r[key].length > 0;
const completeResult = (r: unknown) => isObject(r) && isObject(r.completion) && Array.isArray(r.completion.values) && r.completion.values.length > 0;

export const undeclaredProbes = defineSharedScenario<UndeclaredProbe[]>({ name: 'undeclared-capability probes' });

/** Calls the basic method of every feature the server did not declare; once per run. */
function probeUndeclared(ctx: CheckContext): Promise<UndeclaredProbe[]> {
  return ctx.shared(undeclaredProbes, async () => {
    const probes: Array<Omit<UndeclaredProbe, 'outcome' | 'at'>> = [];
    if (!ctx.declares('tools')) probes.push({ capability: 'tools', method: 'tools/list', offers: { requirement: 'CAP-1', proves: listResult('tools') } });
    if (!ctx.declares('resources')) probes.push({ capability: 'resources', method: 'resources/list', offers: { requirement: 'CAP-2', proves: listResult('resources') } });
    if (!ctx.declares('prompts')) probes.push({ capability: 'prompts', method: 'prompts/list', offers: { requirement: 'CAP-3', proves: listResult('prompts') } });
    // 2026-07-28 has no logging/setLevel and no resources/subscribe: logging and subscriptions go through _meta and subscriptions/listen.
    const stateful = !isStateless(ctx.revision);
    // A setLevel that succeeds offers no logging by itself: CAP-4 is about sending log messages.
    if (!ctx.declares('logging') && stateful) probes.push({ capability: 'logging', method: 'logging/setLevel', params: { level: 'debug' } });
    if (!ctx.declares('completions') && ctx.revision !== '2024-11-05') {
      const params = (await firstCompletionRef(ctx)) ?? { ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument: { name: 'name', value: '' } };
      probes.push({ capability: 'completions', method: 'completion/complete', params, offers: { requirement: 'CAP-5', proves: completeResult } });
    }
    if (ctx.declares('resources') && !ctx.declares('resources.subscribe') && stateful) {
      const uri = objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri).find((u) => typeof u === 'string') ?? UNKNOWN_URI;
      probes.push({ capability: 'resources.subscribe', method: 'resources/subscribe', params: { uri } });
    }
    return Promise.all(probes.map(async (p) => ({ ...p, ...(await exchangeOn(ctx.session, p.method, p.params)) })));
  });
}

export const undeclaredRejected = defineCheck({
  id: 'capabilities/undeclared-rejected',
  shares: [undeclaredProbes],
  title: 'methods of undeclared features are answered with -32601',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CAP-7', 'COMP-4'],
  spec: 'basic/lifecycle#operation',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const probes = await probeUndeclared(ctx);
    if (probes.length === 0) return ctx.skip('the server declares every feature we can probe');
    for (const p of probes) recordExchange(ctx, p);
    const served = probes.find((p) => p.outcome.kind === 'result');
    if (served?.outcome.kind === 'result') {
      // The raw result: Outcome turns a non-object result (e.g. null) into {}.
      const raw = `result ${JSON.stringify(served.outcome.message.result) ?? 'undefined'}`.slice(0, 200);
      return ctx.violation(`${served.method} answered with a result although ${served.capability} is not declared`, '-32601', raw);
    }
    const other = probes.find((p) => errorCode(p.outcome) !== -32601);
    if (other) return ctx.warn(`${other.method} (${other.capability} undeclared): ${describeOutcome(other.outcome)}`, '-32601 (another error: warn)', describeOutcome(other.outcome));
    return ctx.pass(`-32601 for ${probes.map((p) => p.method).join(', ')}`);
  },
});

export const offeredFeaturesDeclared = defineCheck({
  id: 'capabilities/offered-features-declared',
  shares: [undeclaredProbes],
  title: 'a feature the server serves (or logs through) is declared in its capabilities',
  level: 'MUST',
  requirements: ['CAP-1', 'CAP-2', 'CAP-3', 'CAP-4', 'CAP-5', 'TOOLS-1', 'RES-1', 'PROMPT-1', 'LOG-1', 'COMP-1'],
  spec: 'basic/lifecycle#capability-negotiation',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const probes = await probeUndeclared(ctx);
    // CAP-4: log notifications seen so far on the main session while logging is undeclared.
    const log = ctx.declares('logging') ? undefined : ctx.session.received.find((r) => isNotification(r, 'notifications/message'));
    if (log) {
      ctx.evidence.push({ type: 'message', direction: 'received', at: log.at, message: log.message });
      return ctx.violation('the server sent notifications/message without declaring the logging capability', 'capabilities.logging', 'absent');
    }
    // Only a real answer (items in a list, completion values) proves the feature is there; a stub, a null or an empty list does not.
    const answered = probes.filter((p) => p.offers && p.outcome.kind === 'result');
    const served = answered.find((p) => p.outcome.kind === 'result' && p.offers!.proves(p.outcome.message.result));
    if (served) {
      recordExchange(ctx, served);
      return ctx.violation(`${served.method} is served (it answered with a real result), but capabilities.${served.capability} is not declared (${served.offers!.requirement})`, `capabilities.${served.capability}`, 'absent');
    }
    if (answered.length) ctx.note(`answered with nothing in it (undeclared-rejected judges the missing -32601): ${answered.map((p) => p.method).join(', ')}`);
    if (probes.length === 0 && ctx.declares('logging')) return ctx.skip('the server declares every feature we can probe');
    return ctx.pass();
  },
});

// ---- list_changed ------------------------------------------------------------------------------

const LIST_CHANGED: Record<string, string> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
};

export const listChangedDeclared = defineCheck({
  id: 'capabilities/list-changed-declared-whole-run',
  phase: 'final',
  title: 'list_changed notifications come only for features that declared listChanged',
  level: 'MUST',
  kind: 'D',
  requirements: ['CAP-8'],
  spec: 'basic/lifecycle#operation',
  async run(ctx) {
    // Runs after the other checks: the main session has seen the whole run's traffic.
    await openServerStream(ctx.session, ctx.options.requestTimeoutMs);
    const spokeAt = ctx.session.lastSentAt ?? 0;
    await ctx.request('ping');
    // stdio keeps order: the ping's answer comes after anything our earlier messages caused. Over
    // HTTP the GET stream does not; a late notification gets 300 ms after the last message we sent
    // on this session (however long ago that was), not after this check began.
    if (ctx.session.transport.kind !== 'stdio') await delay(Math.max(0, Math.min(ctx.options.quietMs, 300) - (ctx.session.now() - spokeAt)));
    const undeclared = (r: Received) => {
      const m = methodOf(r);
      const cap = m && isNotification(r) ? LIST_CHANGED[m] : undefined;
      if (!cap) return false;
      const declared = ctx.facts.capabilities[cap];
      return !(isObject(declared) && declared.listChanged === true);
    };
    const bad = ctx.session.received.filter(undeclared);
    const seen = ctx.session.received.filter((r) => isNotification(r) && LIST_CHANGED[methodOf(r) ?? '']).length;
    if (bad.length === 0) return ctx.pass(`${seen} list_changed notification(s) on the main session, all declared`);
    ctx.evidence.push({ type: 'message', direction: 'received', at: bad[0].at, message: bad[0].message });
    const m = methodOf(bad[0])!;
    return ctx.violation(`the server sent ${m} without declaring ${LIST_CHANGED[m]}.listChanged`, `capabilities.${LIST_CHANGED[m]}.listChanged: true`, JSON.stringify(ctx.facts.capabilities[LIST_CHANGED[m]] ?? null));
  },
});

// ---- client capabilities ---------------------------------------------------------------------------

const CLIENT_CAPABILITY_RULES = new Set(['ROOTS-1', 'SAMP-1', 'ELIC-1']);
/** A session that declared every client capability: the lifecycle handshake walk's, once it is done (it declares them all), else a new one. */
async function declaringSession(ctx: CheckContext): Promise<Session> {
  const walk = await handshakeWalk(ctx);
  if (walk.handshake.outcome.kind === 'result' && walk.initializedSent && !walk.session.closed) return walk.session;
  return (await ctx.connect({ clientCapabilities: ALL_CLIENT_CAPABILITIES })).session;
}

/**
 * Safe activity that may make a server ask its client for something: lists and read-only tool
 * calls. A server asks while a call runs, so each call is watched for `quietMs` at most.
 */
async function provoke(ctx: CheckContext, session: Session): Promise<void> {
  const ms = ctx.options.quietMs;
  const tools = ctx.declares('tools') ? callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options).slice(0, 6) : [];
  const work: Array<Promise<unknown>> = tools.map((t) => callBriefly(ctx, session, t, ms));
  for (const [cap, method] of [['tools', 'tools/list'], ['prompts', 'prompts/list'], ['resources', 'resources/list']] as const) {
    if (!ctx.declares(cap)) continue;
    // The run's shared walk of the list may have gone on this very session: that was the same activity, seen by it.
    work.push(listAll(ctx, method, cap).then((walk) => (walkedOn(walk, session) ? undefined : session.request(method, undefined, { timeoutMs: ms }))));
  }
  await Promise.all(work);
}

const isServerRequest = (r: Received) => isObject(r.message) && 'id' in r.message && typeof r.message.method === 'string' && r.message.method !== 'ping';
const serverRequests = (s: Session) => s.received.filter(isServerRequest);

/** The client capabilities a session declared that let a server send it requests. */
const declaresClientFeatures = (s: Session) => Object.keys(s.options.clientCapabilities ?? {}).some((k) => k in ALL_CLIENT_CAPABILITIES);

export const clientCapabilitiesRespected = defineCheck({
  id: 'capabilities/client-capabilities-respected',
  shares: [handshakeWalkScenario, listWalk],
  title: 'the server sends roots, sampling and elicitation requests only to a client that declared them',
  level: 'MUST',
  // LIFE-11: the negotiated client capabilities are the ones the server may use.
  requirements: ['CAP-12', 'ROOTS-1', 'SAMP-1', 'ELIC-1', 'LIFE-11'],
  spec: 'basic/lifecycle#operation',
  long: true, // watches each call for a quiet period: started first, beside the others
  async run(ctx) {
    // Alongside: a client that declares everything, to show what the server asks for and that we answer.
    const declaring = (async () => {
      const session = await declaringSession(ctx);
      await openServerStream(session, ctx.options.requestTimeoutMs);
      await ctx.notify('notifications/roots/list_changed', undefined, session);
      await provoke(ctx, session);
      // Some servers ask (e.g. for roots) a moment after initialization: give them quietMs to.
      if (serverRequests(session).length === 0) await session.waitFor(isServerRequest, ctx.options.quietMs);
      return serverRequests(session);
    })();
    // Awaited below; should the bare client's side throw first, this must not become an unhandled rejection.
    declaring.catch(() => undefined);
    // On stdio the main session (which declares no client capabilities) serves, with the whole run's traffic;
    // over HTTP unsolicited requests need a GET stream, which we open on a session of our own.
    const useMain = ctx.session.transport.kind === 'stdio' && !declaresClientFeatures(ctx.session);
    const bare = useMain ? ctx.session : (await ctx.connect({ clientCapabilities: {} })).session;
    await openServerStream(bare, ctx.options.requestTimeoutMs);
    await provoke(ctx, bare);
    await delay(ctx.options.quietMs / 2);
    const asked = await declaring.catch(() => [] as Received[]);
    if (asked.length) ctx.note(`with roots, sampling and elicitation declared, the server sent ${asked.map((r) => methodOf(r)).join(', ')}; mcp-conform answered each`);

    // Findings of this run's other sessions count too (every one that declared nothing).
    const found = [...bare.findings, ...ctx.facts.unclaimed]
      .filter((f) => f.requirement && CLIENT_CAPABILITY_RULES.has(f.requirement))
      .filter((f, i, all) => all.findIndex((g) => g.message === f.message) === i);
    if (found.length === 0) {
      return ctx.pass(asked.length ? `none to a client without capabilities; ${asked.length} to one that declared them` : undefined);
    }
    for (const f of found.slice(0, 3)) ctx.evidence.push({ type: 'note', text: `[${f.requirement}] ${f.message}` }, ...f.evidence);
    const message = `${found[0].message}${found.length > 1 ? ` (+${found.length - 1} more)` : ''}`;
    return ctx.violation(message, 'no roots/list, sampling/createMessage or elicitation/create to a client that did not declare it', found.map((f) => f.requirement).join(', '));
  },
});

/** A tools/call result that is a CreateTaskResult rather than a CallToolResult. */
const isCreateTask = (o: { kind: string; result?: Record<string, unknown> }) => o.kind === 'result' && isObject(o.result?.task) && !Array.isArray(o.result?.content);

export const taskMemberIgnored = defineCheck({
  id: 'capabilities/task-member-ignored',
  title: 'without tasks.requests.tools.call declared, a tools/call carrying task is answered as a plain call',
  level: 'MUST',
  requirements: ['CAP-11', 'CAP-6'],
  spec: 'basic/utilities/tasks#task-support-and-handling',
  revisions: ['2025-11-25'],
  needs: ['tools'],
  async run(ctx) {
    if (ctx.declares('tasks.requests.tools.call')) return ctx.pass('the server declares tasks.requests.tools.call, so it may answer with tasks (the tasks/* checks judge them)');
    const tools = callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options);
    for (const tool of tools) {
      const built = argumentsFor(tool, ctx);
      if ('reason' in built) continue;
      const plain = await ctx.request('tools/call', { name: tool.name, arguments: built.args });
      if (plain.kind !== 'result') continue;
      const withTask = await ctx.request('tools/call', { name: tool.name, arguments: built.args, task: { ttl: 60_000 } });
      if (isCreateTask(withTask)) {
        return ctx.violation(`${tool.name} called with task got a CreateTaskResult, but the server never declared tasks.requests.tools.call`, 'a plain CallToolResult: the task member is ignored (CAP-11), or tasks declared (CAP-6)', describeOutcome(withTask));
      }
      if (withTask.kind !== 'result') {
        return ctx.violation(`${tool.name} answers a plain call, but not the same call carrying task: ${describeOutcome(withTask)}`, 'a plain CallToolResult: the task member is ignored (CAP-11)', describeOutcome(withTask));
      }
      return ctx.pass(`${tool.name} carrying task was answered as a plain call`);
    }
    return ctx.skip(tools.length ? 'no tool we may call answered a plain call with a result' : 'no tool we may call (read-only, or named with --call-tools)');
  },
});

export const capabilityChecks: Check[] = [declaredFeaturesWork, undeclaredRejected, offeredFeaturesDeclared, listChangedDeclared, clientCapabilitiesRespected, taskMemberIgnored];
