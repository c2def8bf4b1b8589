// The proof of each check in suites/http.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';
import { JSON_HAS_NO_EVENTS } from './reasons.js';

export const proofs = {
  'http/post-notification-202': { fault: 'http-notification-200', expect: 'fail', transport: 'http', stateless: 'same' },
  'http/request-reply-media-type': { fault: 'http-wrong-content-type', expect: 'fail', transport: 'http', stateless: 'same' },
  'http/session-id-visible-ascii': { fault: 'http-session-id-not-visible', expect: 'fail', transport: 'http' },
  'http/session-id-required': { fault: 'http-session-not-required', expect: 'warn', transport: 'http' },
  'http/ended-session-404': { fault: 'http-delete-ignored', expect: 'fail', transport: 'http' },
  'http/protocol-version-header': { fault: 'http-ignore-protocol-header', expect: 'fail', transport: 'http' },
  'http/foreign-origin-rejected': { fault: 'http-no-origin-check', expect: 'fail', transport: 'http', stateless: 'same' },
  'http/accept-both-media-types': { fault: 'http-no-406', expect: 'warn', transport: 'http', stateless: 'same' },
  'http/get-stream-or-405': { fault: 'http-get-not-sse', expect: 'fail', transport: 'http' },
  'http/no-responses-on-get-stream': { fault: 'http-responses-on-get', expect: 'fail', transport: 'http' },
  'http/sse-reply-events': { fault: 'http-sse-junk-event', expect: 'fail', transport: 'http', sse: true, stateless: 'same', exempt: { 'http-json': JSON_HAS_NO_EVENTS } },
  'http/sse-priming-event': { fault: 'http-no-priming', expect: 'warn', transport: 'http', sse: true },
  'http/initialize-without-headers': { fault: 'http-one-session', expect: 'warn', transport: 'http' },
  'http/sse-stream-ends-after-response': { fault: 'http-sse-stream-left-open', expect: 'warn', transport: 'http', sse: true, stateless: 'same', exempt: { 'http-json': JSON_HAS_NO_EVENTS } },
  'http/sse-event-ids-unique': { fault: 'http-event-ids-reused', expect: 'fail', transport: 'http', sse: true },
  'http/sse-resumption': { fault: 'http-replay-other-calls', expect: 'fail', transport: 'http', sse: true },
  'http/related-messages-on-request-stream': { fault: 'http-progress-on-get', expect: 'warn', transport: 'http', sse: true },
  'http/sse-event-ids-whole-run': { fault: 'http-event-ids-per-stream', expect: 'fail', transport: 'http', sse: true },
} satisfies AreaProofs;
