// A task that needs input from its requestor (TASK-17, TASK-18), once per run on a connection of
// its own that declares roots, sampling and elicitation. The task tools we may call (the slow
// tool aside: it is kept for cancelling) are run as tasks one at a time, each waited for with
// tasks/result (which is where a server delivers a task's requests; the GET stream is open
// too), until one asks for something. Before each answer we look at the task with tasks/get.
// One task at a time, so a request that came while it ran is its, whatever its _meta says.
import { describeOutcome, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import type { Outcome, Received } from '../../src/session/index.js';
import { answerFor, declaredFor } from './client-request-runs.js';
import { exchangeOn, type Judged } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { openServerStream } from './server-stream.js';
import { slowCallTimeoutMs } from './slow-tool.js';
import { createdTaskId } from './task-lifecycle.js';
import { REQUESTED_TTL_MS, taskTools } from './task-scenario.js';

/** Task tools tried at most. */
const MAX_TOOLS = 3;
/** Requests that a task's work makes of its requestor (roots/list may be the session's own). */
const INPUT_METHODS = new Set(['elicitation/create', 'sampling/createMessage']);

export interface TaskAsk {
  method: string;
  params: Item;
  received: Received;
  /** tasks/get of the task, sent after the request came and before we answered it. */
  look?: Judged;
}

export interface TaskInputRun {
  tool: string;
  taskId: string;
  declared: Item;
  asks: TaskAsk[];
  /** The tasks/result answer (the task's end). */
  result: Outcome;
  /** Tools run as tasks that asked for nothing, and how each ended. */
  quiet: string[];
}

export const taskInputScenario = defineSharedScenario<TaskInputRun | { skip: string }>({ name: 'task input run' });

export function taskInputRun(ctx: CheckContext): Promise<TaskInputRun | { skip: string }> {
  return ctx.shared(taskInputScenario, () => run(ctx));
}

async function run(ctx: CheckContext): Promise<TaskInputRun | { skip: string }> {
  const { tools, why } = await taskTools(ctx);
  const candidates = tools.filter((t) => t.tool.name !== ctx.options.slowTool).slice(0, MAX_TOOLS);
  if (candidates.length === 0) return { skip: tools.length ? 'the only task tool we may call is the slow tool (kept for cancelling)' : why };
  const declared = declaredFor(ctx.revision, 'cooperate');
  const { session, handshake } = await ctx.connect({ clientCapabilities: declared });
  if (handshake && handshake.outcome.kind !== 'result') return { skip: `initialize on a new connection failed: ${describeOutcome(handshake.outcome)}` };
  await openServerStream(session, ctx.options.requestTimeoutMs);
  let current: { taskId: Promise<string | undefined>; asks: TaskAsk[] } | undefined;
  session.answerServerRequestsWith(({ id, method, params }) => {
    const task = current;
    if (!task || !INPUT_METHODS.has(method)) return undefined;
    return (async () => {
      // The request may come before the CreateTaskResult: the task id is known once that has.
      const taskId = await task.taskId;
      const ask = task.asks.find((a) => isObject(a.received.message) && a.received.message.id === id);
      if (ask && taskId !== undefined) ask.look = await exchangeOn(session, 'tasks/get', { taskId }, { timeoutMs: ctx.options.requestTimeoutMs });
      return answerFor('cooperate', method, params);
    })();
  });
  const quiet: string[] = [];
  for (const candidate of candidates) {
    if (ctx.signal.aborted) break;
    const asks: TaskAsk[] = [];
    const stop = session.onReceive((r) => {
      const m = r.message;
      if (!isObject(m) || !('id' in m) || typeof m.method !== 'string' || !INPUT_METHODS.has(m.method) || asks.length >= 20) return;
      asks.push({ method: m.method, params: isObject(m.params) ? m.params : {}, received: r });
    });
    let resolveId!: (id: string | undefined) => void;
    current = { taskId: new Promise((resolve) => (resolveId = resolve)), asks };
    try {
      const created = await session.request('tools/call', { name: candidate.tool.name, arguments: candidate.args, task: { ttl: REQUESTED_TTL_MS } }, { timeoutMs: ctx.options.requestTimeoutMs });
      const taskId = createdTaskId(created);
      resolveId(taskId);
      if (taskId === undefined) {
        quiet.push(`${candidate.tool.name}: no task (${describeOutcome(created).slice(0, 60)})`);
        continue;
      }
      const result = await session.request('tasks/result', { taskId }, { timeoutMs: slowCallTimeoutMs(ctx) });
      if (asks.length) return { tool: candidate.tool.name, taskId, declared, asks, result, quiet };
      quiet.push(`${candidate.tool.name}: asked nothing (${describeOutcome(result).slice(0, 40)})`);
    } finally {
      resolveId(undefined);
      stop();
      current = undefined;
    }
  }
  return { skip: `no task asked for input while it ran, declaring ${JSON.stringify(declared)}: ${quiet.join('; ')}` };
}
