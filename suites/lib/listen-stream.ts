// One subscriptions/listen stream (2026-07-28) held open by the client: the request goes out
// with a string id, everything its connection receives is kept in order, and closing it is the
// client's teardown (stdio: notifications/cancelled for the listen id; HTTP: the client closes
// the SSE response, i.e. aborts the POST). The listen request is never answered while open.
import type { CheckContext } from '../../src/checks/index.js';
import { CARRIED_BODY_CHARS, describeCarried, META_SUBSCRIPTION_ID, type Carried, type Evidence, type Outcome, type Received, type Session } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';
import { listAll, objectsOf } from './list-all.js';

export interface ListenStream {
  session: Session;
  id: string;
  filter: Item;
  /** The listen request as sent. */
  sent: Item;
  /** Everything the connection received since the listen went out, in order. */
  received: Received[];
  /** The listen request's own answer, if it came (a refusal, or the server ending it). */
  answer?: Outcome;
  /** Whether that answer came while the stream was still open on our side. */
  answeredWhileOpen?: boolean;
  /** received.length when the client tore the stream down (undefined while open). */
  closedAt?: number;
  /** The first message the connection received, or undefined when none came in time. */
  first?: Received;
  /** How long the first message was waited for, ms (longer than the request timeout while the server may still be starting). */
  firstWaitMs?: number;
  /** What the listen's exchange had carried once the first message came or the wait ended (while unanswered). */
  carried?: Carried;
  /** Client teardown; recording goes on until `stop`. */
  close(): Promise<void>;
  /** Stops recording. */
  stop(): void;
}

/** Notification method → the filter member that asks for it. */
export const FILTER_OF: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};

export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** The subscription id a message carries in its params._meta, or undefined. */
export function subscriptionIdOf(message: unknown): unknown {
  const params = isObject(message) && isObject(message.params) ? message.params : {};
  return isObject(params._meta) ? params._meta[META_SUBSCRIPTION_ID] : undefined;
}

/**
 * The narrowest filter this server can honour: one list_changed type it declares, else one
 * resource subscription (the first listed resource); a string says why there is none.
 */
export async function narrowFilter(ctx: CheckContext): Promise<Item | string> {
  if (ctx.declares('tools.listChanged')) return { toolsListChanged: true };
  if (ctx.declares('prompts.listChanged')) return { promptsListChanged: true };
  if (ctx.declares('resources.listChanged')) return { resourcesListChanged: true };
  if (ctx.declares('resources.subscribe')) {
    const walk = await listAll(ctx, 'resources/list', 'resources');
    const uri = objectsOf(walk).map((r) => r.uri).find((u): u is string => typeof u === 'string');
    if (uri) return { resourceSubscriptions: [uri] };
    return 'the server declares resources.subscribe but lists no resource to subscribe to';
  }
  return 'the server declares no listChanged capability and no resources.subscribe, so there is nothing to listen for';
}

/** Opens a listen on `session` and waits (bounded) for its first message or its answer. */
export async function openListen(ctx: CheckContext, session: Session, filter: Item, id = 'sub-1', meta?: Item): Promise<ListenStream> {
  const received: Received[] = [];
  const off = session.onReceive((r) => received.push(r));
  const abort = new AbortController();
  const sent = session.buildRequest('subscriptions/listen', { notifications: filter }, { id, meta });
  // Long enough to outlive the check: the client ends the stream, not a timeout.
  const timeoutMs = Math.max(ctx.options.requestTimeoutMs * 4, 10_000);
  const stream: ListenStream = {
    session,
    id,
    filter,
    sent,
    received,
    close: async () => {
      if (stream.closedAt !== undefined) return;
      stream.closedAt = received.length;
      stream.carried = session.carried(id) ?? stream.carried; // as it stood when we left
      if (session.transport.kind === 'stdio') {
        await session.notify('notifications/cancelled', { requestId: id, reason: 'mcp-conform: done listening' }).catch(() => undefined);
      } else abort.abort();
    },
    stop: off,
  };
  const answered = session.sendRequest(sent, { signal: abort.signal, timeoutMs }).then((o) => {
    if (o.kind === 'result' || o.kind === 'error' || o.kind === 'http-error') {
      stream.answer = o;
      stream.answeredWhileOpen = stream.closedAt === undefined;
    }
    return o;
  });
  // On a fresh connection the listen may be the first request: its first message waits as long as the start may take.
  stream.firstWaitMs = session.startAwareWait(ctx.options.requestTimeoutMs);
  const first = await Promise.race([session.waitFor(() => true, stream.firstWaitMs), answered.then(() => undefined)]);
  stream.first = first ?? received[0];
  stream.carried = session.carried(id);
  return stream;
}

/**
 * Over HTTP, when the listen was not answered with an SSE stream: what its response carried
 * (e.g. an application/json body holding the acknowledgment), else undefined.
 */
export function notStreamed(stream: ListenStream): string | undefined {
  const http = stream.carried?.http;
  if (!http || http.status === undefined || http.contentType?.toLowerCase().startsWith('text/event-stream')) return undefined;
  return describeCarried(stream.carried!);
}

/** The listen request and what its connection received, as evidence (bounded). */
export function listenEvidence(stream: ListenStream, max = 12): Evidence[] {
  const evidence: Evidence[] = [{ type: 'message', direction: 'sent', at: 0, message: stream.sent }];
  for (const r of stream.received.slice(0, max)) evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
  if (stream.received.length > max) evidence.push({ type: 'note', text: `${stream.received.length - max} more message(s) received` });
  if (stream.answer && stream.answer.kind === 'http-error') evidence.push({ type: 'note', text: `the listen POST got HTTP ${stream.answer.status}` });
  if (stream.carried) evidence.push({ type: 'note', text: `the listen request: ${describeCarried(stream.carried, CARRIED_BODY_CHARS)}` });
  return evidence;
}
