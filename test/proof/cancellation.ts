// The proof of each check in suites/cancellation.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';
import { CANCEL_OVER_HTTP } from './reasons.js';

export const proofs = {
  'cancellation/in-flight': { fault: 'ignore-cancel', expect: 'warn', stateless: 'same', exempt: { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP } },
  'cancellation/unknown-ignored': { fault: 'answer-unknown-cancel', expect: 'warn', stateless: 'same', exempt: { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP } },
  'cancellation/after-response': { fault: 'answer-unknown-cancel', expect: 'fail', stateless: 'same', exempt: { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP } },
  // CANCEL-5: a server's handling of a cancelled initialize is left open; even exiting is only information.
  'cancellation/initialize': { fault: 'cancel-initialize-crash', expect: 'info' },
} satisfies AreaProofs;
