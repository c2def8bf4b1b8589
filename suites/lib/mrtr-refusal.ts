// A 2026-07-28 input-required round answered as a user who says no, or as a client that sends
// what the form did not ask for (ELIC-11, ELIC-10): the target's first round asked again on a
// connection of the check's own (a requestState belongs to the server process that signed it,
// and a server that breaks on a refusal takes only that connection down), then one
// retry answering its form elicitation with an accept (the control), a decline, a cancel, or
// content that breaks the requested schema. Other input requests of the round get a cooperative
// client's answers.
import { describeOutcome, type CheckContext } from '../../src/checks/index.js';
import type { Outcome, Session } from '../../src/session/index.js';
import { exchangeOn, type Judged } from './exchange.js';
import { violatingContent } from './form-violation.js';
import { isObject, type Item } from './json-object.js';
import { ALL_INPUT_CAPABILITIES, answerAll, answerInputRequest, inputRequestsOf, inputRequired, requestStateOf } from './mrtr-client.js';
import { budgetMs, declaring, type MrtrTarget } from './mrtr-survey.js';

export type FormAnswer = 'accept' | 'decline' | 'cancel' | 'violate';

/** One target's round and the retry that answered its form. */
export interface FormRetry {
  target: MrtrTarget;
  answer: FormAnswer;
  /** The first round, asked again on this connection: an InputRequiredResult with a form. */
  first: Judged;
  /** The form's key in inputRequests. */
  key: string;
  /** What we answered for it. */
  sent: Item;
  retry: Judged;
  /** violate: the property given a value of the wrong type. */
  property?: string;
}

/** The first form-mode elicitation among a result's input requests. */
function formOf(result: Item): { key: string; request: Item } | undefined {
  for (const [key, request] of Object.entries(inputRequestsOf(result))) {
    if (!isObject(request) || request.method !== 'elicitation/create') continue;
    const params = isObject(request.params) ? request.params : {};
    if (params.mode === undefined || params.mode === 'form') return { key, request };
  }
  return undefined;
}

/** Our answer to the form, or undefined when its schema has nothing we can break. */
function answerFor(answer: FormAnswer, request: Item): { sent: Item; property?: string } | undefined {
  if (answer === 'decline' || answer === 'cancel') return { sent: { action: answer } };
  const cooperative = answerInputRequest(request);
  if (answer === 'accept') return { sent: cooperative };
  const params = isObject(request.params) ? request.params : {};
  const broken = violatingContent(params.requestedSchema, isObject(cooperative.content) ? cooperative.content : {});
  return broken && { sent: { action: 'accept', content: broken.content }, property: broken.property };
}

/** Asks `target` afresh and answers its form with `answer`; a string says why that could not be done. */
export async function answerForm(ctx: CheckContext, session: Session, target: MrtrTarget, answer: FormAnswer): Promise<FormRetry | string> {
  const asRequest = { meta: declaring(ALL_INPUT_CAPABILITIES), timeoutMs: budgetMs(ctx) };
  const first = await exchangeOn(session, target.method, target.params, asRequest);
  const result = inputRequired(first.outcome);
  if (!result) return `${target.label} asked for no input on this connection (${describeOutcome(first.outcome)})`;
  const form = formOf(result);
  if (!form) return `${target.label} asked for no form elicitation`;
  const ours = answerFor(answer, form.request);
  if (!ours) return `the form of ${target.label} has no property whose type we can break`;
  const inputResponses = { ...answerAll(inputRequestsOf(result)), [form.key]: ours.sent };
  const params: Item = { ...target.params, inputResponses };
  const state = requestStateOf(result);
  if (state !== undefined) params.requestState = state;
  const retry = await exchangeOn(session, target.method, params, { ...asRequest, timeoutMs: ctx.options.requestTimeoutMs });
  return { target, answer, first, key: form.key, sent: ours.sent, retry, property: ours.property };
}

/** The first of `targets` whose form can be answered with `answer`, or why none could. */
export async function firstFormRetry(ctx: CheckContext, session: Session, targets: readonly MrtrTarget[], answer: FormAnswer): Promise<FormRetry | string> {
  const why: string[] = [];
  for (const target of targets) {
    const got = await answerForm(ctx, session, target, answer);
    if (typeof got !== 'string') return got;
    why.push(got);
  }
  return why.join('; ');
}

/** The retry completed the request: a result that asks for nothing more. */
export function completed(o: Outcome): o is Extract<Outcome, { kind: 'result' }> {
  return o.kind === 'result' && inputRequired(o) === undefined;
}
