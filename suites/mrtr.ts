// Multi-round-trip requests (2026-07-28): a server that needs input answers with an
// InputRequiredResult instead of sending the client a request. Its shape (S26-9), that it asks
// only for what the request declared (S26-10), that a tampered requestState is rejected
// (S26-11), that a retry without answers is asked again (S26-12), and that the server never
// sends a JSON-RPC request at all (S26-13, over the whole run).
// Proof of each check (the fixture fault that must break it): test/proof/mrtr.ts.
import { defineCheck, describeOutcome, GRADED_BECAUSE, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Evidence, Finding, Outcome, Received } from '../src/session/index.js';
import { exchangeEvidence, exchangeOn, recordExchange, type Judged } from './lib/exchange.js';
import { findingsVerdict } from './lib/findings-verdict.js';
import { isObject, type Item } from './lib/json-object.js';
import { ALL_INPUT_CAPABILITIES, inputRequestsOf, INPUT_METHODS, inputRequired, isInputRequired, requestStateOf, undeclaredNeeds } from './lib/mrtr-client.js';
import { tamperRequestState } from './lib/mrtr-request-state.js';
import { declaring, driveEvidence, driveTarget, noteSurvey, skipReason, surveyMrtr, mrtrDrive, mrtrSurvey, type Drive, type MrtrTarget } from './lib/mrtr-survey.js';
import { isAnswer, whatHappened } from './lib/answered.js';
import { probeAlive } from './lib/alive.js';
import { answerForm, completed, firstFormRetry, type FormRetry } from './lib/mrtr-refusal.js';

const REVISIONS = ['2026-07-28'] as const;
const SPEC = 'basic/patterns/mrtr#server-requirements-basic-workflow';
/** Targets each check works with (the survey may find many). */
const MAX_TARGETS = 3;

/** Drives of the first few targets, or why there are none. */
async function drives(ctx: CheckContext): Promise<Drive[] | string> {
  const survey = await surveyMrtr(ctx);
  noteSurvey(ctx, survey);
  if (survey.targets.length === 0) return skipReason(survey);
  return Promise.all(survey.targets.slice(0, MAX_TARGETS).map((t) => driveTarget(ctx, t)));
}

/** What is wrong with one InputRequiredResult's shape, or undefined. */
function shapeProblem(result: Item): string | undefined {
  const hasRequests = 'inputRequests' in result;
  const state = result.requestState;
  if (!hasRequests && state === undefined) return 'it has neither inputRequests nor requestState';
  if (hasRequests && !isObject(result.inputRequests)) return `inputRequests is not an object: ${JSON.stringify(result.inputRequests).slice(0, 80)}`;
  if (state !== undefined && typeof state !== 'string') return `requestState is not a string: ${JSON.stringify(state).slice(0, 80)}`;
  const requests = inputRequestsOf(result);
  if (Object.keys(requests).length === 0 && state === undefined) return 'inputRequests is empty and there is no requestState: it asks for nothing and carries nothing';
  for (const [key, request] of Object.entries(requests)) {
    const method = isObject(request) ? request.method : undefined;
    if (typeof method !== 'string' || !Object.hasOwn(INPUT_METHODS, method)) {
      return `inputRequests["${key}"] is not an elicitation/create, sampling/createMessage or roots/list request (method ${JSON.stringify(method)})`;
    }
  }
  return undefined;
}

export const inputRequiredShape = defineCheck({
  id: 'mrtr/input-required-shape',
  shares: [mrtrSurvey, mrtrDrive],
  title: 'an InputRequiredResult holds inputRequests or requestState, and asks only elicitation, sampling or roots',
  level: 'MUST',
  requirements: ['S26-9'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (typeof found === 'string') return ctx.skip(found);
    const findings: Finding[] = [];
    let judged = 0;
    for (const drive of found) {
      for (const round of drive.rounds) {
        const result = inputRequired(round.outcome);
        if (!result) continue;
        judged++;
        findings.push(...round.findings);
        const problem = shapeProblem(result);
        if (problem) {
          recordExchange(ctx, round);
          return ctx.violation(`${drive.target.label}: ${problem}`, 'inputRequests (elicitation/create, sampling/createMessage or roots/list requests) and/or requestState', JSON.stringify(result).slice(0, 300));
        }
      }
    }
    if (findings.length) return findingsVerdict(ctx, findings, 'InputRequiredResult answers');
    return ctx.pass(`${judged} InputRequiredResult(s) from ${found.map((d) => d.target.label).join(', ')}`);
  },
});

/**
 * Capability sets declared one request at a time: each input kind alone, nothing, and form
 * elicitation named as a mode (`{form: {}}`), which declares no URL mode either (ELIC-2).
 */
const VARIANTS: Item[] = [{ elicitation: {} }, { elicitation: { form: {} } }, { sampling: {} }, { roots: {} }, {}];

function describeCaps(caps: Item): string {
  const keys = Object.keys(caps);
  const named = (k: string) => (isObject(caps[k]) && Object.keys(caps[k]).length > 0 ? `${k} ${JSON.stringify(caps[k])}` : k);
  return keys.length ? keys.map(named).join(' + ') : 'no capability';
}

/** The first input request that needs a capability `declared` lacks. */
function undeclared(result: Item, declared: Item): { key: string; needs: string[] } | undefined {
  for (const [key, request] of Object.entries(inputRequestsOf(result))) {
    const needs = undeclaredNeeds(request, declared);
    if (needs.length) return { key, needs };
  }
  return undefined;
}

export const declaredOnly = defineCheck({
  id: 'mrtr/declared-capabilities-only',
  shares: [mrtrSurvey, mrtrDrive],
  title: 'inputRequests ask only for client capabilities the request declared',
  level: 'MUST',
  requirements: ['S26-10'],
  spec: SPEC,
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (typeof found === 'string') return ctx.skip(found);
    const asked: Array<{ target: MrtrTarget; caps: Item; x: Judged }> = [];
    // Every round of the drives declared all three capabilities: only their modes can be wrong.
    for (const drive of found) for (const x of drive.rounds) asked.push({ target: drive.target, caps: ALL_INPUT_CAPABILITIES, x });
    const varied = await Promise.all(
      found.flatMap((d) =>
        VARIANTS.map(async (caps) => ({
          target: d.target,
          caps,
          x: await exchangeOn(ctx.session, d.target.method, d.target.params, { meta: declaring(caps), timeoutMs: ctx.options.requestTimeoutMs }),
        })),
      ),
    );
    asked.push(...varied);
    for (const { target, caps, x } of asked) {
      const result = inputRequired(x.outcome);
      if (!result) continue;
      const wrong = undeclared(result, caps);
      if (wrong) {
        ctx.note(`the request declared ${JSON.stringify(caps)}`);
        recordExchange(ctx, x);
        return ctx.violation(
          `${target.label}, declaring ${describeCaps(caps)}: inputRequests["${wrong.key}"] needs ${wrong.needs.join(', ')}`,
          `input requests for ${describeCaps(caps)} only`,
          JSON.stringify(result.inputRequests).slice(0, 300),
        );
      }
    }
    const short = (o: Outcome) => (isInputRequired(o) ? 'input_required' : o.kind === 'error' ? `error ${String(o.error.code)}` : o.kind);
    const summary = found.map((d) => `${d.target.label}: ${varied.filter((v) => v.target === d.target).map((v) => `${describeCaps(v.caps)} → ${short(v.x.outcome)}`).join(', ')}`);
    return ctx.pass(summary.join('; '));
  },
});

/** The first round of a drive that carries a requestState and is followed by its retry. */
function stateRound(drive: Drive): number {
  return drive.rounds.findIndex((r, i) => {
    const result = inputRequired(r.outcome);
    return result !== undefined && requestStateOf(result) !== undefined && i + 1 < drive.rounds.length;
  });
}

const sameResult = (a: Outcome, b: Outcome) => a.kind === 'result' && b.kind === 'result' && JSON.stringify(stripMeta(a.result)) === JSON.stringify(stripMeta(b.result));
const stripMeta = (r: Item): Item => Object.fromEntries(Object.entries(r).filter(([k]) => k !== '_meta'));

/** One tampered retry of a drive's state round, judged: a problem string, or undefined when rejected. */
async function tamperedRetry(ctx: CheckContext, drive: Drive): Promise<{ x: Judged; problem?: string; note: string }> {
  const k = stateRound(drive);
  const honest = drive.rounds[k + 1];
  const state = requestStateOf(inputRequired(drive.rounds[k].outcome)!)!;
  const tampered = tamperRequestState(state);
  const note = `${drive.target.label}: round ${k + 1} carried a requestState of ${state.length} characters; the retry changed ${tampered.where}`;
  const x = await exchangeOn(ctx.session, drive.target.method, { ...honest.params, requestState: tampered.value }, { meta: declaring(ALL_INPUT_CAPABILITIES), timeoutMs: ctx.options.requestTimeoutMs });
  const o = x.outcome;
  // An error rejects it; a fresh input_required discards it: neither trusts the tampered state.
  if (o.kind === 'error' || o.kind === 'http-error' || isInputRequired(o)) return { x, note };
  if (o.kind !== 'result') return { x, note, problem: `${drive.target.label}: the retry with a tampered requestState ${whatHappened(o)}` };
  const how = sameResult(o, honest.outcome) ? 'the same result as the untampered retry' : 'a different result than the untampered retry: the server acted on the tampered state';
  return { x, note, problem: `${drive.target.label}: the retry with a tampered requestState succeeded, with ${how}` };
}

export const requestStateIntegrity = defineCheck({
  id: 'mrtr/request-state-tampered',
  shares: [mrtrSurvey, mrtrDrive],
  title: 'a retry with a tampered requestState is rejected with an error',
  level: 'MUST',
  requirements: ['S26-11'],
  spec: 'basic/patterns/mrtr#security-considerations',
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (typeof found === 'string') return ctx.skip(found);
    const withState = found.filter((d) => stateRound(d) >= 0);
    if (withState.length === 0) return ctx.skip(`no InputRequiredResult of ${found.map((d) => d.target.label).join(', ')} carried a requestState (with a retry to follow), so there is nothing to tamper with`);
    const tried = await Promise.all(withState.map((d) => tamperedRetry(ctx, d)));
    const bad = tried.findIndex((t) => t.problem);
    if (bad >= 0) {
      const { x, note, problem } = tried[bad];
      ctx.note(note);
      ctx.evidence.push(...driveEvidence(withState[bad], stateRound(withState[bad]) + 2));
      recordExchange(ctx, x);
      return ctx.violation(problem!, 'an error (the state fails verification)', describeOutcome(x.outcome));
    }
    return ctx.pass(tried.map((t) => `${t.note}: ${isInputRequired(t.x.outcome) ? 'asked for input again' : `rejected with ${describeOutcome(t.x.outcome)}`}`).join('; '));
  },
});

/** An unknown inputResponses key, as a well-formed ElicitResult. */
const UNKNOWN_KEY = 'mcp-conform-unknown-key';
const asRetry = (ctx: CheckContext) => ({ meta: declaring(ALL_INPUT_CAPABILITIES), timeoutMs: ctx.options.requestTimeoutMs });

/** Both S26-12 probes on one drive whose first answer asked for input: a problem string, or undefined. */
async function retryProbes(ctx: CheckContext, drive: Drive): Promise<{ problem?: string; evidence: Evidence[] }> {
  const first = drive.rounds[0];
  const state = requestStateOf(inputRequired(first.outcome)!);
  const bare: Item = { ...drive.target.params, inputResponses: {} };
  if (state !== undefined) bare.requestState = state;
  const answered = drive.rounds[1];
  const given = answered && isObject(answered.params?.inputResponses) ? answered.params.inputResponses : undefined;
  const [empty, extra] = await Promise.all([
    exchangeOn(ctx.session, drive.target.method, bare, asRetry(ctx)),
    given ? exchangeOn(ctx.session, drive.target.method, { ...answered.params, inputResponses: { ...given, [UNKNOWN_KEY]: { action: 'cancel' } } }, asRetry(ctx)) : undefined,
  ]);
  const evidence = [...exchangeEvidence(first), ...exchangeEvidence(empty)];
  // A result that completes without the input is the server's choice; an error is not a fresh request for it.
  if (!isInputRequired(empty.outcome) && empty.outcome.kind !== 'result') {
    return { evidence, problem: `${drive.target.label}: the retry with empty inputResponses got ${describeOutcome(empty.outcome)} instead of a fresh input_required` };
  }
  if (extra && answered) {
    evidence.push(...exchangeEvidence(answered), ...exchangeEvidence(extra));
    const baseline = answered.outcome;
    if (baseline.kind === 'result' && extra.outcome.kind !== 'result') {
      return { evidence, problem: `${drive.target.label}: adding an unknown inputResponses key "${UNKNOWN_KEY}" turned a ${String(baseline.result.resultType)} result into ${describeOutcome(extra.outcome)}` };
    }
  }
  return { evidence };
}

export const retryWithoutResponses = defineCheck({
  id: 'mrtr/retry-without-responses',
  shares: [mrtrSurvey, mrtrDrive],
  title: 'a retry without the needed inputResponses is asked again, and unknown inputResponses are ignored',
  level: 'SHOULD',
  requirements: ['S26-12'],
  spec: 'basic/patterns/mrtr#error-handling',
  revisions: REVISIONS,
  async run(ctx) {
    const found = await drives(ctx);
    if (typeof found === 'string') return ctx.skip(found);
    const asking = found.filter((d) => Object.keys(inputRequestsOf(inputRequired(d.rounds[0].outcome) ?? {})).length > 0);
    if (asking.length === 0) return ctx.skip('no InputRequiredResult had inputRequests to leave unanswered');
    const probed = await Promise.all(asking.map((d) => retryProbes(ctx, d)));
    const bad = probed.find((p) => p.problem);
    if (bad) {
      ctx.evidence.push(...bad.evidence);
      return ctx.violation(bad.problem!, 'a fresh input_required for missing answers; unknown keys ignored');
    }
    return ctx.pass(`${asking.map((d) => d.target.label).join(', ')}: asked again without answers; unknown keys ignored`);
  },
});

/** The survey's first targets, or why there are none. */
async function surveyTargets(ctx: CheckContext): Promise<MrtrTarget[] | string> {
  const survey = await surveyMrtr(ctx);
  noteSurvey(ctx, survey);
  return survey.targets.length ? survey.targets.slice(0, MAX_TARGETS) : skipReason(survey);
}

/** A form answered cooperatively on a connection of the check's own: the control the other answers are compared with. */
async function formControl(ctx: CheckContext): Promise<{ control: FormRetry; session: CheckContext['session'] } | string> {
  const found = await surveyTargets(ctx);
  if (typeof found === 'string') return found;
  const { session } = await ctx.connect();
  const control = await firstFormRetry(ctx, session, found, 'accept');
  if (typeof control === 'string') return `no input request to answer as a form: ${control}`;
  if (!isAnswer(control.retry.outcome)) return `${control.target.label}: the retry that accepted its form ${whatHappened(control.retry.outcome)}, so a refusal could not be told apart`;
  return { control, session };
}

/**
 * Why a retry that got no answer counts as a lost response, or undefined when it is not judged:
 * the accepted retry was answered in well under the wait, and the server answered the liveness
 * probe after it (or the connection ended).
 */
function unansweredRetry(r: FormRetry, control: FormRetry, alive: Outcome): string | undefined {
  const o = r.retry.outcome;
  if (o.kind === 'closed') return `the connection ended without it (${o.reason})`;
  if (o.kind !== 'timeout' || o.tooSlow || o.ms < 2 * control.retry.outcome.ms) return undefined;
  if (isAnswer(alive)) return `no answer within ${o.ms} ms, while the accepted retry was answered in ${control.retry.outcome.ms} ms and the liveness probe after it was answered`;
  return `no answer within ${o.ms} ms, and the server answered nothing after it (${whatHappened(alive)})`;
}

/** One refused round judged: `lost` (a response lost for good), `broken`, `same` (the accepted result again), or `fine`. */
function judgeRefusal(r: FormRetry, control: FormRetry, alive: Outcome): { lost?: string; broken?: string; same?: string; fine?: string } {
  const o = r.retry.outcome;
  const what = `${r.target.label}, retried with ${JSON.stringify(r.sent)}`;
  if (o.kind === 'error') return { fine: `${r.answer}: error ${String(o.error.code)}` };
  if (o.kind === 'result' && isInputRequired(o)) return { fine: `${r.answer}: asked again` };
  if (o.kind === 'result') {
    if (completed(control.retry.outcome) && sameResult(o, control.retry.outcome)) return { same: `${what}, got the same result as the retry that accepted it: the refusal was taken for an acceptance` };
    return { fine: `${r.answer}: ${o.result.isError === true ? 'an error result' : 'a result'}` };
  }
  const lost = unansweredRetry(r, control, alive);
  if (lost) return { lost: `${what}: ${lost}` };
  if (o.kind === 'http-error') return { broken: `${what}, ${whatHappened(o)}` };
  return { fine: `${r.answer}: not judged (${whatHappened(o)})` };
}

export const refusedInputEndsRequest = defineCheck({
  id: 'mrtr/refused-input-ends-request',
  title: 'a retry that declines or cancels the requested form ends the request (result or error), and the server goes on',
  level: 'MUST',
  requirements: ['ELIC-11', 'RPC-25'],
  spec: 'client/elicitation#error-handling',
  revisions: REVISIONS,
  long: true,
  shares: [mrtrSurvey],
  async run(ctx) {
    const got = await formControl(ctx);
    if (typeof got === 'string') return ctx.skip(got);
    const { control, session } = got;
    ctx.evidence.push(...exchangeEvidence(control.first), ...exchangeEvidence(control.retry));
    const verdicts: Array<ReturnType<typeof judgeRefusal>> = [];
    for (const answer of ['decline', 'cancel'] as const) {
      const r = await answerForm(ctx, session, control.target, answer);
      if (typeof r === 'string') {
        ctx.note(`${answer}: ${r}`);
        continue;
      }
      ctx.evidence.push(...exchangeEvidence(r.retry));
      const alive = await probeAlive(ctx, session);
      const v = judgeRefusal(r, control, alive);
      verdicts.push(v);
      if (!isAnswer(alive) && !v.lost) verdicts.push({ lost: `after the retry that answered ${answer}, the liveness probe ${whatHappened(alive)}` });
      if (!isAnswer(alive)) break; // nothing more to ask a server that stopped answering
    }
    const lost = verdicts.find((v) => v.lost)?.lost;
    if (lost) return ctx.lostResponse(lost, 'a result or an error for the retry, and a server still answering');
    const broken = verdicts.find((v) => v.broken)?.broken;
    if (broken) return ctx.violation(broken, 'a result or an error for the retry');
    const same = verdicts.find((v) => v.same)?.same;
    // The spec names no result for a refusal: only one indistinguishable from acceptance is suspect.
    if (same) return ctx.warn(same, 'a result that reflects the refusal, an error, or the form asked again', undefined, GRADED_BECAUSE.tolerated);
    if (verdicts.length === 0) return ctx.skip(`${control.target.label} did not ask for the form again to be refused (see the notes)`);
    return ctx.pass(`${control.target.label}: ${verdicts.map((v) => v.fine).join('; ')}`);
  },
});

export const invalidContentNotAccepted = defineCheck({
  id: 'mrtr/invalid-content-not-accepted',
  title: 'a retry accepting the form with content that breaks its requested schema is not taken as valid',
  level: 'SHOULD',
  requirements: ['ELIC-10'],
  spec: 'client/elicitation#form-mode-security',
  revisions: REVISIONS,
  long: true,
  shares: [mrtrSurvey],
  async run(ctx) {
    const got = await formControl(ctx);
    if (typeof got === 'string') return ctx.skip(got);
    const { control, session } = got;
    const r = await firstFormRetry(ctx, session, [control.target], 'violate');
    if (typeof r === 'string') return ctx.skip(r);
    ctx.note(`${r.target.label}: the form was accepted with ${JSON.stringify(r.property)} of the wrong type`);
    ctx.evidence.push(...exchangeEvidence(r.first), ...exchangeEvidence(r.retry));
    const o = r.retry.outcome;
    if (o.kind === 'error') return ctx.pass(`rejected with error ${String(o.error.code)}`);
    if (o.kind === 'result' && isInputRequired(o)) return ctx.pass('the form was asked for again');
    if (o.kind === 'result' && o.result.isError === true) return ctx.pass('an error result');
    if (o.kind === 'result') return ctx.violation(`${r.target.label} completed with content whose ${JSON.stringify(r.property)} breaks the requested schema`, 'an error, an error result, or the form asked again', JSON.stringify(o.result).slice(0, 300));
    const alive = await probeAlive(ctx, session);
    const lost = unansweredRetry(r, control, alive);
    if (lost) return ctx.lostResponse(`${r.target.label}, retried with content that breaks the form: ${lost}`, 'a result or an error for the retry');
    return ctx.skip(`the retry was not judged: it ${whatHappened(o)}`);
  },
});

const isServerRequest = (r: Received) => isObject(r.message) && typeof r.message.method === 'string' && 'id' in r.message;

export const noServerRequests = defineCheck({
  id: 'mrtr/no-server-requests-whole-run',
  phase: 'final',
  shares: [mrtrSurvey],
  title: 'the server never sends a JSON-RPC request (over the whole run)',
  level: 'MUST',
  requirements: ['S26-13'],
  spec: 'basic/patterns/index',
  revisions: REVISIONS,
  async run(ctx) {
    // Give the server occasions to ask, in case the run had none (the survey is memoized).
    await surveyMrtr(ctx);
    const seen = new Set<Finding>();
    const findings = [...ctx.facts.unclaimed, ...ctx.session.findings].filter((f) => f.requirement === 'S26-13' && !seen.has(f) && seen.add(f));
    if (findings.length) return requestsVerdict(ctx, findings);
    // The session records each one as a finding; the main session's own log backs that up.
    const requests = ctx.session.received.filter(isServerRequest);
    if (requests.length) {
      for (const r of requests.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
      return ctx.violation(`the server sent ${requests.length} JSON-RPC request(s); first: ${String((requests[0].message as Item).method)}`, 'no requests from the server', String((requests[0].message as Item).method));
    }
    return ctx.pass();
  },
});

function requestsVerdict(ctx: CheckContext, findings: Finding[]): Verdict {
  for (const f of findings.slice(0, 5)) ctx.evidence.push({ type: 'note', text: f.message }, ...f.evidence);
  const methods = [...new Set(findings.map((f) => /\(([^)]+)\)/.exec(f.message)?.[1] ?? '?'))];
  return ctx.violation(`the server sent ${findings.length} JSON-RPC request(s) (${methods.join(', ')}); 2026-07-28 asks for input only inside results`, 'no requests from the server', methods.join(', '));
}

export const mrtrChecks: Check[] = [inputRequiredShape, declaredOnly, requestStateIntegrity, retryWithoutResponses, refusedInputEndsRequest, invalidContentNotAccepted, noServerRequests];
