// The proof of each check in suites/progress.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'progress/token-echo': { fault: 'progress-wrong-token', expect: 'fail', stateless: 'same' },
  'progress/increasing': { fault: 'progress-decreasing', expect: 'fail', stateless: 'same' },
  'progress/stops-after-response': { fault: 'progress-after-response', expect: 'fail', stateless: 'same' },
  'progress/no-token': { fault: 'progress-without-token', expect: 'fail', stateless: 'same' },
  'progress/message-text': { fault: 'progress-empty-message', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
