// Cancellation: a cancelled in-flight call gets no response and the server stays healthy;
// cancellations naming unknown, finished or malformed ids are ignored silently; a cancelled
// initialize leaves a working server.
// Proof of each check (the fixture fault that must break it): test/proof/cancellation.ts.
import { defineCheck, describeOutcome, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import { isStateless } from '../src/schema/index.js';
import type { Outcome, Received, RequestId, Session } from '../src/session/index.js';
import { delay, within } from './lib/delay.js';
import { answered, livenessName, probeAlive } from './lib/alive.js';
import { isObject } from './lib/json-object.js';
import { cancelInitialize, preInitialize, preInitializeScenario, type CancelledInitialize } from './lib/pre-initialize.js';
import { earlyPingEndedConnection } from './lib/handshake-walk.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { slowCallTimeoutMs, slowToolOnOwnConnection, unfinished } from './lib/slow-tool.js';
import { listWalk } from './lib/list-all.js';

/** How long after starting the call the cancellation goes out. */
const CANCEL_AFTER_MS = 100;
const SPEC = 'basic/utilities/cancellation#behavior-requirements';

const isResponse = (r: Received) => isObject(r.message) && !('method' in r.message) && ('result' in r.message || 'error' in r.message);

/** 2026-07-28 over HTTP: the skip verdict, since clients there cancel by closing the request's stream (S26-27, judged by its own check). */
function statelessHttp(ctx: CheckContext): Verdict | undefined {
  if (!isStateless(ctx.revision) || ctx.target.transport === 'stdio') return undefined;
  return ctx.skip('in 2026-07-28 notifications/cancelled travels on stdio only; over HTTP a client cancels by closing the response stream (S26-27)');
}

/** Sends the liveness request and turns anything but an answer (a result or an error) into a violation message. */
async function stillAnswers(ctx: CheckContext, after: string, session: Session = ctx.session): Promise<Verdict | undefined> {
  const o = await probeAlive(ctx, session);
  if (answered(o)) return undefined;
  return ctx.violation(`after ${after}, ${livenessName(session)} was not answered: ${describeOutcome(o)}`, 'the server keeps answering', describeOutcome(o));
}

export const inFlight = defineCheck({
  id: 'cancellation/in-flight',
  shares: [listWalk],
  title: 'a cancelled in-flight request gets no response, and the server keeps working',
  level: 'SHOULD',
  requirements: ['CANCEL-1'],
  spec: SPEC,
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const http = statelessHttp(ctx);
    if (http) return http;
    // Its own connection: cancelling is disruptive.
    const slow = await slowToolOnOwnConnection(ctx);
    if ('skip' in slow) return ctx.skip(slow.skip);
    const { session } = slow;
    const params = { name: slow.tool.name, arguments: slow.args };
    const timeoutMs = slowCallTimeoutMs(ctx);
    const t0 = performance.now();
    // An identical call left alone shows how long the cancelled one would have taken.
    const twin = ctx.request('tools/call', params, { timeoutMs, session });
    const victimId: RequestId = session.allocateId();
    let victimMs: number | undefined;
    const victim = ctx.request('tools/call', params, { id: victimId, timeoutMs, session }).then((o) => {
      victimMs = performance.now() - t0;
      return o;
    });
    await delay(CANCEL_AFTER_MS);
    const cancelMs = performance.now() - t0;
    await ctx.notify('notifications/cancelled', { requestId: victimId, reason: 'mcp-conform: cancellation test' }, session);
    const twinOutcome = await twin;
    const twinMs = performance.now() - t0;
    if (twinOutcome.kind !== 'result' && twinOutcome.kind !== 'error') return ctx.skip(`the uncancelled call of ${slow.tool.name} did not finish (${unfinished(ctx, twinOutcome)}), so the cancelled one cannot be judged`);
    const answered: Outcome | undefined = await within(victim, ctx.options.quietMs);
    ctx.note(`cancelled after ${Math.round(cancelMs)} ms; the same call without cancellation took ${Math.round(twinMs)} ms`);
    if (answered && (answered.kind === 'result' || answered.kind === 'error')) {
      if (victimMs !== undefined && victimMs <= cancelMs) return ctx.info('the slow tool answered before the cancellation was sent; nothing to judge');
      // Only a cancellation sent well before the work could finish is judged: the rest is a legitimate race.
      if (cancelMs > twinMs / 2) return ctx.info(`a response arrived after the cancellation, but the call only takes ${Math.round(twinMs)} ms: a race the spec allows`);
      return ctx.violation(
        `the cancelled request was answered ${Math.round((victimMs ?? twinMs) - cancelMs)} ms after notifications/cancelled`,
        'no response to a cancelled request',
        describeOutcome(answered),
      );
    }
    return (await stillAnswers(ctx, 'a cancellation', session)) ?? ctx.pass();
  },
});

export const unknownIgnored = defineCheck({
  id: 'cancellation/unknown-ignored',
  title: 'cancellations naming unknown ids, or malformed ones, are ignored silently',
  level: 'SHOULD',
  requirements: ['CANCEL-3', 'CANCEL-2'],
  spec: 'basic/utilities/cancellation#error-handling',
  revisions: WITH_STATELESS,
  connection: 'disposable',
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const http = statelessHttp(ctx);
    if (http) return http;
    const probes: Array<Record<string, unknown> | undefined> = [{ requestId: 'mcp-conform-never-sent', reason: 'test' }, { requestId: 987_654_321 }];
    // Malformed ones only on stdio: over HTTP, a 400 for a notification it cannot accept is allowed.
    if (ctx.target.transport === 'stdio') probes.push(undefined, { requestId: {} }, { requestId: null });
    const replies = ctx.session.collect(ctx.options.quietMs, (r) => isResponse(r) && r.answers === undefined);
    for (const params of probes) await ctx.notify('notifications/cancelled', params);
    const got = await replies;
    if (got.length) {
      for (const r of got.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
      return ctx.violation(`${got.length} repl${got.length === 1 ? 'y' : 'ies'} to cancellations of requests that do not exist`, 'no reply (notifications are never answered)', JSON.stringify(got[0].message).slice(0, 200));
    }
    return (await stillAnswers(ctx, 'cancellations of unknown requests')) ?? ctx.pass();
  },
});

export const afterResponse = defineCheck({
  id: 'cancellation/after-response',
  title: 'a cancellation that arrives after the response is ignored gracefully',
  level: 'MUST',
  requirements: ['CANCEL-4'],
  spec: 'basic/utilities/cancellation#timing-considerations',
  revisions: WITH_STATELESS,
  // A quiet period for a reply that must not come, then a liveness probe.
  long: true,
  async run(ctx) {
    const http = statelessHttp(ctx);
    if (http) return http;
    // Any answer ends the request: what follows is a cancellation of a request already answered.
    const first = await probeAlive(ctx);
    if (!answered(first)) return ctx.skip(`${livenessName(ctx.session)} failed (${describeOutcome(first)}); see ${isStateless(ctx.revision) ? 'stateless/discover-result' : 'lifecycle/ping'}`);
    const id = first.id;
    // On the shared session, only answers to the cancelled id or to no id can be ours.
    const replies = ctx.session.collect(ctx.options.quietMs, (r) => isResponse(r) && isObject(r.message) && (r.message.id === undefined || r.message.id === null || String(r.message.id) === String(id)));
    await ctx.notify('notifications/cancelled', { requestId: id, reason: 'mcp-conform: late cancellation test' });
    const got = await replies;
    if (got.length) {
      for (const r of got.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
      return ctx.violation('the server replied to a cancellation of a request it had already answered', 'no reply', JSON.stringify(got[0].message).slice(0, 200));
    }
    return (await stillAnswers(ctx, 'a late cancellation')) ?? ctx.pass();
  },
});

export const cancelledInitialize = defineCheck({
  id: 'cancellation/initialize',
  shares: [preInitializeScenario],
  title: 'a cancellation naming initialize leaves a working server',
  level: 'MUST',
  kind: 'D',
  // CANCEL-5: clients must not cancel initialize, and what a server then does is left open, so
  // whatever it does (even exiting) is information: recorded, never graded.
  requirements: ['CANCEL-5'],
  spec: SPEC,
  // Over HTTP the cancellation cannot reach a session that does not exist yet.
  transports: ['stdio'],
  // On the un-initialized connection lifecycle/request-before-initialize opened (one process for
  // both); when the server stops answering there, again on a connection of its own, whose verdict counts.
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    const shared = (await preInitialize(ctx)).cancelled;
    if (shared) {
      const notJudged = await endedByEarlyPing(ctx, shared);
      if (notJudged) return notJudged;
      if (answersAfter(shared)) return judgeCancelledInitialize(ctx, shared);
      ctx.note('on the connection shared with lifecycle/request-before-initialize the server stopped answering; repeated on a new connection');
    }
    const { session } = await ctx.connect({ initialize: false });
    const seen = await cancelInitialize(session, ctx.revision, ctx.options.quietMs);
    return (await endedByEarlyPing(ctx, seen)) ?? judgeCancelledInitialize(ctx, seen);
  },
});

const answersAfter = (seen: CancelledInitialize) => seen.ping.kind === 'result' || seen.ping.kind === 'error';

/**
 * The ping behind the cancelled initialize goes out before notifications/initialized: on a server
 * that ends the connection on such a ping (LIFE-8, judged by lifecycle/ping-before-initialized),
 * its closing says nothing about the cancellation.
 */
async function endedByEarlyPing(ctx: CheckContext, seen: CancelledInitialize): Promise<Verdict | undefined> {
  if (seen.ping.kind !== 'closed') return undefined;
  const ended = await earlyPingEndedConnection(ctx);
  if (!ended) return undefined;
  return ctx.skip(`not judged: the connection closed (${seen.ping.reason}) at the ping sent behind the cancellation, before notifications/initialized, and this server ends a connection on such a ping anyway (see lifecycle/ping-before-initialized)`);
}

function judgeCancelledInitialize(ctx: CheckContext, seen: CancelledInitialize): Verdict {
  ctx.evidence.push(...seen.evidence);
  const o = seen.initialize;
  if (o?.kind === 'result' && answersAfter(seen)) return ctx.pass();
  const open = 'a server\'s handling of a cancelled initialize is left open (CANCEL-5)';
  if (answersAfter(seen)) return ctx.info(`initialize was not answered after its cancellation${o ? ` (${describeOutcome(o)})` : ''}, and the server still answers ping; ${open}`);
  return ctx.info(`after a cancellation of initialize the server stopped answering: ping got ${describeOutcome(seen.ping)}; ${open}`);
}

export const cancellationChecks: Check[] = [inFlight, unknownIgnored, afterResponse, cancelledInitialize];
