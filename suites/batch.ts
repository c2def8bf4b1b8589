// JSON-RPC batches: 2025-03-26 requires servers to accept them (RPC-19…22); every other
// stateful revision defines single messages only, so a batch should be refused (RPC-24).
// Batches are odd input for most servers: each check uses a fresh connection.
// Proof of each check (the fixture fault that must break it): test/proof/batch.ts.
import { defineCheck, type CauseKey, type Check } from '../src/checks/index.js';
import type { Revision } from '../src/schema/index.js';
import type { Received } from '../src/session/index.js';
import { livenessMessage } from './lib/alive.js';
import { andStateless } from './lib/revisions.js';
import { clip, codeOf, describeReply, httpStatus, INVALID_REQUEST, isResponse, probe, Problems, unanswered, withdrawFraming, type Message } from './support/jsonrpc-probe.js';

const BATCHING: readonly Revision[] = ['2025-03-26'];
// RPC-24: 24-11, 25-06→26-07.
const SINGLE_MESSAGES: readonly Revision[] = andStateless(['2024-11-05', '2025-06-18', '2025-11-25']);

const ping = (id: string | number): Message => ({ jsonrpc: '2.0', id, method: 'ping' });
const cancelNothing = (n: number): Message => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId: `mcp-conform-never-sent-${n}`, reason: 'mcp-conform batch probe' },
});

/** An error that names no request (id null or absent): the batch refused as a whole, not one of its requests. */
const refusesBatch = (m: Message): boolean => 'error' in m && (m.id === null || m.id === undefined);

/** `[]` sent back: the batch's (no) responses as an array, the same behaviour for [] and for a batch of notifications. */
const emptyArray = (raw: string): CauseKey | undefined => (raw.trim() === '[]' ? 'empty-array-answer' : undefined);

/** Nothing at all came back (over HTTP: a 2xx without a body) for input the server does not accept. */
const silence = (status: number | undefined): CauseKey | undefined => (status === undefined || (status >= 200 && status < 300) ? 'no-answer-to-invalid-request' : undefined);

/** Did this reply travel inside a JSON array (a batch reply) rather than on its own? */
const inArray = (r: Received) => r.raw.trimStart().startsWith('[');

export const batchAnswered = defineCheck({
  id: 'batch/answered',
  title: 'a batch of two pings and a notification is answered with both responses, matched by id',
  level: 'MUST',
  // HTTP-35: over Streamable HTTP a batch holding requests gets every response (JSON or SSE).
  requirements: ['RPC-19', 'RPC-20', 'HTTP-35'],
  spec: 'basic#batching',
  explains: ['batch-refused'],
  revisions: BATCHING,
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    const a = ping(session.allocateId('number'));
    const b = ping(session.allocateId('string'));
    const r = await probe(ctx, session, { message: [a, cancelNothing(1), b], expected: [a, b], replies: 2 });
    const problems = new Problems();
    const replyTo = (m: Message) => r.replies.find((x) => (x.message as Message).id === m.id);
    const rejection = r.replies.find((x) => 'error' in (x.message as Message));
    if (rejection) {
      const cause = refusesBatch(rejection.message as Message) && !replyTo(a) && !replyTo(b) ? 'batch-refused' : undefined;
      problems.violation(`the batch was answered with ${describeReply(rejection.message as Message)}`, 'two ping results', describeReply(rejection.message as Message), cause);
    } else if (r.closed) {
      problems.violation(`the connection closed after the batch (${r.closed})`, 'two ping results', r.closed);
    } else {
      const missing = [a, b].filter((m) => !replyTo(m));
      const { status } = httpStatus(r.http);
      if (missing.length) {
        const actual = status !== undefined ? `HTTP ${status}, ${r.replies.length} response(s)` : `${r.replies.length} response(s)`;
        // An HTTP error status and no response at all: the POST of the batch was refused as a whole.
        const refused = status !== undefined && status >= 400 && status < 500 && r.replies.length === 0;
        problems.violation(`${missing.length} of the 2 pings in the batch got no response (ids ${missing.map((m) => JSON.stringify(m.id)).join(', ')})`, 'a response for each request in the batch', actual, refused ? 'batch-refused' : undefined);
      } else {
        // Over HTTP an SSE stream may carry the responses one event at a time; elsewhere they belong in one array.
        const sse = (r.http?.response?.headers['content-type'] ?? '').includes('text/event-stream');
        const loose = r.replies.filter((x) => !inArray(x));
        if (loose.length && !sse) problems.warn('the batch responses came as separate messages, not as one array (RPC-20)', 'one JSON array holding both responses', clip(loose[0].raw, 160));
      }
    }
    await problems.requireServing(ctx, session, 'the batch');
    return problems.verdict(ctx);
  },
});

export const notificationBatchUnanswered = defineCheck({
  id: 'batch/notifications-only',
  title: 'a batch made only of notifications gets no reply at all',
  level: 'MUST',
  kind: 'J',
  // HTTP-35: over Streamable HTTP the batch of notifications gets 202 and no body.
  requirements: ['RPC-21', 'HTTP-35'],
  spec: 'basic#batching',
  revisions: BATCHING,
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    const problems = new Problems();
    const quiet = session.collect(ctx.options.quietMs, (r) => isResponse(r.message));
    const framing: string[] = [];
    const from = session.findings.length;
    const onFraming = (_p: unknown, raw: string) => {
      framing.push(raw);
      withdrawFraming(session, from, raw); // judged here, not again by the whole-run checks
    };
    session.transport.on('framing', onFraming);
    try {
      const sent = await ctx.sendMessage([cancelNothing(1), cancelNothing(2)], session);
      const { status, body } = httpStatus(session.transport.kind === 'http' ? sent.http : undefined);
      if (status !== undefined && (status !== 202 || body.trim() !== '')) {
        const refused = status >= 400 && status < 500 ? 'batch-refused' : undefined;
        problems.violation(`the notification batch got HTTP ${status}${body.trim() ? ' with a body' : ''}`, 'HTTP 202 with an empty body', `HTTP ${status} ${clip(body, 120)}`, emptyArray(body) ?? refused);
      }
      const replies = await quiet;
      for (const x of replies) ctx.evidence.push({ type: 'message', direction: 'received', at: x.at, message: x.message });
      if (replies.length) {
        const refused = replies.every((x) => refusesBatch(x.message as Message)) ? 'batch-refused' : undefined;
        problems.violation(`the notification batch was answered: ${describeReply(replies[0].message as Message)}`, 'no reply', clip(replies[0].raw, 160), refused);
      }
      else if (framing.length) problems.violation(`the notification batch was answered with ${clip(framing[0], 60)}`, 'no reply (not even an empty array)', clip(framing[0], 160), emptyArray(framing[0]));
    } finally {
      session.transport.off('framing', onFraming);
    }
    await problems.requireServing(ctx, session, 'the batch');
    return problems.verdict(ctx);
  },
});

export const emptyBatch = defineCheck({
  id: 'batch/empty-and-invalid',
  title: 'an empty batch gets one -32600 error; a batch of invalid items gets one -32600 error per item',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-22'],
  spec: 'basic#batching',
  revisions: BATCHING,
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    const problems = new Problems();

    const empty = await probe(ctx, session, { raw: '[]' });
    const first = empty.replies[0];
    const { status } = httpStatus(empty.http);
    if (first) {
      const m = first.message as Message;
      if (inArray(first)) problems.violation('[] was answered with an array', 'one error object, not an array', clip(first.raw, 160));
      else if (codeOf(m) !== INVALID_REQUEST) problems.warn(`[] was answered with ${describeReply(m)} rather than -32600`, 'error -32600', describeReply(m));
    } else if (empty.framing.length) {
      problems.violation(`[] was answered with ${clip(empty.framing[0], 60)}`, 'one -32600 error object', clip(empty.framing[0], 160), emptyArray(empty.framing[0]));
    } else if (status !== undefined && status >= 400 && status < 500) {
      ctx.note(`[]: HTTP ${status} without a JSON-RPC body`);
    } else {
      const got = empty.closed ? `a closed connection (${empty.closed})` : status === undefined ? 'no answer' : `HTTP ${status} and no JSON-RPC answer`;
      problems.violation(empty.closed ? `[] got ${got}` : unanswered(`[] got ${got}`, empty), 'one -32600 error object', status === undefined ? 'nothing' : `HTTP ${status}`, empty.closed ? undefined : silence(status));
    }

    if (!empty.closed) {
      const items = await probe(ctx, session, { raw: '[1,2]', replies: 2 });
      const errors = items.replies.filter((x) => codeOf(x.message as Message) === INVALID_REQUEST);
      const itemStatus = httpStatus(items.http).status;
      if (errors.length === 2 && errors.every(inArray)) {
        // as specified
      } else if (items.replies.length === 0 && itemStatus !== undefined && itemStatus >= 400 && itemStatus < 500) {
        ctx.note(`[1,2]: HTTP ${itemStatus} without a JSON-RPC body`);
      } else if (items.replies.length > 0) {
        problems.warn(`[1,2] got ${items.replies.length} response(s) (${describeReply(items.replies[0].message as Message)}) instead of an array of two -32600 errors`, 'an array of two -32600 errors', clip(items.replies[0].raw, 160));
      } else {
        const cause = items.closed || items.framing.length ? undefined : silence(itemStatus);
        problems.violation(items.closed ? `[1,2] got a closed connection (${items.closed})` : unanswered('[1,2] got no answer', items), 'an array of two -32600 errors', 'nothing', cause);
      }
    }
    await problems.requireServing(ctx, session, 'the batches');
    return problems.verdict(ctx);
  },
});

export const batchRefused = defineCheck({
  id: 'batch/not-accepted',
  title: 'a batch is refused under revisions that define single messages only',
  level: 'MUST',
  kind: 'D',
  requirements: ['RPC-24'],
  spec: 'basic/transports',
  revisions: SINGLE_MESSAGES,
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    // A request the server would serve on its own (ping, or server/discover with its _meta).
    const a = livenessMessage(session);
    const r = await probe(ctx, session, { message: [a], expected: [a] });
    const what = `[${String(a.method)}]`;
    const problems = new Problems();
    const reply = r.replies[0]?.message as Message | undefined;
    const { status } = httpStatus(r.http);
    let outcome: string;
    if (reply && 'result' in reply) {
      outcome = 'processed';
      problems.violation(`the batch ${what} was processed under ${ctx.revision}: ${describeReply(reply)}`, 'an error (-32600; over HTTP a 400)', describeReply(reply));
    } else if (reply) {
      outcome = `refused: ${describeReply(reply)}`;
    } else if (status !== undefined && status >= 400 && status < 500) {
      outcome = `refused with HTTP ${status}`;
    } else if (r.closed) {
      outcome = 'closed';
      problems.violation(`the connection closed after the batch (${r.closed})`, 'an error, and the server keeps running', r.closed);
    } else {
      outcome = 'ignored';
    }
    ctx.note(`${what} under ${ctx.revision}: ${outcome}`);
    if (!r.closed) await problems.requireServing(ctx, session, 'the batch');
    if (problems.empty && outcome === 'ignored') return ctx.info(`the batch ${what} got no answer at all: not processed, but an error (-32600) would tell the client why`);
    return problems.verdict(ctx);
  },
});

export const batchChecks: Check[] = [batchAnswered, notificationBatchUnanswered, emptyBatch, batchRefused];
