// 2026-07-28 clients (played when the run's revision is 2026-07-28): no handshake, so each request
// must carry its own `_meta` envelope and, over HTTP, routing headers that match its body; the
// version it names is one we listed; nothing the revision removed; and the multi round-trip retry
// after our InputRequiredResult (modern.ts) answers what was asked, echoing our requestState.
import { defineClientCheck } from '../../src/client/check.js';
import { inbound, toEvidence, type ScenarioRecord, type WireEvent } from '../../src/client/record.js';
import { headerMismatch, META, MODERN_SUPPORTED, MODERN_VERSION, REMOVED_METHODS, REQUEST_STATE, requestMeta } from '../../src/client/modern.js';
import type { Verdict } from '../../src/checks/types.js';
import { validateMessage, type Revision } from '../../src/schema/index.js';
import { expected, isRequest, methodOf, note, schemaEvidence } from './support.js';
import { isObject, type Item as Obj } from '../lib/json-object.js';

const MODERN: readonly Revision[] = ['2026-07-28'];
const requests = (record: ScenarioRecord): WireEvent[] => inbound(record).filter(isRequest);
const versionOf = (e: WireEvent): unknown => requestMeta((e.message as Obj).params)?.[META.version];

/** A client that never named 2026-07-28 did not speak it: nothing of this era to judge. */
function notModern(record: ScenarioRecord): Verdict | undefined {
  if (record.answered === MODERN_VERSION) return undefined;
  const first = inbound(record)[0];
  return { status: 'skip', message: `the client sent no request naming ${MODERN_VERSION} in _meta${first ? ` (its first message: ${methodOf(first) ?? 'a response'})` : ''}: it does not speak the 2026-07-28 era` };
}

export const requestMetaCheck = defineClientCheck({
  id: 'client-modern/request-meta',
  title: '2026-07-28: every request carries protocolVersion and clientCapabilities in _meta (and clientInfo)',
  level: 'MUST',
  requirements: ['CLIENT-S26-1', 'CLIENT-S26-2'],
  spec: 'basic/index#meta',
  scenario: 'basic',
  revisions: MODERN,
  judge(record) {
    const skip = notModern(record);
    if (skip) return skip;
    const all = requests(record);
    for (const e of all) {
      const meta = requestMeta((e.message as Obj).params);
      const missing = [typeof meta?.[META.version] === 'string' ? undefined : META.version, isObject(meta?.[META.capabilities]) ? undefined : META.capabilities].filter(Boolean);
      if (missing.length) return { status: 'fail', message: `${methodOf(e)} has no ${missing.join(' and no ')} in params._meta`, evidence: [toEvidence(e), expected('protocolVersion (string) and clientCapabilities (object) in every request\'s _meta', JSON.stringify(meta ?? null).slice(0, 300))] };
    }
    const noInfo = all.find((e) => !isObject(requestMeta((e.message as Obj).params)?.[META.clientInfo]));
    if (noInfo) return { status: 'warn', message: `${methodOf(noInfo)} has no ${META.clientInfo} in _meta (a client should name itself on every request)`, evidence: [toEvidence(noInfo)] };
    return { status: 'pass', evidence: [note(`${all.length} request(s), each with protocolVersion, clientCapabilities and clientInfo in _meta`)] };
  },
});

export const modernMessages = defineClientCheck({
  id: 'client-modern/messages',
  title: '2026-07-28: no initialize, ping or other removed method; every message valid for the 2026-07-28 schema',
  level: 'MUST',
  kind: 'S',
  requirements: ['CLIENT-S26-6'],
  spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
  scenario: 'basic',
  revisions: MODERN,
  judge(record) {
    const skip = notModern(record);
    if (skip) return skip;
    // Judged from the client's first request naming 2026-07-28 on (a dual-era client may have tried initialize first).
    const all = inbound(record);
    const from = all.findIndex((e) => isRequest(e) && versionOf(e) === MODERN_VERSION);
    const judged = all.slice(from);
    const removed = judged.find((e) => REMOVED_METHODS.includes(methodOf(e) ?? ''));
    if (removed) return { status: 'fail', message: `${methodOf(removed)} sent to a 2026-07-28 server: the revision has no such method`, evidence: [toEvidence(all[from]), toEvidence(removed)] };
    for (const e of judged) {
      const { problems } = validateMessage(e.message, { revision: MODERN_VERSION, direction: 'client->server' });
      if (problems.length) return { status: 'fail', message: `${methodOf(e) ?? 'a message'}: ${problems[0].message}`, evidence: [toEvidence(e), ...schemaEvidence(problems)] };
    }
    return { status: 'pass', evidence: [note(`${judged.length} message(s) valid against the 2026-07-28 schema, none of a removed method`)] };
  },
});

export const modernVersion = defineClientCheck({
  id: 'client-modern/protocol-version',
  title: '2026-07-28: the version a request names is one the server lists (after -32022, retried with one)',
  level: 'SHOULD',
  requirements: ['CLIENT-S26-3'],
  spec: 'basic/versioning#protocol-version-negotiation',
  scenario: 'basic',
  revisions: MODERN,
  judge(record) {
    const skip = notModern(record);
    if (skip) return skip;
    const all = requests(record);
    for (const [i, e] of all.entries()) {
      const version = versionOf(e);
      if (typeof version !== 'string' || MODERN_SUPPORTED.includes(version)) continue;
      const retried = all.slice(i + 1).find((later) => methodOf(later) === methodOf(e) && MODERN_SUPPORTED.includes(versionOf(later) as string));
      if (retried) continue;
      return {
        status: 'warn',
        message: `${methodOf(e)} named version ${version}, which our server/discover result and -32022 error did not list, and was not sent again with a listed one`,
        evidence: [toEvidence(e), expected(`a version of ${JSON.stringify(MODERN_SUPPORTED)}, or a retry with one after -32022`, version)],
      };
    }
    return { status: 'pass', evidence: [note(`${all.length} request(s), each naming a listed version (or retried with one)`)] };
  },
});

export const modernHeaders = defineClientCheck({
  id: 'client-modern/http-headers',
  title: '2026-07-28, HTTP: MCP-Protocol-Version equals the body\'s version; Mcp-Method (and Mcp-Name) match the request',
  level: 'MUST',
  requirements: ['CLIENT-S26-4', 'CLIENT-S26-5'],
  spec: 'basic/transports/streamable-http#request-metadata',
  scenario: 'basic',
  revisions: MODERN,
  transports: ['http'],
  judge(record) {
    const skip = notModern(record);
    if (skip) return skip;
    const all = requests(record).filter((e) => e.http);
    for (const e of all) {
      const mismatch = headerMismatch(e.message as Obj, e.http!.headers);
      if (mismatch) return { status: 'fail', message: `${methodOf(e)}: ${mismatch}`, evidence: [toEvidence(e), expected('MCP-Protocol-Version, Mcp-Method and (tools/call, resources/read, prompts/get) Mcp-Name mirroring the body', mismatch)] };
    }
    return { status: 'pass', evidence: [note(`${all.length} POST(s), routing headers matching their bodies`)] };
  },
});

const KIND: Readonly<Record<string, string>> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };

/** What is wrong with one input response, by the kind of request it answers (the schema's result types, briefly). */
function responseShape(method: string, response: unknown): string | undefined {
  if (!isObject(response)) return 'not an object';
  if (method === 'elicitation/create') return ['accept', 'decline', 'cancel'].includes(response.action as string) ? undefined : `action ${JSON.stringify(response.action)} is not accept, decline or cancel`;
  if (method === 'sampling/createMessage') return typeof response.model === 'string' && typeof response.role === 'string' && isObject(response.content) ? undefined : 'a sampling result needs role, content and model';
  if (method === 'roots/list') return Array.isArray(response.roots) ? undefined : 'a roots result needs roots';
  return undefined;
}

/** The retry's faults, first found: id, requestState, the keys answered, each answer's shape and declared kind. */
function retryProblem(record: ScenarioRecord, retry: WireEvent): string | undefined {
  const asked = record.inputRequired!.asked;
  const message = retry.message as Obj;
  const params = (message.params ?? {}) as Obj;
  if (message.id === record.inputRequired!.requestId) return `the retry reuses id ${JSON.stringify(message.id)} of the request it retries (a retry is a request of its own)`;
  if (params.requestState !== REQUEST_STATE) return `requestState ${JSON.stringify(params.requestState ?? null)} is not the one we sent (${JSON.stringify(REQUEST_STATE)}), which it must echo unchanged`;
  const responses = isObject(params.inputResponses) ? params.inputResponses : {};
  const extra = Object.keys(responses).filter((k) => !(k in asked));
  if (extra.length) return `inputResponses answers ${extra.join(', ')}, which we never asked for (asked: ${Object.keys(asked).join(', ') || 'nothing'})`;
  const missing = Object.keys(asked).filter((k) => !(k in responses));
  if (missing.length) return `inputResponses lacks ${missing.join(', ')}: the inputs asked for are built before the retry`;
  const declared = requestMeta(params)?.[META.capabilities];
  for (const [key, request] of Object.entries(asked)) {
    const method = request.method as string;
    const shape = responseShape(method, responses[key]);
    if (shape) return `inputResponses.${key} (${method}): ${shape}`;
    if (!isObject(declared) || !isObject(declared[KIND[method]])) return `inputResponses.${key} answers ${method}, but the retry's clientCapabilities do not declare ${KIND[method]}`;
  }
  return undefined;
}

export const inputRequiredRetry = defineClientCheck({
  id: 'client-modern/input-required-retry',
  title: '2026-07-28: after an InputRequiredResult, the retry answers exactly what was asked and echoes requestState',
  level: 'MUST',
  requirements: ['CLIENT-S26-7', 'CLIENT-S26-8', 'CLIENT-S26-9', 'CLIENT-S26-10', 'CLIENT-S26-11'],
  spec: 'basic/patterns/mrtr#client-requirements-basic-workflow',
  scenario: 'input-required',
  revisions: MODERN,
  judge(record) {
    const skip = notModern(record);
    if (skip) return skip;
    const ir = record.inputRequired;
    if (!ir) return { status: 'skip', message: 'the client called no tool, so no InputRequiredResult was sent (it goes to the first tools/call)' };
    const first = requests(record).find((e) => (e.message as Obj).id === ir.requestId && methodOf(e) === 'tools/call');
    const retry = requests(record).find((e) => e.at >= ir.at && e !== first && methodOf(e) === 'tools/call');
    const ours = record.events.find((e) => e.dir === 'out' && (e.message as Obj | undefined)?.id === ir.requestId);
    const evidence = [first, ours].filter((e): e is WireEvent => e !== undefined).map(toEvidence);
    if (!retry) {
      const ended = record.ends[0];
      return { status: 'warn', message: `no retry of the tools/call after our input_required result (asking for ${Object.keys(ir.asked).join(', ') || 'nothing but the requestState'})${ended ? '; the client ended its side' : ''}: it was taken as final, or dropped`, evidence };
    }
    const problem = retryProblem(record, retry);
    if (problem) return { status: 'fail', message: problem, evidence: [...evidence, toEvidence(retry)] };
    return { status: 'pass', evidence: [...evidence, toEvidence(retry), note(`retried on id ${JSON.stringify((retry.message as Obj).id)} with requestState echoed and ${Object.keys(ir.asked).length} input(s) answered`)] };
  },
});

export const modernChecks = [requestMetaCheck, modernMessages, modernVersion, modernHeaders, inputRequiredRetry];
