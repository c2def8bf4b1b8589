// The initialize handshakes that ask for revisions no server can know (lifecycle/unsupported-version
// and lifecycle/counter-offer-newest judge the answers), and what their connections become: a
// server that counter-offers the run's own revision has, once we accept, a session like any
// fresh one (initialized, no client capabilities). Those are spares: a check that needs a
// session of its own (a fuzz campaign) claims one instead of starting another server process.
import { HANDSHAKE_TAG, type CheckContext } from '../../src/checks/index.js';
import { initialize, type HandshakeResult, type Session } from '../../src/session/index.js';
import { preInitialize } from './pre-initialize.js';

export const UNKNOWN_VERSIONS = ['1999-01-01', '2099-12-31'] as const;

interface UnknownVersionProbes {
  answers: Map<string, HandshakeResult>;
  /** Sessions nobody has claimed yet. */
  spares: Session[];
}

/** One connection per unknown version, in parallel; shared by every check of the run. */
export function unknownVersionProbes(ctx: CheckContext): Promise<UnknownVersionProbes> {
  return ctx.shared('lifecycle/unknown-version-answers', async () => {
    // Spares only on stdio, where a connection is a process; over HTTP a new session is one request.
    const keep = ctx.target.transport === 'stdio';
    const probes = await Promise.all(
      UNKNOWN_VERSIONS.map(async (version) => {
        const { session } = await ctx.connect({ initialize: false, forRun: keep });
        const handshake = await initialize(session, { protocolVersion: version, capabilities: {}, tag: HANDSHAKE_TAG, sendInitialized: false });
        // Only after the answer is recorded, so nothing here can change what the probe saw.
        const spare = keep && handshake.outcome.kind === 'result' && handshake.answeredVersion === ctx.facts.revision && !session.closed;
        if (spare) await session.notify('notifications/initialized').catch(() => undefined);
        else void session.close().catch(() => undefined);
        return { version, handshake, spare: spare ? session : undefined };
      }),
    );
    return {
      answers: new Map(probes.map((p) => [p.version, p.handshake])),
      spares: probes.flatMap((p) => (p.spare ? [p.spare] : [])),
    };
  });
}

/**
 * An initialized spare session at the run's revision, or undefined when none is left: first the
 * unknown-version probes', then the connection of the cancelled initialize (suites/lib/pre-initialize.ts).
 */
export async function claimSpare(ctx: CheckContext): Promise<Session | undefined> {
  const { spares } = await unknownVersionProbes(ctx);
  for (let s = spares.shift(); s; s = spares.shift()) if (!s.closed) return s;
  if (ctx.target.transport !== 'stdio') return undefined;
  const early = await preInitialize(ctx);
  const spare = early.spare;
  early.spare = undefined;
  return spare && !spare.closed ? spare : undefined;
}
