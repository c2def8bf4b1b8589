// Subscriptions in 2026-07-28: subscriptions/listen opens a stream that starts with an
// acknowledgment (S26-14), carries only the requested notification types (S26-15), each tagged
// with the subscription id (S26-16), and never a request's progress or logs (S26-18); the server
// ends one only with a listen result or a notifications/cancelled naming it, and cancels nothing
// else (S26-17, S26-32).
// Proof of each check (the fixture fault that must break it): test/proof/subscriptions.ts.
import { defineCheck, describeOutcome, type Check, type CheckContext } from '../src/checks/index.js';
import { absence, describeCarried, keyOf, META_SUBSCRIPTION_ID, type Received } from '../src/session/index.js';
import { isObject, type Item } from './lib/json-object.js';
import { isProgressOrLog, listenWithCall, plainListen, listenWithCallScenario, plainListenScenario } from './lib/listen-scenarios.js';
import { ACKNOWLEDGED, FILTER_OF, listenEvidence, notStreamed, subscriptionIdOf, type ListenStream } from './lib/listen-stream.js';
import { isNotification, methodOf, paramsOf } from './lib/message-readers.js';
import { plural } from './lib/plural.js';
import { sentMethods } from './lib/stateless-wire.js';

const REVISIONS = ['2026-07-28'] as const;
const SPEC = 'basic/patterns/subscriptions';
const CANCELLED = 'notifications/cancelled';

/** Members of an acknowledged filter that go beyond what was requested. */
export function beyondRequested(honoured: Item, requested: Item): string[] {
  const extra: string[] = [];
  for (const [key, value] of Object.entries(honoured)) {
    if (key === 'resourceSubscriptions') {
      const asked = Array.isArray(requested.resourceSubscriptions) ? requested.resourceSubscriptions : [];
      for (const uri of Array.isArray(value) ? value : []) if (!asked.includes(uri)) extra.push(`resourceSubscriptions ${JSON.stringify(uri)}`);
    } else if (value === true && requested[key] !== true) extra.push(key);
  }
  return extra;
}

const describeFilter = (filter: Item) => JSON.stringify(filter);

export const acknowledgedFirst = defineCheck({
  id: 'subscriptions/acknowledged-first',
  shares: [plainListenScenario],
  title: 'a listen stream starts with notifications/subscriptions/acknowledged naming the listen id and a subset of the filter',
  level: 'MUST',
  requirements: ['S26-14'],
  spec: `${SPEC}#acknowledgment`,
  revisions: REVISIONS,
  async run(ctx) {
    const plain = await plainListen(ctx);
    if ('skip' in plain) return ctx.skip(plain.skip);
    const s = plain.stream;
    ctx.evidence.push(...listenEvidence(s));
    if (!s.first) {
      if (s.answer) return ctx.violation(`subscriptions/listen was answered with ${describeOutcome(s.answer)} instead of an acknowledgment`, `${ACKNOWLEDGED} first`, describeOutcome(s.answer));
      const nothing = `nothing arrived on the listen stream within ${s.firstWaitMs ?? ctx.options.requestTimeoutMs} ms`;
      return ctx.violation(absence(nothing, s.carried), `${ACKNOWLEDGED} first`, s.carried ? describeCarried(s.carried) : 'nothing');
    }
    const first = s.first.message;
    const method = methodOf(s.first);
    if (method !== ACKNOWLEDGED) {
      const what = method ?? (isObject(first) && 'error' in first ? 'an error response' : 'a response');
      return ctx.violation(`the first message of the listen stream was ${what}`, ACKNOWLEDGED, method ?? JSON.stringify(first).slice(0, 120));
    }
    const id = subscriptionIdOf(first);
    if (id !== s.id) return ctx.violation(`the acknowledgment carries subscriptionId ${JSON.stringify(id)}, not the listen request's id`, `_meta["${META_SUBSCRIPTION_ID}"] = ${JSON.stringify(s.id)}`, JSON.stringify(id));
    const honoured = paramsOf(s.first).notifications;
    if (!isObject(honoured)) return ctx.violation('the acknowledgment has no notifications filter', 'params.notifications: the honoured subset', JSON.stringify(honoured));
    const extra = beyondRequested(honoured, s.filter);
    if (extra.length) return ctx.violation(`the acknowledgment honours what was not requested: ${extra.join(', ')}`, `a subset of ${describeFilter(s.filter)}`, JSON.stringify(honoured));
    const problems = s.first.validation.problems;
    if (problems.length) return ctx.violation(`the acknowledgment does not fit the schema: ${problems[0].message}`);
    // The spec does not say a listen over HTTP must stream (HTTP-8 allows a JSON body): not judged here.
    const json = notStreamed(s);
    return ctx.pass(`requested ${describeFilter(s.filter)}, honoured ${JSON.stringify(honoured)}${json ? `; not an SSE stream: ${json}` : ''}`);
  },
});

/** Why a notification on a listen stream was not asked for by `filter`, or undefined. */
function unrequestedBecause(r: Received, filter: Item): string | undefined {
  const method = methodOf(r)!;
  const key = Object.hasOwn(FILTER_OF, method) ? FILTER_OF[method] : undefined;
  if (!key) return `${method} is not a subscription notification`;
  if (key === 'resourceSubscriptions') {
    const uri = paramsOf(r).uri;
    const asked = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions : [];
    return asked.includes(uri) ? undefined : `${method} for ${JSON.stringify(uri)}, which was not subscribed to`;
  }
  return filter[key] === true ? undefined : `${method} although ${key} was not requested`;
}

export const onlyRequested = defineCheck({
  id: 'subscriptions/only-requested',
  shares: [plainListenScenario],
  title: 'a listen stream carries no notification type the client did not ask for',
  level: 'MUST',
  requirements: ['S26-15'],
  spec: `${SPEC}#opening-a-stream`,
  revisions: REVISIONS,
  async run(ctx) {
    const plain = await plainListen(ctx);
    if ('skip' in plain) return ctx.skip(plain.skip);
    const s = plain.stream;
    ctx.evidence.push(...listenEvidence(s));
    // The acknowledgment and a teardown are the stream's own; everything else must be asked for.
    const notifications = s.received.filter((r) => isNotification(r) && methodOf(r) !== ACKNOWLEDGED && methodOf(r) !== CANCELLED);
    const unrequested = notifications.map((r) => unrequestedBecause(r, s.filter)).filter((why): why is string => why !== undefined);
    if (unrequested.length) {
      return ctx.violation(`${plural(unrequested.length, 'unrequested notification')} on a stream that asked for ${describeFilter(s.filter)}; first: ${unrequested[0]}`, `only ${describeFilter(s.filter)}`, unrequested.slice(0, 3).join('; '));
    }
    return ctx.pass(`asked for ${describeFilter(s.filter)}; ${plural(notifications.length, 'notification')} after the acknowledgment within ${ctx.options.quietMs} ms, all requested`);
  },
});

export const tagged = defineCheck({
  id: 'subscriptions/notifications-tagged',
  shares: [plainListenScenario],
  title: 'every notification on a listen stream carries the subscriptionId',
  level: 'MUST',
  requirements: ['S26-16'],
  spec: `${SPEC}#receiving-notifications`,
  revisions: REVISIONS,
  async run(ctx) {
    const plain = await plainListen(ctx);
    if ('skip' in plain) return ctx.skip(plain.skip);
    const s = plain.stream;
    ctx.evidence.push(...listenEvidence(s));
    // A teardown notifications/cancelled names the listen in requestId instead.
    const notifications = s.received.filter((r) => isNotification(r) && methodOf(r) !== CANCELLED);
    const wrong = notifications.filter((r) => subscriptionIdOf(r.message) !== s.id);
    if (wrong.length) {
      const first = wrong[0];
      const got = subscriptionIdOf(first.message);
      return ctx.violation(
        `${plural(wrong.length, 'notification')} on the listen stream ${got === undefined ? 'without' : 'with a different'} subscriptionId; first: ${methodOf(first)} (${JSON.stringify(got)})`,
        `_meta["${META_SUBSCRIPTION_ID}"] = ${JSON.stringify(s.id)} on each`,
        JSON.stringify(got),
      );
    }
    if (notifications.length === 0) return ctx.skip('no notification arrived on the listen stream (see subscriptions/acknowledged-first)');
    return ctx.pass(`${plural(notifications.length, 'notification')}, all tagged ${JSON.stringify(s.id)}`);
  },
});

export const noProgressOnListen = defineCheck({
  id: 'subscriptions/no-progress-on-listen',
  shares: [listenWithCallScenario],
  title: "a request's progress and log notifications never go out on a listen stream",
  level: 'MUST',
  requirements: ['S26-18'],
  spec: 'basic/transports/streamable-http#receiving-messages',
  revisions: REVISIONS,
  async run(ctx) {
    const w = await listenWithCall(ctx);
    if ('skip' in w) return ctx.skip(w.skip);
    const s = w.stream;
    const stdio = s.session.transport.kind === 'stdio';
    ctx.note(`tools/call "${w.tool.name}" with progressToken and logLevel "debug" while a listen was open (${stdio ? 'same stdio connection' : 'a separate POST'}): ${describeOutcome(w.call)}`);
    // stdio has one pipe: the listen's messages are the ones tagged with a subscription id.
    const onListen = s.received.filter((r) => isProgressOrLog(r) && (!stdio || subscriptionIdOf(r.message) !== undefined));
    if (onListen.length) {
      ctx.evidence.push(...listenEvidence(s));
      return ctx.violation(
        `${plural(onListen.length, 'progress or log notification')} of the tool call went out on the listen stream; first: ${methodOf(onListen[0])}`,
        "progress and logs only on the call's own stream",
        JSON.stringify(onListen[0].message).slice(0, 200),
      );
    }
    if (w.ownStream.length === 0) return ctx.skip(`the call of "${w.tool.name}" sent no progress and no log message, so where they go could not be observed`);
    return ctx.pass(`${plural(w.ownStream.length, 'progress or log notification')} of the call, all on its own stream`);
  },
});

/** Server notifications/cancelled on a listen's connection that name something else than the listen. */
function strayCancels(s: ListenStream): Received[] {
  return s.received.filter((r) => isNotification(r, CANCELLED) && keyOf(paramsOf(r).requestId) !== keyOf(s.id));
}

/** What is wrong with how the server itself ended a listen (S26-17), if it did. */
export function teardownProblem(s: ListenStream): string | undefined {
  const a = s.answer;
  // A refusal before anything else is an answer to the listen, not a teardown; an answer after
  // the client's own teardown is not the server ending it either.
  if (!a || !s.answeredWhileOpen || !s.first || s.first.message === (a.kind === 'result' || a.kind === 'error' ? a.message : undefined)) return undefined;
  if (a.kind === 'error') return `the server ended the subscription with error ${String(a.error.code)}`;
  if (a.kind === 'http-error') return `the server ended the subscription with HTTP ${a.status}`;
  if (a.kind !== 'result') return undefined;
  const meta = isObject(a.result._meta) ? a.result._meta : {};
  if (meta[META_SUBSCRIPTION_ID] !== s.id) return `the listen result carries subscriptionId ${JSON.stringify(meta[META_SUBSCRIPTION_ID])}, not ${JSON.stringify(s.id)}`;
  if (a.result.resultType !== 'complete') return `the listen result has resultType ${JSON.stringify(a.result.resultType)}, not "complete"`;
  return undefined;
}

/**
 * notifications/cancelled on the main session naming no open listen: a request the server had
 * already answered, or one we sent that is not a listen (a tool call's own SSE stream, over HTTP,
 * carries such a cancel before the call's response).
 */
function cancelsOfNonListens(ctx: CheckContext): Received[] {
  const sent = sentMethods(ctx.session);
  const answered = new Set<string>();
  const stray: Received[] = [];
  for (const r of ctx.session.received) {
    const m = r.message;
    if (!isObject(m)) continue;
    if (!('method' in m) && ('result' in m || 'error' in m)) answered.add(keyOf(m.id));
    else if (m.method === CANCELLED) {
      const named = keyOf(paramsOf(r).requestId);
      const method = sent.get(named);
      if (answered.has(named) || (method !== undefined && method !== 'subscriptions/listen')) stray.push(r);
    }
  }
  return stray;
}

export const teardown = defineCheck({
  id: 'subscriptions/teardown-whole-run',
  phase: 'final',
  shares: [plainListenScenario, listenWithCallScenario],
  title: 'the server cancels only listen streams, and ends one with a listen result or notifications/cancelled naming it',
  level: 'MUST',
  requirements: ['S26-32', 'S26-17'],
  spec: 'basic/patterns/cancellation',
  revisions: REVISIONS,
  async run(ctx) {
    const runs = await Promise.all([plainListen(ctx), listenWithCall(ctx)]);
    const opened = runs.filter((r): r is Exclude<typeof r, { skip: string }> => !('skip' in r));
    const streams = opened.map((r) => r.stream);
    const onCalls = opened.flatMap((r) => ('cancelsOnCall' in r ? r.cancelsOnCall : []));
    const stray = [...streams.flatMap(strayCancels), ...onCalls, ...cancelsOfNonListens(ctx)];
    if (stray.length) {
      for (const r of stray.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
      return ctx.violation(
        `the server sent ${plural(stray.length, 'notifications/cancelled')} naming no open listen stream; first: requestId ${JSON.stringify(paramsOf(stray[0]).requestId)}`,
        'notifications/cancelled only to end a subscriptions/listen stream',
        JSON.stringify(stray[0].message).slice(0, 200),
      );
    }
    // Appendix A #6: a listen result (subscriptions page) and notifications/cancelled (cancellation page) are both accepted.
    for (const s of streams) {
      const problem = teardownProblem(s);
      if (problem) {
        ctx.evidence.push(...listenEvidence(s));
        return ctx.warn(problem, `a "complete" listen result with _meta["${META_SUBSCRIPTION_ID}"] = ${JSON.stringify(s.id)}, or notifications/cancelled for it`, problem);
      }
    }
    const ended = streams.filter((s) => s.answer?.kind === 'result' || s.received.some((r) => isNotification(r, CANCELLED)));
    const scanned = `${ctx.session.received.length} message(s) on the main session and ${plural(streams.length, 'listen stream')} scanned`;
    if (ended.length) return ctx.pass(`the server ended ${plural(ended.length, 'subscription')} itself, correctly; ${scanned}`);
    return ctx.pass(`no stray notifications/cancelled; the server never ended a subscription itself (nothing to judge for S26-17); ${scanned}`);
  },
});

export const subscriptionChecks: Check[] = [acknowledgedFirst, onlyRequested, tagged, noProgressOnListen, teardown];
