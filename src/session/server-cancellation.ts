// What a server's own notifications/cancelled may name (stateful revisions): only a request the
// server itself sent on this session (CANCEL-6), always by requestId (CANCEL-7, 2025-11-25: the
// member is optional in the schema only because tasks are cancelled with tasks/cancel instead).
import { isStateless, type Revision } from '../schema/index.js';

export interface CancellationProblem {
  requirement: 'CANCEL-6' | 'CANCEL-7';
  message: string;
}

/** The problem with a server-sent cancellation, given the ids of the server's own requests (keyed by keyOf). */
export function serverCancellationProblem(
  params: unknown,
  revision: Revision,
  ownRequest: (id: unknown) => boolean,
): CancellationProblem | undefined {
  // 2026-07-28 has its own rule for stray cancellations (S26-32, suites/stateless-cancellation.ts).
  if (isStateless(revision)) return undefined;
  const requestId = typeof params === 'object' && params !== null ? (params as Record<string, unknown>).requestId : undefined;
  if (requestId === undefined) {
    return { requirement: 'CANCEL-7', message: 'the server sent notifications/cancelled without a requestId; a request is cancelled by its id (tasks by tasks/cancel)' };
  }
  if (ownRequest(requestId)) return undefined;
  return {
    requirement: 'CANCEL-6',
    message: `the server sent notifications/cancelled for request ${JSON.stringify(requestId)}, which is not a request the server sent on this session (a server cancels only its own requests)`,
  };
}
