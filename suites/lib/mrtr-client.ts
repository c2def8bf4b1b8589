// The client side of 2026-07-28 multi-round-trip requests (MRTR): answer the input requests of
// an InputRequiredResult the way a cooperative client would (a form filled from its schema, a
// canned sampling reply, no roots) and retry the request with inputResponses and requestState.
import type { Outcome } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';
import { sampleArguments } from './sample-args.js';

/** Every client capability an input request may need, as a request declares them. */
export const ALL_INPUT_CAPABILITIES: Readonly<Item> = Object.freeze({ elicitation: {}, sampling: {}, roots: {} });

/** Input request method → the client capability it needs (S26-10). */
export const INPUT_METHODS: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** Methods that may answer with an InputRequiredResult (S26-8). */
export type MrtrMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** The InputRequiredResult of an outcome, or undefined when it is anything else. */
export function inputRequired(o: Outcome): Item | undefined {
  return o.kind === 'result' && o.result.resultType === 'input_required' ? o.result : undefined;
}

export function isInputRequired(o: Outcome): boolean {
  return inputRequired(o) !== undefined;
}

export function inputRequestsOf(result: Item): Item {
  return isObject(result.inputRequests) ? result.inputRequests : {};
}

export function requestStateOf(result: Item): string | undefined {
  return typeof result.requestState === 'string' ? result.requestState : undefined;
}

/** What a cooperative client answers to one input request. */
export function answerInputRequest(request: unknown): Item {
  const method = isObject(request) ? request.method : undefined;
  const params = isObject(request) && isObject(request.params) ? request.params : {};
  if (method === 'elicitation/create') {
    // URL mode happens out of band, which we cannot do: decline it.
    if (params.mode === 'url') return { action: 'decline' };
    const sample = sampleArguments(params.requestedSchema);
    return { action: 'accept', content: sample.ok && isObject(sample.value) ? sample.value : {} };
  }
  if (method === 'sampling/createMessage') {
    return { role: 'assistant', content: { type: 'text', text: 'mcp-conform sample reply' }, model: 'mcp-conform', stopReason: 'endTurn' };
  }
  if (method === 'roots/list') return { roots: [] };
  // Unknown kinds cannot be answered meaningfully; cancel is the neutral ElicitResult.
  return { action: 'cancel' };
}

/** Answers for every input request of a result, by key. */
export function answerAll(inputRequests: Item): Item {
  return Object.fromEntries(Object.entries(inputRequests).map(([key, request]) => [key, answerInputRequest(request)]));
}

/**
 * The retry of `base` (the original params, without _meta) answering `result`. Answers given in
 * earlier rounds are sent again only when the server keeps no requestState to remember them.
 */
export function retryParams(base: Item, result: Item, earlier: Item = {}): Item {
  const state = requestStateOf(result);
  const answers = answerAll(inputRequestsOf(result));
  const inputResponses = state === undefined ? { ...earlier, ...answers } : answers;
  const params: Item = { ...base };
  if (Object.keys(inputResponses).length > 0 || state === undefined) params.inputResponses = inputResponses;
  if (state !== undefined) params.requestState = state;
  return params;
}

/** Capabilities in `declared` that an input request needs but the request did not declare (S26-10, ELIC-2, SAMP-3). */
export function undeclaredNeeds(request: unknown, declared: Item): string[] {
  if (!isObject(request) || typeof request.method !== 'string') return ['a known input request method'];
  const capability = Object.hasOwn(INPUT_METHODS, request.method) ? INPUT_METHODS[request.method] : undefined;
  if (!capability) return [`a known input request method (got ${request.method})`];
  const declaredCap = declared[capability];
  if (!isObject(declaredCap)) return [capability];
  const params = isObject(request.params) ? request.params : {};
  if (capability === 'elicitation' && params.mode === 'url' && !isObject(declaredCap.url)) return ['elicitation.url'];
  if (capability === 'sampling' && params.tools !== undefined && !isObject(declaredCap.tools)) return ['sampling.tools'];
  return [];
}
