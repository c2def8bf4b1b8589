// Requests a server sends a client: ping always answered; roots/list, sampling/createMessage and
// elicitation/create answered with a valid result when the capability was declared, with an error
// when it was not.
import { defineClientCheck, type ClientCheckSpec } from '../../src/client/check.js';
import type { ScenarioRecord } from '../../src/client/record.js';
import type { Verdict } from '../../src/checks/types.js';
import type { Revision } from '../../src/schema/index.js';
import { askEvidence, errorCode, expected, findAsk, notAskedReason, responseProblems, schemaEvidence, unanswered } from './support.js';

export const pingAnswered = defineClientCheck({
  id: 'client-ping/answered',
  title: 'A ping from the server gets an empty result',
  level: 'MUST',
  requirements: ['CLIENT-PING-1', 'CLIENT-RPC-5'],
  spec: 'basic/utilities/ping#behavior-requirements',
  scenario: 'basic',
  judge(record, ctx) {
    const ask = findAsk(record, 'ping');
    if (!ask) return { status: 'skip', message: notAskedReason(record, 'ping') };
    if (ask.outcome !== 'answered') return unanswered(record, ask, ctx.requestTimeoutMs);
    const evidence = askEvidence(record, ask);
    const result = ask.response!.result as Record<string, unknown> | undefined;
    if (!result || typeof result !== 'object' || Array.isArray(result)) {
      return { status: 'fail', message: `ping was answered ${'error' in ask.response! ? `with error ${errorCode(ask.response)}` : 'without a result object'}`, evidence: [...evidence, expected('result {}', JSON.stringify(ask.response).slice(0, 200))] };
    }
    const extra = Object.keys(result).filter((k) => k !== '_meta');
    if (extra.length) return { status: 'fail', message: `the ping result is not empty: it has ${extra.join(', ')}`, evidence: [...evidence, expected('result {}', JSON.stringify(result).slice(0, 200))] };
    return { status: 'pass', evidence };
  },
});

/** A capability path of initialize's capabilities, e.g. `roots`. */
function declared(record: ScenarioRecord, capability: string): boolean {
  const value = record.capabilities?.[capability];
  return typeof value === 'object' && value !== null;
}

interface FeatureRequest {
  method: string;
  capability: string;
  /** Extra problems of a schema-valid result (roots' file:// uris, elicitation's content keys). */
  extraProblems?: (result: Record<string, unknown>, record: ScenarioRecord) => string | undefined;
  /** An error to a request whose capability was declared: a refusal the feature allows (pass), or a note (info). */
  declaredError: 'pass' | 'info';
  /** A result that refuses and carries nothing (elicitation's cancel, decline): no sign the feature is supported. */
  isRefusal?: (result: Record<string, unknown>) => boolean;
}

/** The verdict for one of our feature requests, by the capability the client declared. */
function judgeFeature(feature: FeatureRequest, record: ScenarioRecord, ctx: { revision?: Revision; requestTimeoutMs: number }): Verdict {
  const ask = findAsk(record, feature.method);
  if (!ask) return { status: 'skip', message: notAskedReason(record, feature.method) };
  if (ask.outcome !== 'answered') return unanswered(record, ask, ctx.requestTimeoutMs);
  const evidence = askEvidence(record, ask);
  const isDeclared = declared(record, feature.capability);
  const said = `the client ${isDeclared ? 'declared' : 'did not declare'} the ${feature.capability} capability`;
  const response = ask.response!;
  if ('error' in response && !('result' in response)) {
    const code = errorCode(response);
    if (!isDeclared) return { status: 'pass', message: code === -32601 ? undefined : `${said}; answered error ${code} (-32601 is the usual code)`, evidence };
    return { status: feature.declaredError, message: `${said}, and answered error ${code}: a refusal`, evidence };
  }
  if (!isDeclared && feature.isRefusal?.(response.result as Record<string, unknown>)) {
    // Nothing was delivered, so nothing shows support (CLIENT-CAP-1); the rule left is CLIENT-CAP-2's error.
    return { status: 'warn', message: `${said}, and answered ${feature.method} with a refusal in a result (${JSON.stringify(response.result).slice(0, 80)}), not an error (CLIENT-CAP-2: -32601)`, evidence: [...evidence, expected('error -32601', 'a result that refuses')] };
  }
  if (!isDeclared) {
    return { status: 'fail', message: `${said}, yet answered ${feature.method} with a result: a client that supports it declares it`, evidence: [...evidence, expected(`error -32601 (or declare ${feature.capability})`, 'a result')] };
  }
  const problems = ctx.revision ? responseProblems(response, feature.method, ctx.revision) : [];
  if (problems.length) return { status: 'fail', message: problems[0].message, evidence: [...evidence, ...schemaEvidence(problems)] };
  const extra = feature.extraProblems?.(response.result as Record<string, unknown>, record);
  if (extra) return { status: 'fail', message: extra, evidence };
  return { status: 'pass', evidence };
}

function featureCheck(spec: Omit<ClientCheckSpec, 'judge' | 'scenario' | 'level'>, feature: FeatureRequest) {
  return defineClientCheck({ ...spec, level: 'MUST', scenario: 'basic', judge: (record, ctx) => judgeFeature(feature, record, ctx) });
}

export const rootsList = featureCheck(
  {
    id: 'client-roots/list',
    title: 'roots/list answered with valid roots when declared, an error when not',
    kind: 'S',
    requirements: ['CLIENT-ROOTS-1', 'CLIENT-ROOTS-2', 'CLIENT-ROOTS-3', 'CLIENT-CAP-1', 'CLIENT-CAP-2', 'CLIENT-RPC-5'],
    spec: 'client/roots#listing-roots',
  },
  {
    method: 'roots/list',
    capability: 'roots',
    declaredError: 'info',
    extraProblems: (result) => {
      const roots = Array.isArray(result.roots) ? (result.roots as Array<{ uri?: unknown }>) : [];
      const bad = roots.find((r) => typeof r.uri !== 'string' || !r.uri.startsWith('file://'));
      return bad ? `root uri ${JSON.stringify(bad.uri)} is not a file:// URI` : undefined;
    },
  },
);

export const samplingCreateMessage = featureCheck(
  {
    id: 'client-sampling/create-message',
    title: 'sampling/createMessage answered with a valid result or a refusal when declared, an error when not',
    kind: 'S',
    requirements: ['CLIENT-SAMP-1', 'CLIENT-SAMP-2', 'CLIENT-CAP-1', 'CLIENT-CAP-2', 'CLIENT-RPC-5'],
    spec: 'client/sampling#creating-messages',
  },
  { method: 'sampling/createMessage', capability: 'sampling', declaredError: 'pass' },
);

export const elicitationCreate = featureCheck(
  {
    id: 'client-elicitation/create',
    title: 'elicitation/create answered with a valid action when declared, an error when not',
    kind: 'S',
    requirements: ['CLIENT-ELIC-1', 'CLIENT-CAP-1', 'CLIENT-CAP-2', 'CLIENT-RPC-5'],
    spec: 'client/elicitation#response-actions',
    revisions: ['2025-06-18', '2025-11-25'],
  },
  {
    method: 'elicitation/create',
    capability: 'elicitation',
    declaredError: 'pass',
    isRefusal: (result) => (result.action === 'cancel' || result.action === 'decline') && result.content === undefined,
    extraProblems: (result) => {
      const content = result.content as Record<string, unknown> | undefined;
      if (content === undefined) return undefined;
      if (result.action !== 'accept') return `content came with action ${JSON.stringify(result.action)}: only accept carries content`;
      const unknown = Object.keys(content).filter((k) => k !== 'answer');
      if (unknown.length) return `content has ${unknown.join(', ')}, which the requested schema does not define (it asks for answer only)`;
      return content.answer === undefined || typeof content.answer === 'string' ? undefined : `content.answer is ${typeof content.answer}, the requested schema asks for a string`;
    },
  },
);

export const requestChecks = [pingAnswered, rootsList, samplingCreateMessage, elicitationCreate];
