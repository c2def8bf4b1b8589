// Over Streamable HTTP, messages not tied to a request (log messages, list_changed, server
// requests) travel on a GET stream the client opens; checks that wait for them open it first.
// 2026-07-28 has no GET stream (S26-34): there, messages travel on the request's own reply.
import { isStateless } from '../../src/schema/index.js';
import type { Session } from '../../src/session/index.js';
import type { HttpExchange, HttpTransport } from '../../src/transport/index.js';
import { mediaOf } from './http-probe.js';

/**
 * HTTP: opens the GET stream, waiting at most `ms` for it (no-op on other transports and in
 * 2026-07-28). Resolves with its exchange once the headers are in; undefined when no GET was
 * sent, it failed, or its headers did not come within `ms`.
 */
export async function openServerStream(session: Session, ms: number): Promise<HttpExchange | undefined> {
  const t = session.transport as Partial<HttpTransport> & { kind: string };
  if (isStateless(session.revision) || t.kind !== 'http' || typeof t.openGetStream !== 'function') return undefined;
  let timer: NodeJS.Timeout | undefined;
  const exchange = await Promise.race([t.openGetStream().catch(() => undefined), new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]);
  clearTimeout(timer);
  return exchange;
}

/** The GET stream was refused (any answer but a 200 event stream): the server has no channel for messages related to no request. */
export function serverStreamRefused(exchange: HttpExchange | undefined): boolean {
  const response = exchange?.response;
  if (!response || exchange.error !== undefined) return false;
  return response.status !== 200 || mediaOf(exchange) !== 'text/event-stream';
}
