// The liveness request: what we send to ask "does the server still serve?". By default ping in
// the stateful revisions and server/discover in 2026-07-28, which has no ping (catalog harness
// rule 2). A server that refuses ping (-32601) still serves: the runner then picks, once per run,
// a cheap request it answered with a result (pickLiveness), so a refused ping is one finding
// (lifecycle/ping) and not every probe's.
import { isStateless, type Revision } from '../schema/index.js';
import type { Outcome } from './types.js';

export interface LivenessRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** The revision's default: ping, or server/discover in 2026-07-28 (its per-request _meta is added when sent through a session). */
export function livenessRequest(revision: Revision): LivenessRequest {
  return isStateless(revision) ? { method: 'server/discover' } : { method: 'ping' };
}

/** The list request of each capability, side-effect free and answered with a result by a server that declares it. */
const LISTS: ReadonlyArray<readonly [capability: string, method: string]> = [
  ['prompts', 'prompts/list'],
  ['resources', 'resources/templates/list'],
  ['resources', 'resources/list'],
  ['tools', 'tools/list'],
];

/** Stand-ins for ping: the list requests of the capabilities the server declared. */
export function livenessCandidates(capabilities: Record<string, unknown>): LivenessRequest[] {
  return LISTS.filter(([capability]) => typeof capabilities[capability] === 'object' && capabilities[capability] !== null).map(([, method]) => ({ method }));
}

/**
 * The cheapest request the server answered with a result: the one whose answer was smallest on
 * the wire (a list's first page may be large). Undefined when none was.
 */
export function cheapestServed(tried: ReadonlyArray<{ request: LivenessRequest; outcome: Outcome }>): LivenessRequest | undefined {
  const served = tried.filter((t) => t.outcome.kind === 'result');
  const size = (o: Outcome) => (o.kind === 'result' ? JSON.stringify(o.message).length : Infinity);
  return served.sort((a, b) => size(a.outcome) - size(b.outcome))[0]?.request;
}

/** Any answer, a result or an error, shows the server is alive and reading (a "still alive?" question). */
export function answered(o: Outcome): boolean {
  return o.kind === 'result' || o.kind === 'error';
}
