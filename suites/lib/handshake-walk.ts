// The lifecycle's handshake walk, shared by the checks that observe it and by the capabilities
// check that continues on its connection (suites/lifecycle.ts, suites/capabilities.ts).
import { HANDSHAKE_TAG, type CheckContext } from '../../src/checks/index.js';
import { initialize, type HandshakeResult, type Outcome, type Received, type Session } from '../../src/session/index.js';
import type { SendOutcome } from '../../src/transport/types.js';
import { isObject } from './json-object.js';

const isResponse = (r: Received) => isObject(r.message) && !('method' in r.message);

/** One connection walked through the handshake slowly, observed by three checks: requests before
 * `initialized` (LIFE-7), ping in that window (LIFE-8), and replies to `initialized` (LIFE-6).
 * It declares every client capability and stays open for the run: afterwards it is the
 * declaring client of capabilities/client-capabilities-respected, which saves a process. */
export interface HandshakeWalk {
  session: Session;
  handshake: HandshakeResult;
  early: Received[];
  ping?: Outcome;
  initializedSent?: SendOutcome;
  /**
   * Replies to `initialized`, collected for a quiet period after it went out. The walk itself is
   * done once it is sent, so the capabilities check continues on the session meanwhile: replies
   * answering a request of ours (theirs) are not replies to the notification.
   */
  replies: Promise<Received[]>;
}

export const ALL_CLIENT_CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: {} };
const isServerRequestNotPing = (r: Received) => isObject(r.message) && 'method' in r.message && 'id' in r.message && r.message.method !== 'ping';

export function handshakeWalk(ctx: CheckContext): Promise<HandshakeWalk> {
  return ctx.shared('lifecycle/handshake-walk', async () => {
    // Started first: the walk mostly waits (quiet periods), which overlaps the other starts.
    const { session } = await ctx.connect({ initialize: false, clientCapabilities: ALL_CLIENT_CAPABILITIES, forRun: true, startOrder: 'first' });
    // Listen before initialize goes out: an early request may arrive in the same read as the result.
    const early: Received[] = [];
    const stopListening = session.onReceive((r) => {
      if (isServerRequestNotPing(r)) early.push(r);
    });
    const handshake = await initialize(session, { protocolVersion: ctx.revision, capabilities: ALL_CLIENT_CAPABILITIES, tag: HANDSHAKE_TAG, sendInitialized: false });
    const walk: HandshakeWalk = { session, handshake, early, replies: Promise.resolve([]) };
    if (handshake.outcome.kind !== 'result') {
      stopListening();
      return walk;
    }
    const window = new Promise((resolve) => setTimeout(resolve, ctx.options.quietMs));
    walk.ping = await session.request('ping', undefined, { tag: HANDSHAKE_TAG });
    await window;
    stopListening();
    walk.replies = session.collect(ctx.options.quietMs, (r) => isResponse(r) && r.answers === undefined);
    walk.initializedSent = await session.notify('notifications/initialized');
    return walk;
  });
}

