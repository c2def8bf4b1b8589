// Tasks of 2025-11-25 (TASK-*): the declaration, tool-level negotiation, the create-task result,
// status transitions, tasks/result, tasks/list, tasks/cancel, unknown ids, related-task _meta and
// status notifications. Safe by default: tasks are created only of tools we may call, and only
// the --slow-tool is cancelled while it works. Most checks judge one shared run
// (lib/task-scenario.ts); every wait is bounded by the run's timeouts.
// Proof of each check (the fixture fault that must break it): test/proof/tasks.ts.
import { defineCheck, describeOutcome, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Outcome } from '../src/session/index.js';
import { delay } from './lib/delay.js';
import { recordExchange, type Judged } from './lib/exchange.js';
import { findingsVerdict } from './lib/findings-verdict.js';
import { isObject } from './lib/json-object.js';
import { identityOf, listAll, walkPages, listWalk } from './lib/list-all.js';
import { listWalkVerdict } from './lib/list-verdict.js';
import { findSlowTool, slowCallTimeoutMs, type SlowTool } from './lib/slow-tool.js';
import { createdTaskId, illegalTransitions, isTerminal, pollUntilTerminal, RELATED_TASK_KEY, relatedTaskOf, taskOf } from './lib/task-lifecycle.js';
import { taskInputRun, taskInputScenario } from './lib/task-input.js';
import { observeTaskProgress } from './lib/task-progress.js';
import { noTasksReason, REQUESTED_TTL_MS, taskScenario, taskTools, taskScenarioWork, type TaskScenario } from './lib/task-scenario.js';
import { argumentsFor, callPermission, taskSupportOf, toolsOf } from './lib/tool-survey.js';
import { whatHappened } from './lib/answered.js';

const TASKS_REVISIONS = ['2025-11-25'] as const;
const SPEC = 'basic/utilities/tasks';
const NO_SUCH_TASK = 'mcp-conform-no-such-task';
/** How long a cancelled task is watched for a status change after the cancellation. */
const WATCH_AFTER_CANCEL_MS = 2500;

const codeOf = (o: Outcome) => (o.kind === 'error' ? o.error.code : undefined);
const isIso = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));

async function scenarioFor(ctx: CheckContext): Promise<TaskScenario | Verdict> {
  const s = await taskScenario(ctx);
  if ('skip' in s) return ctx.skip(s.skip);
  if (s.ids.length < 2) {
    for (const x of s.creates.slice(0, 1)) recordExchange(ctx, x);
    return ctx.skip(`task-augmented calls of ${s.tool.tool.name} created no tasks to observe (${describeOutcome(s.creates[0].outcome)}); see tasks/create-result`);
  }
  return s;
}

const isVerdict = (v: unknown): v is Verdict => isObject(v) && typeof v.status === 'string';

/** The --slow-tool, when it can run as a task; else the skip. */
async function slowTaskTool(ctx: CheckContext): Promise<SlowTool | Verdict> {
  const slow = await findSlowTool(ctx);
  if ('skip' in slow) return ctx.skip(slow.skip);
  if (taskSupportOf(slow.tool) === 'forbidden') return ctx.skip(`the slow tool ${slow.tool.name} does not support tasks (execution.taskSupport)`);
  return slow;
}

export const capability = defineCheck({
  id: 'tasks/capability',
  title: 'tasks/list and tasks/cancel answer exactly when capabilities.tasks declares them',
  level: 'MUST',
  requirements: ['TASK-1'],
  spec: `${SPEC}#capabilities`,
  revisions: TASKS_REVISIONS,
  async run(ctx) {
    const probes: Array<[string, string, Record<string, unknown>]> = [
      ['list', 'tasks/list', {}],
      ['cancel', 'tasks/cancel', { taskId: NO_SUCH_TASK }],
    ];
    const problems: string[] = [];
    for (const [member, method, params] of probes) {
      const declared = ctx.declares(`tasks.${member}`);
      const o = await ctx.request(method, params);
      const missing = codeOf(o) === -32601;
      if (declared && missing) problems.push(`tasks.${member} is declared, but ${method} gets -32601`);
      if (!declared && o.kind === 'result') problems.push(`tasks.${member} is not declared, but ${method} is served`);
    }
    if (problems.length) return ctx.violation(problems.join('; '), 'a method answered if and only if its capability is declared', problems[0]);
    return ctx.pass(ctx.declares('tasks') ? undefined : 'no capabilities.tasks, and the task methods are not served');
  },
});

export const forbiddenTool = defineCheck({
  id: 'tasks/forbidden-tool',
  shares: [listWalk],
  title: 'a task-augmented call of a tool without taskSupport gets -32601',
  level: 'SHOULD',
  requirements: ['TASK-2'],
  spec: `${SPEC}#tool-level-negotiation`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const walk = await listAll(ctx, 'tools/list', 'tools');
    const candidate = toolsOf(walk).find((t) => taskSupportOf(t) === 'forbidden' && t.name !== ctx.options.slowTool && callPermission(t, ctx.options).allowed && !('reason' in argumentsFor(t, ctx)));
    if (!candidate) return ctx.skip(`no tool without task support that we may call (${walk.detail})`);
    const args = (argumentsFor(candidate, ctx) as { args: Record<string, unknown> }).args;
    const o = await ctx.request('tools/call', { name: candidate.name, arguments: args, task: { ttl: REQUESTED_TTL_MS } });
    if (codeOf(o) === -32601) return ctx.pass(`${candidate.name}: -32601`);
    return ctx.violation(`a task-augmented call of ${candidate.name} (taskSupport ${isObject(candidate.execution) ? JSON.stringify(candidate.execution.taskSupport) : 'absent'}) got ${describeOutcome(o)}`, 'error -32601', describeOutcome(o));
  },
});

export const requiredWithoutTask = defineCheck({
  id: 'tasks/required-without-task',
  shares: [listWalk],
  title: 'a plain call of a tool whose taskSupport is "required" gets -32601',
  level: 'MUST',
  requirements: ['TASK-3', 'TASK-27'],
  spec: `${SPEC}#tool-level-negotiation`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const required = (await taskTools(ctx)).tools.find((t) => t.support === 'required');
    if (!required) return ctx.skip('no tool with taskSupport "required" that we may call');
    const o = await ctx.request('tools/call', { name: required.tool.name, arguments: required.args });
    const code = codeOf(o);
    if (code === -32601) return ctx.pass(`${required.tool.name}: -32601`);
    // #protocol-errors also names -32600 for a missing task augmentation (TASK-3, TASK-27).
    if (code === -32600) return ctx.warn(`${required.tool.name} without a task got -32600; #tool-level-negotiation asks for -32601`, 'error -32601', describeOutcome(o));
    return ctx.violation(`a plain call of ${required.tool.name} (taskSupport "required") got ${describeOutcome(o)}`, 'error -32601 (or -32600, warn)', describeOutcome(o));
  },
});

export const createResult = defineCheck({
  id: 'tasks/create-result',
  shares: [taskScenarioWork],
  title: 'a task-augmented call answers a CreateTaskResult: a working task with timestamps, ttl and pollInterval',
  level: 'MUST',
  requirements: ['TASK-4', 'TASK-6', 'TASK-8', 'TASK-9', 'TASK-10'],
  spec: `${SPEC}#creating-tasks`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await taskScenario(ctx);
    if ('skip' in s) return ctx.skip(s.skip);
    const problems: string[] = [];
    const findings = s.creates.flatMap((x) => x.findings);
    for (const x of s.creates) {
      recordExchange(ctx, x);
      const task = taskOf(x);
      if (!task || x.outcome.kind !== 'result' || !isObject(x.outcome.result.task)) {
        problems.push(`${describeOutcome(x.outcome)} instead of {task: {...}}`);
        continue;
      }
      if (task.status !== 'working') problems.push(`a new task has status ${JSON.stringify(task.status)}, not "working" (TASK-6)`);
      for (const key of ['createdAt', 'lastUpdatedAt']) if (!isIso(task[key])) problems.push(`${key} ${JSON.stringify(task[key])} is not an ISO 8601 time (TASK-8)`);
      if (!('ttl' in task) || (task.ttl !== null && typeof task.ttl !== 'number')) problems.push(`ttl is ${'ttl' in task ? JSON.stringify(task.ttl) : 'absent'}, not a number or null (TASK-9)`);
      if ('pollInterval' in task && typeof task.pollInterval !== 'number') problems.push(`pollInterval ${JSON.stringify(task.pollInterval)} is not a number (TASK-10)`);
    }
    if (problems.length) return ctx.violation(`${s.tool.tool.name}: ${[...new Set(problems)].join('; ')}`, 'result.task with taskId, status "working", createdAt, lastUpdatedAt, ttl', problems[0]);
    if (findings.length) return findingsVerdict(ctx, findings, 'the CreateTaskResults');
    ctx.note(`answered in ${s.creates.map((x) => `${Math.round(x.outcome.ms)} ms`).join(', ')}`);
    return ctx.pass(`${s.creates.length} tasks of ${s.tool.tool.name}`);
  },
});

export const idsUnguessable = defineCheck({
  id: 'tasks/ids-unguessable',
  shares: [taskScenarioWork],
  title: 'task ids are distinct strings, and not short or sequential',
  level: 'MUST',
  requirements: ['TASK-5'],
  spec: `${SPEC}#task-id-requirements`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    ctx.note(`task ids: ${s.ids.join(', ')}`);
    if (new Set(s.ids).size !== s.ids.length) return ctx.violation(`${s.ids.length} tasks got only ${new Set(s.ids).size} distinct ids`, 'distinct ids', s.ids.join(', '));
    const numeric = s.ids.every((id) => /^\d+$/.test(id));
    if (numeric || s.ids.some((id) => id.length < 8)) {
      // Without an authorization context, ids must be hard to guess (TASK-24's second half).
      return ctx.warn(`task ids are ${numeric ? 'sequential numbers' : 'short'} (${s.ids.join(', ')}), easy to guess`, 'long random ids', s.ids.join(', '));
    }
    return ctx.pass();
  },
});

export const statusTransitions = defineCheck({
  id: 'tasks/status-transitions',
  shares: [taskScenarioWork],
  title: 'tasks/get reports statuses only along the allowed graph, and a terminal status stays',
  level: 'MUST',
  requirements: ['TASK-7', 'TASK-8', 'TASK-9', 'TASK-26'],
  spec: `${SPEC}#task-status-lifecycle`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    const poll = s.poll!;
    for (const x of [...poll.gets.slice(0, 3), ...poll.gets.slice(3).slice(-2)]) recordExchange(ctx, x);
    if (s.afterTerminal) recordExchange(ctx, s.afterTerminal);
    const statuses = ['working', ...poll.statuses];
    const after = taskOf(s.afterTerminal);
    if (after) statuses.push(after.status);
    ctx.note(`statuses of task ${s.ids[0]}: ${statuses.join(' → ')}`);
    const bad = illegalTransitions(statuses);
    if (bad.length) return ctx.violation(`illegal status change${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}`, 'working → input_required/completed/failed/cancelled; terminal stays terminal', bad.join(', '));
    const findings = [...poll.gets, ...(s.afterTerminal ? [s.afterTerminal] : [])].flatMap((x) => x.findings);
    if (findings.length) return findingsVerdict(ctx, findings, 'the tasks/get results');
    if (poll.end === 'deadline') return ctx.info(`the task was still ${String(statuses.at(-1))} when our time ran out (${slowCallTimeoutMs(ctx)} ms); the transitions seen were legal`);
    const last = poll.gets.at(-1)?.outcome;
    // A task may be deleted at any time after its ttl (TASK-26): not-found is no violation.
    if (poll.end === 'error') return last && codeOf(last) === -32602 ? ctx.info('tasks/get answered -32602 before the task finished (it may have expired, TASK-26)') : ctx.violation(`tasks/get ${last ? whatHappened(last) : 'got nothing'} for a task it had created`, 'the task', last ? describeOutcome(last) : '');
    return ctx.pass(statuses.join(' → '));
  },
});

export const getAnsweredAsJson = defineCheck({
  id: 'tasks/get-answered-as-json',
  shares: [taskScenarioWork],
  title: 'over Streamable HTTP, tasks/get is answered with a JSON body, not an SSE stream',
  level: 'SHOULD',
  requirements: ['TASK-28'],
  spec: `${SPEC}#input-required-status`,
  revisions: TASKS_REVISIONS,
  transports: ['http'],
  notForTransport: 'the answer to tasks/get has a body type only over Streamable HTTP',
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    const gets = [...(s.poll?.gets ?? []), ...(s.statusAfterResult ? [s.statusAfterResult] : []), ...(s.afterTerminal ? [s.afterTerminal] : [])];
    const answered = gets.filter((x) => x.outcome.kind === 'result' || x.outcome.kind === 'error');
    if (answered.length === 0) return ctx.skip('no tasks/get was answered in the task scenario (see tasks/status-transitions)');
    const streamed = answered.filter((x) => (x.outcome.kind === 'result' || x.outcome.kind === 'error') && x.outcome.http?.sse === true);
    if (streamed.length === 0) return ctx.pass(`${answered.length} tasks/get answered with a JSON body`);
    recordExchange(ctx, streamed[0]);
    const status = streamed[0].outcome.kind === 'result' || streamed[0].outcome.kind === 'error' ? streamed[0].outcome.http?.status : undefined;
    // "Where possible": a server may need the stream (to send a related request first), so a warning.
    return ctx.violation(`${streamed.length} of ${answered.length} tasks/get answered with an SSE stream (HTTP ${status} text/event-stream)`, 'a JSON body (application/json): a poll has nothing to stream', `${streamed.length} SSE stream(s)`);
  },
});

export const resultBlocks = defineCheck({
  id: 'tasks/result-blocks',
  shares: [taskScenarioWork],
  title: 'tasks/result on a working task answers only once the task is terminal',
  level: 'MUST',
  requirements: ['TASK-13'],
  spec: `${SPEC}#result-retrieval`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    if (!s.result) return ctx.skip('tasks/result was not sent');
    recordExchange(ctx, s.result);
    if (s.statusAfterResult) recordExchange(ctx, s.statusAfterResult);
    if (s.result.outcome.kind !== 'result' && s.result.outcome.kind !== 'error') return ctx.info(`tasks/result did not answer in our time (${describeOutcome(s.result.outcome)})`);
    const after = taskOf(s.statusAfterResult);
    if (after && !isTerminal(after.status)) return ctx.violation(`tasks/result answered while the task was still ${JSON.stringify(after.status)}`, 'an answer only after the task is terminal', `status ${JSON.stringify(after.status)} right after the answer`);
    return ctx.pass(`answered after ${Math.round(s.result.outcome.ms)} ms${after ? `, task ${String(after.status)}` : ''}`);
  },
});

export const resultRelatedMeta = defineCheck({
  id: 'tasks/result-related-meta',
  shares: [taskScenarioWork],
  title: 'the tasks/result response carries the related-task _meta with its task id',
  level: 'MUST',
  requirements: ['TASK-14'],
  spec: `${SPEC}#related-task-metadata`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    if (s.result?.outcome.kind !== 'result') return ctx.skip(`tasks/result brought no result to look at (${s.result ? describeOutcome(s.result.outcome) : 'not sent'})`);
    recordExchange(ctx, s.result);
    const meta = relatedTaskOf(s.result.outcome.result);
    if (isObject(meta) && meta.taskId === s.ids[1]) return ctx.pass();
    return ctx.violation(`the tasks/result result has _meta["${RELATED_TASK_KEY}"] = ${JSON.stringify(meta) ?? 'nothing'}`, `{taskId: ${JSON.stringify(s.ids[1])}}`, JSON.stringify(meta) ?? 'absent');
  },
});

/** Comparable features of a tools/call answer: the error code, or isError and the kinds of its content blocks. */
function shapeOf(o: Outcome): string {
  if (o.kind === 'error') return `error ${o.error.code}`;
  if (o.kind !== 'result') return describeOutcome(o);
  const content = Array.isArray(o.result.content) ? o.result.content.map((c) => (isObject(c) ? String(c.type) : typeof c)) : [];
  return `${o.result.isError === true ? 'isError ' : ''}[${content.join(', ')}]`;
}

export const resultMatchesDirect = defineCheck({
  id: 'tasks/result-matches-direct',
  shares: [listWalk],
  title: 'a task\'s tasks/result equals what the same call returns without a task, and a failed call makes a failed task',
  level: 'MUST',
  requirements: ['TASK-12', 'TASK-23', 'TASK-27'],
  spec: `${SPEC}#result-retrieval`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const optional = (await taskTools(ctx)).tools.filter((t) => t.support === 'optional' && t.tool.name !== ctx.options.slowTool);
    if (!optional.length) return ctx.skip('no tool with taskSupport "optional" (besides the slow tool) that we may call: only those can be called both ways');
    const problems: string[] = [];
    const warnings: string[] = [];
    for (const t of optional.slice(0, 3)) {
      const params = { name: t.tool.name, arguments: t.args };
      const direct = await ctx.request('tools/call', params);
      if (codeOf(direct) === -32600) {
        ctx.note(`${t.tool.name} refuses plain calls with -32600 (TASK-27 allows it)`);
        continue;
      }
      const created = await ctx.request('tools/call', { ...params, task: { ttl: REQUESTED_TTL_MS } });
      const taskId = createdTaskId(created);
      if (typeof taskId !== 'string') {
        problems.push(`${t.tool.name}: the task-augmented call got ${describeOutcome(created)}`);
        continue;
      }
      const viaTask = await ctx.request('tasks/result', { taskId }, { timeoutMs: slowCallTimeoutMs(ctx) });
      if (shapeOf(direct) !== shapeOf(viaTask)) problems.push(`${t.tool.name}: without a task ${shapeOf(direct)}, through tasks/result ${shapeOf(viaTask)}`);
      const failed = direct.kind === 'error' || (direct.kind === 'result' && direct.result.isError === true);
      if (failed) {
        const task = await ctx.request('tasks/get', { taskId });
        const status = task.kind === 'result' ? task.result.status : undefined;
        if (status !== 'failed' || typeof (task.kind === 'result' && task.result.statusMessage) !== 'string') warnings.push(`${t.tool.name} failed, but its task is ${JSON.stringify(status)}${status === 'failed' ? ' without a statusMessage' : ''} (TASK-23)`);
      }
    }
    if (problems.length) return ctx.violation(problems.join('; '), 'the same result or error both ways', problems[0]);
    if (warnings.length) return ctx.warn(warnings.join('; '), 'status "failed" with a statusMessage', warnings[0]);
    return ctx.pass(optional.slice(0, 3).map((t) => t.tool.name).join(', '));
  },
});

export const unknownId = defineCheck({
  id: 'tasks/unknown-id',
  title: 'tasks/get, tasks/result and tasks/cancel with an unknown or malformed task id get -32602',
  level: 'MUST',
  requirements: ['TASK-11', 'TASK-26'],
  spec: `${SPEC}#protocol-errors`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks'],
  async run(ctx) {
    const methods = ['tasks/get', 'tasks/result', ...(ctx.declares('tasks.cancel') ? ['tasks/cancel'] : [])];
    const wrong: string[] = [];
    const malformed: string[] = [];
    for (const method of methods) {
      const o = await ctx.request(method, { taskId: NO_SUCH_TASK });
      if (codeOf(o) !== -32602) wrong.push(`${method} "${NO_SUCH_TASK}": ${describeOutcome(o)}`);
    }
    const o = await ctx.request('tasks/get', { taskId: 5 });
    if (o.kind === 'result') wrong.push(`tasks/get with taskId 5 (a number): ${describeOutcome(o)}`);
    else if (codeOf(o) !== -32602) malformed.push(`tasks/get with taskId 5 (a number): ${describeOutcome(o)}`);
    if (wrong.length) return ctx.violation(wrong.join('; '), 'error -32602', wrong[0]);
    // A schema-invalid taskId with another error code: the request was refused, only the code differs.
    if (malformed.length) return ctx.warn(malformed.join('; '), 'error -32602', malformed[0]);
    return ctx.pass(methods.join(', '));
  },
});

export const listContains = defineCheck({
  id: 'tasks/list-contains',
  shares: [taskScenarioWork],
  title: 'tasks/list pages cleanly and lists every task the requestor created',
  level: 'MUST',
  requirements: ['TASK-21', 'PAGE-6'],
  spec: `${SPEC}#task-listing`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.list'],
  async run(ctx) {
    const s = await taskScenario(ctx);
    const session = 'skip' in s ? ctx.session : s.session;
    const walk = await walkPages(session, 'tasks/list', 'tasks', ctx.signal);
    ctx.evidence.push(...walk.evidence);
    const broken = listWalkVerdict(ctx, walk, 'a walk that ends with a page without nextCursor');
    if (broken) return broken;
    if (walk.findings.length) return findingsVerdict(ctx, walk.findings, 'the tasks/list pages');
    if ('skip' in s) return ctx.pass(`${walk.items.length} task(s) listed; none created (${s.skip})`);
    const listed = new Set(walk.items.map((t) => identityOf(t, 'tasks')));
    const missing = s.ids.filter((id) => !listed.has(identityOf({ taskId: id }, 'tasks')));
    if (missing.length) return ctx.violation(`${missing.length} of the ${s.ids.length} tasks created are not in tasks/list: ${missing.join(', ')}`, 'every task tasks/get can fetch', `${walk.items.length} listed`);
    return ctx.pass(`${walk.items.length} task(s) on ${walk.pages.length} page(s)`);
  },
});

export const listIsolation = defineCheck({
  id: 'tasks/list-isolation',
  shares: [taskScenarioWork],
  title: 'another session neither lists nor fetches this session\'s tasks',
  level: 'SHOULD',
  requirements: ['TASK-25', 'TASK-21'],
  spec: `${SPEC}#task-isolation-and-access-control`,
  revisions: TASKS_REVISIONS,
  // Over stdio every connection is a process of its own: nothing is shared to isolate.
  transports: ['http'],
  needs: ['tasks.list'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    const { session } = await ctx.connect();
    const walk = await walkPages(session, 'tasks/list', 'tasks', ctx.signal);
    ctx.evidence.push(...walk.evidence);
    const mine = new Set(s.ids);
    const seen = walk.items.filter((t) => isObject(t) && mine.has(t.taskId as string)).length;
    const got = await ctx.request('tasks/get', { taskId: s.ids[0] }, { session });
    const leaks: string[] = [];
    if (seen) leaks.push(`tasks/list on another session lists ${seen} of this session's tasks`);
    if (got.kind === 'result') leaks.push('tasks/get on another session returns this session\'s task');
    if (leaks.length) return ctx.violation(`${leaks.join('; ')}: a server that cannot tell requestors apart should not declare tasks.list`, 'tasks bound to their session', leaks[0]);
    return ctx.pass();
  },
});

export const cancelTerminal = defineCheck({
  id: 'tasks/cancel-terminal',
  shares: [taskScenarioWork],
  title: 'tasks/cancel of a task already terminal gets -32602',
  level: 'MUST',
  requirements: ['TASK-19'],
  spec: `${SPEC}#task-cancellation`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.cancel', 'tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    if (s.poll?.end !== 'terminal') return ctx.skip(`the polled task did not reach a terminal state (${s.poll?.end ?? 'not polled'}), so there is nothing terminal to cancel`);
    const o = await ctx.request('tasks/cancel', { taskId: s.ids[0] }, { session: s.session });
    if (codeOf(o) === -32602) return ctx.pass();
    return ctx.violation(`cancelling the ${String(s.poll.statuses.at(-1))} task got ${describeOutcome(o)}`, 'error -32602', describeOutcome(o));
  },
});

export const cancelWorking = defineCheck({
  id: 'tasks/cancel-working',
  shares: [listWalk],
  title: 'tasks/cancel moves a working task to cancelled, and it stays cancelled',
  level: 'MUST',
  requirements: ['TASK-20', 'TASK-8'],
  spec: `${SPEC}#task-cancellation`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.cancel', 'tasks.requests.tools.call'],
  async run(ctx) {
    const slow = await slowTaskTool(ctx);
    if (isVerdict(slow)) return slow;
    // A connection of its own only once there is something to cancel: a skip costs no server process.
    const { session } = await ctx.connect();
    const on = { session };
    const created = await ctx.request('tools/call', { name: slow.tool.name, arguments: slow.args, task: { ttl: REQUESTED_TTL_MS } }, on);
    const taskId = createdTaskId(created);
    if (typeof taskId !== 'string') return ctx.skip(`no task was created (${describeOutcome(created)}); see tasks/create-result`);
    await delay(100);
    const cancelled = await ctx.request('tasks/cancel', { taskId }, on);
    if (cancelled.kind !== 'result') {
      const now = await ctx.request('tasks/get', { taskId }, on);
      if (now.kind === 'result' && isTerminal(now.result.status) && now.result.status !== 'cancelled') return ctx.info(`the task was already ${String(now.result.status)} when the cancellation arrived`);
      return ctx.violation(`tasks/cancel of a working task got ${describeOutcome(cancelled)}`, 'the task, status "cancelled"', describeOutcome(cancelled));
    }
    if (cancelled.result.status !== 'cancelled') return ctx.violation(`tasks/cancel answered status ${JSON.stringify(cancelled.result.status)}`, 'status "cancelled" in the response', JSON.stringify(cancelled.result.status));
    // The work might still finish: wait, then see whether that changed the status.
    await delay(WATCH_AFTER_CANCEL_MS);
    const later = await ctx.request('tasks/get', { taskId }, on);
    // A deleted task (-32602) is allowed (TASK-20, TASK-26).
    if (later.kind === 'result' && later.result.status !== 'cancelled') return ctx.violation(`${WATCH_AFTER_CANCEL_MS} ms after the cancellation the task is ${JSON.stringify(later.result.status)}`, 'still "cancelled"', JSON.stringify(later.result.status));
    return ctx.pass();
  },
});

/** Over Streamable HTTP progress and the tasks/result answer travel on different streams: arrival order is kept only this far. */
const CROSS_STREAM_SLACK_MS = 50;

export const progressFollowsTask = defineCheck({
  id: 'tasks/progress-follows-task',
  shares: [listWalk],
  title: 'progress of a task-augmented call keeps the original token after the CreateTaskResult, and stops once the task has ended',
  level: 'MUST',
  requirements: ['PROG-9'],
  spec: `${SPEC}#task-progress-notifications`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const slow = await slowTaskTool(ctx);
    if (isVerdict(slow)) return slow;
    const o = await observeTaskProgress(ctx, slow);
    if ('skip' in o) return ctx.skip(o.skip);
    if (o.result.kind !== 'result' && o.result.kind !== 'error') return ctx.skip(`the task did not end: tasks/result got ${describeOutcome(o.result)}`);
    const afterCreate = o.notes.filter((n) => o.createdSeq !== undefined && n.seq > o.createdSeq);
    const show = (notes: typeof o.notes) => notes.slice(0, 3).forEach((n) => ctx.evidence.push({ type: 'message', direction: 'received', at: n.at, message: n.message }));
    const foreign = afterCreate.filter((n) => n.token !== o.token);
    if (foreign.length) {
      show(foreign);
      return ctx.violation(`after the CreateTaskResult, ${foreign.length} progress notification(s) carried another token than the call's ${JSON.stringify(o.token)}`, `progressToken ${JSON.stringify(o.token)} for the task's whole life`, JSON.stringify(foreign[0].token));
    }
    const slack = ctx.target.transport === 'stdio' ? 0 : CROSS_STREAM_SLACK_MS;
    const late = o.notes.filter((n) => o.resultSeq !== undefined && n.seq > o.resultSeq && n.at - (o.resultAt ?? 0) > slack);
    if (late.length) {
      show(late);
      return ctx.violation(`${late.length} progress notification(s) for task ${o.taskId} arrived after it had ended (tasks/result answered)`, 'no progress once the task is terminal', `progress ${JSON.stringify((late[0].message.params as Record<string, unknown> | undefined)?.progress)} after the end`);
    }
    if (afterCreate.length === 0) return ctx.skip(`no progress notification arrived after the CreateTaskResult (${o.notes.length} before it): the server sends none for tasks, which it may`);
    return ctx.pass(`${afterCreate.length} progress notification(s) after the CreateTaskResult, all with the original token; none after the task ended`);
  },
});

export const inputRequestsRelated = defineCheck({
  id: 'tasks/input-requests-related',
  shares: [taskInputScenario],
  title: 'a request a task makes of its requestor (elicitation, sampling) carries the related-task _meta with the task\'s id',
  level: 'MUST',
  requirements: ['TASK-17'],
  spec: `${SPEC}#associating-task-related-messages`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const run = await taskInputRun(ctx);
    if ('skip' in run) return ctx.skip(run.skip);
    const unrelated = run.asks.filter((a) => {
      const related = relatedTaskOf(a.params);
      return !isObject(related) || related.taskId !== run.taskId;
    });
    if (unrelated.length) {
      for (const a of unrelated.slice(0, 2)) ctx.evidence.push({ type: 'message', direction: 'received', at: a.received.at, message: a.received.message });
      const meta = relatedTaskOf(unrelated[0].params);
      return ctx.violation(
        `${unrelated[0].method} sent while task ${run.taskId} (tool "${run.tool}") ran has _meta["${RELATED_TASK_KEY}"] = ${JSON.stringify(meta) ?? 'nothing'}`,
        `{taskId: ${JSON.stringify(run.taskId)}}`,
        JSON.stringify(meta) ?? 'absent',
      );
    }
    return ctx.pass(`tool "${run.tool}": ${run.asks.map((a) => a.method).join(', ')}, each tied to task ${run.taskId}`);
  },
});

export const inputRequiredStatus = defineCheck({
  id: 'tasks/input-required-status',
  shares: [taskInputScenario],
  title: 'a task waiting for its requestor\'s answer is input_required, and leaves that status once answered',
  level: 'SHOULD',
  requirements: ['TASK-18'],
  spec: `${SPEC}#input-required-status`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const run = await taskInputRun(ctx);
    if ('skip' in run) return ctx.skip(run.skip);
    const looked = run.asks.filter((a) => a.look?.outcome.kind === 'result');
    if (looked.length === 0) return ctx.skip(`tasks/get while ${run.asks[0].method} waited for its answer got no task (${run.asks[0].look ? describeOutcome(run.asks[0].look.outcome) : 'not sent'})`);
    const statuses = looked.map((a) => taskOf(a.look)?.status);
    const other = looked.find((_, i) => statuses[i] !== 'input_required');
    if (other) {
      recordExchange(ctx, other.look!);
      return ctx.violation(`task ${run.taskId} (tool "${run.tool}") was ${JSON.stringify(taskOf(other.look)?.status)} while its ${other.method} waited for our answer`, 'status "input_required" until the input arrives', JSON.stringify(taskOf(other.look)?.status));
    }
    if (run.result.kind !== 'result' && run.result.kind !== 'error') return ctx.info(`task ${run.taskId} was input_required while it asked, but did not end once answered (${describeOutcome(run.result)}): where it went from there is not known`);
    return ctx.pass(`tool "${run.tool}": input_required while ${looked.length} request(s) waited for an answer, then ended`);
  },
});

export const taskIdParamWins = defineCheck({
  id: 'tasks/taskid-param-wins',
  shares: [taskScenarioWork],
  title: 'tasks/get answers for its taskId parameter, not for a related-task _meta',
  level: 'MUST',
  requirements: ['TASK-16'],
  spec: `${SPEC}#associating-task-related-messages`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    const [a, b] = s.ids;
    const o = await ctx.request('tasks/get', { taskId: a, _meta: { [RELATED_TASK_KEY]: { taskId: b } } }, { session: s.session });
    if (o.kind === 'result' && o.result.taskId === a) return ctx.pass();
    return ctx.violation(`tasks/get {taskId: ${a}} with related-task ${b} ${o.kind === 'result' ? `answered task ${JSON.stringify(o.result.taskId)}` : whatHappened(o)}`, `task ${a}`, describeOutcome(o));
  },
});

export const noRelatedMeta = defineCheck({
  id: 'tasks/no-related-meta',
  shares: [taskScenarioWork],
  title: 'tasks/get results and status notifications leave out the related-task _meta',
  level: 'SHOULD',
  requirements: ['TASK-15'],
  spec: `${SPEC}#associating-task-related-messages`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    const gets: Judged[] = [...(s.poll?.gets ?? []), ...(s.afterTerminal ? [s.afterTerminal] : []), ...(s.statusAfterResult ? [s.statusAfterResult] : [])];
    const carries = (meta: unknown) => isObject(meta) && RELATED_TASK_KEY in meta;
    const withMeta = gets.filter((x) => x.outcome.kind === 'result' && carries(x.outcome.result._meta));
    const notes = s.notifications.filter((r) => isObject(r.message) && isObject(r.message.params) && carries(r.message.params._meta));
    if (!withMeta.length && !notes.length) return ctx.pass(`${gets.length} tasks/get result(s), ${s.notifications.length} notification(s)`);
    if (withMeta[0]) recordExchange(ctx, withMeta[0]);
    if (notes[0]) ctx.evidence.push({ type: 'message', direction: 'received', at: notes[0].at, message: notes[0].message });
    return ctx.violation(`${withMeta.length} tasks/get result(s) and ${notes.length} notification(s) carry the related-task _meta (the task id is already in the body)`, 'no related-task _meta', `${withMeta.length + notes.length} with it`);
  },
});

export const statusNotifications = defineCheck({
  id: 'tasks/status-notifications',
  shares: [taskScenarioWork],
  title: 'notifications/tasks/status, when sent, are valid Tasks whose statuses follow the graph',
  level: 'MUST',
  kind: 'S',
  requirements: ['TASK-22', 'TASK-7'],
  spec: `${SPEC}#task-status-notification`,
  revisions: TASKS_REVISIONS,
  needs: ['tasks.requests.tools.call'],
  async run(ctx) {
    const s = await scenarioFor(ctx);
    if (isVerdict(s)) return s;
    if (!s.notifications.length) return ctx.info('no notifications/tasks/status was sent (they are optional)');
    const invalid = s.notifications.filter((r) => !r.validation.valid);
    for (const r of (invalid.length ? invalid : s.notifications).slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    if (invalid.length) {
      const p = invalid[0].validation.problems[0];
      return ctx.violation(`${invalid.length} of ${s.notifications.length} notifications/tasks/status do not match the schema; first: ${p ? `${p.pointer || '/'}: expected ${p.expected}, found ${p.found}` : 'invalid'}`);
    }
    const byTask = new Map<string, unknown[]>();
    for (const r of s.notifications) {
      const params = (r.message as { params: Record<string, unknown> }).params;
      byTask.set(String(params.taskId), [...(byTask.get(String(params.taskId)) ?? ['working']), params.status]);
    }
    const bad = [...byTask].flatMap(([id, statuses]) => illegalTransitions(statuses).map((t) => `${id}: ${t}`));
    if (bad.length) return ctx.violation(`notified status changes break the graph: ${bad.join(', ')}`, 'legal transitions only', bad[0]);
    return ctx.pass(`${s.notifications.length} notification(s)`);
  },
});

export const taskChecks: Check[] = [
  capability,
  forbiddenTool,
  requiredWithoutTask,
  createResult,
  idsUnguessable,
  statusTransitions,
  getAnsweredAsJson,
  resultBlocks,
  resultRelatedMeta,
  resultMatchesDirect,
  unknownId,
  listContains,
  listIsolation,
  cancelTerminal,
  cancelWorking,
  progressFollowsTask,
  inputRequestsRelated,
  inputRequiredStatus,
  taskIdParamWins,
  noRelatedMeta,
  statusNotifications,
];
