// A read-only tool that logs when a request asks for logs (2026-07-28 per-request logLevel),
// found by calling the callable tools one at a time on a connection of our own at level debug.
// Once found it is called twice more, without a logLevel and at "error", for the per-request
// level check (S26-19); the listen-stream routing check (S26-18) calls it with a listen open.
// Memoized per run. Calls go one at a time, so what arrives during a call belongs to it.
import { defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { META_LOG_LEVEL, type Evidence, type Outcome, type Received, type Session } from '../../src/session/index.js';
import { delay } from './delay.js';
import { exchangeEvidence } from './exchange.js';
import type { Item } from './json-object.js';
import { listAll } from './list-all.js';
import { isNotification } from './message-readers.js';
import { argumentsFor, CALL_BUDGET_MS, callableTools, toolsOf, type ToolDef } from './tool-survey.js';

/** Tools tried before giving up. */
const TRY_LIMIT = 10;

export interface LoggedCall {
  meta: Item;
  outcome: Outcome;
  /** notifications/message received from the request to the end of the grace period. */
  logs: Received[];
  progress: Received[];
  evidence: Evidence[];
}

export type NoisyTool =
  | { skip: string; tried: string[] }
  | { tool: ToolDef; args: Item; debug: LoggedCall; withoutLevel: LoggedCall; atError: LoggedCall; tried: string[] };

/** One call and what arrived for it, waiting `graceMs` after the answer for stragglers. */
export async function callLogged(session: Session, tool: ToolDef, args: Item, meta: Item, timeoutMs: number, graceMs: number): Promise<LoggedCall> {
  const logs: Received[] = [];
  const progress: Received[] = [];
  const off = session.onReceive((r) => {
    if (isNotification(r, 'notifications/message')) logs.push(r);
    else if (isNotification(r, 'notifications/progress')) progress.push(r);
  });
  const at = session.now();
  const params = { name: tool.name, arguments: args };
  const outcome = await session.request('tools/call', params, { meta, timeoutMs });
  if (graceMs > 0) await delay(graceMs);
  off();
  const evidence = exchangeEvidence({ method: 'tools/call', params: { ...params, _meta: meta }, outcome, at });
  for (const r of [...logs, ...progress].slice(0, 6)) evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
  return { meta, outcome, logs, progress, evidence };
}

export const noisyToolSearch = defineSharedScenario<NoisyTool>({ name: 'noisy tool search' });

export function findNoisyTool(ctx: CheckContext): Promise<NoisyTool> {
  return ctx.shared(noisyToolSearch, () => search(ctx));
}

async function search(ctx: CheckContext): Promise<NoisyTool> {
  const tried: string[] = [];
  if (!ctx.declares('tools')) return { skip: 'the server does not declare tools', tried };
  const tools = callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options).slice(0, TRY_LIMIT);
  if (tools.length === 0) return { skip: 'no tool may be called (none is annotated readOnlyHint; allow some with --call-tools)', tried };
  const { session } = await ctx.connect();
  const budget = Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS);
  for (const tool of tools) {
    if (ctx.signal.aborted) break;
    const built = argumentsFor(tool, ctx);
    if ('reason' in built) continue;
    tried.push(tool.name);
    const debug = await callLogged(session, tool, built.args, { [META_LOG_LEVEL]: 'debug' }, budget, 0);
    if (debug.logs.length === 0) continue;
    // The quiet period after each answer catches logs sent late.
    const withoutLevel = await callLogged(session, tool, built.args, {}, budget, ctx.options.quietMs);
    const atError = await callLogged(session, tool, built.args, { [META_LOG_LEVEL]: 'error' }, budget, ctx.options.quietMs);
    return { tool, args: built.args, debug, withoutLevel, atError, tried };
  }
  return { skip: `no tool logged when called with logLevel "debug" (tried ${tried.length ? tried.join(', ') : 'none'})`, tried };
}
