// Opens the run's main session in the right era: the initialize handshake for the stateful
// revisions, server/discover for 2026-07-28, and — when no revision was asked for — the
// detection a client does: try server/discover first, and initialize when it is not understood.
import type { Era } from '../checks/types.js';
import { HANDSHAKE_TAG } from '../checks/index.js';
import { isStateless, LATEST, LATEST_STATEFUL, type Revision } from '../schema/index.js';
import { discover, initialize, openSession, type Outcome, type Session, type SessionOptions, type TargetSpec } from '../session/index.js';

/** Findings of the era probe are not the server's fault when it turns out to be stateful. */
export const ERA_PROBE_TAG = 'run/era-probe';
/** A stateful server may ignore an unknown request before initialize: do not wait long for it. */
const PROBE_TIMEOUT_MS = 3000;

export interface MainSession {
  session: Session;
  era: Era;
  revision: Revision;
  /** The initialize or server/discover outcome. */
  handshake: Outcome;
  capabilities: Record<string, unknown>;
  /** Set when detection ran: did server/discover answer? */
  stateless?: boolean;
}

export async function openMainSession(target: TargetSpec, options: SessionOptions, requested: Revision | undefined): Promise<MainSession> {
  if (requested !== undefined && !isStateless(requested)) return handshake(await openSession(target, { ...options, revision: requested }), requested);
  const session = await openSession(target, { ...options, revision: requested ?? LATEST });
  const timeoutMs = requested === undefined ? Math.min(options.requestTimeoutMs, PROBE_TIMEOUT_MS) : undefined;
  const found = await discover(session, { tag: requested === undefined ? ERA_PROBE_TAG : HANDSHAKE_TAG, timeoutMs });
  const modern = found.outcome.kind === 'result';
  if (modern || requested !== undefined) {
    // The probe was the handshake after all: its findings belong with the handshake's.
    for (const f of session.findings) if (f.tag === ERA_PROBE_TAG) f.tag = HANDSHAKE_TAG;
    return { session, era: 'stateless', revision: LATEST, handshake: found.outcome, capabilities: found.capabilities ?? {}, stateless: modern };
  }
  // Not a 2026-07-28 server: forget what the probe caused and do the stateful handshake.
  for (let i = session.findings.length - 1; i >= 0; i--) if (session.findings[i]!.tag === ERA_PROBE_TAG) session.findings.splice(i, 1);
  let legacy = session;
  if (session.closed) legacy = await openSession(target, { ...options, revision: LATEST_STATEFUL });
  else session.prepareHandshake(LATEST_STATEFUL);
  const stateful = await handshake(legacy, LATEST_STATEFUL);
  // A 2026-07-28-only server that started more slowly than the probe waited (on stdio the wait
  // includes its start-up) refuses initialize naming 2026-07-28: ask it again, with the full wait.
  if (found.outcome.kind === 'timeout' && offersStatelessOnly(stateful.handshake) && !legacy.closed) {
    legacy.prepareHandshake(LATEST);
    const again = await discover(legacy, { tag: HANDSHAKE_TAG });
    if (again.outcome.kind === 'result') {
      for (let i = legacy.findings.length - 1; i >= 0; i--) if (legacy.findings[i]!.tag === HANDSHAKE_TAG) legacy.findings.splice(i, 1);
      return { session: legacy, era: 'stateless', revision: LATEST, handshake: again.outcome, capabilities: again.capabilities ?? {}, stateless: true };
    }
  }
  return { ...stateful, stateless: false };
}

/** An initialize refused with the versions the server does speak, 2026-07-28 among them (S26-36). */
function offersStatelessOnly(outcome: Outcome): boolean {
  if (outcome.kind !== 'error') return false;
  const data = outcome.error.data as { supported?: unknown } | undefined;
  return Array.isArray(data?.supported) && data.supported.includes(LATEST);
}

async function handshake(session: Session, revision: Revision): Promise<MainSession> {
  const h = await initialize(session, { protocolVersion: revision, capabilities: session.options.clientCapabilities ?? {}, tag: HANDSHAKE_TAG });
  return { session, era: 'stateful', revision: h.negotiated ?? revision, handshake: h.outcome, capabilities: h.capabilities ?? {} };
}
