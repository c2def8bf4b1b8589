// The proof of each check in suites/errors.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'errors/parse-error': { fault: 'no-parse-error', expect: 'fail', stateless: 'same' },
  'errors/invalid-request': { fault: 'drop-invalid-requests', expect: 'fail', stateless: 'same' },
  'errors/method-not-found': { fault: 'wrong-error-codes', expect: 'fail', stateless: 'same' },
  'errors/invalid-params': { fault: 'accept-invalid-params', expect: 'warn', stateless: 'same' },
  'errors/error-object': { fault: 'error-code-string', expect: 'fail', stateless: 'same' },
  'errors/optional-params-accepted': { fault: 'reject-unknown-params', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
