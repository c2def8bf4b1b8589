// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks, catalog §17b): how it is
// declared, that tasks go only to requests declaring it, the task handle and tasks/get shapes,
// the status graph, results equal to direct calls, input requests through tasks/update,
// cancellation, errors for unknown ids and undeclared requests, the removed methods, and
// status notifications through subscriptions/listen. Tasks come from the tools we may call
// (read-only, --call-tools, --slow-tool) that the server answers with a task; the slow tool is
// the one cancelled and listened to.
// Proof of each check (the fixture fault that must break it): test/proof/tasks-ext.ts.
import { defineCheck, describeOutcome, errorCode, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import { isDeepStrictEqual } from 'node:util';
import { recordExchange, type Judged } from './lib/exchange.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { extraKeys } from './lib/message-readers.js';
import { undeclaredNeeds } from './lib/mrtr-client.js';
import { callDeclaring, comparable, driveAll, illegalTransition, isTaskHandle, noteTaskSurvey, pollResults, statusOf, SURVEY_CAPABILITIES, surveySkip, surveyTaskTools, taskBudgetMs, TASKS_EXTENSION, taskRequest, TERMINAL, UNKNOWN_INPUT_KEY, withTasks, taskDrive, taskToolSurvey, type TaskDrive, type TaskSurvey, type TaskTool } from './lib/tasks-ext-client.js';
import { taskSchemaProblems } from './lib/tasks-ext-schema.js';
import { cancelSlowTask, judgeListen, listenToTask } from './lib/tasks-ext-scenarios.js';
import { callInLegacySession, looksLikeTask } from './lib/tasks-ext-legacy-session.js';
import { whatHappened } from './lib/answered.js';

const REVISIONS = ['2026-07-28'] as const;
const SPEC = 'basic/versioning#extension-negotiation';
const NOT_DECLARED = `the server does not declare ${TASKS_EXTENSION} under capabilities.extensions in server/discover`;

function extensionDeclared(ctx: CheckContext): boolean {
  const extensions = ctx.facts.capabilities.extensions;
  return isObject(extensions) && extensions[TASKS_EXTENSION] !== undefined;
}

/** The survey's task tools, or a skip verdict (no extension, or no tool answered with a task). */
async function taskTools(ctx: CheckContext): Promise<TaskSurvey | Verdict> {
  if (!extensionDeclared(ctx)) return ctx.skip(NOT_DECLARED);
  const survey = await surveyTaskTools(ctx);
  noteTaskSurvey(ctx, survey);
  return survey.taskTools.length ? survey : ctx.skip(surveySkip(survey));
}

const isVerdict = (v: unknown): v is Verdict => isObject(v) && typeof v.status === 'string' && 'evidence' in v;

/** Names the error's required extension? (TASKX-3, TASKX-22) */
function namesExtension(o: Judged['outcome']): boolean {
  if (o.kind !== 'error' || !isObject(o.error.data)) return false;
  const required = o.error.data.requiredCapabilities;
  return isObject(required) && isObject(required.extensions) && required.extensions[TASKS_EXTENSION] !== undefined;
}

export const declaration = defineCheck({
  id: 'tasks-ext/declaration',
  title: 'server/discover declares the tasks extension as an object under capabilities.extensions, and no 2025-11-25 capabilities.tasks',
  level: 'MUST',
  requirements: ['TASKX-1', 'TASKX-6'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const capabilities = ctx.facts.capabilities;
    if (capabilities.tasks !== undefined) {
      return ctx.violation('server/discover advertises the 2025-11-25 capabilities.tasks, which 2026-07-28 removed', `no capabilities.tasks; the extension under capabilities.extensions["${TASKS_EXTENSION}"]`, JSON.stringify(capabilities.tasks).slice(0, 200));
    }
    const extensions = capabilities.extensions;
    const value = isObject(extensions) ? extensions[TASKS_EXTENSION] : undefined;
    if (value === undefined) return ctx.skip(NOT_DECLARED);
    if (!isObject(value)) return ctx.violation(`capabilities.extensions["${TASKS_EXTENSION}"] is not an object`, 'an object ({} today)', JSON.stringify(value));
    return ctx.pass(`declared as ${JSON.stringify(value)}, and no legacy capabilities.tasks`);
  },
});

export const noTaskWithoutExtension = defineCheck({
  id: 'tasks-ext/no-task-without-extension',
  shares: [taskToolSurvey],
  title: 'a request that does not declare the extension never gets a task, whatever earlier requests declared or a task parameter says',
  level: 'MUST',
  requirements: ['TASKX-2', 'TASKX-3', 'TASKX-5', 'TASKX-6'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    const lines: string[] = [];
    for (const t of found.taskTools.slice(0, 3)) {
      // The 2025-11-25 task parameter and client capability, which mean nothing here (TASKX-5, TASKX-6).
      const again = await callDeclaring(ctx, t.tool, t.args, { tasks: { requests: { tools: { call: {} } } } }, { task: { ttl: 60_000 } });
      if (isTaskHandle(again.outcome)) {
        recordExchange(ctx, t.created);
        recordExchange(ctx, again);
        return ctx.violation(`tool "${t.tool.name}": a call without the extension (with a 2025-11-25 task parameter and tasks client capability) got a task, after one that declared it`, 'an ordinary result, or -32021 naming the extension', describeOutcome(again.outcome));
      }
      if (errorCode(again.outcome) === -32021 && !namesExtension(again.outcome)) {
        recordExchange(ctx, again);
        return ctx.violation(`tool "${t.tool.name}": -32021 without data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`, `-32021 naming ${TASKS_EXTENSION}`, describeOutcome(again.outcome));
      }
      const code = errorCode(again.outcome);
      if (code === -32601 || code === -32600) {
        recordExchange(ctx, again);
        return ctx.violation(`tool "${t.tool.name}": the 2025-11-25 task parameter was treated as a request for a task (${code}) instead of ignored`, 'the ordinary answer', describeOutcome(again.outcome));
      }
      lines.push(`${t.tool.name}: ${describeOutcome(again.outcome).slice(0, 60)}`);
    }
    return ctx.pass(`without the extension: ${lines.join('; ')}`);
  },
});

export const onlyToolsCall = defineCheck({
  id: 'tasks-ext/only-tools-call',
  shares: [listWalk],
  title: 'with the extension declared, methods other than tools/call never answer with a task',
  level: 'MUST',
  kind: 'D',
  requirements: ['TASKX-7'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    if (!extensionDeclared(ctx)) return ctx.skip(NOT_DECLARED);
    const asks: Array<[string, Item]> = [['server/discover', {}]];
    for (const [capability, method, key] of [['tools', 'tools/list', 'tools'], ['prompts', 'prompts/list', 'prompts'], ['resources', 'resources/list', 'resources']] as const) {
      if (!ctx.declares(capability)) continue;
      asks.push([method, {}]);
      const first = objectsOf(await listAll(ctx, method, key))[0];
      if (method === 'prompts/list' && typeof first?.name === 'string') asks.push(['prompts/get', { name: first.name, arguments: {} }]);
      if (method === 'resources/list' && typeof first?.uri === 'string') asks.push(['resources/read', { uri: first.uri }]);
    }
    for (const [method, params] of asks) {
      const answer = await taskRequest(ctx, method, params);
      if (isTaskHandle(answer.outcome)) {
        recordExchange(ctx, answer);
        return ctx.violation(`${method} answered with a task (resultType "task"); only tools/call supports tasks`, 'the method\'s ordinary result', describeOutcome(answer.outcome));
      }
    }
    return ctx.pass(`no task from ${asks.map(([m]) => m).join(', ')}`);
  },
});

export const createResultShape = defineCheck({
  id: 'tasks-ext/create-result-shape',
  shares: [taskToolSurvey],
  title: 'a task handle is a flat CreateTaskResult: resultType "task", taskId, status, ISO 8601 timestamps, ttlMs',
  level: 'MUST',
  kind: 'S',
  requirements: ['TASKX-8', 'TASKX-9'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    let wrappedToo: string | undefined;
    for (const t of found.taskTools) {
      const result = t.created.outcome.kind === 'result' ? t.created.outcome.result : {};
      const problems = taskSchemaProblems('CreateTaskResult', result);
      const dates = ['createdAt', 'lastUpdatedAt'].filter((k) => typeof result[k] === 'string' && Number.isNaN(Date.parse(result[k] as string)));
      if (problems.length || dates.length) {
        recordExchange(ctx, t.created);
        const wrapped = isObject(result.task) ? ' (the task is wrapped in a "task" member, as in 2025-11-25; 2026-07-28 handles are flat)' : '';
        return ctx.violation(`tool "${t.tool.name}": the handle is not a CreateTaskResult${wrapped}: ${[...problems, ...dates.map((k) => `${k} is not an ISO 8601 time`)].join('; ')}`, 'a flat CreateTaskResult', JSON.stringify(result).slice(0, 300));
      }
      if (isObject(result.task)) wrappedToo = t.tool.name;
      if (result.status !== 'working') ctx.note(`tool "${t.tool.name}": the first status is ${String(result.status)}, not working (allowed)`);
    }
    // The Task Creation prose speaks of an embedded task; the schema is flat (Appendix A item 13).
    if (wrappedToo) return ctx.warn(`tool "${wrappedToo}": a flat handle that also carries a "task" member`, 'a flat CreateTaskResult only', 'both');
    return ctx.pass(`${found.taskTools.length} handle(s) valid: ${found.taskTools.map((t) => t.tool.name).join(', ')}`);
  },
});

export const taskIdsUnguessable = defineCheck({
  id: 'tasks-ext/task-ids-unguessable',
  shares: [taskToolSurvey],
  title: 'task ids are unique and not guessable (long enough, not numbers, not sequential)',
  level: 'MUST',
  requirements: ['TASKX-10'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    const ids = found.taskTools.flatMap((t) => (t.taskId ? [t.taskId] : []));
    const first = found.taskTools[0];
    for (let i = 0; i < 3; i++) {
      const more = await callDeclaring(ctx, first.tool, first.args, SURVEY_CAPABILITIES);
      const id = more.outcome.kind === 'result' ? more.outcome.result.taskId : undefined;
      if (typeof id === 'string') ids.push(id);
    }
    ctx.note(`task ids: ${ids.map((id) => JSON.stringify(id)).join(', ')}`);
    if (new Set(ids).size < ids.length) return ctx.violation('two tasks got the same id', 'a distinct id per task', ids.join(', '));
    const weak = ids.filter((id) => id.length < 16 || /^\d+$/.test(id));
    const numbers = ids.map((id) => /(\d+)$/.exec(id)?.[1]).filter((n): n is string => n !== undefined).map(Number);
    const sequential = numbers.length === ids.length && numbers.length > 2 && numbers.every((n, i) => i === 0 || Math.abs(n - numbers[i - 1]) <= 2);
    if (weak.length || sequential) {
      return ctx.warn(`task ids look guessable: ${weak.length ? `${weak.length} shorter than 16 characters or purely numeric` : ''}${sequential ? `${weak.length ? '; ' : ''}they count up` : ''}`, 'ids with enough entropy that no one can enumerate them', ids.slice(0, 4).join(', '));
    }
    return ctx.pass(`${ids.length} distinct ids, none short, numeric or sequential`);
  },
});

export const retrievableAtOnce = defineCheck({
  id: 'tasks-ext/retrievable-at-once',
  shares: [taskToolSurvey],
  title: 'tasks/get finds a task the moment its CreateTaskResult has arrived',
  level: 'MUST',
  requirements: ['TASKX-11'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    for (const t of found.taskTools) {
      if (!t.firstGet) continue;
      if (t.firstGet.outcome.kind !== 'result') {
        recordExchange(ctx, t.created);
        recordExchange(ctx, t.firstGet);
        return ctx.violation(`tool "${t.tool.name}": tasks/get right after the handle did not find the task`, 'the task', describeOutcome(t.firstGet.outcome));
      }
    }
    return ctx.pass(`${found.taskTools.length} task(s) found by an immediate tasks/get`);
  },
});

/** Drives of the survey's tasks, or a skip verdict. */
async function drives(ctx: CheckContext): Promise<TaskDrive[] | Verdict> {
  const found = await taskTools(ctx);
  if (isVerdict(found)) return found;
  return driveAll(ctx, found);
}

function judgeGet(result: Item): string | undefined {
  const problems = taskSchemaProblems('GetTaskResult', { ...result, resultType: 'complete' });
  return problems.length ? problems.join('; ') : undefined;
}

export const getResultShape = defineCheck({
  id: 'tasks-ext/get-result-shape',
  shares: [taskToolSurvey, taskDrive],
  title: 'tasks/get answers a flat GetTaskResult with resultType "complete" and the fields its status needs',
  level: 'MUST',
  requirements: ['TASKX-8', 'TASKX-12'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (isVerdict(found)) return found;
    let taskTyped: string | undefined;
    let judged = 0;
    for (const drive of found) {
      for (const poll of drive.polls) {
        if (poll.outcome.kind !== 'result') continue;
        judged++;
        const problem = judgeGet(poll.outcome.result);
        if (problem) {
          recordExchange(ctx, poll);
          return ctx.violation(`tool "${drive.taskTool.tool.name}": a tasks/get answer (status ${String(poll.outcome.result.status)}) is not a GetTaskResult: ${problem}`, 'a GetTaskResult with the status-specific fields', JSON.stringify(poll.outcome.result).slice(0, 300));
        }
        if (poll.outcome.result.resultType !== 'complete') taskTyped ??= `${drive.taskTool.tool.name}: resultType ${JSON.stringify(poll.outcome.result.resultType)}`;
      }
    }
    if (judged === 0) return ctx.skip('no tasks/get was answered with a result');
    // Two examples of the extension show "task" here; its normative text says "complete" (Appendix A item 13).
    if (taskTyped) return ctx.warn(`tasks/get answers carry another resultType than "complete" (${taskTyped})`, 'resultType "complete"', taskTyped);
    return ctx.pass(`${judged} tasks/get answer(s) valid, across ${found.length} task(s)`);
  },
});

export const statusTransitions = defineCheck({
  id: 'tasks-ext/status-transitions',
  shares: [taskToolSurvey, taskDrive],
  title: 'a task moves only along working ⇄ input_required → completed/failed/cancelled, and a terminal status never changes',
  level: 'MUST',
  kind: 'D',
  requirements: ['TASKX-15'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (isVerdict(found)) return found;
    const seen: string[] = [];
    for (const drive of found) {
      const created = drive.taskTool.created.outcome.kind === 'result' ? statusOf(drive.taskTool.created.outcome.result) : undefined;
      const statuses = [created, ...pollResults(drive).map(statusOf)].filter((s): s is string => s !== undefined);
      for (let i = 1; i < statuses.length; i++) {
        const problem = illegalTransition(statuses[i - 1], statuses[i]);
        if (problem) {
          drive.polls.slice(Math.max(0, i - 2), i).forEach((p) => recordExchange(ctx, p));
          return ctx.violation(`tool "${drive.taskTool.tool.name}": ${problem}`, 'working ⇄ input_required → completed | failed | cancelled, terminal for good', statuses.join(' → '));
        }
      }
      seen.push(`${drive.taskTool.tool.name}: ${[...new Set(statuses)].join(' → ')}${drive.end === 'timeout' ? ' (did not finish in time)' : ''}`);
    }
    return ctx.pass(seen.join('; '));
  },
});

/** The direct call's answer, taken twice when it differs from the task's, to tell a changing tool apart. */
async function direct(ctx: CheckContext, t: TaskTool): Promise<Judged> {
  // Without a task the call lasts as long as the work: the slow-call budget, not the survey's.
  return callDeclaring(ctx, t.tool, t.args, { elicitation: {} }, {}, taskBudgetMs(ctx));
}

export const resultMatchesDirectCall = defineCheck({
  id: 'tasks-ext/result-matches-direct-call',
  shares: [taskToolSurvey, taskDrive],
  title: 'a finished task holds exactly what the call returns without a task: completed with the result (isError too), failed only with a JSON-RPC error',
  level: 'MUST',
  requirements: ['TASKX-13', 'TASKX-14'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (isVerdict(found)) return found;
    const lines: string[] = [];
    for (const drive of found) {
      const name = drive.taskTool.tool.name;
      const final = pollResults(drive).find((r) => TERMINAL.has(String(r.status)));
      if (!final || final.status === 'cancelled') {
        lines.push(`${name}: ${final ? 'cancelled' : `not finished (${drive.end})`}, not compared`);
        continue;
      }
      const plain = await direct(ctx, drive.taskTool);
      const o = plain.outcome;
      if (o.kind !== 'result' && o.kind !== 'error') {
        lines.push(`${name}: the direct call did not finish (${describeOutcome(o)}), not compared`);
        continue;
      }
      if (o.kind === 'error' && o.error.code === -32021) {
        lines.push(`${name}: runs only as a task (-32021 without the extension), not compared`);
        continue;
      }
      if (final.status === 'failed' && o.kind === 'result') {
        recordExchange(ctx, drive.polls[drive.polls.length - 1]);
        recordExchange(ctx, plain);
        const why = o.result.isError === true ? 'a tool result with isError: true belongs in a completed task' : 'the direct call succeeds';
        return ctx.violation(`tool "${name}": the task failed, but ${why}; failed is only for JSON-RPC errors`, 'completed, with the direct call\'s result', `failed: ${JSON.stringify(final.error).slice(0, 120)}`);
      }
      if (final.status === 'completed' && o.kind === 'error') {
        recordExchange(ctx, plain);
        return ctx.violation(`tool "${name}": the task completed, but the direct call is a JSON-RPC error`, 'failed, with that error', describeOutcome(o));
      }
      const same = final.status === 'failed' ? o.kind === 'error' && isDeepStrictEqual(final.error, o.error) : o.kind === 'result' && isObject(final.result) && isDeepStrictEqual(comparable(final.result), comparable(o.result));
      if (!same) {
        // A tool whose answer changes from call to call (a clock, a counter) cannot be compared.
        const again = await direct(ctx, drive.taskTool);
        if (!isDeepStrictEqual(again.outcome.kind === 'result' ? comparable(again.outcome.result) : undefined, o.kind === 'result' ? comparable(o.result) : undefined)) {
          lines.push(`${name}: its direct answers differ from call to call, not compared`);
          continue;
        }
        recordExchange(ctx, plain);
        return ctx.violation(`tool "${name}": the ${final.status} task's ${final.status === 'failed' ? 'error' : 'result'} differs from the direct call's`, JSON.stringify(o.kind === 'result' ? comparable(o.result) : o.error).slice(0, 200), JSON.stringify(final.result ?? final.error).slice(0, 200));
      }
      lines.push(`${name}: ${final.status}, equal to the direct call`);
    }
    if (!lines.some((l) => l.endsWith('equal to the direct call'))) return ctx.skip(`nothing to compare: ${lines.join('; ')}`);
    return ctx.pass(lines.join('; '));
  },
});

/** What is wrong with the input requests a drive saw, or undefined (TASKX-16, TASKX-17, TASKX-18). */
function inputProblem(drive: TaskDrive): { problem: string; at?: Judged } | undefined {
  const answered = new Set<string>();
  const payloads = new Map<string, unknown>();
  let updates = 0;
  for (const poll of drive.polls) {
    if (poll.outcome.kind !== 'result') continue;
    const result = poll.outcome.result;
    // Keys answered by updates sent before this poll.
    while (updates < drive.updates.length && drive.updates[updates].exchange.at < poll.at) drive.updates[updates++].keys.forEach((k) => answered.add(k));
    if (result.status !== 'input_required') continue;
    const requests = isObject(result.inputRequests) ? result.inputRequests : {};
    const schema = taskSchemaProblems('InputRequests', requests);
    if (schema.length) return { problem: `inputRequests is not valid: ${schema.join('; ')}`, at: poll };
    for (const [key, request] of Object.entries(requests)) {
      if (answered.has(key)) return { problem: `the key "${key}" was already answered, yet it is asked again (keys are unique for the task's life)`, at: poll };
      if (payloads.has(key) && !isDeepStrictEqual(payloads.get(key), request)) return { problem: `the key "${key}" names a different request than on the poll before`, at: poll };
      payloads.set(key, request);
      const needs = undeclaredNeeds(request, { elicitation: {} });
      if (needs.length) return { problem: `inputRequests["${key}"] needs ${needs.join(', ')}, which the creating tools/call did not declare`, at: poll };
    }
  }
  for (const { exchange } of drive.updates) {
    if (exchange.outcome.kind === 'error') return { problem: `tasks/update was refused: ${describeOutcome(exchange.outcome)}`, at: exchange };
    if (exchange.outcome.kind !== 'result') return { problem: `tasks/update ${whatHappened(exchange.outcome)}`, at: exchange };
    const extra = extraKeys(exchange.outcome.result).filter((k) => k !== 'resultType');
    if (exchange.outcome.result.resultType !== 'complete' || extra.length) return { problem: `the tasks/update acknowledgement is not empty (resultType ${JSON.stringify(exchange.outcome.result.resultType)}${extra.length ? `, also ${extra.join(', ')}` : ''})`, at: exchange };
  }
  return undefined;
}

export const inputRequests = defineCheck({
  id: 'tasks-ext/input-requests',
  shares: [taskToolSurvey, taskDrive],
  title: 'input_required tasks: stable, never reused keys, only declared kinds of request, an empty tasks/update acknowledgement, and the task moves on',
  level: 'MUST',
  requirements: ['TASKX-16', 'TASKX-17', 'TASKX-18', 'TASKX-19'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (isVerdict(found)) return found;
    const asking = found.filter((d) => d.answered.length > 0);
    if (!asking.length) return ctx.skip('no task asked for input (none reached input_required twice in a row)');
    for (const drive of asking) {
      const wrong = inputProblem(drive);
      if (wrong) {
        if (wrong.at) recordExchange(ctx, wrong.at);
        return ctx.violation(`tool "${drive.taskTool.tool.name}": ${wrong.problem}`);
      }
      const stuck = pollResults(drive).at(-1)?.status === 'input_required' && drive.end === 'timeout';
      if (stuck) return ctx.violation(`tool "${drive.taskTool.tool.name}": still input_required after every key was answered`, 'the task leaves input_required once answered', 'input_required until the time ran out');
    }
    // TASKX-19 (SHOULD): a key never issued is ignored, acknowledged, and changes nothing.
    for (const drive of asking) {
      const u = drive.unknownKeyUpdate;
      if (!u) continue;
      if (u.exchange.outcome.kind !== 'result') return ctx.warn(`tool "${drive.taskTool.tool.name}": tasks/update with the never-issued key "${UNKNOWN_INPUT_KEY}" was refused`, 'an acknowledgement; the key ignored', describeOutcome(u.exchange.outcome));
      const after = u.after?.outcome.kind === 'result' ? u.after.outcome.result : undefined;
      if (after && after.status !== 'input_required') return ctx.warn(`tool "${drive.taskTool.tool.name}": answering only a never-issued key moved the task to ${String(after.status)}`, 'the task still input_required', String(after.status));
    }
    return ctx.pass(asking.map((d) => `${d.taskTool.tool.name}: answered ${d.answered.join(', ')}, ended ${String(pollResults(d).at(-1)?.status)}`).join('; '));
  },
});

export const cancel = defineCheck({
  id: 'tasks-ext/cancel',
  shares: [taskToolSurvey],
  title: 'tasks/cancel of a working task is an empty acknowledgement; afterwards the status stays legal and cancelled stays cancelled',
  level: 'MUST',
  requirements: ['TASKX-20'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    return cancelSlowTask(ctx, found);
  },
});

export const unknownTaskId = defineCheck({
  id: 'tasks-ext/unknown-task-id',
  title: 'an unknown task id gets -32602 from tasks/get (and, recommended, from tasks/update and tasks/cancel)',
  level: 'MUST',
  requirements: ['TASKX-21'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    if (!extensionDeclared(ctx)) return ctx.skip(NOT_DECLARED);
    const taskId = 'mcp-conform-no-such-task';
    const get = await taskRequest(ctx, 'tasks/get', { taskId });
    recordExchange(ctx, get);
    if (errorCode(get.outcome) !== -32602) return ctx.violation(`tasks/get of an unknown task id: ${describeOutcome(get.outcome)}`, 'error -32602', describeOutcome(get.outcome));
    const others = [await taskRequest(ctx, 'tasks/update', { taskId, inputResponses: {} }), await taskRequest(ctx, 'tasks/cancel', { taskId })];
    const off = others.find((o) => errorCode(o.outcome) !== -32602);
    if (off) {
      recordExchange(ctx, off);
      return ctx.warn(`${off.method} of an unknown task id: ${describeOutcome(off.outcome)}`, 'error -32602', describeOutcome(off.outcome));
    }
    return ctx.pass('tasks/get, tasks/update and tasks/cancel of an unknown id: -32602');
  },
});

export const extensionRequired = defineCheck({
  id: 'tasks-ext/extension-required',
  shares: [taskToolSurvey],
  title: 'tasks/get, tasks/update, tasks/cancel and a listen for task ids without the extension get -32021 naming it',
  level: 'MUST',
  requirements: ['TASKX-22'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    const taskId = found.taskTools[0].taskId!;
    const asks: Array<[string, Item]> = [['tasks/get', { taskId }], ['tasks/update', { taskId, inputResponses: {} }], ['tasks/cancel', { taskId }]];
    for (const [method, params] of asks) {
      const answer = await taskRequest(ctx, method, params, {});
      if (errorCode(answer.outcome) !== -32021 || !namesExtension(answer.outcome)) {
        recordExchange(ctx, answer);
        return ctx.violation(`${method} without the extension: ${describeOutcome(answer.outcome)}`, `error -32021 with data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`, describeOutcome(answer.outcome));
      }
    }
    const listen = await listenToTask(ctx, taskId, {});
    if (!listen.answer || listen.answer.kind !== 'error' || listen.answer.error.code !== -32021 || !namesExtension(listen.answer)) {
      return ctx.violation('subscriptions/listen for a task id without the extension was not refused with -32021 naming it', '-32021', listen.answer ? describeOutcome(listen.answer) : `the stream opened (${listen.received.length} message(s))`);
    }
    return ctx.pass('all three methods and the listen were refused with -32021 naming the extension');
  },
});

export const removedMethods = defineCheck({
  id: 'tasks-ext/removed-methods',
  title: 'tasks/result and tasks/list, removed by the extension, get -32601',
  level: 'MUST',
  requirements: ['TASKX-23'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    if (!extensionDeclared(ctx)) return ctx.skip(NOT_DECLARED);
    for (const [method, params] of [['tasks/result', { taskId: 'mcp-conform-no-such-task' }], ['tasks/list', {}]] as const) {
      const answer = await taskRequest(ctx, method, params);
      if (errorCode(answer.outcome) !== -32601) {
        recordExchange(ctx, answer);
        return ctx.violation(`${method}: ${describeOutcome(answer.outcome)}`, 'error -32601 (HTTP 404)', describeOutcome(answer.outcome));
      }
      if (answer.outcome.kind === 'error' && answer.outcome.http && answer.outcome.http.status !== 404) ctx.note(`${method}: -32601 with HTTP ${answer.outcome.http.status} (http-stateless judges the status)`);
    }
    return ctx.pass('tasks/result and tasks/list: -32601');
  },
});

export const listenNotifications = defineCheck({
  id: 'tasks-ext/listen-notifications',
  shares: [taskToolSurvey],
  title: 'a listen for task ids hears full notifications/tasks for accepted ids only, agreeing with tasks/get, and no progress or log messages',
  level: 'MUST',
  requirements: ['TASKX-24', 'TASKX-25'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    return judgeListen(ctx, found);
  },
});

export const mcpNameTaskId = defineCheck({
  id: 'tasks-ext/mcp-name-task-id',
  shares: [taskToolSurvey],
  title: 'HTTP: tasks/get with Mcp-Name set to its task id is served',
  level: 'MUST',
  kind: 'D',
  requirements: ['TASKX-29'],
  spec: 'basic/transports/streamable-http#server-validation',
  revisions: REVISIONS,
  transports: ['http'],
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    const taskId = found.taskTools[0].taskId!;
    // Our transport sets Mcp-Name to params.taskId for tasks/* (as the extension tells clients to).
    const right = await taskRequest(ctx, 'tasks/get', { taskId });
    recordExchange(ctx, right);
    if (right.outcome.kind !== 'result') return ctx.violation(`tasks/get with Mcp-Name: ${taskId}: ${describeOutcome(right.outcome)}`, 'the task', describeOutcome(right.outcome));
    const wrong = await ctx.request('tasks/get', { taskId }, { meta: { 'io.modelcontextprotocol/clientCapabilities': withTasks() }, headers: { 'Mcp-Name': 'mcp-conform-other-task' } });
    ctx.note(`with Mcp-Name: mcp-conform-other-task, tasks/get ${whatHappened(wrong)} (-32020 would be the S26-25 analogy; either is recorded only)`);
    return ctx.pass('tasks/get with Mcp-Name = task id was served');
  },
});

export const notInInitializeSession = defineCheck({
  id: 'tasks-ext/not-in-initialize-session',
  shares: [taskToolSurvey],
  title: 'on a dual-era server, the extension declared in an initialize-based 2025-11-25 session gets that session no task',
  level: 'MUST',
  requirements: ['TASKX-30'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await taskTools(ctx);
    if (isVerdict(found)) return found;
    const legacy = await callInLegacySession(ctx, found.taskTools);
    if (legacy.kind === 'not-dual-era') return ctx.skip(`the server does not serve a 2025-11-25 initialize (${describeOutcome(legacy.handshake.outcome)}): it is not dual-era, so no such session exists`);
    const names = found.taskTools.map((t) => t.tool.name).join(', ');
    if (legacy.kind === 'not-listed') return ctx.skip(`none of the task tools (${names}) is listed in the 2025-11-25 session (it lists ${legacy.listed.slice(0, 8).join(', ') || 'no tool'})`);
    const leaked = legacy.calls.find((c) => c.call.outcome.kind === 'result' && looksLikeTask(c.call.outcome.result));
    if (leaked) {
      recordExchange(ctx, leaked.call);
      return ctx.violation(
        `tool "${leaked.taskTool.tool.name}", called without a task parameter in a 2025-11-25 session whose initialize declared ${JSON.stringify(legacy.capabilities)}, got a task`,
        'a plain CallToolResult: the extension enables nothing in an initialize-based session',
        describeOutcome(leaked.call.outcome),
      );
    }
    const lines = legacy.calls.map((c) => `tool "${c.taskTool.tool.name}"${c.taskSupport ? ` (taskSupport ${c.taskSupport})` : ''}: ${describeOutcome(c.call.outcome).slice(0, 60)}`);
    return ctx.pass(`in the 2025-11-25 session: ${lines.join('; ')}`);
  },
});

export const tasksExtChecks: Check[] = [
  declaration,
  noTaskWithoutExtension,
  onlyToolsCall,
  createResultShape,
  taskIdsUnguessable,
  retrievableAtOnce,
  getResultShape,
  statusTransitions,
  resultMatchesDirectCall,
  inputRequests,
  cancel,
  unknownTaskId,
  extensionRequired,
  removedMethods,
  listenNotifications,
  mcpNameTaskId,
  notInInitializeSession,
];
