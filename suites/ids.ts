// Request ids and response correlation: ids echoed exactly (value and JSON type), many
// concurrent requests each answered once with the right id and the right kind of result, and
// responses that carry exactly one of result and error (RPC-2, RPC-3, RPC-4, RPC-25).
// Proof of each check (the fixture fault that must break it): test/proof/ids.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import type { MethodCost, Outcome, RequestId, Session } from '../src/session/index.js';
import { livenessRequest } from './lib/alive.js';
import { delay } from './lib/delay.js';
import { burstMethods } from './lib/burst-plan.js';
import { isObject } from './lib/json-object.js';
import { listAll, listWalk, walkCost } from './lib/list-all.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { briefOutcome, clip, Problems } from './support/jsonrpc-probe.js';

/**
 * Ids that catch sloppy handling: zero and the empty string (falsy), negatives, the largest
 * exact JSON integer, non-ASCII text, and a string of digits (which must stay a string).
 * None of them can collide with the session's own ids (small positive integers).
 */
const ODD_IDS: RequestId[] = ['abc', 0, -7, 9007199254740991, -9007199254740991, 'é✓𝄞', '', '12345', 'x'.repeat(200)];

export const echoExact = defineCheck({
  id: 'ids/echo-exact',
  title: 'responses carry the request id exactly: same value and same JSON type',
  level: 'MUST',
  requirements: ['RPC-2'],
  spec: 'basic#responses',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const ids: RequestId[] = [...ODD_IDS, ctx.session.allocateId()];
    const problems = new Problems();
    // The liveness request: a request the server was seen to serve (ping, server/discover in 2026-07-28).
    const { method: ping, params } = ctx.session.liveness;
    const outcomes = await Promise.all(ids.map((id) => ctx.request(ping, params, { id })));
    ids.forEach((id, i) => {
      const o = outcomes[i];
      const sent = JSON.stringify(id);
      if (o.kind !== 'result' && o.kind !== 'error') {
        problems.violation(`${ping} with id ${clip(sent, 40)}: ${briefOutcome(o)}`, `a response with id ${clip(sent, 40)}`, briefOutcome(o));
        return;
      }
      const got = o.message.id;
      if (typeof got !== typeof id || got !== id) {
        problems.violation(`${ping} with id ${clip(sent, 40)} was answered with id ${clip(JSON.stringify(got), 40)}`, clip(sent, 80), clip(JSON.stringify(got), 80));
      } else if (o.kind === 'error') {
        problems.violation(`${ping} with id ${clip(sent, 40)} was refused: ${briefOutcome(o)} (any string or integer is a valid id)`, 'a result', briefOutcome(o));
      }
    });
    return problems.verdict(ctx);
  },
});

/** The member a list result must have; ping and server/discover have none. */
const LIST_KEYS: Record<string, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

/** Cheap, side-effect-free methods the server serves with a result: the declared lists, and the liveness request (ping, server/discover, or the run's stand-in). */
export function harmlessMethods(ctx: CheckContext): string[] {
  const methods = [ctx.session.liveness.method];
  if (ctx.declares('tools')) methods.push('tools/list');
  if (ctx.declares('prompts')) methods.push('prompts/list');
  if (ctx.declares('resources')) methods.push('resources/list', 'resources/templates/list');
  return [...new Set(methods)];
}

/** Whether a result fits the method it answers (a swapped answer has another method's key). */
export function shapeProblem(method: string, o: Outcome): string | undefined {
  if (o.kind !== 'result') return undefined;
  const own = LIST_KEYS[method];
  const raw = o.message.result;
  if (!isObject(raw)) return `the result is ${JSON.stringify(raw)}, not an object`;
  if (own && !Array.isArray(raw[own])) return `the result has no "${own}" array: ${clip(JSON.stringify(raw), 120)}`;
  const foreign = Object.values(LIST_KEYS).filter((k) => k !== own && k in raw);
  if (foreign.length) return `the result carries ${foreign.map((k) => `"${k}"`).join(', ')}, as if it answered another method: ${clip(JSON.stringify(raw), 120)}`;
  return undefined;
}

/**
 * Sends `count` requests cycling through `methods`, all at once, and reports the ones not
 * answered by a result of the right shape. Each method goes in as often as what it costs this
 * server allows (burst-plan.ts): a list's cost as the run's shared walk of it measured, any other
 * method's by one request of it first when the connection has not answered it yet (judged too).
 * Wire evidence is kept for the problems only.
 */
export async function burst(ctx: CheckContext, session: Session, methods: string[], count: number, problems: Problems): Promise<void> {
  const ask = (method: string) => session.request(method, undefined, { tag: ctx.check.id });
  const listed = await listingCosts(ctx, methods);
  const costOf = (m: string) => session.costOf(m) ?? listed.get(m);
  const measured = methods.filter((m) => !costOf(m));
  const measuring = await Promise.all(measured.map(ask));
  const planned = burstMethods(methods, count, costOf, ctx.options.requestTimeoutMs);
  noteCapped(ctx, costOf, methods, planned);
  const sent = [...measured, ...planned];
  const outcomes = [...measuring, ...(await Promise.all(planned.map(ask)))];
  let unanswered = 0;
  let firstUnanswered: Outcome | undefined;
  sent.forEach((method, i) => {
    const o = outcomes[i];
    if (o.kind === 'timeout' || o.kind === 'closed') {
      unanswered++;
      firstUnanswered ??= o;
      if (unanswered === 1) ctx.evidence.push({ type: 'message', direction: 'sent', at: 0, message: { jsonrpc: '2.0', id: o.id, method } });
      return;
    }
    if (o.kind !== 'result') {
      problems.violation(`${method} (id ${JSON.stringify(o.id)}) in a burst of ${count}: ${briefOutcome(o)}`, 'a result', briefOutcome(o));
      return;
    }
    const shape = shapeProblem(method, o);
    if (shape) {
      ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: o.message });
      problems.violation(`the response to ${method} (id ${JSON.stringify(o.id)}) does not fit it: ${shape}`, `a ${method} result`, clip(JSON.stringify(o.message.result), 160));
    }
  });
  if (unanswered) {
    const first = `first (id ${JSON.stringify(firstUnanswered!.id)}): ${briefOutcome(firstUnanswered!)}`;
    problems.violation(`${unanswered} of ${sent.length} concurrent requests got no response (RPC-25); ${first}`, 'one response per request', `${unanswered} unanswered`);
  }
}

/**
 * What each list method among `methods` costs this server, from the run's shared walk of it (the
 * same server program, maybe another connection): a burst need not build a catalog's page once
 * more just to measure it. Methods the walk could not measure are left out (the burst measures them).
 */
async function listingCosts(ctx: CheckContext, methods: string[]): Promise<Map<string, MethodCost>> {
  const lists = methods.filter((m) => LIST_KEYS[m]);
  const walks = await Promise.all(lists.map((m) => listAll(ctx, m, LIST_KEYS[m]!)));
  return new Map(walks.flatMap((w) => {
    const cost = walkCost(w);
    return cost ? [[w.method, cost] as const] : [];
  }));
}

/** Says which methods the burst held fewer times than a plain cycle would, and why. */
function noteCapped(ctx: CheckContext, costOf: (m: string) => MethodCost | undefined, methods: string[], planned: string[]): void {
  const share = Math.floor(planned.length / methods.length);
  const capped = methods.flatMap((m) => {
    const n = planned.filter((p) => p === m).length;
    const cost = costOf(m);
    return n < share && cost ? [`${m} ${n} time(s) (answers of ${Math.round(cost.bytes / 1024)} KB, ${Math.round(cost.latencyMs)} ms at quickest)`] : [];
  });
  if (capped.length) ctx.note(`the burst of ${planned.length} held ${capped.join(', ')}: costly answers go in as often as the server can serve them within the timeout, the cheapest method fills their turns`);
}

const BURST = 50;

export const concurrentCorrelation = defineCheck({
  id: 'ids/concurrent-correlation',
  shares: [listWalk],
  title: `${BURST} concurrent requests are each answered exactly once, with their own id and result`,
  level: 'MUST',
  requirements: ['RPC-2', 'RPC-25'],
  spec: 'basic#responses',
  revisions: WITH_STATELESS,
  long: true, // a quiet period after the burst: started first, beside the others
  async run(ctx) {
    const problems = new Problems();
    const from = ctx.session.findings.length;
    await burst(ctx, ctx.session, harmlessMethods(ctx), BURST, problems);
    // A second answer usually follows the first at once; give it a quiet period to show up.
    await delay(ctx.options.quietMs);
    const twice = ctx.session.findingsSince(from, ctx.check.id).filter((f) => f.requirement === 'RPC-25');
    if (twice.length) problems.violation(`${twice.length} request(s) were answered more than once: ${twice[0].message}`, 'exactly one response per request', `${twice.length} duplicate(s)`);
    return problems.verdict(ctx);
  },
});

/** The answer to the first page of the run's walk of `method` (a request without params, as this check would send). */
async function firstPage(ctx: CheckContext, method: string): Promise<Outcome> {
  const walk = await listAll(ctx, method, LIST_KEYS[method]!);
  return walk.pages[0]?.outcome ?? ctx.request(method, undefined);
}

export const resultXorError = defineCheck({
  id: 'ids/result-or-error',
  shares: [listWalk],
  title: 'every response carries exactly one of result and error, and a result is an object',
  level: 'MUST',
  requirements: ['RPC-3', 'RPC-4'],
  spec: 'basic#responses',
  revisions: WITH_STATELESS,
  async run(ctx) {
    // ping (server/discover) itself too, even when the run probes liveness with another request: any answer's shape is judged.
    const methods = new Set([livenessRequest(ctx.revision).method, ...harmlessMethods(ctx)]);
    const requests: Array<[string, Record<string, unknown> | undefined]> = [
      ...[...methods].map((m): [string, undefined] => [m, undefined]),
      ['mcp-conform/no-such-method', {}],
    ];
    const problems = new Problems();
    // A list's plain request is the first page of the run's shared walk: its answer is judged here, not built again.
    const outcomes = await Promise.all(requests.map(([method, params]) => (LIST_KEYS[method] ? firstPage(ctx, method) : ctx.request(method, params))));
    requests.forEach(([method], i) => {
      const o = outcomes[i];
      if (o.kind !== 'result' && o.kind !== 'error') return; // nothing to judge (other checks report silence)
      const m = o.message;
      const both = 'result' in m && 'error' in m;
      if (both) problems.violation(`the response to ${method} carries both result and error`, 'exactly one of result and error', clip(JSON.stringify(m), 200));
      else if ('result' in m && !isObject(m.result)) problems.violation(`the response to ${method} has result ${clip(JSON.stringify(m.result), 60)}, not an object`, 'an object such as {}', clip(JSON.stringify(m.result), 100));
    });
    return problems.verdict(ctx);
  },
});

export const idChecks: Check[] = [echoExact, concurrentCorrelation, resultXorError];
