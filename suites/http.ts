// Streamable HTTP transport rules (2025-03-26 … 2025-11-25): statuses and media types of replies,
// the session header's life cycle, the protocol version header, Origin and Accept handling, the
// GET stream, and SSE replies. Each check opens sessions of its own and sends raw exchanges, so it
// can leave out or forge headers. Where the spec names no status, the JSON-RPC body decides
// (catalog Appendix A #11): a request was served when its body holds a result.
// Proof of each check (the fixture fault that must break it): test/proof/http.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import { isStateless, type Revision } from '../src/schema/index.js';
import { absence, describeCarried, httpCarried, type Session } from '../src/session/index.js';
import { routingHeaders, type HttpExchange } from '../src/transport/index.js';
import { livenessRequest } from './lib/alive.js';
import {
  answerIn,
  describeReply,
  endStraySession,
  exchange,
  headerOf,
  httpOf,
  isJsonRpcMessage,
  mediaOf,
  probeId,
  rpc,
  served,
  sseEvents,
  statusOf,
  type Reply,
} from './lib/http-probe.js';
import { isObject } from './lib/json-object.js';
import { andStateless } from './lib/revisions.js';
import { everydayMethod } from './lib/stateless-wire.js';
import { findSlowTool, slowCallTimeoutMs } from './lib/slow-tool.js';
import { dropAndResume } from './lib/sse-resume.js';
import { firstStreamedReply, howAnswered, slowCallRequest, wireRequest, type WireRequest } from './lib/stream-makers.js';
import { judgeLedger } from './lib/sse-id-ledger.js';
import { sseLedgerFor } from '../src/transport/index.js';
import { listWalk } from './lib/list-all.js';

const STREAMABLE: readonly Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25'];
/** Rules of the Streamable HTTP transport that 2026-07-28 keeps (its POST side; no sessions, no GET stream). */
const STREAMABLE_POST: readonly Revision[] = andStateless(STREAMABLE);
const FOREIGN_ORIGIN = 'https://mcp-conform.invalid';
const SSE = 'text/event-stream';
const JSON_MEDIA = 'application/json';

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
const is4xx = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** The session id the server issued to `session` at initialize, if any. */
function sessionIdOf(session: Session): string | undefined {
  return httpOf(session).sessionId;
}

const NO_SESSION = 'the server issued no Mcp-Session-Id at initialize (allowed, HTTP-25), so there is no session to test';

interface ProbeRequest {
  id: string;
  method: string;
  body: string;
  /** 2026-07-28: Mcp-Method (and Mcp-Name), as a client of that revision sends them (S26-25). */
  headers: Record<string, string>;
}

/**
 * A request every server answers, as a raw POST body: ping, or in 2026-07-28 server/discover (or
 * `method`) carrying its per-request _meta, with the routing headers that revision requires.
 */
function probeRequest(ctx: CheckContext, name: string, method?: string): ProbeRequest {
  const id = probeId(name);
  if (!isStateless(ctx.revision)) return { id, method: method ?? 'ping', body: rpc(id, method ?? 'ping'), headers: {} };
  const m = method ?? livenessRequest(ctx.revision).method;
  const message = ctx.session.buildRequest(m, undefined, { id });
  return { id, method: m, body: JSON.stringify(message), headers: routingHeaders(message) };
}

/**
 * Stateful: the liveness request (ping, or the run's stand-in when the server refuses ping) as a
 * raw POST body, for the checks that judge whether a request was served (a result came back).
 */
function servedRpc(ctx: CheckContext, id: string): string {
  const live = ctx.session.liveness;
  return rpc(id, live.method, live.params);
}

export const notificationAccepted = defineCheck({
  id: 'http/post-notification-202',
  title: 'a POSTed notification or response is acknowledged with 202 and no body',
  level: 'MUST',
  requirements: ['HTTP-6', 'HTTP-7'],
  spec: 'basic/transports#sending-messages-to-the-server',
  // HTTP-6 holds in 2026-07-28 for notifications only: a client of that revision POSTs no responses.
  revisions: STREAMABLE_POST,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    // A cancellation of a request that never existed: valid, and safe to ignore.
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: probeId('never-sent'), reason: 'mcp-conform probe' } };
    const notification = JSON.stringify(cancel);
    // A response to a request the server never sent: it may accept (202) or refuse it (HTTP-7).
    const response = JSON.stringify({ jsonrpc: '2.0', id: probeId('unsolicited'), result: {} });
    const stateless = isStateless(ctx.revision);
    const headers = stateless ? routingHeaders(cancel) : {};
    const probes = stateless ? ([['notification', notification]] as const) : ([['notification', notification], ['response', response]] as const);
    const problems: string[] = [];
    for (const [what, body] of probes) {
      const r = await exchange(ctx, ctx.session, { method: 'POST', body, headers });
      const status = statusOf(r);
      const bodyText = r.response?.body ?? '';
      if (status === 202 && bodyText.trim() === '') continue;
      if (status === 202) problems.push(`the ${what} got 202 with a body: ${bodyText.slice(0, 120)}`);
      else if (is2xx(status)) problems.push(`the ${what} got ${describeReply(r)}`);
      else if (is4xx(status) && what === 'response') ctx.note(`the unsolicited response was refused with HTTP ${status} (allowed, HTTP-7)`);
      else if (is4xx(status)) return ctx.warn(`a valid notification was refused: ${describeReply(r)}`, 'HTTP 202 with an empty body', describeReply(r));
      else problems.push(`the ${what} got ${describeReply(r)}`);
    }
    if (problems.length === 0) return ctx.pass();
    return ctx.violation(problems.join('; '), 'HTTP 202 with an empty body', problems[0]);
  },
});

/** HTTP-8 and HTTP-9 for one POSTed request's reply; a message when it breaks them, with the HTTP-9 part graded apart. */
function judgeRequestReply(r: Reply, id: string | number, what: string): { fail?: string; derived?: string; sseMissing?: string } {
  const status = statusOf(r);
  if (!is2xx(status)) return {};
  const media = mediaOf(r);
  if (media !== JSON_MEDIA && media !== SSE) return { fail: `${what} was answered with Content-Type ${JSON.stringify(r.response?.headers['content-type'] ?? '(none)')}` };
  if (media === SSE) return answerIn(r, id) ? {} : { sseMissing: `the SSE reply to ${what} ended without its response` };
  const answers = r.messages.length;
  if (answers === 1 && answerIn(r, id)) return {};
  return { derived: `the JSON reply to ${what} holds ${answers === 0 ? 'no JSON-RPC message' : `${answers} message(s)`}${answerIn(r, id) ? '' : ' and not its response'}` };
}

export const requestReplyMedia = defineCheck({
  id: 'http/request-reply-media-type',
  title: 'a POSTed request is answered with application/json (exactly one response) or text/event-stream',
  level: 'MUST',
  requirements: ['HTTP-8', 'HTTP-9', 'HTTP-10'],
  spec: 'basic/transports#sending-messages-to-the-server',
  revisions: STREAMABLE_POST,
  transports: ['http'],
  // Raw: the handshake itself is a probe, and a server whose replies we cannot read still gets a verdict
  // (2026-07-28 has no handshake: two ordinary requests are probed instead).
  connection: 'raw',
  async run(ctx) {
    const verdicts = isStateless(ctx.revision) ? await statelessReplies(ctx) : await handshakeReplies(ctx);
    if (typeof verdicts === 'string') return ctx.skip(verdicts);
    const fail = verdicts.find((v) => v.fail)?.fail;
    if (fail) return ctx.violation(fail, `Content-Type ${JSON_MEDIA} or ${SSE}`, fail);
    const derived = verdicts.find((v) => v.derived)?.derived;
    if (derived) return ctx.warn(`${derived} (HTTP-9)`, 'exactly one JSON-RPC response, to the request', derived);
    const missing = verdicts.find((v) => v.sseMissing)?.sseMissing;
    if (missing) return ctx.warn(`${missing} (HTTP-10)`, 'the response among the SSE events', missing);
    return ctx.pass();
  },
});

type ReplyVerdict = ReturnType<typeof judgeRequestReply>;

/** The handshake's own replies and a ping's, judged; a skip reason when initialize was refused. */
async function handshakeReplies(ctx: CheckContext): Promise<ReplyVerdict[] | string> {
  const t = httpOf(ctx.session);
  const initId = probeId('initialize');
  const init = await exchange(ctx, ctx.session, {
    method: 'POST',
    body: rpc(initId, 'initialize', { protocolVersion: ctx.revision, capabilities: {}, clientInfo: { name: 'mcp-conform', version: '0.1.0' } }),
  });
  if (!is2xx(statusOf(init))) return `initialize was not accepted (${describeReply(init)}); see lifecycle/initialize-result`;
  const verdicts = [judgeRequestReply(init, initId, 'initialize')];
  const sessionId = headerOf(init, 'mcp-session-id');
  if (sessionId) t.setSessionId(sessionId);
  const answer = answerIn(init, initId);
  const version = isObject(answer?.result) && typeof answer.result.protocolVersion === 'string' ? answer.result.protocolVersion : ctx.revision;
  t.setProtocolVersion(version);
  await exchange(ctx, ctx.session, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  const pingId = probeId('ping');
  verdicts.push(judgeRequestReply(await exchange(ctx, ctx.session, { method: 'POST', body: rpc(pingId, 'ping') }), pingId, 'ping'));
  return verdicts;
}

/** 2026-07-28 has no handshake: server/discover and the first declared list, each POSTed as that revision's client does. */
async function statelessReplies(ctx: CheckContext): Promise<ReplyVerdict[]> {
  const methods = [...new Set([livenessRequest(ctx.revision).method, everydayMethod(ctx)])];
  const verdicts: ReplyVerdict[] = [];
  for (const method of methods) {
    const p = probeRequest(ctx, 'reply', method);
    verdicts.push(judgeRequestReply(await exchange(ctx, ctx.session, { method: 'POST', body: p.body, headers: p.headers }), p.id, method));
  }
  return verdicts;
}

export const sessionIdVisible = defineCheck({
  id: 'http/session-id-visible-ascii',
  title: 'a session id, when the server issues one at initialize, is visible ASCII',
  level: 'MUST',
  requirements: ['HTTP-26', 'HTTP-25'],
  spec: 'basic/transports#session-management',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const id = sessionIdOf(ctx.session);
    if (id === undefined) return ctx.info('the server issues no Mcp-Session-Id (a MAY, HTTP-25): it runs without sessions, and the session checks skip');
    ctx.note(`session id: ${JSON.stringify(id)}`);
    if (/^[\x21-\x7E]+$/.test(id)) return ctx.pass();
    const bad = [...id].find((c) => !/[\x21-\x7E]/.test(c)) ?? '';
    return ctx.violation(`the session id contains ${JSON.stringify(bad)} (U+${bad.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`, 'only visible ASCII, 0x21–0x7E', JSON.stringify(id));
  },
});

export const sessionIdRequired = defineCheck({
  id: 'http/session-id-required',
  title: 'a server that issued a session id answers a request without it with 400',
  level: 'SHOULD',
  requirements: ['HTTP-28'],
  spec: 'basic/transports#session-management',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    if (sessionIdOf(ctx.session) === undefined) return ctx.skip(NO_SESSION);
    const id = probeId('no-session');
    const r = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, id), omitSessionId: true });
    if (statusOf(r) === 400) return ctx.pass();
    if (served(r, id)) return ctx.violation('a request without Mcp-Session-Id was served', 'HTTP 400', describeReply(r));
    return ctx.warn(`a request without Mcp-Session-Id was refused, but not with 400: ${describeReply(r)}`, 'HTTP 400', describeReply(r));
  },
});

export const endedSession404 = defineCheck({
  id: 'http/ended-session-404',
  title: 'requests with an unknown or terminated session id get 404; DELETE ends a session or answers 405',
  level: 'MUST',
  requirements: ['HTTP-29', 'HTTP-30'],
  spec: 'basic/transports#session-management',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const t = httpOf(ctx.session);
    const sessionId = t.sessionId;
    if (sessionId === undefined) return ctx.skip(NO_SESSION);
    const breaches: string[] = [];
    const lesser: string[] = [];

    // A session id the server never issued (the derived variant: 400 is accepted too).
    const unknownId = probeId('unknown');
    const unknown = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, unknownId) }, { sessionId: probeId('never-issued-session') });
    // Serving it is a derived breach (warn); the MUST is about ended sessions, probed next.
    if (served(unknown, unknownId)) lesser.push(`a request with a session id the server never issued was served (${describeReply(unknown)})`);
    else if (statusOf(unknown) === 400) ctx.note('a never-issued session id got 400 (accepted; 404 is what a client expects)');
    else if (statusOf(unknown) !== 404) lesser.push(`a never-issued session id got ${describeReply(unknown)}`);

    const deleted = await exchange(ctx, ctx.session, { method: 'DELETE' });
    if (statusOf(deleted) === 405) {
      ctx.note('DELETE answered 405: the server does not let clients end sessions (allowed, HTTP-30)');
    } else if (!is2xx(statusOf(deleted))) {
      lesser.push(`DELETE of the live session got ${describeReply(deleted)} instead of 2xx or 405`);
    } else {
      const afterId = probeId('after-delete');
      const after = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, afterId) });
      t.setSessionId(undefined); // the session is over: closing must not DELETE it again
      if (served(after, afterId)) return ctx.violation(`DELETE answered ${statusOf(deleted)}, but the session id still works`, 'HTTP 404 for the ended session', describeReply(after));
      if (statusOf(after) !== 404) breaches.push(`after DELETE answered ${statusOf(deleted)}, the ended session's id got ${describeReply(after)}; a client starts a new session only on 404`);
    }
    return graded(ctx, breaches, lesser, 'HTTP 404 for ended (and unknown) session ids');
  },
});

export const protocolVersionHeader = defineCheck({
  id: 'http/protocol-version-header',
  title: 'an invalid or unsupported MCP-Protocol-Version header gets 400; a missing one is tolerated',
  level: 'MUST',
  requirements: ['HTTP-31', 'HTTP-32'],
  spec: 'basic/transports#protocol-version-header',
  revisions: ['2025-06-18', '2025-11-25'],
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const breaches: string[] = [];
    const lesser: string[] = [];
    for (const bad of ['1999-01-01', 'banana']) {
      const id = probeId('bad-version');
      const r = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, id) }, { protocolVersion: bad });
      if (served(r, id)) return ctx.violation(`a request with MCP-Protocol-Version: ${bad} was served`, 'HTTP 400', describeReply(r));
      if (statusOf(r) !== 400) breaches.push(`MCP-Protocol-Version: ${bad} was refused with ${describeReply(r)} instead of 400`);
    }
    const id = probeId('no-version');
    const missing = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, id), omitProtocolVersion: true });
    if (!served(missing, id)) lesser.push(`a request without MCP-Protocol-Version was not served (${describeReply(missing)}); the server should assume 2025-03-26 or use the session's version (HTTP-32)`);
    return graded(ctx, breaches, lesser, 'HTTP 400 for a bad header, normal service without one');
  },
});

export const foreignOrigin = defineCheck({
  id: 'http/foreign-origin-rejected',
  title: 'a request from a foreign Origin is refused (403 from 2025-11-25)',
  level: 'MUST',
  requirements: ['HTTP-2', 'HTTP-3'],
  spec: 'basic/transports#security-warning',
  // HTTP-2: all; HTTP-3 (403): 25-11, 26-07.
  revisions: STREAMABLE_POST,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const exact = ctx.revision === '2025-11-25' || isStateless(ctx.revision);
    const breaches: string[] = [];
    const probes: Array<readonly [string, Reply, string]> = [];
    if (isStateless(ctx.revision)) {
      // No sessions: every request stands alone, so server/discover and an everyday request.
      for (const method of new Set([livenessRequest(ctx.revision).method, everydayMethod(ctx)])) {
        const p = probeRequest(ctx, 'origin', method);
        probes.push([method, await exchange(ctx, ctx.session, { method: 'POST', body: p.body, headers: { ...p.headers, Origin: FOREIGN_ORIGIN } }), p.id]);
      }
    } else {
      // A new session (initialize without a session id) and a request inside an existing one.
      const initId = probeId('origin-initialize');
      const init = await exchange(ctx, ctx.session, {
        method: 'POST',
        body: rpc(initId, 'initialize', { protocolVersion: ctx.revision, capabilities: {}, clientInfo: { name: 'mcp-conform', version: '0.1.0' } }),
        omitSessionId: true,
        omitProtocolVersion: true,
        headers: { Origin: FOREIGN_ORIGIN },
      });
      const pingId = probeId('origin-ping');
      const ping = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, pingId), headers: { Origin: FOREIGN_ORIGIN } });
      await endStraySession(ctx, init);
      probes.push(['initialize', init, initId], [ctx.session.liveness.method, ping, pingId]);
    }
    for (const [what, r, id] of probes) {
      if (served(r, id)) return ctx.violation(`${what} with Origin: ${FOREIGN_ORIGIN} was served: the server does not validate Origin`, exact ? 'HTTP 403' : 'an HTTP 4xx refusal', describeReply(r));
      // Before 2025-11-25 no status is named: any refusal will do (catalog Appendix A #11).
      if (statusOf(r) === 403) continue;
      if (exact) breaches.push(`${what} with a foreign Origin was refused with ${describeReply(r)} instead of 403`);
      else ctx.note(`${what} with a foreign Origin was refused with ${describeReply(r)} (403 is required from 2025-11-25)`);
    }
    return graded(ctx, breaches, [], 'HTTP 403');
  },
});

/** Breaches of the check's rule are violations (graded by level), lesser deviations warnings. */
function graded(ctx: CheckContext, breaches: string[], lesser: string[], expected: string) {
  if (breaches.length > 0) return ctx.violation([...breaches, ...lesser].join('; '), expected, breaches[0]);
  if (lesser.length > 0) return ctx.warn(lesser.join('; '), expected, lesser[0]);
  return ctx.pass();
}

export const acceptBothMediaTypes = defineCheck({
  id: 'http/accept-both-media-types',
  title: 'a POST whose Accept lacks application/json or text/event-stream is refused (406)',
  level: 'MUST',
  kind: 'D',
  requirements: ['HTTP-34'],
  spec: 'basic/transports#sending-messages-to-the-server',
  revisions: STREAMABLE_POST,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const probes: Array<{ accept: string; served: boolean; reply: Reply }> = [];
    for (const accept of [JSON_MEDIA, SSE]) {
      const p = probeRequest(ctx, 'accept');
      const r = await exchange(ctx, ctx.session, { method: 'POST', body: p.body, headers: { ...p.headers, Accept: accept } });
      probes.push({ accept, served: served(r, p.id), reply: r });
      if (!served(r, p.id) && statusOf(r) !== 406) ctx.note(`Accept: ${accept} was refused with ${describeReply(r)} (406 is usual)`);
    }
    const servedWith = probes.filter((p) => p.served);
    if (servedWith.length === 0) return ctx.pass();
    // Each probe sent one media type: never joined into the header a client should send.
    return ctx.violation(
      `a POST with only Accept: ${servedWith.map((p) => p.accept).join(', and one with only Accept: ')}, ${servedWith.length > 1 ? 'were each' : 'was'} served; clients must accept both, and SDKs answer 406`,
      'HTTP 406 (or another 4xx)',
      probes.map((p) => `Accept: ${p.accept} alone → ${p.served ? servedReply(p.reply) : describeReply(p.reply)}`).join('; '),
    );
  },
});

/** "HTTP 200, a result as application/json": a served probe's status and the media type it was answered in. */
function servedReply(r: Reply): string {
  return `HTTP ${statusOf(r)}, a result as ${mediaOf(r) || 'no content type'}`;
}

/** Opens `session`'s GET stream, recorded as evidence; `open` when it is an SSE stream. */
async function openGetStream(ctx: CheckContext, session: Session): Promise<{ get: HttpExchange; open: boolean }> {
  const get = await httpOf(session).openGetStream();
  ctx.evidence.push({ type: 'http', at: session.now(), request: get.request, response: get.response });
  return { get, open: is2xx(get.response?.status) && mediaOf(get) === SSE };
}

const noGetStream = (get: HttpExchange) => `the server opens no GET stream (${get.response ? `HTTP ${get.response.status}` : get.error})`;

export const getStreamOr405 = defineCheck({
  id: 'http/get-stream-or-405',
  title: 'GET on the endpoint opens an SSE stream or answers 405',
  level: 'MUST',
  requirements: ['HTTP-17', 'HTTP-1'],
  spec: 'basic/transports#listening-for-messages-from-the-server',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const r = await exchange(ctx, ctx.session, { method: 'GET', headersOnly: true });
    const status = statusOf(r);
    if (status === 405) return ctx.pass();
    if (is2xx(status) && mediaOf(r) === SSE) return ctx.pass();
    return ctx.violation(`GET answered ${describeReply(r)} with Content-Type ${JSON.stringify(r.response?.headers['content-type'] ?? '(none)')}`, `Content-Type ${SSE}, or HTTP 405`, describeReply(r));
  },
});

export const noResponsesOnGet = defineCheck({
  id: 'http/no-responses-on-get-stream',
  title: 'the GET stream never carries responses to POSTed requests',
  level: 'MUST',
  requirements: ['HTTP-18'],
  spec: 'basic/transports#listening-for-messages-from-the-server',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const session = ctx.session;
    const { get, open } = await openGetStream(ctx, session);
    if (!open) return ctx.skip(noGetStream(get));
    const ids = [probeId('get-1'), probeId('get-2')];
    const onGet: unknown[] = [];
    const off = session.onReceive((r) => {
      if (isObject(r.message) && ids.includes(r.message.id as string)) onGet.push(r.message);
    });
    try {
      const replies = await Promise.all(ids.map((id) => exchange(ctx, session, { method: 'POST', body: rpc(id, 'ping') })));
      await session.collect(ctx.options.quietMs);
      replies.forEach((r, i) => {
        if (!answerIn(r, ids[i])) ctx.note(`the POST of ${ids[i]} did not carry its response (${describeReply(r)})`);
      });
    } finally {
      off();
    }
    if (onGet.length === 0) return ctx.pass();
    for (const m of onGet) ctx.evidence.push({ type: 'message', direction: 'received', at: session.now(), message: m });
    return ctx.violation(`${onGet.length} response(s) to POSTed requests arrived on the GET stream`, 'responses only on the POST that carried the request', JSON.stringify(onGet[0]).slice(0, 200));
  },
});

/**
 * A reply the server sent as an SSE stream: to a ping (server/discover in 2026-07-28), or when that
 * came back as JSON, to a call of the slow tool; what was tried when neither streamed.
 */
async function sseReply(ctx: CheckContext, timeoutMs?: number): Promise<{ reply: Reply; id: string; method: string } | string> {
  const got = await firstStreamedReply(ctx, probeRequest(ctx, 'sse'), timeoutMs);
  if (typeof got === 'string') return got;
  if (!is2xx(statusOf(got.reply))) return `${got.request.method} was not accepted (${describeReply(got.reply)})`;
  return { reply: got.reply, id: got.request.id, method: got.request.method };
}

export const sseReplyEvents = defineCheck({
  id: 'http/sse-reply-events',
  title: 'every event of an SSE reply carries one JSON-RPC message (or is empty), and the response is among them',
  level: 'MUST',
  requirements: ['HTTP-8', 'HTTP-10'],
  spec: 'basic/transports#sending-messages-to-the-server',
  revisions: STREAMABLE_POST,
  transports: ['http'],
  shares: [listWalk],
  connection: 'fresh',
  async run(ctx) {
    const got = await sseReply(ctx);
    if (typeof got === 'string') return ctx.skip(got);
    const events = sseEvents(got.reply.response?.body ?? '');
    for (const e of events) {
      if (e.data === undefined || e.data === '') continue; // priming and keep-alive events carry nothing
      let value: unknown;
      try {
        value = JSON.parse(e.data);
      } catch {
        return ctx.violation('an SSE event carries data that is not JSON', 'one JSON-RPC message per event', JSON.stringify(e.data.slice(0, 200)));
      }
      const batch = Array.isArray(value) && ctx.revision === '2025-03-26' && value.length > 0 && value.every(isJsonRpcMessage);
      if (!batch && !isJsonRpcMessage(value)) return ctx.violation('an SSE event carries JSON that is not a JSON-RPC message', 'one JSON-RPC message per event', e.data.slice(0, 200));
      if (e.event !== undefined && e.event !== 'message') ctx.note(`an event of type ${JSON.stringify(e.event)} carries a message; clients dispatch only 'message' events to MCP`);
    }
    if (!answerIn(got.reply, got.id)) {
      const carried = { http: httpCarried(got.reply, false) };
      return ctx.warn(absence('the SSE reply ended without the response to the request (HTTP-10)', carried), 'the response among the events', describeCarried(carried));
    }
    return ctx.pass();
  },
});

export const ssePrimingEvent = defineCheck({
  id: 'http/sse-priming-event',
  title: 'an SSE reply starts with a priming event: an id and empty data',
  level: 'SHOULD',
  requirements: ['HTTP-14'],
  spec: 'basic/transports#sending-messages-to-the-server',
  revisions: ['2025-11-25'],
  transports: ['http'],
  shares: [listWalk],
  connection: 'fresh',
  async run(ctx) {
    const got = await sseReply(ctx);
    if (typeof got === 'string') return ctx.skip(got);
    const first = sseEvents(got.reply.response?.body ?? '')[0];
    if (first && first.id !== undefined && first.id !== '' && (first.data === undefined || first.data === '')) return ctx.pass();
    return ctx.violation(
      'the SSE reply does not start with a priming event, so a client cannot resume it after a dropped connection',
      'a first event with an id and empty data',
      first ? JSON.stringify(first).slice(0, 200) : describeCarried({ http: httpCarried(got.reply, false) }),
    );
  },
});

const INITIALIZE_PARAMS = (ctx: CheckContext) => ({ protocolVersion: ctx.revision, capabilities: {}, clientInfo: { name: 'mcp-conform', version: '0.1.0' } });

/** POSTs initialize with only Content-Type and Accept (and any configured headers, such as Authorization). */
async function bareInitialize(ctx: CheckContext, session: Session): Promise<{ reply: Reply; id: string }> {
  const id = probeId('bare-initialize');
  const reply = await exchange(ctx, session, { method: 'POST', body: rpc(id, 'initialize', INITIALIZE_PARAMS(ctx)), omitSessionId: true, omitProtocolVersion: true });
  return { reply, id };
}

export const initializeWithoutHeaders = defineCheck({
  id: 'http/initialize-without-headers',
  title: 'initialize needs no session or version header, and after a 404 a new initialize starts a new session',
  level: 'MUST',
  kind: 'D',
  requirements: ['HTTP-38', 'HTTP-37'],
  spec: 'basic/transports#session-management',
  revisions: STREAMABLE,
  transports: ['http'],
  // Raw: the check's own initialize is the probe.
  connection: 'raw',
  async run(ctx) {
    const first = await bareInitialize(ctx, ctx.session);
    if (!served(first.reply, first.id)) {
      return ctx.violation('an initialize POST with only Content-Type and Accept was not served', 'a result (HTTP-38)', describeReply(first.reply));
    }
    const oldId = headerOf(first.reply, 'mcp-session-id');
    if (oldId === undefined) return ctx.pass('served; the server issues no session id, so there is no 404 to recover from (HTTP-37)');
    // End the session, or where DELETE is not offered, use an id the server never issued: either way a 404.
    const deleted = await exchange(ctx, ctx.session, { method: 'DELETE' }, { sessionId: oldId });
    const goneId = is2xx(statusOf(deleted)) ? oldId : probeId('never-issued-session');
    const pingId = probeId('after-end');
    const gone = await exchange(ctx, ctx.session, { method: 'POST', body: servedRpc(ctx, pingId) }, { sessionId: goneId, protocolVersion: ctx.revision });
    if (statusOf(gone) !== 404) {
      if (goneId === oldId) await exchange(ctx, ctx.session, { method: 'DELETE' }, { sessionId: oldId }).catch(() => undefined);
      return ctx.pass(`served; no 404 to recover from (the ended or unknown session got ${describeReply(gone)}; see http/ended-session-404)`);
    }
    const again = await bareInitialize(ctx, ctx.session);
    const newId = headerOf(again.reply, 'mcp-session-id');
    if (newId !== undefined && newId !== oldId) await exchange(ctx, ctx.session, { method: 'DELETE' }, { sessionId: newId }).catch(() => undefined);
    if (!served(again.reply, again.id)) {
      return ctx.violation('after a 404 for its session, a client\'s new initialize without a session header was not served', 'a result and a new session id (HTTP-37)', describeReply(again.reply));
    }
    if (newId === oldId) return ctx.violation('the new initialize after the 404 got the ended session\'s id again', 'a new session id (HTTP-37)', JSON.stringify(newId));
    return ctx.pass();
  },
});

/** The bound on waiting for an SSE reply to end once its response is in. */
const STREAM_END_MS = 5000;

export const sseStreamEnds = defineCheck({
  id: 'http/sse-stream-ends-after-response',
  title: 'an SSE reply ends once it has carried the response, and not before it',
  level: 'SHOULD',
  requirements: ['HTTP-12', 'HTTP-13', 'HTTP-15'],
  spec: 'basic/transports#sending-messages-to-the-server',
  revisions: STREAMABLE_POST,
  transports: ['http'],
  shares: [listWalk],
  connection: 'fresh',
  async run(ctx) {
    const timeoutMs = Math.min(ctx.options.requestTimeoutMs, STREAM_END_MS);
    const got = await sseReply(ctx, timeoutMs);
    if (typeof got === 'string') return ctx.skip(got);
    const { reply } = got;
    const answered = answerIn(reply, got.id) !== undefined;
    // A reply that ended by itself has no exchange error; one we gave up on does.
    if (answered && reply.error === undefined) return ctx.pass();
    if (answered) return ctx.violation(`the SSE reply to ${got.method} was still open when we gave up on it, after it had carried the response`, 'the stream ends after the response (HTTP-12)', reply.error ?? '');
    if (reply.error !== undefined) return ctx.skip(`no response to ${got.method} within ${timeoutMs} ms (${reply.error})`);
    // Ended without the response. 2025-11-25 lets a server close early and be polled, after a retry: field (HTTP-15).
    const retry = sseEvents(reply.response?.body ?? '').some((e) => e.retry !== undefined);
    if (ctx.revision === '2025-11-25' || isStateless(ctx.revision)) {
      if (retry) return ctx.info('the SSE reply ended before the response, after a retry: field: the client is to poll for it (HTTP-15)');
      return ctx.violation('the SSE reply ended before the response without a retry: field telling the client when to resume', 'the response, or a retry: field before the stream closes (HTTP-15)', describeCarried({ http: httpCarried(reply, false) }));
    }
    return ctx.violation('the SSE reply ended before it carried the response', 'the response before the stream ends (HTTP-13)', describeCarried({ http: httpCarried(reply, false) }));
  },
});

/** Every `id:` of an SSE body, with the stream it came from. */
function eventIds(body: string, stream: string): Array<{ id: string; stream: string }> {
  return sseEvents(body)
    .filter((e) => e.id !== undefined && e.id !== '')
    .map((e) => ({ id: e.id!, stream }));
}

export const sseEventIdsUnique = defineCheck({
  id: 'http/sse-event-ids-unique',
  title: 'SSE event ids are unique across the streams of a session, and each message goes out on one stream',
  level: 'MUST',
  requirements: ['HTTP-21', 'HTTP-20'],
  spec: 'basic/transports#multiple-connections',
  revisions: STREAMABLE,
  transports: ['http'],
  shares: [listWalk],
  connection: 'fresh',
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const session = ctx.session;
    const { get, open: getOpen } = await openGetStream(ctx, session);
    // Pings, and calls of the slow tool with progress tokens: servers that answer ping with JSON stream those.
    const slow = await findSlowTool(ctx);
    const requests: WireRequest[] = [1, 2, 3].map((n) => wireRequest(session, 'ping', undefined, `ids-${n}`));
    if (!('skip' in slow)) requests.push(slowCallRequest(session, slow, 'ids-call-1'), slowCallRequest(session, slow, 'ids-call-2'));
    const replies = await Promise.all(
      requests.map((r) => exchange(ctx, session, { method: 'POST', body: r.body, headers: r.headers, timeoutMs: r.token ? slowCallTimeoutMs(ctx) : undefined })),
    );
    if (getOpen) await session.collect(ctx.options.quietMs);
    const streams = replies
      .map((r, i) => ({ name: `the reply to ${requests[i].method} ${requests[i].id}`, sse: mediaOf(r) === SSE, body: r.response?.body ?? '', messages: r.messages }))
      .filter((s) => s.sse);
    if (getOpen) streams.push({ name: 'the GET stream', sse: true, body: get.response?.body ?? '', messages: sseMessages(get.response?.body ?? '') });
    if (streams.length < 2) {
      const tried = [`GET → ${get.response ? `HTTP ${get.response.status} ${mediaOf(get) || 'no content type'}` : get.error}`, ...replies.map((r, i) => howAnswered(requests[i].method, r))];
      return ctx.skip(`fewer than two SSE streams to compare: ${tried.join('; ')}${'skip' in slow ? `; no call to stream: ${slow.skip}` : ''}`);
    }

    // HTTP-20: a response is one message; seen on two streams, it was broadcast.
    const carriers = new Map<string, string[]>();
    for (const s of streams) for (const m of s.messages) if (isObject(m) && 'id' in m && !('method' in m)) carriers.set(JSON.stringify(m.id), [...(carriers.get(JSON.stringify(m.id)) ?? []), s.name]);
    const broadcast = [...carriers].find(([, on]) => on.length > 1);
    if (broadcast) return ctx.violation(`the response to ${broadcast[0]} went out on ${broadcast[1].join(' and ')}`, 'each message on exactly one stream (HTTP-20)', broadcast[1].join(', '));

    const all = streams.flatMap((s) => eventIds(s.body, s.name));
    if (all.length === 0) return ctx.pass(`the server uses no SSE event ids on ${streams.length} streams (allowed: they are needed only for resumption)`);
    const firstSeen = new Map<string, string>();
    for (const { id, stream } of all) {
      const earlier = firstSeen.get(id);
      if (earlier !== undefined && earlier !== stream) {
        return ctx.violation(`event id ${JSON.stringify(id)} appears on ${earlier} and on ${stream}`, 'event ids unique across all streams of the session (HTTP-21)', JSON.stringify(id));
      }
      firstSeen.set(id, stream);
    }
    return ctx.pass(`${all.length} event ids on ${streams.length} streams, none repeated`);
  },
});

export const sseEventIdsWholeRun = defineCheck({
  id: 'http/sse-event-ids-whole-run',
  title: 'no SSE event id repeats across the streams of a session, over every connection of the run',
  level: 'MUST',
  requirements: ['HTTP-21'],
  spec: 'basic/transports#resumability-and-redelivery',
  revisions: STREAMABLE,
  transports: ['http'],
  phase: 'final',
  async run(ctx) {
    const ledger = sseLedgerFor(ctx.target);
    const v = judgeLedger(ledger.streams, ctx.revision);
    if (ledger.dropped > 0) ctx.note(`${ledger.dropped} stream(s) past the ledger's bound were not recorded`);
    if (v.reused.length > 0) {
      const sessions = new Set(v.reused.map((r) => r.sessionId)).size;
      for (const r of v.reused.slice(0, 5)) ctx.note(`session ${r.sessionId}: event id ${JSON.stringify(r.id)} on ${r.first} and on ${r.second}`);
      const first = v.reused[0];
      return ctx.violation(
        `event id ${JSON.stringify(first.id)} went out on ${first.first} and on ${first.second} of one session (${sessions} of ${v.sessions} session(s) reused ids across streams)`,
        'event ids unique across all streams of a session (HTTP-21)',
        JSON.stringify(first.id),
      );
    }
    if (v.streams === 0) return ctx.skip('the run read no SSE stream of a session (the server answered with JSON, or issued no session ids)');
    if (v.withIds === 0) return ctx.pass(`${v.streams} SSE stream(s) of ${v.sessions} session(s), none with event ids (allowed: they are needed only for resumption)`);
    return ctx.pass(`${v.withIds} SSE stream(s) with event ids in ${v.sessions} session(s), no id repeated across streams`);
  },
});

/** The JSON-RPC messages in an SSE body as written (for streams read in the background). */
function sseMessages(body: string): unknown[] {
  const out: unknown[] = [];
  for (const e of sseEvents(body)) {
    if (!e.data) continue;
    try {
      out.push(JSON.parse(e.data));
    } catch {
      // not a message: http/sse-reply-events judges that
    }
  }
  return out;
}

export const sseResumption = defineCheck({
  id: 'http/sse-resumption',
  shares: [listWalk],
  title: 'a dropped SSE reply resumed with Last-Event-ID replays only its own stream, and the request still completes',
  level: 'MUST',
  requirements: ['HTTP-24', 'HTTP-23', 'HTTP-16', 'HTTP-22'],
  spec: 'basic/transports#resumability-and-redelivery',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const slow = await findSlowTool(ctx);
    if ('skip' in slow) return ctx.skip(slow.skip);
    const r = await dropAndResume(ctx, slow);
    if (r.kind === 'skip') return ctx.skip(r.reason);
    if (r.kind === 'no-ids') return ctx.info('the SSE reply carries no event ids, so it cannot be resumed (resumption is a MAY, HTTP-23)');
    if (!is2xx(statusOf(r.resumed)) || mediaOf(r.resumed) !== SSE) {
      return ctx.info(`GET with Last-Event-ID ${JSON.stringify(r.lastEventId)} answered ${describeReply(r.resumed)}: the server does not resume streams (a MAY, HTTP-23)`);
    }
    if (r.foreign.length > 0) {
      // A JSON-RPC message of another request says most; replayed non-messages ({}) come after.
      const example = JSON.stringify(r.foreign.find(isJsonRpcMessage) ?? r.foreign[0]).slice(0, 200);
      return ctx.violation(
        `resuming after ${JSON.stringify(r.lastEventId)} replayed ${r.foreign.length} event(s) that are not the dropped call's, e.g. ${example}`,
        "only the dropped stream's own messages (HTTP-24)",
        example,
      );
    }
    if (!r.answered) {
      const carried = { http: httpCarried(r.resumed, false) };
      if (r.resumed.error === undefined && r.resumed.sseRetryMs !== undefined) {
        // HTTP-15: a stream ended after a retry: field is one to poll again; we resume only once.
        return ctx.info(absence(`the resumed stream ended with a retry: field before the response to ${r.callId}, inviting another resumption, which this check does not make`, carried));
      }
      // The server ended the call's stream before we hung up, or ended the resumed one: the response is gone for good.
      const ended = !r.droppedByUs ? 'the server ended the call\'s SSE stream before its response, and' : r.resumed.error === undefined ? 'after we hung up,' : undefined;
      if (ended) {
        return ctx.lostResponse(
          absence(`${ended} the resumed stream ended without the response to ${r.callId}`, carried),
          'the response, replayed or sent on the resumed stream',
          describeCarried(carried),
        );
      }
      return ctx.warn(
        absence(`the resumed stream never carried the response to ${r.callId}: the server seems to have taken the dropped connection for a cancellation (HTTP-16)`, carried),
        'the response, replayed or sent on the resumed stream',
        describeCarried(carried),
      );
    }
    return ctx.pass(`resumed after ${JSON.stringify(r.lastEventId)}; the call's response arrived on the resumed stream`);
  },
});

export const relatedMessagesOnRequestStream = defineCheck({
  id: 'http/related-messages-on-request-stream',
  shares: [listWalk],
  title: "a request's progress travels on its own SSE reply, not on the GET stream, and that reply carries nothing of other requests",
  level: 'SHOULD',
  requirements: ['HTTP-19', 'HTTP-11'],
  spec: 'basic/transports#listening-for-messages-from-the-server',
  revisions: STREAMABLE,
  transports: ['http'],
  connection: 'fresh',
  async run(ctx) {
    const slow = await findSlowTool(ctx);
    if ('skip' in slow) return ctx.skip(slow.skip);
    const session = ctx.session;
    const { get, open } = await openGetStream(ctx, session);
    if (!open) return ctx.skip(noGetStream(get));
    const callId = probeId('related-call');
    const token = probeId('related-token');
    const onGet: unknown[] = [];
    const off = session.onReceive((r) => {
      if (isObject(r.message) && r.message.method === 'notifications/progress' && isObject(r.message.params) && r.message.params.progressToken === token) onGet.push(r.message);
    });
    let reply: Reply;
    try {
      const body = rpc(callId, 'tools/call', { name: slow.tool.name, arguments: slow.args, _meta: { progressToken: token } });
      // A ping on a stream of its own meanwhile: its response must not join the call's reply.
      [reply] = await Promise.all([
        exchange(ctx, session, { method: 'POST', body, timeoutMs: slowCallTimeoutMs(ctx) }),
        exchange(ctx, session, { method: 'POST', body: rpc(probeId('related-other'), 'ping') }),
      ]);
      await session.collect(ctx.options.quietMs);
    } finally {
      off();
    }
    if (onGet.length > 0) {
      return ctx.violation(`${onGet.length} progress notification(s) of the call in flight arrived on the GET stream`, "the call's progress on its own SSE reply (HTTP-19)", JSON.stringify(onGet[0]).slice(0, 200));
    }
    if (mediaOf(reply) !== SSE) return ctx.skip(`the call was answered with ${mediaOf(reply) || 'no content type'}, not SSE: nothing else to compare`);
    const unrelated = reply.messages.filter((m) => isObject(m) && !('method' in m) && m.id !== callId);
    if (unrelated.length > 0) return ctx.info(`the call's SSE reply also carried ${unrelated.length} response(s) to other requests, e.g. ${JSON.stringify(unrelated[0]).slice(0, 160)} (HTTP-11: messages there should relate to the request)`);
    return ctx.pass();
  },
});

export const httpChecks: Check[] = [
  notificationAccepted,
  requestReplyMedia,
  sessionIdVisible,
  sessionIdRequired,
  endedSession404,
  protocolVersionHeader,
  foreignOrigin,
  acceptBothMediaTypes,
  getStreamOr405,
  noResponsesOnGet,
  sseReplyEvents,
  ssePrimingEvent,
  initializeWithoutHeaders,
  sseStreamEnds,
  sseEventIdsUnique,
  sseResumption,
  relatedMessagesOnRequestStream,
  sseEventIdsWholeRun,
];
