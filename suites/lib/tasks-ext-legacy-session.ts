// TASKX-30: on a dual-era server the 2026-07-28 tasks extension means nothing in an
// initialize-based 2025-11-25 session. A session that declares it (and not the 2025-11-25 tasks
// capability) is under the 2025-11-25 rules alone: a tool call without a task parameter is
// answered directly, never with a task. Asked on a connection of its own, the way a client that
// copied its 2026 capabilities into an older handshake would.
import { HANDSHAKE_TAG, type CheckContext } from '../../src/checks/index.js';
import { LATEST_STATEFUL } from '../../src/schema/index.js';
import { initialize, type HandshakeResult } from '../../src/session/index.js';
import { exchangeOn, type Judged } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { walkPages } from './list-all.js';
import { withTasks, type TaskTool } from './tasks-ext-client.js';
import { taskSupportOf, toolsOf } from './tool-survey.js';

export interface LegacyCall {
  taskTool: TaskTool;
  /** The tool's execution.taskSupport as this session lists it, unless it is forbidden (or absent). */
  taskSupport?: string;
  call: Judged;
}

export type LegacySessionCalls =
  | { kind: 'not-dual-era'; handshake: HandshakeResult }
  | { kind: 'not-listed'; listed: string[] }
  | { kind: 'called'; capabilities: Item; calls: LegacyCall[] };

/** Task tools called in the 2025-11-25 session at most. */
const MAX_CALLS = 3;

/** A task handle of either era: the extension's flat one, or a 2025-11-25 CreateTaskResult. */
export function looksLikeTask(result: Item): boolean {
  return result.resultType === 'task' || (isObject(result.task) && typeof result.task.taskId === 'string');
}

/**
 * Initializes a 2025-11-25 session declaring the extension, and calls there, with the survey's
 * arguments, the survey's task tools that the session also lists: first those it lists with an
 * execution.taskSupport (where a server that lets the extension leak would make a task).
 */
export async function callInLegacySession(ctx: CheckContext, taskTools: TaskTool[]): Promise<LegacySessionCalls> {
  const capabilities = withTasks();
  const { session } = await ctx.connect();
  session.prepareHandshake(LATEST_STATEFUL);
  const handshake = await initialize(session, { protocolVersion: LATEST_STATEFUL, capabilities, tag: HANDSHAKE_TAG });
  if (handshake.outcome.kind !== 'result' || handshake.answeredVersion !== LATEST_STATEFUL) return { kind: 'not-dual-era', handshake };
  const listed = new Map(toolsOf(await walkPages(session, 'tools/list', 'tools', ctx.signal)).map((t) => [t.name, t]));
  const supportOf = (name: string) => {
    const support = taskSupportOf(listed.get(name)!);
    return support === 'forbidden' ? undefined : support;
  };
  const chosen = taskTools
    .filter((t) => listed.has(t.tool.name))
    .map((taskTool) => ({ taskTool, taskSupport: supportOf(taskTool.tool.name) }))
    .sort((a, b) => Number(b.taskSupport !== undefined) - Number(a.taskSupport !== undefined))
    .slice(0, MAX_CALLS);
  if (chosen.length === 0) return { kind: 'not-listed', listed: [...listed.keys()] };
  const calls = await Promise.all(
    chosen.map(async (c) => ({ ...c, call: await exchangeOn(session, 'tools/call', { name: c.taskTool.tool.name, arguments: c.taskTool.args }, { timeoutMs: ctx.options.requestTimeoutMs }) })),
  );
  return { kind: 'called', capabilities, calls };
}
