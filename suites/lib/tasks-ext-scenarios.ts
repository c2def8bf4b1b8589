// The two tasks-extension scenarios that run a task of their own: cancelling the slow tool's
// task (TASKX-20), and listening to a task's status through subscriptions/listen (TASKX-24,
// TASKX-25). Both stay on the main connection, where the task lives (on stdio a new
// connection is a new server process), and tell their messages apart by subscription id.
import { describeOutcome, type CheckContext, type Verdict } from '../../src/checks/index.js';
import { META_LOG_LEVEL, type Outcome, type Received } from '../../src/session/index.js';
import { delay } from './delay.js';
import { recordExchange } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { ACKNOWLEDGED, openListen, subscriptionIdOf } from './listen-stream.js';
import { extraKeys, methodOf, paramsOf } from './message-readers.js';
import { plural } from './plural.js';
import {
  callDeclaring,
  comparable,
  illegalTransition,
  isTaskHandle,
  metaDeclaring,
  pollDelayMs,
  statusOf,
  SURVEY_CAPABILITIES,
  taskBudgetMs,
  taskIdOf,
  taskRequest,
  TERMINAL,
  withTasks,
  type TaskSurvey,
  type TaskTool,
} from './tasks-ext-client.js';
import { taskSchemaProblems } from './tasks-ext-schema.js';
import { isAnswer, whatHappened } from './answered.js';

/** Messages of one listen stream we keep at most (a flooding server must not take us down). */
const MAX_KEPT = 500;

/** The slow tool's entry in the survey, when it answered with a task. */
function slowTaskTool(ctx: CheckContext, survey: TaskSurvey): TaskTool | undefined {
  return survey.taskTools.find((t) => t.tool.name === ctx.options.slowTool);
}

/** A fresh task of `t`, or why there is none. */
async function freshTask(ctx: CheckContext, t: TaskTool, extra: Item = {}): Promise<{ taskId: string; created: Item } | string> {
  const created = await callDeclaring(ctx, t.tool, t.args, SURVEY_CAPABILITIES, extra);
  recordExchange(ctx, created);
  const taskId = created.outcome.kind === 'result' ? taskIdOf(created.outcome.result) : undefined;
  if (!isTaskHandle(created.outcome) || taskId === undefined) {
    const o = created.outcome;
    return isAnswer(o) ? `tool "${t.tool.name}" answered without a task this time: ${describeOutcome(o)}` : `tool "${t.tool.name}" ${whatHappened(o)} this time`;
  }
  return { taskId, created: (created.outcome as Extract<Outcome, { kind: 'result' }>).result };
}

/** Polls until a terminal status and once more, bounded; the statuses seen, or the illegal move. */
async function pollToEnd(ctx: CheckContext, taskId: string, from: Item): Promise<{ statuses: string[]; problem?: string }> {
  const deadline = ctx.session.now() + taskBudgetMs(ctx);
  const statuses = [String(statusOf(from))];
  let last = from;
  let after = 0;
  while (ctx.session.now() < deadline && !ctx.signal.aborted && after < 2) {
    await delay(pollDelayMs(last));
    const poll = await taskRequest(ctx, 'tasks/get', { taskId });
    if (poll.outcome.kind !== 'result') break;
    last = poll.outcome.result;
    const status = String(statusOf(last));
    const problem = illegalTransition(statuses[statuses.length - 1], status);
    statuses.push(status);
    if (problem) {
      recordExchange(ctx, poll);
      return { statuses, problem };
    }
    if (TERMINAL.has(status)) after++;
  }
  return { statuses };
}

export async function cancelSlowTask(ctx: CheckContext, survey: TaskSurvey): Promise<Verdict> {
  if (!ctx.options.slowTool) return ctx.skip('no slow tool was named: pass --slow-tool <name> (a tool the server runs as a task for a while) to cancel one of its tasks');
  const slow = slowTaskTool(ctx, survey);
  if (!slow) return ctx.skip(`the slow tool "${ctx.options.slowTool}" did not answer with a task when the extension was declared`);
  const task = await freshTask(ctx, slow);
  if (typeof task === 'string') return ctx.skip(task);
  const ack = await taskRequest(ctx, 'tasks/cancel', { taskId: task.taskId });
  recordExchange(ctx, ack);
  if (ack.outcome.kind !== 'result') return ctx.violation(`tasks/cancel of a ${String(task.created.status)} task: ${describeOutcome(ack.outcome)}`, 'an empty acknowledgement {resultType: "complete"}', describeOutcome(ack.outcome));
  const extra = extraKeys(ack.outcome.result).filter((k) => k !== 'resultType');
  if (ack.outcome.result.resultType !== 'complete' || extra.length) {
    return ctx.violation(`the tasks/cancel answer is not an empty acknowledgement (resultType ${JSON.stringify(ack.outcome.result.resultType)}${extra.length ? `, also ${extra.join(', ')}` : ''}; 2025-11-25 answered with the task, 2026-07-28 does not)`, '{resultType: "complete"}', JSON.stringify(ack.outcome.result).slice(0, 200));
  }
  const { statuses, problem } = await pollToEnd(ctx, task.taskId, task.created);
  if (problem) return ctx.violation(`after tasks/cancel: ${problem}`, 'any legal status; cancelled for good once cancelled', statuses.join(' → '));
  const again = await taskRequest(ctx, 'tasks/cancel', { taskId: task.taskId });
  ctx.note(`a second tasks/cancel, of the ${statuses[statuses.length - 1]} task: ${describeOutcome(again.outcome)} (acknowledging or refusing are both allowed)`);
  return ctx.pass(`acknowledged; then ${statuses.join(' → ')}`);
}

export interface ListenAttempt {
  readonly answer?: Outcome;
  /** Messages tagged with this listen's subscription id (at most MAX_KEPT). */
  received: Received[];
  /** How many such messages came in all. */
  count: number;
  close(): Promise<void>;
}

/** Opens a listen for `taskId` on the main connection, declaring `capabilities`. */
export async function listenToTask(ctx: CheckContext, taskId: string, capabilities: Item, close = true): Promise<ListenAttempt> {
  const id = `mcp-conform-task-listen-${Math.random().toString(36).slice(2, 10)}`;
  const stream = await openListen(ctx, ctx.session, { taskIds: [taskId] }, id, metaDeclaring(capabilities));
  const attempt: ListenAttempt = {
    get answer() {
      return stream.answer;
    },
    received: [],
    count: 0,
    close: async () => {
      await stream.close();
      stream.stop();
    },
  };
  const keep = (r: Received) => {
    if (subscriptionIdOf(r.message) !== id && !(isObject(r.message) && r.message.id === id)) return;
    attempt.count++;
    if (attempt.received.length < MAX_KEPT) attempt.received.push(r);
  };
  stream.received.forEach(keep);
  const off = ctx.session.onReceive(keep);
  const stop = stream.stop;
  stream.stop = () => {
    off();
    stop();
  };
  // On the shared connection the first message may be someone else's: wait for this listen's own.
  const deadline = ctx.session.now() + ctx.options.requestTimeoutMs;
  while (!attempt.answer && !attempt.received.some((r) => methodOf(r) === ACKNOWLEDGED) && ctx.session.now() < deadline && !ctx.signal.aborted) await delay(20);
  if (close) await attempt.close();
  return attempt;
}

/**
 * Waits until the task has ended (a terminal notification, or tasks/get says so), bounded by the
 * task budget, then a quiet period for what is still on its way.
 */
async function awaitTerminal(ctx: CheckContext, attempt: ListenAttempt, taskId: string): Promise<void> {
  const deadline = ctx.session.now() + taskBudgetMs(ctx);
  const told = () => attempt.received.some((r) => methodOf(r)?.startsWith('notifications/tasks') && TERMINAL.has(String(paramsOf(r).status)));
  let last: Item | undefined;
  while (!told() && ctx.session.now() < deadline && !ctx.signal.aborted && attempt.count < MAX_KEPT) {
    await delay(pollDelayMs(last));
    const poll = await taskRequest(ctx, 'tasks/get', { taskId });
    if (poll.outcome.kind !== 'result') break;
    last = poll.outcome.result;
    if (TERMINAL.has(String(statusOf(last)))) break;
  }
  await delay(ctx.options.quietMs);
}

export async function judgeListen(ctx: CheckContext, survey: TaskSurvey): Promise<Verdict> {
  const tool = slowTaskTool(ctx, survey) ?? survey.taskTools[0];
  // Asking for progress and logs: a task's listen stream must carry neither (TASKX-25).
  const task = await freshTask(ctx, tool, { _meta: { progressToken: 'mcp-conform-task-progress', [META_LOG_LEVEL]: 'debug' } });
  if (typeof task === 'string') return ctx.skip(task);
  const attempt = await listenToTask(ctx, task.taskId, withTasks(), false);
  try {
    if (attempt.answer) return ctx.info(`the server ended the listen at once: ${describeOutcome(attempt.answer)}; it pushes no task notifications (polling is the default)`);
    const ack = attempt.received.find((r) => methodOf(r) === ACKNOWLEDGED);
    const notifications = isObject(paramsOf(ack ?? ({} as Received)).notifications) ? (paramsOf(ack!).notifications as Item) : {};
    const accepted = Array.isArray(notifications.taskIds) ? notifications.taskIds : [];
    if (accepted.some((id) => id !== task.taskId)) return ctx.violation('the acknowledgement accepts task ids that were not asked for', `a subset of ["${task.taskId}"]`, JSON.stringify(accepted));
    if (!accepted.includes(task.taskId)) return ctx.info(`the acknowledgement did not accept the task id (${ack ? JSON.stringify(accepted) : 'no acknowledgement'}): the server pushes no task notifications (MAY)`);
    await awaitTerminal(ctx, attempt, task.taskId);
    return await judgeStream(ctx, attempt, task.taskId, tool);
  } finally {
    await attempt.close();
  }
}

async function judgeStream(ctx: CheckContext, attempt: ListenAttempt, taskId: string, tool: TaskTool): Promise<Verdict> {
  const messages = attempt.received.filter((r) => methodOf(r) !== undefined && methodOf(r) !== ACKNOWLEDGED);
  const evidence = (r: Received) => ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
  for (const r of messages) {
    const method = methodOf(r)!;
    if (method === 'notifications/progress' || method === 'notifications/message') {
      evidence(r);
      return ctx.violation(`${method} arrived on the listen stream of a task of "${tool.tool.name}"; tasks carry no progress or logs`, 'only notifications/tasks', method);
    }
    if (method === 'notifications/tasks/status') {
      evidence(r);
      return ctx.violation('a 2025-11-25 notifications/tasks/status arrived; the extension uses notifications/tasks', 'notifications/tasks', method);
    }
    if (method !== 'notifications/tasks') continue;
    const problems = taskSchemaProblems('TaskStatusNotification', r.message);
    if (problems.length || paramsOf(r).taskId !== taskId) {
      evidence(r);
      return ctx.violation(`a notifications/tasks is ${problems.length ? `not valid: ${problems.join('; ')}` : `about another task (${String(paramsOf(r).taskId)})`}`, 'a TaskStatusNotification for the accepted id', JSON.stringify(r.message).slice(0, 240));
    }
  }
  const statuses = messages.filter((r) => methodOf(r) === 'notifications/tasks').map((r) => paramsOf(r));
  if (!statuses.length) return ctx.info(`no notifications/tasks within ${taskBudgetMs(ctx)} ms, although the id was accepted`);
  const last = statuses[statuses.length - 1];
  const get = await taskRequest(ctx, 'tasks/get', { taskId });
  if (TERMINAL.has(String(last.status)) && get.outcome.kind === 'result') {
    const { _meta: _a, lastUpdatedAt: _b, ...fromNote } = last;
    const { _meta: _c, lastUpdatedAt: _d, ...fromGet } = comparable(get.outcome.result);
    if (JSON.stringify(sorted(fromNote)) !== JSON.stringify(sorted(fromGet))) {
      recordExchange(ctx, get);
      return ctx.violation('the terminal notifications/tasks disagrees with tasks/get', JSON.stringify(fromGet).slice(0, 200), JSON.stringify(fromNote).slice(0, 200));
    }
  }
  return ctx.pass(`${plural(statuses.length, 'notifications/tasks')} (${statuses.map((s) => s.status).join(' → ')}), agreeing with tasks/get; no progress or logs on the stream${attempt.count > attempt.received.length ? `; ${attempt.count} messages in all` : ''}`);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
}
