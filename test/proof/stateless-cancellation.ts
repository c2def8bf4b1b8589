// The proof of each check in suites/stateless-cancellation.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'cancellation/stdio-nothing-after-cancel': { fault: 'cancelled-still-answers', expect: 'fail', era: 'stateless', stateless: 'same' },
} satisfies AreaProofs;
