// The task status graph of 2025-11-25 (TASK-7) and a bounded tasks/get poller that honours
// the server's pollInterval within our floor and ceiling, for the tasks checks.
import type { Outcome, Session } from '../../src/session/index.js';
import { delay } from './delay.js';
import { exchangeOn, type Judged } from './exchange.js';
import { isObject, type Item } from './json-object.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Where each status may go next; terminal states go nowhere (TASK-7). */
const NEXT: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  working: ['input_required', 'completed', 'failed', 'cancelled'],
  input_required: ['working', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

/** The related-task entry of a message's params or result `_meta`, if any. */
export function relatedTaskOf(container: Item): unknown {
  return isObject(container._meta) ? container._meta[RELATED_TASK_KEY] : undefined;
}

/** The task id of a CreateTaskResult (`result.task.taskId`), if the answer is one. */
export function createdTaskId(o: Outcome): string | undefined {
  const task = o.kind === 'result' && isObject(o.result.task) ? o.result.task : undefined;
  return typeof task?.taskId === 'string' ? task.taskId : undefined;
}

/** Polling faster than this would hammer a server that asks for less. */
export const POLL_FLOOR_MS = 50;
/** A pollInterval longer than this is shortened: our run time is bounded. */
export const POLL_CEILING_MS = 2000;

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(NEXT, value);
}

export function isTerminal(status: unknown): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** May a task go from `from` to `to`? Staying put is always allowed; leaving a terminal state never is. */
export function allowedMove(from: TaskStatus, to: string): boolean {
  return from === to || (NEXT[from] as readonly string[]).includes(to);
}

/** The transitions in a sequence of observed statuses that the graph does not allow ("completed → working"). */
export function illegalTransitions(statuses: readonly unknown[]): string[] {
  const bad: string[] = [];
  for (let i = 1; i < statuses.length; i++) {
    const [from, to] = [statuses[i - 1], statuses[i]];
    if (!isTaskStatus(from) || !isTaskStatus(to)) continue;
    if (!allowedMove(from, to)) bad.push(`${from} → ${to}`);
  }
  return bad;
}

/** The server's poll interval clamped to a floor and a ceiling of ours (a default when it names none). */
export function clampPollInterval(asked: unknown, fallbackMs: number, floorMs = POLL_FLOOR_MS, ceilingMs = POLL_CEILING_MS): number {
  const ms = typeof asked === 'number' && Number.isFinite(asked) ? asked : fallbackMs;
  return Math.min(ceilingMs, Math.max(floorMs, ms));
}

/** How long to wait before the next tasks/get: the server's pollInterval, clamped to our floor and ceiling. */
export function pollDelayMs(pollInterval: unknown): number {
  return clampPollInterval(pollInterval, 500);
}

/** The task an answer describes: `result.task` of a CreateTaskResult, or the flat result of tasks/get and tasks/cancel. */
export function taskOf(x: Judged | undefined): Record<string, unknown> | undefined {
  if (x?.outcome.kind !== 'result') return undefined;
  const r = x.outcome.result;
  if (isObject(r.task)) return r.task;
  return typeof r.taskId === 'string' ? r : undefined;
}

export interface Poll {
  /** Every tasks/get exchange, in order. */
  gets: Judged[];
  /** The statuses they reported, in order. */
  statuses: unknown[];
  end: 'terminal' | 'error' | 'deadline';
}

/**
 * Polls tasks/get until the task is terminal, an answer is not a task, or `deadline`
 * (performance.now() ms) passes; waits pollInterval between polls, within floor and ceiling.
 */
export async function pollUntilTerminal(session: Session, taskId: string, firstInterval: unknown, deadline: number, signal?: AbortSignal): Promise<Poll> {
  const gets: Judged[] = [];
  const statuses: unknown[] = [];
  let interval = firstInterval;
  for (;;) {
    const wait = pollDelayMs(interval);
    if (performance.now() + wait > deadline || signal?.aborted) return { gets, statuses, end: 'deadline' };
    await delay(wait);
    const x = await exchangeOn(session, 'tasks/get', { taskId }, { timeoutMs: Math.max(1000, deadline - performance.now()) });
    gets.push(x);
    const task = taskOf(x);
    if (!task) return { gets, statuses, end: 'error' };
    statuses.push(task.status);
    if (isTerminal(task.status)) return { gets, statuses, end: 'terminal' };
    interval = task.pollInterval ?? interval;
  }
}
