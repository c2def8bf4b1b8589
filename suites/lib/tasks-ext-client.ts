// The client side of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks): which
// tools a server answers with a task when a request declares the extension (found by calling
// the tools we may call, memoized per run), and each such task driven to its end with
// tasks/get, answering its inputRequests through tasks/update. Polling honours pollIntervalMs
// within our floor and ceiling, and every drive is bounded by the check's time.
import { mapLimited, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { META_CLIENT_CAPABILITIES, type Outcome } from '../../src/session/index.js';
import { delay } from './delay.js';
import { exchangeOn, type Judged } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { listAll } from './list-all.js';
import { answerAll } from './mrtr-client.js';
import { slowCallTimeoutMs } from './slow-tool.js';
import { argumentsFor, CALL_BUDGET_MS, callPermission, toolsOf, type ToolDef } from './tool-survey.js';
import { paramHeaders } from './tool-call.js';
import { allowedMove, clampPollInterval, isTaskStatus } from './task-lifecycle.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Polling never faster than this, whatever pollIntervalMs says… */
export const POLL_FLOOR_MS = 25;
/** …and never slower (a server asking for minutes would outlast the check). */
export const POLL_CEILING_MS = 1000;
/** Polls of one task at most (a bound besides time). */
const MAX_POLLS = 400;
/** Polls after a terminal status, to see that it stays terminal (TASKX-15). */
const POLLS_AFTER_END = 2;
const TRY_LIMIT = 12;
const CONCURRENCY = 4;
/** input_required rounds a drive answers before it gives up (a server could ask forever). */
const MAX_INPUT_ROUNDS = 6;
/** A key no server issued, for TASKX-19. */
export const UNKNOWN_INPUT_KEY = 'mcp-conform-never-issued';

export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Why moving from `from` to `to` breaks the status graph (TASKX-15, the same graph as TASK-7), or undefined. */
export function illegalTransition(from: string, to: string): string | undefined {
  if (TERMINAL.has(from)) return from === to ? undefined : `${from} is terminal, yet it became ${to}`;
  if (!isTaskStatus(from)) return `${JSON.stringify(from)} is not a task status`;
  return allowedMove(from, to) ? undefined : `${from} → ${JSON.stringify(to)} is not an allowed move`;
}

/** Client capabilities that declare the extension (and `extra`). */
export function withTasks(extra: Item = {}): Item {
  return { ...extra, extensions: { [TASKS_EXTENSION]: {} } };
}

/** The per-request _meta declaring these client capabilities. */
export function metaDeclaring(capabilities: Item): Item {
  return { [META_CLIENT_CAPABILITIES]: capabilities };
}

/** What task tools are called with: the extension, and form elicitation for their input requests. */
export const SURVEY_CAPABILITIES: Readonly<Item> = Object.freeze(withTasks({ elicitation: {} }));

export function isTaskHandle(o: Outcome): boolean {
  return o.kind === 'result' && o.result.resultType === 'task';
}

/** The task id of a handle, flat or (leniently, Appendix A item 13) wrapped in `task`. */
export function taskIdOf(result: Item): string | undefined {
  if (typeof result.taskId === 'string') return result.taskId;
  return isObject(result.task) && typeof result.task.taskId === 'string' ? result.task.taskId : undefined;
}

export function statusOf(result: Item): string | undefined {
  if (typeof result.status === 'string') return result.status;
  return isObject(result.task) && typeof result.task.status === 'string' ? result.task.status : undefined;
}

/** A tool the server answered with a task when the extension was declared. */
export interface TaskTool {
  tool: ToolDef;
  args: Item;
  /** The tools/call that created the task. */
  created: Judged;
  taskId?: string;
  /** tasks/get sent the moment the handle arrived (TASKX-11). */
  firstGet?: Judged;
}

export interface TaskSurvey {
  taskTools: TaskTool[];
  tried: Array<{ name: string; answer: string }>;
}

/** The tools we may call (read-only, --call-tools, and the slow tool), with sampled arguments. */
async function candidates(ctx: CheckContext): Promise<Array<{ tool: ToolDef; args: Item }>> {
  if (!ctx.declares('tools')) return [];
  const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
  const list: Array<{ tool: ToolDef; args: Item }> = [];
  for (const tool of tools) {
    if (tool.name !== ctx.options.slowTool && !callPermission(tool, ctx.options).allowed) continue;
    const built = argumentsFor(tool, ctx);
    if ('args' in built) list.push({ tool, args: built.args });
  }
  return list.slice(0, TRY_LIMIT);
}

/** Calls a tool declaring `capabilities` on the main session (requests stand alone in 2026-07-28). */
export function callDeclaring(ctx: CheckContext, tool: ToolDef, args: Item, capabilities: Item, extra: Item = {}, timeoutMs = Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS)): Promise<Judged> {
  return exchangeOn(ctx.session, 'tools/call', { name: tool.name, arguments: args, ...extra }, {
    meta: metaDeclaring(capabilities),
    timeoutMs,
    headers: paramHeaders(ctx.session, tool, args),
  });
}

/** tasks/get (or another task method) with the extension declared. */
export function taskRequest(ctx: CheckContext, method: string, params: Item, capabilities: Item = withTasks()): Promise<Judged> {
  return exchangeOn(ctx.session, method, params, { meta: metaDeclaring(capabilities), timeoutMs: ctx.options.requestTimeoutMs });
}

export const taskToolSurvey = defineSharedScenario<TaskSurvey>({ name: 'task tool survey' });

/** Which tools answer with a task: memoized per run; each handle is followed by an immediate tasks/get. */
export function surveyTaskTools(ctx: CheckContext): Promise<TaskSurvey> {
  return ctx.shared(taskToolSurvey, async () => {
    const survey: TaskSurvey = { taskTools: [], tried: [] };
    const found = await mapLimited(await candidates(ctx), CONCURRENCY, async ({ tool, args }) => {
      if (ctx.signal.aborted) return undefined;
      const created = await callDeclaring(ctx, tool, args, SURVEY_CAPABILITIES);
      const entry: TaskTool = { tool, args, created };
      if (created.outcome.kind === 'result') entry.taskId = taskIdOf(created.outcome.result);
      if (isTaskHandle(created.outcome) && entry.taskId !== undefined) entry.firstGet = await taskRequest(ctx, 'tasks/get', { taskId: entry.taskId });
      return entry;
    });
    for (const entry of found) {
      if (!entry) continue;
      const task = isTaskHandle(entry.created.outcome);
      survey.tried.push({ name: entry.tool.name, answer: task ? 'task' : entry.created.outcome.kind });
      if (task) survey.taskTools.push(entry);
    }
    return survey;
  });
}

export function surveySkip(survey: TaskSurvey): string {
  return `no tool answered with a task: ${survey.tried.length} tool call(s) we may make (read-only, --call-tools or --slow-tool), each declaring ${TASKS_EXTENSION}, got ordinary answers`;
}

export function noteTaskSurvey(ctx: CheckContext, survey: TaskSurvey): void {
  ctx.note(`called ${survey.tried.length} tool(s) declaring ${TASKS_EXTENSION}; tasks from: ${survey.taskTools.map((t) => t.tool.name).join(', ') || 'none'}`);
}

/** One task followed to its end. */
export interface TaskDrive {
  taskTool: TaskTool;
  taskId: string;
  /** Every tasks/get, in order. */
  polls: Judged[];
  /** Every tasks/update, in order, with the keys it answered. */
  updates: Array<{ keys: string[]; exchange: Judged }>;
  /** The update with a key never issued (TASKX-19), and the poll right after it. */
  unknownKeyUpdate?: { exchange: Judged; before: Item; after?: Judged };
  /** Keys answered, in order. */
  answered: string[];
  /** How the drive ended. */
  end: 'terminal' | 'timeout' | 'error' | 'input-rounds';
  ms: number;
}

export function pollDelayMs(result: Item | undefined): number {
  return clampPollInterval(result?.pollIntervalMs, POLL_FLOOR_MS * 4, POLL_FLOOR_MS, POLL_CEILING_MS);
}

/** How long one task may take before a drive gives up: the slow-call budget of the check. */
export function taskBudgetMs(ctx: CheckContext): number {
  return slowCallTimeoutMs(ctx);
}

export const taskDrive = defineSharedScenario<TaskDrive>({ name: 'task drive' });

/** Drives the task of a task tool to its end (memoized per task id). */
export function driveTask(ctx: CheckContext, taskTool: TaskTool): Promise<TaskDrive> {
  const taskId = taskTool.taskId!;
  return ctx.shared(taskDrive, async () => {
    const t0 = ctx.session.now();
    const deadline = t0 + taskBudgetMs(ctx);
    const drive: TaskDrive = { taskTool, taskId, polls: [], updates: [], answered: [], end: 'timeout', ms: 0 };
    let last: Item | undefined = taskTool.created.outcome.kind === 'result' ? taskTool.created.outcome.result : undefined;
    let endPolls = 0;
    let inputRounds = 0;
    let seenInputTwice = false;
    while (drive.polls.length < MAX_POLLS && ctx.session.now() < deadline && !ctx.signal.aborted) {
      await delay(pollDelayMs(last));
      const poll = await taskRequest(ctx, 'tasks/get', { taskId });
      drive.polls.push(poll);
      if (poll.outcome.kind !== 'result') {
        drive.end = 'error';
        break;
      }
      last = poll.outcome.result;
      const status = statusOf(last);
      // Once terminal, a few more polls, whatever they say (a change is the status check's to judge).
      if (endPolls > 0 || (status !== undefined && TERMINAL.has(status))) {
        drive.end = 'terminal';
        if (++endPolls > POLLS_AFTER_END) break;
        continue;
      }
      if (status !== 'input_required') continue;
      // Poll an input request twice before answering: it must stay the same (TASKX-16).
      if (!seenInputTwice) {
        seenInputTwice = true;
        continue;
      }
      seenInputTwice = false;
      if (++inputRounds > MAX_INPUT_ROUNDS) {
        drive.end = 'input-rounds';
        break;
      }
      const requests = isObject(last.inputRequests) ? last.inputRequests : {};
      if (!drive.unknownKeyUpdate) {
        const exchange = await taskRequest(ctx, 'tasks/update', { taskId, inputResponses: { [UNKNOWN_INPUT_KEY]: { action: 'cancel' } } });
        drive.unknownKeyUpdate = { exchange, before: last, after: await taskRequest(ctx, 'tasks/get', { taskId }) };
      }
      const keys = Object.keys(requests);
      drive.answered.push(...keys);
      drive.updates.push({ keys, exchange: await taskRequest(ctx, 'tasks/update', { taskId, inputResponses: answerAll(requests) }) });
    }
    drive.ms = ctx.session.now() - t0;
    return drive;
  }, taskId);
}

/** The first few task tools' drives. */
export function driveAll(ctx: CheckContext, survey: TaskSurvey, max = 4): Promise<TaskDrive[]> {
  return Promise.all(survey.taskTools.filter((t) => t.taskId !== undefined).slice(0, max).map((t) => driveTask(ctx, t)));
}

/** Every result a drive saw from tasks/get. */
export function pollResults(drive: TaskDrive): Item[] {
  return drive.polls.flatMap((p) => (p.outcome.kind === 'result' ? [p.outcome.result] : []));
}

/** A result without what a transport adds (_meta, resultType), for comparing a task's result with a direct one. */
export function comparable(result: Item): Item {
  const { _meta: _m, resultType: _r, ...rest } = result;
  return rest;
}
