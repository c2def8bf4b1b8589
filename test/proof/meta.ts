// The proof of each check in suites/meta.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'meta/key-names': { fault: 'meta-bad-key', expect: 'fail', stateless: 'same' },
  'meta/unknown-keys-accepted': { fault: 'reject-unknown-params', expect: 'warn' },
  'meta/icons': { fault: 'icon-bad-sizes', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
