// The proof of each check in suites/pagination.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'pagination/walk-ends': { fault: 'pagination-loop', expect: 'warn', stateless: 'same' },
  'pagination/unique-items': { fault: 'pagination-duplicates', expect: 'warn', stateless: 'same' },
  'pagination/next-cursor': { fault: 'null-next-cursor', expect: 'fail', stateless: 'same' },
  'pagination/cursor-stable': { fault: 'unstable-cursor', expect: 'warn', stateless: 'same' },
  'pagination/invalid-cursor': { fault: 'invalid-cursor-accepted', expect: 'warn', stateless: 'same' },
  'pagination/foreign-cursor': { fault: 'wrong-error-codes', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
