// The liveness request of a revision: ping in the stateful revisions, server/discover in
// 2026-07-28, which has no ping (catalog harness rule 2).
import { isStateless, type Revision } from '../schema/index.js';

export interface LivenessRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** ping, or server/discover in 2026-07-28 (its per-request _meta is added when sent through a session). */
export function livenessRequest(revision: Revision): LivenessRequest {
  return isStateless(revision) ? { method: 'server/discover' } : { method: 'ping' };
}
