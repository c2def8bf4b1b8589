// Readers for the 2026-07-28 (stateless) wire, shared by the stateless checks: the error codes
// the revision defines, which list methods a server's capabilities open, a request with some
// of its per-request _meta taken out, and the HTTP status an answer came with.
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import type { Revision } from '../../src/schema/index.js';
import { keyOf, type Outcome, type Received, type Session } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';

export const STATELESS: readonly Revision[] = ['2026-07-28'];

export const HEADER_MISMATCH = -32020;
export const MISSING_CAPABILITY = -32021;
export const UNSUPPORTED_VERSION = -32022;
export const INVALID_PARAMS = -32602;
export const METHOD_NOT_FOUND = -32601;

/** Methods that may answer with an InputRequiredResult (S26-8). */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** A client capability set that lets a server ask for anything through MRTR. */
export const ALL_CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {}, roots: {} };

export interface ListMethod {
  method: string;
  /** Where the items sit in the result. */
  key: string;
  /** The server capability that offers it. */
  capability: string;
}

const LIST_METHODS: readonly ListMethod[] = [
  { method: 'tools/list', key: 'tools', capability: 'tools' },
  { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
  { method: 'resources/list', key: 'resources', capability: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
];

/** The list methods the server's declared capabilities offer, in catalog order. */
export function declaredLists(ctx: CheckContext): ListMethod[] {
  return LIST_METHODS.filter((l) => ctx.declares(l.capability));
}

/** A harmless request every 2026-07-28 server answers: the first declared list, else server/discover. */
export function everydayMethod(ctx: CheckContext): string {
  return declaredLists(ctx)[0]?.method ?? 'server/discover';
}

/** A request as `session` (default: the check's) would send it (own id, full _meta), with the named _meta fields removed. */
export function requestWithout(ctx: CheckContext, method: string, drop: readonly string[], params?: Item, session: Session = ctx.session): Item {
  const message = session.buildRequest(method, params);
  const p = isObject(message.params) ? message.params : {};
  const meta = isObject(p._meta) ? { ...p._meta } : {};
  for (const key of drop) delete meta[key];
  message.params = { ...p, _meta: meta };
  return message;
}

/** Methods whose target travels in the Mcp-Name header (S26-25), and the params member it mirrors. */
const ROUTED_TARGET: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/**
 * 2026-07-28 over HTTP: a request of a method that needs Mcp-Name but whose target (name, uri) is
 * missing or not a string cannot carry a matching header, so the server may refuse it with
 * HeaderMismatch -32020 (S26-25) before judging its params.
 */
export function lacksRoutingTarget(ctx: CheckContext, method: string, params: Item | undefined): boolean {
  const member = ROUTED_TARGET[method];
  return member !== undefined && isStatelessHttp(ctx) && typeof params?.[member] !== 'string';
}

/** A 2026-07-28 run over Streamable HTTP. */
export function isStatelessHttp(ctx: CheckContext): boolean {
  return ctx.revision === '2026-07-28' && ctx.target.transport === 'http';
}

/** The HTTP status that carried the answer (undefined on stdio). */
export function httpStatusOf(o: Outcome): number | undefined {
  if (o.kind === 'http-error') return o.status;
  if (o.kind === 'result' || o.kind === 'error') return o.http?.status;
  return undefined;
}

/** The outcome in words, with its HTTP status when there is one. */
export function describeAnswer(o: Outcome): string {
  const status = o.kind === 'result' || o.kind === 'error' ? o.http?.status : undefined;
  return status === undefined ? describeOutcome(o) : `HTTP ${status}, ${describeOutcome(o)}`;
}

export const resultTypeOf = (result: Item): unknown => result.resultType;

/** An InputRequiredResult (by its resultType). */
export const isInputRequired = (result: Item): boolean => result.resultType === 'input_required';

/** The methods an InputRequiredResult asks the client to run (elicitation/create, …). */
export function inputRequestMethods(result: Item): string[] {
  const requests = isObject(result.inputRequests) ? result.inputRequests : {};
  return Object.values(requests).flatMap((r) => (isObject(r) && typeof r.method === 'string' ? [r.method] : []));
}

/** `error.data` as an object, when the outcome is an error that has one. */
export function errorDataOf(o: Outcome): Item | undefined {
  return o.kind === 'error' && isObject(o.error.data) ? o.error.data : undefined;
}

/** The method of every request the session sent, by id key (read from the transport's wire trace). */
export function sentMethods(session: Session): Map<string, string> {
  const methods = new Map<string, string>();
  for (const entry of session.transport.trace) {
    if (entry.kind !== 'send' || !isObject(entry.message)) continue;
    const { id, method } = entry.message;
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) methods.set(keyOf(id), method);
  }
  return methods;
}

/** Responses the session received, each with the method it answers when known. */
export function receivedResponses(session: Session): Array<{ received: Received; message: Item; method?: string }> {
  const methods = sentMethods(session);
  return session.received.flatMap((received) => {
    const m = received.message;
    if (!isObject(m) || 'method' in m || !('result' in m || 'error' in m)) return [];
    return [{ received, message: m, method: methods.get(keyOf(m.id)) }];
  });
}
