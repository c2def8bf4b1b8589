// Finds, once per run, a tool that needs a client capability: one of the tools we may call
// that answers input_required with an elicitation/create request when the request declares
// elicitation. The checks of S26-5 and S26-6 then call it without that declaration. Calls
// go untagged on the main session with a time budget, like the tool survey.
import { META_CLIENT_CAPABILITIES, type Evidence } from '../../src/session/index.js';
import { mapLimited, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { exchangeEvidence, exchangeOn, type Judged } from './exchange.js';
import { listAll } from './list-all.js';
import { argumentsFor, callableSample, CALL_BUDGET_MS, toolsOf, type ToolDef } from './tool-survey.js';
import { inputRequestMethods, isInputRequired } from './stateless-wire.js';

/** What a request declares to be asked for form elicitation. */
export const ELICITATION = { elicitation: { form: {} } };

export interface ElicitingTool {
  tool: ToolDef;
  args: Record<string, unknown>;
  /** The call that declared elicitation and got input_required. */
  asked: Judged;
}

const CONCURRENCY = 4;

export const elicitingToolSearch = defineSharedScenario<ElicitingTool | { skip: string }>({ name: 'eliciting tool search' });

export function findElicitingTool(ctx: CheckContext): Promise<ElicitingTool | { skip: string }> {
  return ctx.shared(elicitingToolSearch, async () => {
    if (!ctx.declares('tools')) return { skip: 'the server declares no tools capability' };
    const tools = callableSample(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options).tools;
    const planned = tools.flatMap((tool) => {
      const built = argumentsFor(tool, ctx);
      return 'args' in built ? [{ tool, args: built.args }] : [];
    });
    if (planned.length === 0) return { skip: 'no tool we may call (read-only or allowed with --call-tools) has arguments we can build' };
    const budget = Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS);
    const calls = await mapLimited(planned, CONCURRENCY, async ({ tool, args }) => {
      if (ctx.signal.aborted) return undefined;
      const asked = await exchangeOn(ctx.session, 'tools/call', { name: tool.name, arguments: args }, { timeoutMs: budget, meta: { [META_CLIENT_CAPABILITIES]: ELICITATION } });
      if (asked.outcome.kind === 'timeout' && ctx.session.transport.kind === 'stdio') {
        await ctx.session.notify('notifications/cancelled', { requestId: asked.outcome.id, reason: 'mcp-conform: gave up waiting' }).catch(() => undefined);
      }
      return { tool, args, asked };
    });
    const found = calls.find((c) => c && c.asked.outcome.kind === 'result' && asksForElicitation(c.asked.outcome.result));
    if (found) return found;
    return { skip: `none of the ${planned.length} tool(s) we may call (${planned.map((p) => p.tool.name).join(', ')}) asked for elicitation through an input_required result when the request declared it` };
  });
}

export function asksForElicitation(result: Record<string, unknown>): boolean {
  return isInputRequired(result) && inputRequestMethods(result).includes('elicitation/create');
}

/** Evidence of how the tool was found. */
export function foundEvidence(found: ElicitingTool): Evidence[] {
  return [{ type: 'note', text: `${found.tool.name} asks for elicitation (input_required) when the request declares ${JSON.stringify(ELICITATION)}` }, ...exchangeEvidence(found.asked)];
}
