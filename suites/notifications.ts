// Notifications both ways: the server never answers one (RPC-7), and the notifications it sends
// carry no id and fit their schemas, without disturbing the correlation of responses sent
// meanwhile (RPC-8, RPC-2). Both use fresh connections: one sends odd notifications, the
// other raises the log level and subscribes (in 2026-07-28: asks for logs in a request's _meta).
// Proof of each check (the fixture fault that must break it): test/proof/notifications.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import { isStateless } from '../src/schema/index.js';
import { META_LOG_LEVEL, type Finding, type Received, type Session } from '../src/session/index.js';
import { burst, harmlessMethods } from './ids.js';
import { isObject } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { openServerStream } from './lib/server-stream.js';
import { paramHeaders } from './lib/tool-call.js';
import { argumentsFor, callableTools, toolsOf } from './lib/tool-survey.js';
import { clip, hasMethod, isResponse, Problems } from './support/jsonrpc-probe.js';

const ODD_NOTIFICATIONS: Array<{ method: string; params?: Record<string, unknown> }> = [
  { method: 'notifications/does_not_exist' },
  { method: 'notifications/cancelled', params: { requestId: 'mcp-conform-never-sent', reason: 'mcp-conform: a request that does not exist' } },
  { method: 'notifications/initialized' },
];

export const notificationsNotAnswered = defineCheck({
  id: 'notifications/not-answered',
  title: 'notifications get no reply: unknown ones, cancellations of unknown requests, a repeated initialized',
  level: 'MUST',
  requirements: ['RPC-7'],
  spec: 'basic#notifications',
  revisions: WITH_STATELESS,
  connection: 'disposable',
  long: true, // a quiet period (or several): started first among the checks on connections of their own
  async run(ctx) {
    const session = ctx.session;
    const problems = new Problems();
    // Replies that answer a request of ours (another check's, on a shared disposable session) are not replies to notifications.
    const replies = session.collect(ctx.options.quietMs, (r) => isResponse(r.message) && r.answers === undefined);
    for (const n of ODD_NOTIFICATIONS) {
      const sent = await ctx.notify(n.method, n.params, session).catch((err: Error) => ({ error: err.message }));
      if ('error' in sent) {
        problems.violation(`could not send ${n.method}: ${sent.error}`, 'no reply', sent.error);
        continue;
      }
      // Streamable HTTP answers a POSTed notification itself; legacy SSE acknowledges every POST alike.
      const status = session.transport.kind === 'http' ? sent.http?.response?.status : undefined;
      const body = sent.http?.response?.body ?? '';
      if (status === undefined || (status === 202 && body.trim() === '')) continue;
      if (body.trim() !== '' && status < 400) problems.violation(`${n.method} was answered with HTTP ${status} and a body`, 'HTTP 202 with an empty body', `HTTP ${status} ${clip(body, 160)}`);
      else if (status >= 400 && status < 500) problems.warn(`${n.method} was refused with HTTP ${status}; a notification the server does not need should be accepted and ignored`, 'HTTP 202', `HTTP ${status}`);
      else if (status >= 500) problems.violation(`${n.method} got HTTP ${status}`, 'HTTP 202 with an empty body', `HTTP ${status}`);
      else problems.warn(`${n.method} got HTTP ${status} rather than 202`, 'HTTP 202', `HTTP ${status}`);
    }
    // HTTP-7: a notification the server cannot accept gets a 4xx, whose body may be a JSON-RPC
    // error without id; that refusal (warned about above) is not a reply to the notification.
    const got = (await replies).filter((r) => !isHttpRefusal(r));
    for (const r of got) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    if (got.length) problems.violation(`the server replied ${got.length} time(s) to notifications`, 'no reply at all', clip(JSON.stringify(got[0].message), 200));
    await problems.requireServing(ctx, session, 'the notifications');
    return problems.verdict(ctx);
  },
});

/** An error without id carried by a 4xx answer to a POST: the HTTP refusal of a notification (HTTP-7). */
function isHttpRefusal(r: Received): boolean {
  const status = r.http?.status;
  if (status === undefined || status < 400 || status >= 500) return false;
  return isObject(r.message) && 'error' in r.message && (r.message.id === null || r.message.id === undefined);
}

/** A finding about a message the server sent on its own (a notification, or one with a method and a stray id). */
function aboutServerNotification(f: Finding): boolean {
  if (f.tag !== undefined) return false;
  const first = f.evidence[0];
  if (first?.type !== 'message' || !hasMethod(first.message)) return false;
  return !('id' in first.message) || f.requirement === 'RPC-8';
}

/** Safe ways to make a server talk: more logging, a subscription, reads. Returns what was done. */
async function provoke(ctx: CheckContext, session: Session): Promise<string[]> {
  if (isStateless(session.revision)) return provokeStateless(ctx, session);
  const done: string[] = [];
  if (ctx.declares('logging')) {
    const o = await ctx.request('logging/setLevel', { level: 'debug' }, { session });
    done.push(`logging/setLevel debug → ${o.kind}`);
  }
  if (ctx.declares('resources')) {
    const list = await ctx.request('resources/list', undefined, { session });
    const first = list.kind === 'result' && Array.isArray(list.result.resources) ? list.result.resources.find((r) => isObject(r) && typeof r.uri === 'string') : undefined;
    const uri = isObject(first) ? (first.uri as string) : undefined;
    if (uri && ctx.declares('resources.subscribe')) {
      const o = await ctx.request('resources/subscribe', { uri }, { session });
      done.push(`resources/subscribe ${uri} → ${o.kind}`);
    }
    if (uri) {
      const o = await ctx.request('resources/read', { uri }, { session });
      done.push(`resources/read ${uri} → ${o.kind}`);
    }
  }
  return done;
}

/**
 * 2026-07-28 has no setLevel and no subscribe: a request asks for its own log messages with the
 * logLevel _meta (S26-19). A read of the first listed resource and a call of the first tool we
 * may call, both at level debug.
 */
async function provokeStateless(ctx: CheckContext, session: Session): Promise<string[]> {
  const meta = { [META_LOG_LEVEL]: 'debug' };
  const [resources, tools] = await Promise.all([
    ctx.declares('resources') ? listAll(ctx, 'resources/list', 'resources') : undefined,
    ctx.declares('tools') ? listAll(ctx, 'tools/list', 'tools') : undefined,
  ]);
  const uri = resources && objectsOf(resources).map((r) => r.uri).find((u): u is string => typeof u === 'string');
  const call = (tools ? callableTools(toolsOf(tools), ctx.options) : []).map((tool) => ({ tool, built: argumentsFor(tool, ctx) })).find((c) => 'args' in c.built);
  const work: Array<Promise<string>> = [];
  if (uri) work.push(ctx.request('resources/read', { uri }, { session, meta }).then((o) => `resources/read ${uri} at log level debug → ${o.kind}`));
  if (call && 'args' in call.built) {
    const { tool, built } = call;
    const timeoutMs = Math.max(ctx.options.quietMs * 2, 1000);
    const headers = paramHeaders(session, tool, built.args);
    work.push(ctx.request('tools/call', { name: tool.name, arguments: built.args }, { session, meta, timeoutMs, headers }).then((o) => `tools/call ${tool.name} at log level debug → ${o.kind}`));
  }
  return Promise.all(work);
}

export const serverNotifications = defineCheck({
  id: 'notifications/server-notifications',
  shares: [listWalk],
  title: 'notifications the server sends carry no id and fit their schemas; responses among them stay correlated',
  level: 'MUST',
  requirements: ['RPC-8', 'RPC-2'],
  spec: 'basic#notifications',
  revisions: WITH_STATELESS,
  connection: 'disposable',
  // It raises the log level to debug, and claims what the session finds wrong with notifications meanwhile.
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    const from = session.findings.length;
    const seen: Received[] = [];
    const off = session.onReceive((r) => {
      if (hasMethod(r.message)) seen.push(r);
    });
    const problems = new Problems();
    try {
      await openServerStream(session, ctx.options.quietMs);
      // Requests in flight while the notifications are being sent: their answers must still match.
      const [done] = await Promise.all([provoke(ctx, session), burst(ctx, session, harmlessMethods(ctx), 20, problems)]);
      ctx.note(`to provoke notifications: ${done.length ? done.join('; ') : 'nothing the server declares'}`);
      if (seen.length === 0) await session.waitFor((r) => hasMethod(r.message), ctx.options.quietMs);
      else await session.collect(Math.min(100, ctx.options.quietMs));
    } finally {
      off();
    }
    // Claim what the session found wrong with these messages: it is this check's subject.
    const claimed = session.findings.slice(from).filter(aboutServerNotification);
    for (const f of claimed) f.tag = ctx.check.id;
    const methods = [...new Set(seen.map((r) => String((r.message as Record<string, unknown>).method)))];
    ctx.note(`received ${seen.length} message(s) with a method: ${methods.join(', ') || 'none'}`);
    if (claimed.length) problems.violation(`${claimed.length} problem(s) in the server's notifications`, 'notifications without id that fit their schemas', claimed[0].message);
    await problems.requireServing(ctx, session);
    if (problems.empty && seen.length === 0) return ctx.skip(`the server sent no notification to judge (${isStateless(ctx.revision) ? 'we read a resource and called a read-only tool at log level debug' : 'we raised the log level and subscribed/read a resource'} where declared)`);
    return problems.verdict(ctx);
  },
});

export const notificationChecks: Check[] = [notificationsNotAnswered, serverNotifications];
