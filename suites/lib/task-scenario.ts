// One run of 2025-11-25 tasks, shared by the tasks checks (once per run, on a connection of its
// own): a few task-augmented calls of a tool we may call, one task polled with tasks/get until
// it is terminal, one waited for with tasks/result, and the notifications/tasks/status seen
// meanwhile. Requests go out untagged, like the list walk: schema problems in the answers also
// reach the whole-run message check, and each exchange keeps the findings it raised.
import { describeOutcome, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import type { Received, Session } from '../../src/session/index.js';
import { exchangeOn, type Judged } from './exchange.js';
import { isObject } from './json-object.js';
import { listAll } from './list-all.js';
import { slowCallTimeoutMs } from './slow-tool.js';
import { pollUntilTerminal, taskOf, type Poll } from './task-lifecycle.js';
import { argumentsFor, callPermission, taskSupportOf, toolsOf, type ToolDef } from './tool-survey.js';

/** Tasks created at once: enough to compare ids, few enough to be polite. */
const TASKS_CREATED = 3;
export const REQUESTED_TTL_MS = 60_000;

export interface TaskTool {
  tool: ToolDef;
  args: Record<string, unknown>;
  support: 'optional' | 'required';
}

export interface TaskScenario {
  tool: TaskTool;
  session: Session;
  /** The task-augmented calls and how long each took to answer. */
  creates: Judged[];
  /** Ids of the tasks created (string ids only). */
  ids: string[];
  /** The first task, polled until terminal, then fetched once more. */
  poll?: Poll;
  afterTerminal?: Judged;
  /** The second task: tasks/result sent right after creation, and tasks/get right after it answered. */
  result?: Judged;
  statusAfterResult?: Judged;
  /** notifications/tasks/status received on the connection. */
  notifications: Received[];
}

/** The tools that accept tasks and that we may call, with arguments: required ones first, the slow tool last. */
export async function taskTools(ctx: CheckContext): Promise<{ tools: TaskTool[]; why: string }> {
  const walk = await listAll(ctx, 'tools/list', 'tools');
  const reasons: string[] = [];
  const found: TaskTool[] = [];
  for (const tool of toolsOf(walk)) {
    const support = taskSupportOf(tool);
    if (support === 'forbidden') continue;
    const permission = callPermission(tool, ctx.options);
    if (!permission.allowed) {
      reasons.push(`${tool.name}: ${permission.why}`);
      continue;
    }
    const built = argumentsFor(tool, ctx);
    if ('reason' in built) reasons.push(`${tool.name}: ${built.reason}`);
    else found.push({ tool, args: built.args, support });
  }
  // A tool that exists for tasks (required) is likelier to take a while than an optional one; the slow tool is kept for cancelling.
  const rank = (t: TaskTool) => (t.tool.name === ctx.options.slowTool ? 2 : t.support === 'required' ? 0 : 1);
  found.sort((a, b) => rank(a) - rank(b));
  const why = reasons.length ? `no tool with execution.taskSupport that we may call (${reasons.join('; ')})` : `no tool lists execution.taskSupport "optional" or "required" (${walk.detail})`;
  return { tools: found, why };
}

/** Why the tasks checks that need a task cannot run here, or undefined. */
export function noTasksReason(ctx: CheckContext): string | undefined {
  if (!ctx.declares('tasks')) return 'the server does not declare capabilities.tasks';
  if (!ctx.declares('tasks.requests.tools.call')) return 'the server does not declare tasks.requests.tools.call, so no tools/call may carry a task';
  return undefined;
}

export const taskScenarioWork = defineSharedScenario<TaskScenario | { skip: string }>({ name: 'task scenario', keepsState: true });

export function taskScenario(ctx: CheckContext): Promise<TaskScenario | { skip: string }> {
  // Checks go on with tasks/get and tasks/list on its connection, about the tasks it created.
  return ctx.shared(taskScenarioWork, () => runScenario(ctx));
}

async function runScenario(ctx: CheckContext): Promise<TaskScenario | { skip: string }> {
  const reason = noTasksReason(ctx);
  if (reason) return { skip: reason };
  const { tools, why } = await taskTools(ctx);
  const tool = tools[0];
  if (!tool) return { skip: why };
  const { session, handshake } = await ctx.connect({ forRun: true, startOrder: 'first' });
  if (handshake && handshake.outcome.kind !== 'result') return { skip: `initialize on a new connection failed: ${describeOutcome(handshake.outcome)}` };
  const deadline = performance.now() + slowCallTimeoutMs(ctx);
  const notifications: Received[] = [];
  const stop = session.onReceive((r) => {
    if (isObject(r.message) && r.message.method === 'notifications/tasks/status' && notifications.length < 200) notifications.push(r);
  });
  try {
    const params = { name: tool.tool.name, arguments: tool.args, task: { ttl: REQUESTED_TTL_MS } };
    const creates = await Promise.all(Array.from({ length: TASKS_CREATED }, () => exchangeOn(session, 'tools/call', params)));
    const ids = creates.map((x) => taskOf(x)?.taskId).filter((id): id is string => typeof id === 'string');
    const scenario: TaskScenario = { tool, session, creates, ids, notifications };
    if (ids.length < 2) return scenario;
    const remaining = () => Math.max(1000, deadline - performance.now());
    const blocking = exchangeOn(session, 'tasks/result', { taskId: ids[1] }, { timeoutMs: remaining() }).then(async (x) => {
      scenario.result = x;
      scenario.statusAfterResult = await exchangeOn(session, 'tasks/get', { taskId: ids[1] });
    });
    scenario.poll = await pollUntilTerminal(session, ids[0], taskOf(creates[0])?.pollInterval, deadline, ctx.signal);
    if (scenario.poll.end === 'terminal') scenario.afterTerminal = await exchangeOn(session, 'tasks/get', { taskId: ids[0] });
    await blocking;
    return scenario;
  } finally {
    stop();
  }
}
