// What the server answers once the handshake is done, asked once per run on the main session:
// ping, and a method no server has (an error answer counts).
//
// - Silence: a server that answered initialize and then nothing at all would make every check
//   that has not started yet wait out its own timeouts one after another (the disposable
//   session's turns, fuzz restarts): over two minutes with the default 5 s timeout. Only when
//   neither request is answered is the server silent.
// - The run's liveness request: ping when ping gets a result. A server that refuses ping (or
//   leaves it unanswered while answering the unknown method) still serves; then the cheapest
//   list request of a declared capability that gets a result stands in for ping in every "still
//   alive?" probe of the run, so the refusal is lifecycle/ping's finding alone.
import { HANDSHAKE_TAG } from '../checks/index.js';
import { isStateless } from '../schema/index.js';
import { absence, answered, cheapestServed, livenessCandidates, type LivenessRequest, type Outcome, type Session } from '../session/index.js';

const UNKNOWN_METHOD = 'mcp-conform/liveness';

export interface AfterHandshake {
  /** Why later checks would only wait (the server answered nothing within the timeout), or undefined. */
  silence: Promise<string | undefined>;
  /** The stand-in for ping, once known: undefined when ping itself serves (or nothing does). */
  liveness: Promise<LivenessRequest | undefined>;
}

/** Sends the probes on the main session (right after its handshake); `capabilities`: what the server declared. */
export function probeAfterHandshake(session: Session, capabilities: Record<string, unknown>, timeoutMs: number): AfterHandshake {
  const live = session.liveness;
  const ping = session.request(live.method, live.params, { timeoutMs, tag: HANDSHAKE_TAG });
  const unknown = session.request(UNKNOWN_METHOD, {}, { timeoutMs, tag: HANDSHAKE_TAG });
  const silence = Promise.all([ping, unknown]).then(([p, u]) => silenceOf(live.method, p, u, timeoutMs));
  const liveness = ping.then(async (p) => {
    // 2026-07-28 has no ping: server/discover is the handshake and the probe alike.
    if (isStateless(session.revision)) return undefined;
    if (p.kind === 'result' || p.kind === 'closed' || p.kind === 'http-error') return undefined;
    // A timeout counts as a refusal only when the server answered the unknown method meanwhile.
    if (p.kind === 'timeout' && !answered(await unknown)) return undefined;
    return standIn(session, capabilities, timeoutMs);
  });
  return { silence, liveness };
}

/** The cheapest declared list request the server answers with a result, asked all at once. */
async function standIn(session: Session, capabilities: Record<string, unknown>, timeoutMs: number): Promise<LivenessRequest | undefined> {
  const candidates = livenessCandidates(capabilities);
  const tried = await Promise.all(candidates.map(async (request) => ({ request, outcome: await session.request(request.method, request.params, { timeoutMs, tag: HANDSHAKE_TAG }) })));
  return cheapestServed(tried);
}

function silenceOf(method: string, ping: Outcome, unknown: Outcome, timeoutMs: number): string | undefined {
  if (answered(ping) || answered(unknown)) return undefined;
  // A closed session is a crash: the runner reopens the main session and the checks judge it.
  if (ping.kind !== 'timeout' || unknown.kind !== 'timeout') return undefined;
  const nothing = absence(`no response within ${timeoutMs} ms`, ping.carried);
  return `the server answered no request after the handshake (${method} and an unknown method: ${nothing}), so this check would only wait out its timeouts`;
}
