// The slow tool the user named with --slow-tool, for the progress and cancellation checks.
// Only a named tool is used: whether a call takes long enough to observe progress or to be
// cancelled in flight cannot be told from a listing, so without one those checks skip.
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import { isStateless } from '../../src/schema/index.js';
import type { Outcome, Session } from '../../src/session/index.js';
import { listAll } from './list-all.js';
import { argumentsFor, toolsOf, type ToolDef } from './tool-survey.js';

export interface SlowTool {
  tool: ToolDef;
  args: Record<string, unknown>;
}

/**
 * How long a slow call may take before we give up on it: as long as the runner's default
 * time for one check allows (max(10 s, 4 × request timeout)), minus room for opening a
 * connection, the quiet period and a closing ping.
 */
export function slowCallTimeoutMs(ctx: CheckContext): number {
  const checkBudget = Math.max(10_000, ctx.options.requestTimeoutMs * 4);
  return Math.max(ctx.options.requestTimeoutMs, checkBudget - ctx.options.quietMs - 3_000);
}

/** The named slow tool and sampled arguments for it, or why the check must skip. */
export async function findSlowTool(ctx: CheckContext): Promise<SlowTool | { skip: string }> {
  const name = ctx.options.slowTool;
  if (!name) return { skip: 'no slow tool was named: pass --slow-tool <name> (a tool that takes a while and is safe to call) to run this check' };
  if (!ctx.declares('tools')) return { skip: `the server does not declare the tools capability, so the slow tool "${name}" cannot be called` };
  const walk = await listAll(ctx, 'tools/list', 'tools');
  const tool = toolsOf(walk).find((t) => t.name === name);
  if (!tool) return { skip: `the slow tool "${name}" is not in tools/list (${walk.detail})` };
  const built = argumentsFor(tool, ctx);
  if ('reason' in built) return { skip: `the slow tool "${name}" cannot be called: ${built.reason}` };
  return { tool, args: built.args };
}

/**
 * The slow tool and a connection of the check's own, opened only once the tool is found (so a
 * skip costs nothing), or why the check must skip.
 */
export async function slowToolOnOwnConnection(ctx: CheckContext): Promise<(SlowTool & { session: Session }) | { skip: string }> {
  const slow = await findSlowTool(ctx);
  if ('skip' in slow) return slow;
  const { session, handshake } = await ctx.connect();
  // 2026-07-28 connections have no handshake: they are ready as soon as they are open.
  if (!isStateless(ctx.revision) && handshake?.outcome.kind !== 'result') return { skip: `initialize on a new connection failed: ${handshake ? describeOutcome(handshake.outcome) : 'no handshake'}` };
  return { ...slow, session };
}

/** Why a slow call did not finish, with a hint when the HTTP exchange timeout (--timeout) cut it short. */
export function unfinished(ctx: CheckContext, outcome: Outcome | undefined): string {
  const what = outcome ? describeOutcome(outcome) : 'no answer';
  if (outcome?.kind === 'timeout' && ctx.target.transport !== 'stdio') return `${what} (over HTTP a call cannot outlast --timeout, ${ctx.options.requestTimeoutMs} ms: raise it for a slower tool)`;
  return what;
}
