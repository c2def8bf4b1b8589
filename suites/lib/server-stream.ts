// Over Streamable HTTP, messages not tied to a request (log messages, list_changed, server
// requests) travel on a GET stream the client opens; checks that wait for them open it first.
// 2026-07-28 has no GET stream (S26-34): there, messages travel on the request's own reply.
import { isStateless } from '../../src/schema/index.js';
import type { Session } from '../../src/session/index.js';
import type { HttpTransport } from '../../src/transport/index.js';

/** HTTP: opens the GET stream, waiting at most `ms` for it (no-op on other transports and in 2026-07-28). */
export async function openServerStream(session: Session, ms: number): Promise<void> {
  const t = session.transport as Partial<HttpTransport> & { kind: string };
  if (isStateless(session.revision) || t.kind !== 'http' || typeof t.openGetStream !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([t.openGetStream().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}
