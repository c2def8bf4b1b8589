// How a session answers the server's own requests: by default as before (sampling canned, roots
// empty, elicitation declined); with an answerer, as it decides, for declared capabilities
// only; and inFlight() names the call a request arrived during.
import { describe, expect, it } from 'vitest';
import { initialize, openSession, type Received, type Session } from '../../src/session/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

const CAPS = { sampling: {}, roots: {} };

async function fixture(capabilities: Record<string, unknown>): Promise<Session> {
  const session = await openSession({ transport: 'stdio', command: fixtureCommand() }, { revision: '2025-11-25', requestTimeoutMs: 5000, clientCapabilities: capabilities });
  expect((await initialize(session, { protocolVersion: '2025-11-25', capabilities })).outcome.kind).toBe('result');
  return session;
}

const textOf = (o: Awaited<ReturnType<Session['request']>>) => (o.kind === 'result' ? JSON.stringify(o.result.content) : o.kind);

describe('answers to server requests', () => {
  it('the default sampling answer is a valid sample', async () => {
    const session = await fixture(CAPS);
    try {
      expect(textOf(await session.request('tools/call', { name: 'ask-sampling', arguments: {} }))).toMatch(/The client sampled/);
    } finally {
      await session.close();
    }
  }, 20_000);

  it('an answerer decides the answer, and inFlight() names the call the request came during', async () => {
    const session = await fixture(CAPS);
    try {
      const seen: string[] = [];
      session.answerServerRequestsWith(({ method }) => (method === 'sampling/createMessage' ? { error: { code: -1, message: 'User rejected sampling request' } } : undefined));
      session.onReceive((r: Received) => {
        const m = r.message as { method?: string; id?: unknown };
        if (m.method === 'sampling/createMessage') seen.push(...session.inFlight().map((p) => `${p.method} ${JSON.stringify(p.params)}`));
      });
      expect(textOf(await session.request('tools/call', { name: 'ask-sampling', arguments: {} }))).toMatch(/sampling\/createMessage failed: User rejected/);
      expect(seen).toEqual(['tools/call {"name":"ask-sampling","arguments":{}}']);
      // Undefined from the answerer: the default answer (roots: none).
      expect(textOf(await session.request('tools/call', { name: 'ask-roots', arguments: {} }))).toMatch(/listed 0 root/);
      expect(session.inFlight()).toEqual([]);
    } finally {
      await session.close();
    }
  }, 20_000);

  it('an answerer may answer later: the answer waits for its promise, and undefined still gets the default', async () => {
    const session = await fixture(CAPS);
    try {
      const order: string[] = [];
      session.answerServerRequestsWith(({ method }) => {
        order.push(`asked ${method}`);
        return new Promise((resolve) =>
          setTimeout(() => {
            order.push('answered');
            resolve(method === 'sampling/createMessage' ? { error: { code: -1, message: 'User rejected sampling request' } } : undefined);
          }, 50),
        );
      });
      expect(textOf(await session.request('tools/call', { name: 'ask-sampling', arguments: {} }))).toMatch(/sampling\/createMessage failed: User rejected/);
      expect(textOf(await session.request('tools/call', { name: 'ask-roots', arguments: {} }))).toMatch(/listed 0 root/);
      expect(order).toEqual(['asked sampling/createMessage', 'answered', 'asked roots/list', 'answered']);
    } finally {
      await session.close();
    }
  }, 20_000);
});
