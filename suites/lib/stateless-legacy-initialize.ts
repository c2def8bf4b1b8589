// What a 2026-07-28 server answers to the initialize handshake of the earlier revisions, asked
// once per run on a connection of its own, exactly as an older client would (no per-request
// _meta, no 2026-07-28 headers). A result means the server is dual-era (S26-37); an error from
// a stateless-only server should name the versions it supports (S26-36).
import { HANDSHAKE_TAG, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { LATEST_STATEFUL } from '../../src/schema/index.js';
import { initialize, type Evidence, type HandshakeResult } from '../../src/session/index.js';

export interface LegacyAnswer {
  handshake: HandshakeResult;
  evidence: Evidence[];
}

export const legacyInitializeScenario = defineSharedScenario<LegacyAnswer>({ name: 'initialize at a stateful revision' });

export function legacyInitialize(ctx: CheckContext): Promise<LegacyAnswer> {
  return ctx.shared(legacyInitializeScenario, async () => {
    const { session } = await ctx.connect();
    session.prepareHandshake(LATEST_STATEFUL);
    const handshake = await initialize(session, { protocolVersion: LATEST_STATEFUL, capabilities: {}, tag: HANDSHAKE_TAG, sendInitialized: false });
    const o = handshake.outcome;
    const evidence: Evidence[] = [
      { type: 'message', direction: 'sent', at: 0, message: { jsonrpc: '2.0', id: o.id, method: 'initialize', params: { protocolVersion: LATEST_STATEFUL, capabilities: {} } } },
    ];
    if (o.kind === 'result' || o.kind === 'error') evidence.push({ type: 'message', direction: 'received', at: o.ms, message: o.message });
    if (o.kind === 'http-error') evidence.push({ type: 'note', text: `HTTP ${o.status} ${o.body.slice(0, 200)}` });
    return { handshake, evidence };
  });
}

/** The server served the legacy handshake: it also speaks the initialize-based revisions. */
export const isDualEra = (answer: LegacyAnswer): boolean => answer.handshake.outcome.kind === 'result';
