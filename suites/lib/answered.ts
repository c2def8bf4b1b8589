// Words for how a request ended that never call a transport event an answer: a timeout, a
// closed connection or an HTTP status without a JSON-RPC body is what happened instead of one.
import { describeOutcome } from '../../src/checks/index.js';
import type { Outcome } from '../../src/session/index.js';

/** The server answered: a JSON-RPC result or error. */
export function isAnswer(o: Outcome): o is Extract<Outcome, { kind: 'result' | 'error' }> {
  return o.kind === 'result' || o.kind === 'error';
}

/**
 * What happened to a request, as a verb phrase after its description: "answered error -32602 …",
 * "got no answer: the connection closed (…)", "was refused with HTTP 400 … (no JSON-RPC answer)".
 */
export function whatHappened(o: Outcome): string {
  switch (o.kind) {
    case 'result':
    case 'error':
      return `answered ${describeOutcome(o)}`;
    case 'http-error':
      return `was refused with ${describeOutcome(o)} (no JSON-RPC answer)`;
    case 'closed':
      return `got no answer: the connection closed (${o.reason})`;
    case 'timeout':
      return `got ${describeOutcome(o)}`;
  }
}
