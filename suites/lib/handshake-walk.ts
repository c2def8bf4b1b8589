// The lifecycle's handshake walk, shared by the checks that observe it and by the capabilities
// check that continues on its connection (suites/lifecycle.ts, suites/capabilities.ts).
import { HANDSHAKE_TAG, STATEFUL_REVISIONS, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { isRevision, revisionIndex, type Revision } from '../../src/schema/index.js';
import { initialize, type HandshakeResult, type Outcome, type Received, type Session } from '../../src/session/index.js';
import type { SendOutcome } from '../../src/transport/types.js';
import { isObject } from './json-object.js';

const isResponse = (r: Received) => isObject(r.message) && !('method' in r.message);

/** One connection walked through the handshake slowly, observed by three checks: requests before
 * `initialized` (LIFE-7), ping in that window (LIFE-8), and replies to `initialized` (LIFE-6).
 * It declares every client capability and stays open for the run: afterwards it is the
 * declaring client of capabilities/client-capabilities-respected, which saves a process.
 * On stdio its initialize is also the version negotiation probe of the newest revision older
 * than the run's (see walkProbeRevision), which saves another. */
export interface HandshakeWalk {
  session: Session;
  handshake: HandshakeResult;
  /** The revision it negotiated, when that is not the run's (it was a negotiation probe). */
  revision?: string;
  early: Received[];
  ping?: Outcome;
  /**
   * Set when the early ping ended the connection (rmcp 0.16 exits on it): the walk went on, without
   * that ping, on a new connection (`session`), so LIFE-6 and LIFE-7 are still observed.
   */
  pingEndedConnection?: string;
  initializedSent?: SendOutcome;
  /**
   * Replies to `initialized`, collected for a quiet period after it went out. The walk itself is
   * done once it is sent, so the capabilities check continues on the session meanwhile: replies
   * answering a request of ours (theirs) are not replies to the notification.
   */
  replies: Promise<Received[]>;
}

export const ALL_CLIENT_CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: {} };

/**
 * What the walk declares at `revision`: every client capability that revision defines. Declaring
 * elicitation on a 2025-03-26 connection (it came with 2025-06-18) invites a server to send a
 * request that revision has no such method for, and the finding would be our doing.
 */
export function clientCapabilitiesAt(revision: string): Record<string, unknown> {
  const { elicitation: _newer, ...older } = ALL_CLIENT_CAPABILITIES;
  return isRevision(revision) && revisionIndex(revision) < revisionIndex('2025-06-18') ? older : ALL_CLIENT_CAPABILITIES;
}
const isServerRequestNotPing = (r: Received) => isObject(r.message) && 'method' in r.message && 'id' in r.message && r.message.method !== 'ping';

/**
 * stdio: the revision the walk asks for, as lifecycle/version-echo's probe of it: the newest
 * stateful revision older than the run's. The rules it observes (LIFE-6, 7, 8) are the same in
 * every stateful revision; the checks say which one the connection negotiated.
 */
export function walkProbeRevision(ctx: CheckContext): Revision | undefined {
  if (ctx.target.transport !== 'stdio') return undefined;
  return STATEFUL_REVISIONS.filter((v) => revisionIndex(v) < revisionIndex(ctx.revision)).at(-1);
}

interface WalkState {
  walk: Promise<HandshakeWalk>;
  /** The answer to the walk's first initialize, when it was a negotiation probe. */
  probe?: Promise<HandshakeResult>;
}

export const handshakeWalkScenario = defineSharedScenario<WalkState>({ name: 'handshake walk' });

function walkState(ctx: CheckContext): Promise<WalkState> {
  return ctx.shared(handshakeWalkScenario, async () => {
    const probeRevision = walkProbeRevision(ctx);
    let answered: (h: HandshakeResult) => void = () => undefined;
    const probe = probeRevision ? new Promise<HandshakeResult>((resolve) => (answered = resolve)) : undefined;
    const walk = (async () => {
      if (probeRevision) {
        const first = await walkOn(ctx, probeRevision, { answered });
        // An older revision refused: the walk goes on at the run's own, on a connection of its own.
        if (first.handshake.outcome.kind === 'result') return afterEarlyPing(ctx, first, probeRevision);
        void first.session.close().catch(() => undefined);
      }
      return afterEarlyPing(ctx, await walkOn(ctx, ctx.revision), ctx.revision);
    })();
    // A connection that could not be opened answers nothing: the probe's waiters see that as an error.
    walk.catch((err: Error) => answered({ outcome: { kind: 'closed', id: 0, ms: 0, reason: err.message } }));
    return { walk, probe };
  });
}

/** The walk; a check that judges it says which revision the connection negotiated, when not the run's. */
export async function handshakeWalk(ctx: CheckContext): Promise<HandshakeWalk> {
  const walk = await (await walkState(ctx)).walk;
  if (walk.revision) ctx.note(`observed on the connection that negotiated ${walk.revision} (lifecycle/version-echo's probe of it, which declared every client capability that revision defines)`);
  return walk;
}

/** Why the connection ended when the walk's ping arrived before notifications/initialized, if it did (LIFE-8's finding). */
export async function earlyPingEndedConnection(ctx: CheckContext): Promise<string | undefined> {
  return (await (await walkState(ctx)).walk).pingEndedConnection;
}

/** The answer to the walk's initialize as the negotiation probe of walkProbeRevision, if it was one. */
export async function walkProbeAnswer(ctx: CheckContext): Promise<HandshakeResult | undefined> {
  return (await walkState(ctx)).probe;
}

/**
 * The walk as observed, or — when its early ping ended the connection — walked again on a new one
 * without that ping: the exit is LIFE-8's finding, and the checks of LIFE-6 and LIFE-7 (and the one
 * continuing on the session) judge a connection that lives.
 */
async function afterEarlyPing(ctx: CheckContext, walk: HandshakeWalk, revision: string): Promise<HandshakeWalk> {
  if (!walk.session.closed || walk.handshake.outcome.kind !== 'result' || !walk.ping) return walk;
  const ended = walk.ping?.kind === 'closed' ? walk.ping.reason : 'the connection closed';
  void walk.session.close().catch(() => undefined);
  const again = await walkOn(ctx, revision, { ping: false });
  return { ...again, ping: walk.ping, pingEndedConnection: ended, early: [...walk.early, ...again.early] };
}

interface WalkOptions {
  /** Called with the initialize answer as soon as it is in. */
  answered?: (h: HandshakeResult) => void;
  /** Send the early ping (default true). */
  ping?: boolean;
}

async function walkOn(ctx: CheckContext, revision: string, o: WalkOptions = {}): Promise<HandshakeWalk> {
  const { answered, ping = true } = o;
  // Started first: the walk mostly waits (quiet periods), which overlaps the other starts.
  const capabilities = clientCapabilitiesAt(revision);
  const { session } = await ctx.connect({ initialize: false, clientCapabilities: capabilities, forRun: true, startOrder: 'first' });
  // Listen before initialize goes out: an early request may arrive in the same read as the result.
  const early: Received[] = [];
  const stopListening = session.onReceive((r) => {
    if (isServerRequestNotPing(r)) early.push(r);
  });
  const handshake = await initialize(session, { protocolVersion: revision, capabilities, tag: HANDSHAKE_TAG, sendInitialized: false });
  answered?.(handshake);
  const negotiated = handshake.outcome.kind === 'result' && handshake.answeredVersion !== ctx.revision ? String(handshake.answeredVersion) : undefined;
  const walk: HandshakeWalk = { session, handshake, early, replies: Promise.resolve([]), ...(negotiated ? { revision: negotiated } : {}) };
  if (handshake.outcome.kind !== 'result') {
    stopListening();
    return walk;
  }
  const window = new Promise((resolve) => setTimeout(resolve, ctx.options.quietMs));
  if (ping) walk.ping = await session.request('ping', undefined, { tag: HANDSHAKE_TAG });
  await window;
  stopListening();
  if (session.closed) return walk;
  // Over HTTP a JSON body belongs to the request that carried it (a refused GET stream's 405
  // error, say): only the notification's own POST, judged by its status, or an SSE stream can
  // carry a reply to it.
  walk.replies = session.collect(ctx.options.quietMs, (r) => isResponse(r) && r.answers === undefined && !(r.http && !r.http.sse));
  walk.initializedSent = await session.notify('notifications/initialized');
  return walk;
}

