// The client's handshake: initialize first and valid, initialized after the result, no early
// requests, and what it does with the version we answer (older, unsupported).
import { defineClientCheck } from '../../src/client/check.js';
import { eraProbes, inbound, toEvidence } from '../../src/client/record.js';
import { servedVersion, UNSUPPORTED_VERSION } from '../../src/client/scenarios.js';
import { validateMessage } from '../../src/schema/index.js';
import { afterInitialize, describeEnd, expected, firstEvents, isRequest, methodOf, note, schemaEvidence } from './support.js';

export const initializeFirst = defineClientCheck({
  id: 'client-lifecycle/initialize-first',
  title: 'The first message is the initialize request',
  level: 'MUST',
  requirements: ['CLIENT-LIFE-1'],
  spec: 'basic/lifecycle#initialization',
  scenario: 'basic',
  judge(record) {
    const [first] = inbound(record);
    const probes = eraProbes(record);
    const probed = probes.length ? [note(`before it, ${probes.length} server/discover probe(s), which we refused as a 2025-era server does: a dual-era client's way to learn the server's era, outside the initialize-based session`), toEvidence(probes[0])] : [];
    if (!first) return { status: 'skip', message: 'the client sent no message' };
    if (isRequest(first) && methodOf(first) === 'initialize') return { status: 'pass', evidence: [toEvidence(first), ...probed] };
    return { status: 'fail', message: `the first message was ${methodOf(first) ?? 'not a request'}, not initialize`, evidence: [toEvidence(first), expected('an initialize request', JSON.stringify(first.message).slice(0, 200)), ...probed] };
  },
});

export const initializeParams = defineClientCheck({
  id: 'client-lifecycle/initialize-params',
  title: 'initialize carries protocolVersion, capabilities and clientInfo',
  level: 'MUST',
  kind: 'S',
  requirements: ['CLIENT-LIFE-2', 'CLIENT-LIFE-5'],
  spec: 'basic/lifecycle#initialization',
  scenario: 'basic',
  judge(record) {
    const request = inbound(record).find((e) => isRequest(e) && methodOf(e) === 'initialize');
    if (!request) return { status: 'skip', message: 'the client sent no initialize request' };
    const revision = servedVersion(record.requested);
    const { problems } = validateMessage(request.message, { revision, direction: 'client->server' });
    const asked = note(`requested protocolVersion ${JSON.stringify(record.requested)}; validated against the ${revision} schema`);
    if (problems.length === 0) return { status: 'pass', evidence: [toEvidence(request), asked] };
    return { status: 'fail', message: problems[0].message, evidence: [toEvidence(request), asked, ...schemaEvidence(problems)] };
  },
});

export const initializedSent = defineClientCheck({
  id: 'client-lifecycle/initialized-sent',
  title: 'notifications/initialized follows the initialize result',
  level: 'MUST',
  requirements: ['CLIENT-LIFE-3'],
  spec: 'basic/lifecycle#initialization',
  scenario: 'basic',
  judge(record) {
    const after = afterInitialize(record);
    if (record.initializedAt === undefined) return { status: 'skip', message: 'the client never sent initialize' };
    const notified = after.findIndex((e) => methodOf(e) === 'notifications/initialized');
    const early = after.find((e, i) => isRequest(e) && methodOf(e) !== 'ping' && (notified < 0 || i < notified) && e.at > record.initializedAt!);
    if (early) {
      return {
        status: 'fail',
        message: `${methodOf(early)} arrived ${notified < 0 ? 'and notifications/initialized never did' : 'before notifications/initialized'}`,
        evidence: [...firstEvents(record, 4), toEvidence(early), expected('notifications/initialized before any request but ping', `${methodOf(early)} first`)],
      };
    }
    if (notified >= 0) return { status: 'pass', evidence: [toEvidence(after[notified])] };
    if (after.length === 0) return { status: 'skip', message: `the client sent nothing after the initialize result (${describeEnd(record.ends[0])})` };
    return { status: 'fail', message: 'the client went on without notifications/initialized', evidence: after.slice(0, 4).map(toEvidence) };
  },
});

export const noRequestBeforeResult = defineClientCheck({
  id: 'client-lifecycle/no-request-before-result',
  title: 'No request but ping before the initialize result',
  level: 'SHOULD',
  requirements: ['CLIENT-LIFE-4'],
  spec: 'basic/lifecycle#initialization',
  scenario: 'basic',
  judge(record) {
    const messages = inbound(record);
    const init = messages.find((e) => isRequest(e) && methodOf(e) === 'initialize');
    if (!init || record.initializedAt === undefined) return { status: 'skip', message: 'the client sent no initialize request' };
    // Anything that arrived before our result went out cannot have waited for it. By the order the
    // events were recorded, not their times: lines of one read are recorded in the same 0.1 ms as the result.
    const order = (e: (typeof record.events)[number]) => record.events.indexOf(e);
    const result = record.events.find((e) => e.dir === 'out' && (e.message as { id?: unknown } | undefined)?.id === (init.message as { id: unknown }).id);
    const early = messages.find((e) => order(e) > order(init) && (!result || order(e) < order(result)) && isRequest(e) && methodOf(e) !== 'ping');
    if (!early) return { status: 'pass' };
    return { status: 'warn', message: `${methodOf(early)} was sent before the initialize result arrived`, evidence: [toEvidence(init), toEvidence(early), expected('only ping before the initialize result', methodOf(early) ?? '')] };
  },
});

export const olderVersion = defineClientCheck({
  id: 'client-lifecycle/older-version',
  title: 'An older revision the server answers with is used',
  level: 'MUST',
  kind: 'D',
  requirements: ['CLIENT-LIFE-7'],
  spec: 'basic/lifecycle#version-negotiation',
  scenario: 'older-version',
  judge(record) {
    if (record.answered === undefined) return { status: 'skip', message: 'the client sent no initialize request' };
    if (record.answered === servedVersion(record.requested) && record.requested === record.answered) {
      return { status: 'skip', message: `the client asked for ${record.answered}, the oldest revision: there is none older to answer with` };
    }
    const after = afterInitialize(record);
    const proceeded = after.some((e) => methodOf(e) === 'notifications/initialized');
    const said = note(`the client asked for ${JSON.stringify(record.requested)}; we answered ${record.answered}`);
    if (!proceeded) return { status: 'info', message: `the client did not go on at ${record.answered} (${describeEnd(record.ends[0])}): it may not support that revision, and then disconnecting is right`, evidence: [said] };
    if (record.transport === 'http' && record.answered >= '2025-06-18') {
      const wrong = after.find((e) => e.http && e.http.headers['mcp-protocol-version'] !== record.answered);
      if (wrong) {
        return { status: 'warn', message: `a request after the handshake named MCP-Protocol-Version ${JSON.stringify(wrong.http!.headers['mcp-protocol-version'] ?? null)}, not the negotiated ${record.answered}`, evidence: [said, toEvidence(wrong), expected(`MCP-Protocol-Version: ${record.answered}`, wrong.http!.headers['mcp-protocol-version'] ?? 'no header')] };
      }
    }
    return { status: 'pass', evidence: [said] };
  },
});

export const unsupportedVersion = defineClientCheck({
  id: 'client-lifecycle/unsupported-version',
  title: 'A version the client does not support ends the handshake',
  level: 'SHOULD',
  requirements: ['CLIENT-LIFE-6'],
  spec: 'basic/lifecycle#version-negotiation',
  scenario: 'unsupported-version',
  judge(record) {
    if (record.answered === undefined) return { status: 'skip', message: 'the client sent no initialize request' };
    const went = afterInitialize(record).find((e) => methodOf(e) === 'notifications/initialized' || (isRequest(e) && methodOf(e) !== 'ping'));
    const said = note(`we answered initialize with protocolVersion ${UNSUPPORTED_VERSION}`);
    if (!went) return { status: 'pass', message: `it went no further (${describeEnd(record.ends[0])})`, evidence: [said] };
    return { status: 'warn', message: `the client went on with ${methodOf(went)} after we answered ${UNSUPPORTED_VERSION}`, evidence: [said, toEvidence(went), expected('a disconnect (no initialized, no request)', methodOf(went) ?? '')] };
  },
});

export const lifecycleChecks = [initializeFirst, initializeParams, initializedSent, noRequestBeforeResult, olderVersion, unsupportedVersion];
