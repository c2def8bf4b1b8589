// The proof of each check in suites/sse.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'sse/endpoint-event-first': { fault: 'sse-endpoint-not-first', expect: 'fail', transport: 'sse' },
  'sse/answers-on-stream': { fault: 'sse-response-in-post-body', expect: 'warn', transport: 'sse' },
  'sse/foreign-origin-rejected': { fault: 'http-no-origin-check', expect: 'fail', transport: 'sse' },
} satisfies AreaProofs;
