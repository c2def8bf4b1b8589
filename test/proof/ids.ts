// The proof of each check in suites/ids.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'ids/echo-exact': { fault: 'string-ids', expect: 'fail', stateless: 'same' },
  'ids/concurrent-correlation': { fault: 'swap-ids', expect: 'fail', stateless: 'same' },
  'ids/result-or-error': { fault: 'result-and-error', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
