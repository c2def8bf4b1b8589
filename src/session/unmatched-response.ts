// A response whose id names none of our requests (RPC-2): which request of ours it answers, and
// the finding that shows that request beside it. Over HTTP a POST's body answers the request
// that POST carried, whatever id it names; elsewhere the requests in flight then are all we know,
// and the only one in flight is taken as the one answered (a server answers what it was asked).
import type { Evidence } from './evidence.js';
import type { RequestId } from './types.js';

/** One of our requests, as the session keeps it. */
export interface OurRequest {
  id: RequestId;
  method: string;
  params?: unknown;
  tag?: string;
  /** When it was sent (session clock), if known. */
  sentNow?: number;
}

export interface UnmatchedResponse {
  /** The request it answers, when that is known (HTTP) or all but certain (the only one in flight). */
  answers?: OurRequest;
  message: string;
  /** Our requests it may answer, as sent (the response itself is not among them). */
  evidence: Evidence[];
}

/** Requests in flight named in the message. */
const MAX_NAMED = 3;

const label = (r: OurRequest) => `${r.method || 'a request without a method'} (id ${JSON.stringify(r.id)})`;

const sentEvidence = (r: OurRequest, at: number): Evidence => ({
  type: 'message',
  direction: 'sent',
  at: r.sentNow ?? at,
  message: r.params === undefined ? { jsonrpc: '2.0', id: r.id, method: r.method } : { jsonrpc: '2.0', id: r.id, method: r.method, params: r.params },
});

/**
 * What to say of a response with id `id` that matched no request, arrived at `at`: `carrier` is
 * the request whose HTTP exchange brought it, `inFlight` our requests still waiting then (oldest first).
 */
export function unmatchedResponse(id: unknown, at: number, carrier: OurRequest | undefined, inFlight: readonly OurRequest[]): UnmatchedResponse {
  const named = `id ${JSON.stringify(id)}`;
  if (carrier) {
    return {
      answers: carrier,
      message: `the response to ${label(carrier)}, in the body of the POST that carried it, names ${named} instead`,
      evidence: [sentEvidence(carrier, at)],
    };
  }
  if (inFlight.length === 0) {
    return { message: `a response to ${named}, which none of our requests carried; none of ours was in flight on this connection then`, evidence: [] };
  }
  if (inFlight.length === 1) {
    const only = inFlight[0];
    return {
      answers: only,
      message: `a response to ${named}, which none of our requests carried; probably the answer to ${label(only)}, the only request of ours in flight then`,
      evidence: [sentEvidence(only, at)],
    };
  }
  const shown = inFlight.slice(0, MAX_NAMED);
  const more = inFlight.length > MAX_NAMED ? `, and ${inFlight.length - MAX_NAMED} more` : '';
  return {
    message: `a response to ${named}, which none of our requests carried; in flight on this connection then: ${shown.map(label).join(', ')}${more}`,
    // Two requests at most: a report's short transcript shows three lines, the response among them.
    evidence: inFlight.slice(0, 2).map((r) => sentEvidence(r, at)),
  };
}
