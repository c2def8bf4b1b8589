// The tools a server lists, which of them we may call and with what arguments, and one call
// of each tool we may call, shared by the tools checks (memoized per run). Safe by default:
// only tools annotated readOnlyHint (and not destructiveHint), or those the user allows with
// --call-tools, are called, with arguments sampled from their inputSchema and verified against
// it. The slow tool named with --slow-tool is left to the progress and cancellation checks.
// Calls are untagged like the list walk: the survey keeps the schema findings of each answer
// for the checks that judge them.
import { mapLimited, defineSharedScenario, type CheckContext, type CheckOptions } from '../../src/checks/index.js';
import type { Outcome, Session } from '../../src/session/index.js';
import { isObject } from './json-object.js';
import { compileSchema } from './json-schema.js';
import { listAll, type ListWalk } from './list-all.js';
import { knownValues } from './known-values.js';
import { NOTHING_KNOWN, type KnownValues } from './plausible-value.js';
import { sampleArguments } from './sample-args.js';
import { stragglerCutoff } from './straggler.js';
import { callTool, type ToolCall } from './tool-call.js';
import { noteSample, sampleTools, type ToolSample } from './tool-sample.js';

/** Longest we wait for one surveyed call; slower tools are cancelled and left unjudged. */
export const CALL_BUDGET_MS = 2000;
/** Tool calls in flight at once on one session, so a server with many tools is not flooded. */
export const CALL_CONCURRENCY = 4;

export type ToolDef = Record<string, unknown> & { name: string };

export interface ToolSurvey {
  walk: ListWalk;
  tools: ToolDef[];
  calls: ToolCall[];
  notCalled: Array<{ name: string; reason: string }>;
  /** Which of the tools we may call were called: all, or a seeded sample of a big catalog. */
  sample: ToolSample<ToolDef>;
}

/** Listed items that have a string name (the schema check reports the others). */
export function toolsOf(walk: ListWalk): ToolDef[] {
  return walk.items.filter((t): t is ToolDef => isObject(t) && typeof t.name === 'string');
}

/** Why we may call a tool, or why not. */
export function callPermission(tool: ToolDef, options: Pick<CheckOptions, 'callTools'>): { allowed: boolean; why: string } {
  if (options.callTools === 'all' || options.callTools.includes(tool.name)) return { allowed: true, why: 'allowed with --call-tools' };
  const a = isObject(tool.annotations) ? tool.annotations : {};
  if (a.readOnlyHint !== true) return { allowed: false, why: 'not annotated readOnlyHint (allow it with --call-tools)' };
  if (a.destructiveHint === true) return { allowed: false, why: 'annotated destructiveHint (allow it with --call-tools)' };
  return { allowed: true, why: 'annotated readOnlyHint' };
}

/** A tool's execution.taskSupport (2025-11-25): "forbidden" when absent or not one of the three. */
export function taskSupportOf(tool: ToolDef): 'forbidden' | 'optional' | 'required' {
  const support = isObject(tool.execution) ? tool.execution.taskSupport : undefined;
  return support === 'optional' || support === 'required' ? support : 'forbidden';
}

/**
 * The tools we may call with sampled arguments, excluding the slow tool and tools that
 * require a task (a plain call of those gets -32601, TASK-3; the tasks checks call them).
 */
export function callableTools(tools: ToolDef[], options: Pick<CheckOptions, 'callTools' | 'slowTool'>): ToolDef[] {
  return tools.filter((t) => t.name !== options.slowTool && taskSupportOf(t) !== 'required' && callPermission(t, options).allowed);
}

/** The tools we may call (callableTools) that a run calls: all, or the run's seeded sample of a big catalog (tool-sample.ts). */
export function callableSample(tools: ToolDef[], options: Pick<CheckOptions, 'callTools' | 'slowTool' | 'seed' | 'allTools'>): ToolSample<ToolDef> {
  return sampleTools(callableTools(tools, options), options);
}

/** Sampled arguments that fit the tool's inputSchema, or why there are none. */
export function argumentsFor(tool: ToolDef, ctx: CheckContext, known: KnownValues = NOTHING_KNOWN): { args: Record<string, unknown> } | { reason: string } {
  const compiled = compileSchema(tool.inputSchema, ctx.revision);
  if (!compiled.ok) return { reason: `its inputSchema cannot be used (${compiled.reason})` };
  const sample = sampleArguments(tool.inputSchema, known);
  if (!sample.ok) return { reason: `no arguments could be built from its inputSchema (${sample.reason})` };
  if (!compiled.validate(sample.value)) return { reason: `the arguments built from its inputSchema do not satisfy it (${JSON.stringify(sample.value).slice(0, 120)})` };
  return { args: sample.value as Record<string, unknown> };
}

/** One tools/call with sampled arguments as background activity, given up after `ms`; undefined when no arguments fit. */
export async function callBriefly(ctx: CheckContext, session: Session, tool: ToolDef, ms: number): Promise<Outcome | undefined> {
  const built = argumentsFor(tool, ctx);
  if ('reason' in built) return undefined;
  return (await callTool(session, tool, built.args, ms)).outcome;
}

export const toolSurvey = defineSharedScenario<ToolSurvey>({ name: 'tool survey' });

export function surveyTools(ctx: CheckContext): Promise<ToolSurvey> {
  return ctx.shared(toolSurvey, () => runSurvey(ctx));
}

async function runSurvey(ctx: CheckContext): Promise<ToolSurvey> {
  // The resource walk (for plausible URIs) beside the tool walk: one may take many pages.
  const [walk, known] = await Promise.all([listAll(ctx, 'tools/list', 'tools'), knownValues(ctx)]);
  const tools = toolsOf(walk);
  const sample = callableSample(tools, ctx.options);
  const survey: ToolSurvey = { walk, tools, calls: [], notCalled: [], sample };
  const sampled = new Set(sample.tools);
  const planned: Array<{ tool: ToolDef; args: Record<string, unknown> }> = [];
  for (const tool of tools) {
    if (tool.name === ctx.options.slowTool) {
      survey.notCalled.push({ name: tool.name, reason: 'the slow tool (the progress and cancellation checks call it)' });
      continue;
    }
    if (taskSupportOf(tool) === 'required') {
      survey.notCalled.push({ name: tool.name, reason: 'execution.taskSupport "required" (the tasks checks call it)' });
      continue;
    }
    const permission = callPermission(tool, ctx.options);
    if (!permission.allowed) {
      survey.notCalled.push({ name: tool.name, reason: permission.why });
      continue;
    }
    if (!sampled.has(tool)) {
      survey.notCalled.push({ name: tool.name, reason: NOT_SAMPLED });
      continue;
    }
    const built = argumentsFor(tool, ctx, known);
    if ('reason' in built) survey.notCalled.push({ name: tool.name, reason: built.reason });
    else planned.push({ tool, args: built.args });
  }
  const budget = Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS);
  // A slow tool must not hold up the verdicts of every tools check (straggler.ts).
  const cutoff = planned.length ? stragglerCutoff(planned.length, (ms) => ctx.session.scaled(ms)) : undefined;
  const done = await mapLimited(planned, CALL_CONCURRENCY, async ({ tool, args }) => {
    if (ctx.signal.aborted) return undefined;
    const call = await callTool(ctx.session, tool, args, budget, cutoff?.giveUp);
    cutoff?.ended();
    return call;
  });
  for (const call of done) {
    if (!call) continue;
    if (call.outcome.kind === 'timeout') survey.notCalled.push({ name: call.tool.name, reason: `no answer within ${call.outcome.ms} ms (cancelled; slow tools are not judged)` });
    else survey.calls.push(call);
  }
  return survey;
}

const NOT_SAMPLED = 'not in the seeded sample';
/** Names a note lists for one reason; the rest are counted. */
const NAMES_PER_REASON = 10;

/** A note listing what was called and what was not, and why (the tools left out for one reason listed up to NAMES_PER_REASON, then counted), and the sample when there was one. */
export function noteSurvey(ctx: CheckContext, survey: ToolSurvey): void {
  const called = survey.calls.map((c) => c.tool.name);
  const parts = [`${survey.tools.length} tool(s) listed; called ${called.length ? called.join(', ') : 'none'}`];
  const byReason = new Map<string, string[]>();
  for (const n of survey.notCalled) byReason.set(n.reason, [...(byReason.get(n.reason) ?? []), n.name]);
  const named = (names: string[]) => `${names.slice(0, NAMES_PER_REASON).join(', ')}${names.length > NAMES_PER_REASON ? ` and ${names.length - NAMES_PER_REASON} more` : ''}`;
  if (byReason.size) parts.push(`not called: ${[...byReason].map(([reason, names]) => (names.length === 1 ? `${names[0]} (${reason})` : `${named(names)} (${reason})`)).join('; ')}`);
  ctx.note(parts.join('. '));
  noteSample(ctx, survey.sample);
}

/** The result of a call that ended with one (isError or not); not an InputRequiredResult (2026-07-28), which asks for more. */
export function resultOf(call: ToolCall): Record<string, unknown> | undefined {
  return call.outcome.kind === 'result' && call.outcome.result.resultType !== 'input_required' ? call.outcome.result : undefined;
}
