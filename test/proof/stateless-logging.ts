// The proof of each check in suites/stateless-logging.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'logging/per-request-level': { fault: 'log-without-level', expect: 'fail', era: 'stateless', stateless: 'same' },
  'logging/unknown-request-level': { fault: 'log-level-invalid-accepted', expect: 'warn', era: 'stateless', stateless: 'same' },
} satisfies AreaProofs;
