// Sessions with a scripted HTTP server on 127.0.0.1 that answers every POST as a test says (an SSE
// stream that ends early, a bare status…), for tests of what the session makes of such answers.
// Servers and sessions opened in a test are closed after it.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { openSession, type Session, type TargetSpec } from '../../src/session/index.js';

export interface ScriptedHttp {
  /** A session whose server answers every POST with `answer`. */
  session(answer: (res: ServerResponse) => void): Promise<Session>;
  /** Closes `session` after the test too (for sessions a test opens by other means). */
  track(session: Session): Session;
}

export function scriptedHttp(requestTimeoutMs: number, headers?: Record<string, string>): ScriptedHttp {
  const servers: Server[] = [];
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });
  const track = (session: Session) => {
    sessions.push(session);
    return session;
  };
  return {
    track,
    async session(answer) {
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => answer(res));
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const target: TargetSpec = { transport: 'http', url: `http://127.0.0.1:${port}/mcp`, ...(headers ? { headers } : {}) };
      // The subject is a request's own timeout, not the wait for a server's start.
      return track(await openSession(target, { revision: '2025-11-25', requestTimeoutMs, startTimeoutMs: requestTimeoutMs }));
    },
  };
}
