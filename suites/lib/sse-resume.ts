// A request's SSE reply dropped by the client mid-way, then resumed with GET and Last-Event-ID
// (HTTP-23): what came back, sorted into this request's messages and anyone else's (HTTP-24).
import type { CheckContext } from '../../src/checks/index.js';
import type { HttpExchange } from '../../src/transport/index.js';
import { answerIn, exchange, mediaOf, probeId, rpc, sseEvents, type Reply } from './http-probe.js';
import { isObject } from './json-object.js';
import { slowCallTimeoutMs, type SlowTool } from './slow-tool.js';
import { slowCallRequest } from './stream-makers.js';

const POLL_MS = 20;

export type Resumption =
  | { kind: 'skip'; reason: string }
  | { kind: 'no-ids'; first: Reply }
  | {
      kind: 'resumed';
      lastEventId: string;
      first: Reply;
      resumed: Reply;
      callId: string;
      foreign: unknown[];
      answered: boolean;
      /** We hung up the call's stream; false: the server ended it before we could. */
      droppedByUs: boolean;
    };

/** The last event id in an SSE body so far. */
function lastIdIn(body: string): string | undefined {
  return sseEvents(body)
    .map((e) => e.id)
    .filter((id): id is string => id !== undefined && id !== '')
    .at(-1);
}

/** POSTs the slow call and drops its stream as soon as an event id has arrived (bounded by the request timeout). */
async function callAndDrop(ctx: CheckContext, slow: SlowTool, callId: string, token: string): Promise<{ reply: Reply; lastEventId?: string; droppedByUs: boolean }> {
  const controller = new AbortController();
  let live: HttpExchange | undefined;
  let lastEventId: string | undefined;
  const timer = setInterval(() => {
    const body = live?.response?.body ?? '';
    lastEventId = lastIdIn(body);
    if (lastEventId !== undefined) controller.abort();
  }, POLL_MS);
  try {
    const body = rpc(callId, 'tools/call', { name: slow.tool.name, arguments: slow.args, _meta: { progressToken: token } });
    const reply = await exchange(ctx, ctx.session, { method: 'POST', body, signal: controller.signal, onExchange: (e) => (live = e) });
    // Our abort shows as the exchange's error; a stream the server ended first has none.
    const droppedByUs = controller.signal.aborted && reply.error !== undefined;
    return { reply, lastEventId: lastEventId ?? lastIdIn(reply.response?.body ?? ''), droppedByUs };
  } finally {
    clearInterval(timer);
  }
}

/** Messages that are neither this call's response nor progress under its token. */
function foreignMessages(messages: unknown[], callId: string, token: string): unknown[] {
  return messages.filter((m) => {
    if (!isObject(m)) return true;
    if ('method' in m) {
      // Other notifications (logs of the call, say) may well belong to it; progress names its token.
      if (m.method !== 'notifications/progress') return false;
      return !isObject(m.params) || m.params.progressToken !== token;
    }
    return m.id !== callId;
  });
}

export async function dropAndResume(ctx: CheckContext, slow: SlowTool): Promise<Resumption> {
  const callId = probeId('resume-call');
  const token = probeId('resume-token');
  const { reply: first, lastEventId, droppedByUs } = await callAndDrop(ctx, slow, callId, token);
  if (mediaOf(first) !== 'text/event-stream') return { kind: 'skip', reason: `the slow call was answered with ${mediaOf(first) || 'no content type'}, not an SSE stream that could be resumed` };
  if (answerIn(first, callId)) return { kind: 'skip', reason: 'the slow call was answered before its stream could be dropped' };
  if (lastEventId === undefined) return { kind: 'no-ids', first };
  ctx.note(`dropped the call's stream after event ${JSON.stringify(lastEventId)}`);
  // Other requests on streams of their own meanwhile: none of their messages may be replayed into
  // ours. A ping, and a call of the slow tool, which servers that answer ping with JSON stream.
  const other = slowCallRequest(ctx.session, slow, 'other-stream');
  await Promise.all([
    exchange(ctx, ctx.session, { method: 'POST', body: rpc(probeId('other-stream'), 'ping') }),
    exchange(ctx, ctx.session, { method: 'POST', body: other.body, headers: other.headers, timeoutMs: slowCallTimeoutMs(ctx) }),
  ]);
  const resumed = await exchange(ctx, ctx.session, { method: 'GET', headers: { 'Last-Event-ID': lastEventId } });
  return {
    kind: 'resumed',
    lastEventId,
    first,
    resumed,
    callId,
    foreign: foreignMessages(resumed.messages, callId, token),
    answered: answerIn(resumed, callId) !== undefined,
    droppedByUs,
  };
}
