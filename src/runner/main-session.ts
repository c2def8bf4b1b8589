// Opens the run's main session in the right era: the initialize handshake for the stateful
// revisions, server/discover for 2026-07-28, and — when no revision was asked for — the
// detection a client does: try server/discover first, and initialize when it is not understood
// or when its supportedVersions name no 2026 revision we speak (a stateful server that already
// answers discover refuses 2026-07-28 requests: testing it there fails it for our choice).
import type { Era } from '../checks/types.js';
import { HANDSHAKE_TAG } from '../checks/index.js';
import { isRevision, isStateless, LATEST, LATEST_STATEFUL, type Revision } from '../schema/index.js';
import { discover, initialize, openSession, type Outcome, type Received, type RequestId, type Session, type SessionOptions, type TargetSpec } from '../session/index.js';
import { assertSpeaksMcp } from './not-mcp.js';

/** Findings of the era probe are not the server's fault when it turns out to be stateful. */
export const ERA_PROBE_TAG = 'run/era-probe';
/** A stateful server may ignore an unknown request before initialize: do not wait long for it. */
const PROBE_TIMEOUT_MS = 3000;
/** Versions of a discover result kept for the report's detection info. */
const MAX_LISTED = 20;

export interface MainSession {
  session: Session;
  era: Era;
  revision: Revision;
  /** The initialize or server/discover outcome. */
  handshake: Outcome;
  capabilities: Record<string, unknown>;
  /** Set when detection ran: did server/discover answer? */
  stateless?: boolean;
  /** Detection: server/discover answered, but its supportedVersions (these) name no stateless revision, so initialize was used. */
  discoverVersions?: string[];
}

/** The main session; rejects with NotAnMcpEndpoint (its session closed) when the URL is a web server that does not speak MCP. */
export async function openMainSession(target: TargetSpec, options: SessionOptions, requested: Revision | undefined): Promise<MainSession> {
  const main = await openInEra(target, options, requested);
  try {
    assertSpeaksMcp(target, main.session, main.handshake);
  } catch (err) {
    await main.session.close().catch(() => undefined);
    throw err;
  }
  return main;
}

async function openInEra(target: TargetSpec, options: SessionOptions, requested: Revision | undefined): Promise<MainSession> {
  if (requested !== undefined && !isStateless(requested)) return handshake(await openSession(target, { ...options, revision: requested }), requested);
  const session = await openSession(target, { ...options, revision: requested ?? LATEST });
  const timeoutMs = requested === undefined ? Math.min(options.requestTimeoutMs, PROBE_TIMEOUT_MS) : undefined;
  const probeSentAt = performance.now();
  // A stateful server may leave the probe unanswered: it waits its own timeout, not the start bound.
  const found = await discover(session, { tag: requested === undefined ? ERA_PROBE_TAG : HANDSHAKE_TAG, timeoutMs, silenceIsAnswer: requested === undefined });
  // Unanswered while the server had sent nothing yet, or had started only late in the probe's
  // wait: its silence says little about server/discover (a cold start's first handler runs slowly).
  const startedAt = session.startMs;
  const probeOutlivedByStart = found.outcome.kind === 'timeout' && (startedAt === undefined || startedAt > found.outcome.ms / 2);
  const discoverVersions = requested === undefined ? statefulOnly(found.outcome) : undefined;
  const modern = found.outcome.kind === 'result' && !discoverVersions;
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
  if (found.outcome.kind === 'timeout' && !legacy.closed) {
    const lateWaitMs = probeOutlivedByStart && legacy === session ? options.requestTimeoutMs + PROBE_TIMEOUT_MS : 0;
    const modernAfterAll = await discoverAfterSlowStart(legacy, target, options, { id: found.outcome.id, lateWaitMs }, stateful.handshake, performance.now() - probeSentAt);
    if (modernAfterAll) return modernAfterAll;
  }
  return { ...stateful, stateless: false, ...(discoverVersions ? { discoverVersions } : {}) };
}

/**
 * The versions a discover result lists when it is a valid list naming no stateless revision we
 * speak; undefined otherwise (a missing or malformed list is judged by the checks, as a 2026-07-28 server's).
 */
function statefulOnly(outcome: Outcome): string[] | undefined {
  if (outcome.kind !== 'result') return undefined;
  const listed = outcome.result.supportedVersions;
  if (!Array.isArray(listed) || listed.length === 0 || !listed.every((v): v is string => typeof v === 'string')) return undefined;
  // Kept for the report, bounded: the list is the server's.
  return listed.some((v) => isRevision(v) && isStateless(v)) ? undefined : listed.slice(0, MAX_LISTED).map((v) => v.slice(0, 100));
}

/**
 * The probe's wait includes a stdio server's start-up. A 2026-07-28 server that started more
 * slowly refuses initialize naming 2026-07-28 (asked again on the same connection), or, dual-era,
 * answers the probe late and accepts initialize too (asked again on a fresh connection, allowing
 * the start-up just seen): either way it is tested as the 2026-07-28 server it is. A probe that
 * timed out before the server's first output may still be answered after initialize (a server
 * handling requests side by side, its discover handler slower on a cold start): `probe.lateWaitMs`
 * waits that long for its answer.
 */
async function discoverAfterSlowStart(legacy: Session, target: TargetSpec, options: SessionOptions, probe: { id: RequestId; lateWaitMs: number }, refusal: Outcome, sinceProbeMs: number): Promise<MainSession | undefined> {
  let session: Session;
  let timeoutMs: number | undefined;
  if (offersStatelessOnly(refusal)) {
    session = legacy;
    session.prepareHandshake(LATEST);
  } else if (await answeredLate(legacy, probe.id, probe.lateWaitMs)) {
    session = await openSession(target, { ...options, revision: LATEST });
    timeoutMs = options.requestTimeoutMs + Math.round(sinceProbeMs);
  } else {
    return undefined;
  }
  const again = await discover(session, { tag: HANDSHAKE_TAG, timeoutMs });
  if (again.outcome.kind !== 'result') {
    if (session !== legacy) await session.close();
    else session.prepareHandshake(LATEST_STATEFUL);
    return undefined;
  }
  if (session === legacy) {
    for (let i = legacy.findings.length - 1; i >= 0; i--) if (legacy.findings[i]!.tag === HANDSHAKE_TAG) legacy.findings.splice(i, 1);
  } else {
    await legacy.close();
  }
  return { session, era: 'stateless', revision: LATEST, handshake: again.outcome, capabilities: again.capabilities ?? {}, stateless: true };
}

/** Did a result for this request arrive after we stopped waiting for it (or does one within `waitMs`)? */
async function answeredLate(session: Session, id: RequestId, waitMs: number): Promise<boolean> {
  const answers = (r: Received) => typeof r.message === 'object' && r.message !== null && (r.message as { id?: unknown }).id === id;
  const answer = session.received.find(answers) ?? (waitMs > 0 ? await session.waitFor(answers, waitMs) : undefined);
  return answer !== undefined && 'result' in (answer.message as object);
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
