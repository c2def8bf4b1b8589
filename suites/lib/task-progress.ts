// The progress of one task-augmented call of the slow tool (PROG-9): the call carries a
// progressToken, the server answers with a CreateTaskResult, and we wait for the task with
// tasks/result, recording every notifications/progress and where it arrived among the answers.
// On a connection of its own, so every progress on it belongs to this one call; over Streamable
// HTTP with the GET stream open, the only place progress can travel once the call's own reply
// has ended (besides the tasks/result reply).
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import type { Outcome } from '../../src/session/index.js';
import { delay } from './delay.js';
import { isObject, type Item } from './json-object.js';
import { openServerStream } from './server-stream.js';
import { slowCallTimeoutMs, type SlowTool } from './slow-tool.js';
import { createdTaskId } from './task-lifecycle.js';
import { REQUESTED_TTL_MS } from './task-scenario.js';
import { paramHeaders } from './tool-call.js';

export interface ArrivedProgress {
  /** Arrival index among everything the connection received. */
  seq: number;
  at: number;
  message: Item;
  token: unknown;
}

export interface TaskProgress {
  token: string;
  taskId: string;
  created: Outcome;
  /** Arrival index and time of the CreateTaskResult and of the tasks/result answer. */
  createdSeq?: number;
  resultSeq?: number;
  resultAt?: number;
  result: Outcome;
  notes: ArrivedProgress[];
}

/** Progress notifications kept at most. */
const MAX_NOTES = 200;
let counter = 0;

export async function observeTaskProgress(ctx: CheckContext, slow: SlowTool): Promise<TaskProgress | { skip: string }> {
  const { session } = await ctx.connect();
  await openServerStream(session, ctx.options.requestTimeoutMs);
  const token = `mcp-conform-task-progress-${++counter}`;
  const createId = session.allocateId();
  const resultId = session.allocateId();
  const notes: ArrivedProgress[] = [];
  let seq = 0;
  let createdSeq: number | undefined;
  let resultSeq: number | undefined;
  let resultAt: number | undefined;
  const off = session.onReceive((r) => {
    seq++;
    const m = r.message;
    if (!isObject(m)) return;
    if (m.method === 'notifications/progress') {
      if (notes.length < MAX_NOTES) notes.push({ seq, at: r.at, message: m, token: isObject(m.params) ? m.params.progressToken : undefined });
    } else if (!('method' in m) && ('result' in m || 'error' in m)) {
      if (String(m.id) === String(createId)) createdSeq ??= seq;
      if (String(m.id) === String(resultId) && resultSeq === undefined) [resultSeq, resultAt] = [seq, r.at];
    }
  });
  try {
    const params = { name: slow.tool.name, arguments: slow.args, task: { ttl: REQUESTED_TTL_MS }, _meta: { progressToken: token } };
    const created = await session.request('tools/call', params, { id: createId, timeoutMs: ctx.options.requestTimeoutMs, headers: paramHeaders(session, slow.tool, slow.args) });
    const taskId = createdTaskId(created);
    if (taskId === undefined) return { skip: `no task was created (${describeOutcome(created)}); see tasks/create-result` };
    const result = await session.request('tasks/result', { taskId }, { id: resultId, timeoutMs: slowCallTimeoutMs(ctx) });
    // Progress sent after the task ended arrives late, if at all.
    await delay(ctx.options.quietMs);
    return { token, taskId, created, createdSeq, resultSeq, resultAt, result, notes: [...notes] };
  } finally {
    off();
  }
}
