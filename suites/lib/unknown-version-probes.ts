// The initialize handshakes that ask for revisions no server can know (lifecycle/unsupported-version
// and lifecycle/counter-offer-newest judge the answers), and what their connections become: a
// server that counter-offers the run's own revision has, once we accept, a session like any
// fresh one (initialized, no client capabilities). Those are spares: a check that needs a
// session of its own (a fuzz campaign) claims one instead of starting another server process.
import { HANDSHAKE_TAG, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { initialize, type HandshakeResult, type Session } from '../../src/session/index.js';
import { preInitialize } from './pre-initialize.js';

export const UNKNOWN_VERSIONS = ['1999-01-01', '2099-12-31'] as const;

interface UnknownVersionProbes {
  answers: Promise<Map<string, HandshakeResult>>;
  /** Spare sessions nobody has claimed yet, as the probes finish. */
  spares: Session[];
  /** Probes still running. */
  pending: number;
  /** Settles when the next probe finishes. */
  next(): Promise<void>;
}

export const unknownVersionAnswers = defineSharedScenario<UnknownVersionProbes>({ name: 'unknown-version initializes' });

/** One connection per unknown version, in parallel; shared by every check of the run. */
export function unknownVersionProbes(ctx: CheckContext): Promise<UnknownVersionProbes> {
  return ctx.shared(unknownVersionAnswers, async () => {
    // Spares only on stdio, where a connection is a process; over HTTP a new session is one request.
    const keep = ctx.target.transport === 'stdio';
    let wake: () => void = () => undefined;
    let waiting = new Promise<void>((resolve) => (wake = resolve));
    const state: UnknownVersionProbes = {
      answers: Promise.resolve(new Map()),
      spares: [],
      pending: UNKNOWN_VERSIONS.length,
      next: () => waiting,
    };
    const probes = UNKNOWN_VERSIONS.map(async (version, i) => {
      try {
        // A fuzz campaign continues on each. The first starts with the first connections (beside
        // the handshake walk): malformed-messages, whose failures take waiting to confirm, takes it.
        const { session } = await ctx.connect({ initialize: false, forRun: keep, startOrder: i === 0 ? 'first' : 'normal' });
        const handshake = await initialize(session, { protocolVersion: version, capabilities: {}, tag: HANDSHAKE_TAG, sendInitialized: false });
        // Only after the answer is recorded, so nothing here can change what the probe saw.
        const spare = keep && handshake.outcome.kind === 'result' && handshake.answeredVersion === ctx.facts.revision && !session.closed;
        if (spare) {
          await session.notify('notifications/initialized').catch(() => undefined);
          state.spares.push(session);
        } else void session.close().catch(() => undefined);
        return [version, handshake] as const;
      } finally {
        state.pending--;
        const woken = wake;
        waiting = new Promise<void>((resolve) => (wake = resolve));
        woken();
      }
    });
    state.answers = Promise.all(probes).then((answers) => new Map(answers));
    // Awaited by the negotiation checks; a run without them must not see an unhandled rejection.
    state.answers.catch(() => undefined);
    return state;
  });
}

/**
 * An initialized spare session at the run's revision, or undefined when none is left: first the
 * unknown-version probes' (the first to finish), then the connection of the cancelled initialize
 * (suites/lib/pre-initialize.ts).
 */
export async function claimSpare(ctx: CheckContext): Promise<Session | undefined> {
  // Spares are kept only on stdio: elsewhere waiting for the probes to finish would only delay the caller.
  if (ctx.target.transport !== 'stdio') return undefined;
  const probes = await unknownVersionProbes(ctx);
  for (;;) {
    for (let s = probes.spares.shift(); s; s = probes.spares.shift()) if (!s.closed) return s;
    if (probes.pending === 0) break;
    await probes.next();
  }
  const early = await preInitialize(ctx);
  const spare = early.spare;
  early.spare = undefined;
  return spare && !spare.closed ? spare : undefined;
}
