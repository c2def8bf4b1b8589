// The proof of each check in suites/stdio.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'stdio/newline-delimited': { fault: 'pretty-json', expect: 'fail', stateless: 'same' },
  'stdio/utf8': { fault: 'invalid-utf8', expect: 'fail', stateless: 'same' },
  'stdio/framing-robust': { fault: 'no-line-buffering', expect: 'warn', stateless: 'same' },
  'stdio/invalid-json-survived': { fault: 'crash-on-invalid-json', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
