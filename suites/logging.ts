// Logging: logging/setLevel for every level, an invalid level, and that a set level filters
// the notifications/message that follow. Message shapes (LOG-6) are judged by schema validation.
// Proof of each check (the fixture fault that must break it): test/proof/logging.ts.
import { defineCheck, describeOutcome, errorCode, type Check, type CheckContext } from '../src/checks/index.js';
import type { Received, Session } from '../src/session/index.js';
import { delay } from './lib/delay.js';
import type { Item } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { LOG_LEVELS } from './lib/log-levels.js';
import { extraKeys, isNotification, paramsOf } from './lib/message-readers.js';
import { knownFromResources } from './lib/plausible-value.js';
import { promptArguments } from './lib/prompt-args.js';
import { openServerStream } from './lib/server-stream.js';
import { callableTools, callBriefly, toolsOf } from './lib/tool-survey.js';
import { whatHappened } from './lib/answered.js';

type Level = (typeof LOG_LEVELS)[number];
const rank = (level: unknown): number => LOG_LEVELS.indexOf(level as Level);

export const setLevel = defineCheck({
  id: 'logging/set-level',
  title: 'logging/setLevel accepts each of the eight levels with an empty result',
  level: 'MUST',
  kind: 'S',
  requirements: ['LOG-2'],
  spec: 'server/utilities/logging#setting-log-level',
  needs: ['logging'],
  async run(ctx) {
    // Most severe first and debug last: the main session ends up hiding nothing it showed before.
    const order = [...LOG_LEVELS].reverse();
    const rejected: string[] = [];
    const notEmpty: string[] = [];
    for (const level of order) {
      const o = await ctx.request('logging/setLevel', { level });
      if (o.kind !== 'result') rejected.push(`${level}: ${describeOutcome(o)}`);
      else if (extraKeys(o.result).length) notEmpty.push(level);
    }
    if (rejected.length) return ctx.violation(`setLevel failed for ${rejected.length} of 8 levels; ${rejected[0]}`, 'result {} for every level', rejected.join('; ').slice(0, 300));
    if (notEmpty.length) return ctx.warn(`setLevel answered with a non-empty result for ${notEmpty.join(', ')}`, '{} (or only _meta)', notEmpty.join(', '));
    return ctx.pass();
  },
});

export const invalidLevel = defineCheck({
  id: 'logging/invalid-level',
  title: 'logging/setLevel with an unknown level is answered with -32602',
  level: 'SHOULD',
  requirements: ['LOG-4'],
  spec: 'server/utilities/logging#error-handling',
  needs: ['logging'],
  async run(ctx) {
    const o = await ctx.request('logging/setLevel', { level: 'verbose' });
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error') return ctx.warn(`level "verbose" got error ${String(o.error.code)}`, '-32602 (another error code: warn)', describeOutcome(o));
    if (o.kind === 'result') return ctx.violation(`level "verbose" was accepted: ${describeOutcome(o)}`, 'error -32602', describeOutcome(o));
    return ctx.violation(`logging/setLevel "verbose" ${whatHappened(o)}`, 'error -32602', describeOutcome(o));
  },
});

/** Safe requests that may make a server log: a prompt, a read, a subscription, one read-only tool call. */
async function activity(ctx: CheckContext, session: Session): Promise<void> {
  const [resources, prompts, tools] = await Promise.all([
    ctx.declares('resources') ? listAll(ctx, 'resources/list', 'resources') : undefined,
    ctx.declares('prompts') ? listAll(ctx, 'prompts/list', 'prompts') : undefined,
    ctx.declares('tools') ? listAll(ctx, 'tools/list', 'tools') : undefined,
  ]);
  const uri = resources && objectsOf(resources).map((r) => r.uri).find((u): u is string => typeof u === 'string');
  const prompt = prompts && objectsOf(prompts).find((p) => typeof p.name === 'string');
  const tool = tools ? callableTools(toolsOf(tools), ctx.options)[0] : undefined;
  const ms = Math.max(ctx.options.quietMs * 2, 1000);
  const work: Array<Promise<unknown>> = [];
  if (uri) work.push(session.request('resources/read', { uri }, { timeoutMs: ms }));
  if (uri && ctx.declares('resources.subscribe')) {
    work.push(session.request('resources/subscribe', { uri }, { timeoutMs: ms }).then(() => session.request('resources/unsubscribe', { uri }, { timeoutMs: ms })));
  }
  if (prompt) {
    work.push(promptArguments(session, prompt, false, knownFromResources(resources ? objectsOf(resources) : [])).then((args) => session.request('prompts/get', { name: prompt.name, arguments: args }, { timeoutMs: ms })));
  }
  if (tool) work.push(callBriefly(ctx, session, tool, ms));
  await Promise.all(work);
}

/** Runs the activity at `level` and returns the log messages received from the setLevel answer to the end of a quiet period of `quietMs`. */
async function logsAt(ctx: CheckContext, level: Level, quietMs: number): Promise<{ ok: boolean; logs: Received[] }> {
  const set = await ctx.request('logging/setLevel', { level });
  if (set.kind !== 'result') return { ok: false, logs: [] };
  const logs: Received[] = [];
  const off = ctx.session.onReceive((r) => {
    if (isNotification(r, 'notifications/message')) logs.push(r);
  });
  await activity(ctx, ctx.session);
  await delay(quietMs);
  off();
  return { ok: true, logs };
}

const levelsOf = (logs: Received[]) => [...new Set(logs.map((r) => String(paramsOf(r).level)))];

export const levelFilter = defineCheck({
  id: 'logging/level-filter',
  shares: [listWalk],
  title: 'after logging/setLevel, no notifications/message below that level arrive',
  level: 'SHOULD',
  kind: 'S',
  requirements: ['LOG-3'],
  spec: 'server/utilities/logging#message-flow',
  needs: ['logging'],
  // Not the main session (it would leave it at a high level), but one shared with the other
  // disruptive checks. notifications/server-notifications, which sets debug, runs alone; what the
  // others' traffic logs meanwhile is filtered by the same level, so it cannot fail a server.
  connection: 'disposable',
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    await openServerStream(ctx.session, ctx.options.requestTimeoutMs);
    // Calibrate: what does this activity log at debug? Then set a level above all of it.
    // Calibration expects messages, mostly sent before the answers they belong to: a shorter wait does.
    const loud = await logsAt(ctx, 'debug', ctx.options.quietMs / 2);
    if (!loud.ok) return ctx.skip('logging/setLevel "debug" failed (see logging/set-level)');
    const seen = loud.logs.map((r) => rank(paramsOf(r).level)).filter((n) => n >= 0);
    if (seen.length === 0) return ctx.info('the server logged nothing during our activity at level debug, so filtering could not be observed');
    const threshold = LOG_LEVELS[Math.min(Math.max(...seen) + 1, LOG_LEVELS.length - 1)];
    ctx.note(`at debug the activity logged ${levelsOf(loud.logs).join(', ')}; now setting ${threshold}`);
    const quiet = await logsAt(ctx, threshold, ctx.options.quietMs);
    if (!quiet.ok) return ctx.skip(`logging/setLevel "${threshold}" failed (see logging/set-level)`);
    const below = quiet.logs.filter((r) => rank(paramsOf(r).level) < rank(threshold));
    if (below.length === 0) return ctx.pass(`no message below ${threshold} after setting it`);
    for (const r of below.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message as Item });
    return ctx.violation(
      `${below.length} message(s) below ${threshold} arrived after setLevel ${threshold} (levels ${levelsOf(below).join(', ')})`,
      `only ${threshold} and more severe`,
      levelsOf(below).join(', '),
    );
  },
});

export const loggingChecks: Check[] = [setLevel, invalidLevel, levelFilter];
