// Does the server answer anything once the handshake is done? A server that answered initialize
// and then nothing at all would make every check that has not started yet wait out its own
// timeouts one after another (the disposable session's turns, fuzz restarts): over two minutes
// with the default 5 s timeout. Two requests on the main session decide it: ping, and a method
// no server has (an error answer counts). Only when neither is answered is the server silent.
import { HANDSHAKE_TAG } from '../checks/index.js';
import { absence, livenessRequest, type Outcome, type Session } from '../session/index.js';

const UNKNOWN_METHOD = 'mcp-conform/liveness';

/** Why later checks would only wait (the server answered nothing within the timeout), or undefined. */
export async function silenceAfterHandshake(session: Session, timeoutMs: number): Promise<string | undefined> {
  const live = livenessRequest(session.revision);
  const outcomes = await Promise.all([
    session.request(live.method, live.params, { timeoutMs, tag: HANDSHAKE_TAG }),
    session.request(UNKNOWN_METHOD, {}, { timeoutMs, tag: HANDSHAKE_TAG }),
  ]);
  if (outcomes.some((o) => o.kind === 'result' || o.kind === 'error')) return undefined;
  // A closed session is a crash: the runner reopens the main session and the checks judge it.
  if (outcomes.some((o) => o.kind !== 'timeout')) return undefined;
  const [ping] = outcomes;
  const silence = absence(`no response within ${timeoutMs} ms`, ping.kind === 'timeout' ? ping.carried : undefined);
  return `the server answered no request after the handshake (${live.method} and an unknown method: ${silence}), so this check would only wait out its timeouts`;
}
