// The proof of each check in suites/fuzz.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'fuzz/malformed-messages': { fault: 'crash-on-invalid-json', expect: 'fail', stateless: [{ fault: 'missing-meta-accepted', expect: 'fail', wires: ['stdio', 'http-sse'] }, { fault: 'header-mismatch-accepted', expect: 'fail', wires: ['http-json'] }] },
  'fuzz/valid-requests': { fault: 'duplicate-response', expect: 'fail', stateless: { fault: 'string-ids', expect: 'fail' } },
  'fuzz/tool-arguments': { fault: 'crash-on-nul-argument', expect: 'fail', stateless: { fault: 'crash-on-non-ascii-argument', expect: 'fail' } },
} satisfies AreaProofs;
