// The proof of each check in suites/logging.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'logging/set-level': { fault: 'setlevel-rejects-rare-levels', expect: 'fail' },
  'logging/invalid-level': { fault: 'setlevel-invalid-ok', expect: 'warn' },
  'logging/level-filter': { fault: 'log-below-level', expect: 'warn' },
} satisfies AreaProofs;
