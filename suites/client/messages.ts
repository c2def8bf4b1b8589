// What the client sends, message by message: every message of the negotiated revision's schema,
// every request id unique in the session.
import { defineClientCheck } from '../../src/client/check.js';
import { inbound, sessionOf, toEvidence } from '../../src/client/record.js';
import { servedVersion } from '../../src/client/scenarios.js';
import { validateMessage } from '../../src/schema/index.js';
import { expected, isRequest, methodOf, schemaEvidence } from './support.js';

export const schemaValid = defineClientCheck({
  id: 'client-messages/schema-valid',
  title: "Every message the client sends is valid for the negotiated revision's schema",
  level: 'MUST',
  kind: 'S',
  requirements: ['CLIENT-RPC-1', 'CLIENT-RPC-7', 'CLIENT-STDIO-1', 'CLIENT-STDIO-2'],
  spec: 'basic/index#messages',
  scenario: 'basic',
  judge(record, ctx) {
    const revision = ctx.revision ?? servedVersion(record.requested);
    const ours = new Set(record.asks.map((a) => a.id));
    const unparsed = record.events.find((e) => e.dir === 'in' && e.message === undefined && e.raw !== '' && (!e.http || e.http.method === 'POST'));
    if (unparsed) return { status: 'fail', message: 'the client sent bytes that are not a JSON message', evidence: [toEvidence(unparsed), expected('one JSON-RPC message per line (stdio) or POST body (HTTP)', unparsed.raw.slice(0, 200))] };
    let count = 0;
    for (const event of inbound(record)) {
      const message = event.message as Record<string, unknown>;
      // Responses to our requests, and initialize, are judged by checks of their own.
      if (message && typeof message === 'object' && !('method' in message) && ours.has(message.id as number)) continue;
      if (message?.method === 'initialize') continue;
      count++;
      const { problems } = validateMessage(message, { revision, direction: 'client->server' });
      if (problems.length) return { status: 'fail', message: `${methodOf(event) ?? 'a message'}: ${problems[0].message}`, evidence: [toEvidence(event), ...schemaEvidence(problems)] };
    }
    return { status: 'pass', message: count ? undefined : 'no message to judge', evidence: [{ type: 'note', text: `${count} message(s) valid against the ${revision} schema (initialize and the responses to our requests are judged by checks of their own)` }] };
  },
});

export const uniqueIds = defineClientCheck({
  id: 'client-ids/unique',
  title: 'Request ids are strings or integers, never reused in a session',
  level: 'MUST',
  requirements: ['CLIENT-RPC-2', 'CLIENT-RPC-3'],
  spec: 'basic/index#requests',
  scenario: 'basic',
  judge(record) {
    // Unique within a session; a client may open several (over HTTP, a session id each).
    const seen = new Map<string, (typeof record.events)[number]>();
    for (const event of inbound(record).filter(isRequest)) {
      const id = (event.message as { id: unknown }).id;
      if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) {
        return { status: 'fail', message: `${methodOf(event)} has id ${JSON.stringify(id)}`, evidence: [toEvidence(event), expected('a string or integer id', JSON.stringify(id))] };
      }
      const key = `${sessionOf(event)} ${typeof id}:${id}`;
      const before = seen.get(key);
      if (before) return { status: 'fail', message: `id ${JSON.stringify(id)} was used by ${methodOf(before)} and again by ${methodOf(event)}`, evidence: [toEvidence(before), toEvidence(event)] };
      seen.set(key, event);
    }
    return { status: 'pass', evidence: [{ type: 'note', text: `${seen.size} request id(s), all distinct` }] };
  },
});

export const messageChecks = [schemaValid, uniqueIds];
