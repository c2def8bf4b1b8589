// One un-initialized connection walked through two scenarios, observed by two checks, so they
// cost one server process: a request before any initialize (lifecycle/request-before-initialize),
// then (stdio) an initialize cancelled at once with a ping behind it (cancellation/initialize).
// When that initialize is answered anyway with the run's revision, we accept it and the
// connection becomes a spare like the unknown-version probes' (a fuzz campaign takes it).
import { describeOutcome, HANDSHAKE_TAG, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { CLIENT_INFO, type Evidence, type Outcome, type Session } from '../../src/session/index.js';
import { within } from './delay.js';
import { exchangeEvidence, exchangeOn } from './exchange.js';

const EARLY_REQUEST_CHECK = 'lifecycle/request-before-initialize';
const CANCEL_CHECK = 'cancellation/initialize';

export interface CancelledInitialize {
  /** What was sent and received, in order. */
  evidence: Evidence[];
  /** The initialize's own outcome, if it settled within the quiet period after the ping. */
  initialize?: Outcome;
  /** The ping sent right behind the cancellation. */
  ping: Outcome;
}

export interface PreInitialize {
  session: Session;
  /** The answer to tools/list sent before initialize. */
  early: Outcome;
  evidence: Evidence[];
  /** stdio only (over HTTP the cancellation cannot reach a session that does not exist yet). */
  cancelled?: CancelledInitialize;
  /** The connection, initialized, for another check to continue on (see the header). */
  spare?: Session;
}

export const preInitializeScenario = defineSharedScenario<PreInitialize>({ name: 'requests before initialize' });

export function preInitialize(ctx: CheckContext): Promise<PreInitialize> {
  return ctx.shared(preInitializeScenario, async () => {
    // Before the version probes: two checks wait on it, and its cancelled initialize waits a quiet period.
    const { session } = await ctx.connect({ initialize: false, forRun: true, startOrder: 'first' });
    // A server may leave it unanswered (info): it waits the start the run has seen, not the whole start bound.
    const x = await exchangeOn(session, 'tools/list', undefined, { tag: EARLY_REQUEST_CHECK, silenceIsAnswer: true });
    const walk: PreInitialize = { session, early: x.outcome, evidence: exchangeEvidence(x) };
    if (ctx.target.transport !== 'stdio' || session.closed) return walk;
    walk.cancelled = await cancelInitialize(session, ctx.revision, ctx.options.quietMs);
    const answered = walk.cancelled.initialize;
    const healthy = walk.cancelled.ping.kind === 'result' && !session.closed;
    if (healthy && answered?.kind === 'result' && answered.result.protocolVersion === ctx.facts.revision) {
      await session.notify('notifications/initialized').catch(() => undefined);
      walk.spare = session;
    }
    return walk;
  });
}

/** Sends initialize, cancels it at once (clients must not: CANCEL-5), and pings behind it. */
export async function cancelInitialize(session: Session, revision: string, quietMs: number): Promise<CancelledInitialize> {
  const evidence: Evidence[] = [];
  const id = session.allocateId();
  const params = { protocolVersion: revision, capabilities: {}, clientInfo: CLIENT_INFO };
  evidence.push({ type: 'message', direction: 'sent', at: session.now(), message: { jsonrpc: '2.0', id, method: 'initialize', params } });
  let initialize: Outcome | undefined;
  const answer = session.request('initialize', params, { id, tag: HANDSHAKE_TAG }).then((o) => (initialize = o));
  const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'mcp-conform: cancelling initialize' } };
  evidence.push({ type: 'message', direction: 'sent', at: session.now(), message: cancel });
  await session.sendMessage(cancel).catch(() => undefined);
  // A ping (allowed before initialized) behind the cancellation bounds the wait for the initialize answer.
  const ping = await exchangeOn(session, 'ping', undefined, { tag: CANCEL_CHECK });
  evidence.push(...exchangeEvidence(ping));
  await within(answer, quietMs);
  const o = initialize as Outcome | undefined;
  if (o) evidence.push(o.kind === 'result' || o.kind === 'error' ? { type: 'message', direction: 'received', at: session.now(), message: o.message } : { type: 'note', text: `initialize: ${describeOutcome(o)}` });
  return { evidence, initialize: o, ping: ping.outcome };
}
