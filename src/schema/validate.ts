// validateMessage: classify one JSON-RPC message, check its envelope by hand (so each rule
// carries its own RPC-* id), then validate its body against the schema of its method —
// for a response, the method of the request it answers.
import type { ErrorObject } from 'ajv';
import { describe, problem, toProblems, type Problem } from './problems.js';
import { loadSchemaSet, type MethodEntry, type SchemaSet } from './registry.js';
import { RESULT_RULES } from './rules.js';
import { MESSAGE_REQUIREMENT, RESULT_REQUIREMENT, refineRequirement } from './requirements.js';
import { allowsBatches, type Revision } from './revisions.js';

export type Direction = 'client->server' | 'server->client';
export type MessageKind = 'request' | 'notification' | 'result' | 'error' | 'batch' | 'invalid';

/** The request a response answers: its method, and its params where they change the expected result. */
export interface RequestRef {
  method: string;
  params?: unknown;
}

export interface ValidateOptions {
  revision: Revision;
  direction: Direction;
  /** For responses: the request answered, or a lookup by id (needed for batches). */
  inReplyTo?: string | RequestRef | ((id: unknown) => string | RequestRef | undefined);
}

export interface ValidationResult {
  valid: boolean;
  kind: MessageKind;
  method?: string;
  problems: Problem[];
  /** For a batch: one result per element. */
  items?: ValidationResult[];
}

/** Methods whose 2026-07-28 result may be an InputRequiredResult (S26-8). */
const INPUT_REQUIRED_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

const NONE: Problem[] = Object.freeze([]) as unknown as Problem[];

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRequestId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A table lookup that ignores inherited keys: a method named "constructor" is just unknown. */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** The hand-written envelope rule and the schema may both flag one member: keep the first (the envelope's, with its RPC id). */
function firstPerPointer(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    if (seen.has(p.pointer)) return false;
    seen.add(p.pointer);
    return true;
  });
}

/** The kind of a message, from its members alone (no schema). */
export function classify(message: unknown): MessageKind {
  if (Array.isArray(message)) return 'batch';
  if (!isObject(message)) return 'invalid';
  if (has(message, 'method')) return has(message, 'id') ? 'request' : 'notification';
  if (has(message, 'error')) return 'error';
  if (has(message, 'result')) return 'result';
  return 'invalid';
}

export function validateMessage(message: unknown, options: ValidateOptions): ValidationResult {
  const set = loadSchemaSet(options.revision);
  if (Array.isArray(message)) return validateBatch(set, message, options);
  return validateSingle(set, message, options);
}

function validateBatch(set: SchemaSet, batch: unknown[], options: ValidateOptions): ValidationResult {
  const problems: Problem[] = [];
  if (!allowsBatches(set.revision)) {
    problems.push(problem('envelope', '', 'a single JSON-RPC object (no batches in this revision)', `a batch of ${batch.length}`, 'RPC-24'));
  }
  if (batch.length === 0) problems.push(problem('envelope', '', 'a non-empty batch', 'an empty array', 'RPC-22'));
  const items = batch.map((m) => validateSingle(set, m, options));
  items.forEach((r, i) => {
    for (const p of r.problems) problems.push({ ...problem(p.kind, `/${i}${p.pointer}`, p.expected, p.found, p.requirement), keyword: p.keyword });
  });
  return { valid: problems.length === 0, kind: 'batch', problems, items };
}

function validateSingle(set: SchemaSet, message: unknown, options: ValidateOptions): ValidationResult {
  const kind = classify(message);
  const fromServer = options.direction === 'server->client';
  if (kind === 'invalid' || !isObject(message)) {
    const p = problem('envelope', '', 'a JSON-RPC request, notification or response object', describe(message), fromServer ? 'RPC-1' : 'RPC-12');
    return { valid: false, kind: 'invalid', problems: [p] };
  }
  // A plain array, not a closure: this is the hot path.
  const problems: Problem[] = [];
  const add = problems;
  if (message.jsonrpc !== '2.0') add.push(problem('envelope', '/jsonrpc', '"2.0"', describe(message.jsonrpc), fromServer ? 'RPC-1' : 'RPC-12'));

  let method: string | undefined;
  if (kind === 'request' || kind === 'notification') {
    if (typeof message.method !== 'string') {
      add.push(problem('envelope', '/method', 'a string', describe(message.method), fromServer ? 'RPC-1' : 'RPC-12'));
    } else {
      method = message.method;
      if (has(message, 'params') && !isObject(message.params)) {
        add.push(problem('envelope', '/params', 'an object', describe(message.params), fromServer ? 'RPC-1' : 'RPC-12'));
      }
      if (kind === 'request' && !isRequestId(message.id)) {
        add.push(problem('envelope', '/id', 'a string or integer id', describe(message.id), fromServer ? 'RPC-9' : 'RPC-16'));
      }
      checkMethod(set, message, kind, method, options, add);
    }
  } else {
    checkResponse(set, message, kind, options, add);
    method = methodOf(options.inReplyTo, message.id)?.method;
  }
  if (problems.length === 0) return { valid: true, kind, method, problems: NONE };
  return { valid: false, kind, method, problems: firstPerPointer(problems) };
}

/**
 * The status notification of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks), which
 * the core schema does not define: judged against the extension's schema by tasks-ext/*.
 */
const TASK_STATUS_NOTIFICATION = 'notifications/tasks';

function checkMethod(
  set: SchemaSet,
  message: Obj,
  kind: 'request' | 'notification',
  method: string,
  options: ValidateOptions,
  add: Problem[],
) {
  const fromServer = options.direction === 'server->client';
  const index = set.index;
  const entry: MethodEntry | undefined = own(kind === 'request' ? index.requests : index.notifications, method);
  if (!entry) {
    // A notification method sent with an id (or the reverse) is an envelope mistake, not an unknown method.
    if (kind === 'request' && own(index.notifications, method)) {
      add.push(problem('envelope', '/id', 'no id on a notification', describe(message.id), fromServer ? 'RPC-8' : undefined));
    } else if (kind === 'notification' && own(index.requests, method)) {
      add.push(problem('envelope', '/id', 'an id (this method is a request)', 'nothing', fromServer ? 'RPC-9' : undefined));
    } else if (!(kind === 'notification' && set.revision === '2026-07-28' && method === TASK_STATUS_NOTIFICATION)) {
      add.push(problem('unknown-method', '/method', `a method defined in ${set.revision}`, JSON.stringify(method), fromServer ? 'LIFE-10' : undefined));
    }
    return;
  }
  if (entry.direction !== 'both' && entry.direction !== options.direction) {
    const expected = entry.direction === 'embedded' ? 'a method sent as a JSON-RPC message in this revision' : `a method sent ${options.direction}`;
    add.push(problem('wrong-direction', '/method', expected, `${JSON.stringify(method)} (travels ${entry.direction})`, fromServer ? 'LIFE-10' : undefined));
    return;
  }
  const errors = schemaErrors(set, entry.schema, message);
  const fallback = own(MESSAGE_REQUIREMENT, method) ?? (fromServer ? 'LIFE-10' : undefined);
  if (errors) {
    for (const p of toProblems(set, errors)) add.push({ ...p, requirement: refineRequirement(method, p.pointer, fallback) });
    return;
  }
  // Up to 2025-06-18 only the envelope types give params._meta its shape (progressToken...).
  const params = message.params;
  if (isObject(params) && has(params, '_meta')) {
    const ref = kind === 'request' ? set.index.envelopes.request : set.index.envelopes.notification;
    for (const p of toProblems(set, schemaErrors(set, ref, message))) add.push({ ...p, requirement: refineRequirement(method, p.pointer, fallback) });
  }
}

/**
 * The detailed errors of `value` against `ref`, or undefined when it is valid. The fast validator
 * answers first; the detailed one is compiled (the costly part) only for a value it rejects.
 */
function schemaErrors(set: SchemaSet, ref: string, value: unknown): ErrorObject[] | undefined {
  if (set.check(ref)(value)) return undefined;
  const detailed = set.get(ref);
  return detailed(value) ? undefined : (detailed.errors ?? []);
}

function methodOf(inReplyTo: ValidateOptions['inReplyTo'], id: unknown): RequestRef | undefined {
  const ref = typeof inReplyTo === 'function' ? inReplyTo(id) : inReplyTo;
  return typeof ref === 'string' ? { method: ref } : ref;
}

function checkResponse(set: SchemaSet, message: Obj, kind: MessageKind, options: ValidateOptions, add: Problem[]) {
  const fromServer = options.direction === 'server->client';
  const hasResult = has(message, 'result');
  const hasError = has(message, 'error');
  if (hasResult && hasError) add.push(problem('envelope', '', 'either result or error, not both', 'both', 'RPC-3'));

  if (kind === 'error') {
    // A parse error cannot name the request: JSON-RPC says id null, 2025-11-25+ omit it (catalog Appendix A #2).
    if (has(message, 'id') && message.id !== null && !isRequestId(message.id)) {
      add.push(problem('envelope', '/id', 'a string or integer id, or null', describe(message.id), 'RPC-2'));
    }
    const error = message.error;
    if (!isObject(error)) {
      add.push(problem('envelope', '/error', 'an error object with code and message', describe(error), 'RPC-5'));
      return;
    }
    if (typeof error.code !== 'number' || !Number.isInteger(error.code)) add.push(problem('envelope', '/error/code', 'an integer', describe(error.code), 'RPC-5'));
    if (typeof error.message !== 'string') add.push(problem('envelope', '/error/message', 'a string', describe(error.message), 'RPC-5'));
    return;
  }

  if (!isRequestId(message.id)) add.push(problem('envelope', '/id', 'the string or integer id of the request answered', describe(message.id), 'RPC-2'));
  const result = message.result;
  if (!isObject(result)) {
    add.push(problem('envelope', '/result', 'an object', describe(result), 'RPC-4'));
    return;
  }
  const request = methodOf(options.inReplyTo, message.id);
  const entry = request && own(set.index.requests, request.method);
  const params = request && isObject(request.params) ? request.params : undefined;
  // A task-augmented request may get a plain result: a receiver that did not declare task support
  // for it ignores the task member (CAP-11). A result without `task` but with `content` is that.
  const plainAnswer = !has(result, 'task') && has(result, 'content');
  const taskAugmented = entry?.taskResult !== undefined && params !== undefined && has(params, 'task') && !plainAnswer;
  let schema = entry ? (taskAugmented ? entry.taskResult! : entry.result!) : set.index.envelopes.emptyResult;
  // 2026-07-28: some results are "InputRequiredResult or the method's result"; resultType says which.
  if (entry && schema.endsWith('#/properties/result')) {
    const stem = entry.schema.replace(/Request\.json$/, '');
    if (result.resultType === 'task') {
      // A task handle of the tasks extension: its shape is judged by the tasks-ext checks against the
      // extension's own schema (TASKX-9); only tools/call may answer with one (TASKX-7).
      if (request!.method !== 'tools/call') add.push(problem('schema', '/result/resultType', '"complete" (a task handle answers tools/call only)', '"task"', 'TASKX-7'));
      return;
    }
    if (result.resultType === 'input_required') {
      if (!INPUT_REQUIRED_METHODS.has(request!.method)) {
        add.push(problem('schema', '/result/resultType', `"complete" (input_required is allowed for ${[...INPUT_REQUIRED_METHODS].join(', ')} only)`, '"input_required"', 'S26-8'));
        return;
      }
      schema = 'InputRequiredResult.json';
    } else if (set.files.has(`${stem}Result.json`)) schema = `${stem}Result.json`;
  }
  const errors = schemaErrors(set, schema, result);
  if (!errors) {
    const rule = request && own(RESULT_RULES, request.method);
    const broken = rule && rule(result);
    if (broken) add.push(broken);
    return;
  }
  const fallback = request ? (own(RESULT_REQUIREMENT, request.method) ?? (fromServer ? 'LIFE-10' : undefined)) : 'RPC-4';
  for (const p of toProblems(set, errors, '/result')) add.push({ ...p, requirement: refineRequirement(request?.method, p.pointer, fallback) });
}
