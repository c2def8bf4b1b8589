// The proof of each check in suites/completion.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'completion/values': { fault: 'completion-too-many', expect: 'fail', stateless: 'same' },
  'completion/unknown-prompt': { fault: 'completion-unknown-ref-ok', expect: 'warn', stateless: 'same' },
  'completion/context-arguments': { fault: 'completion-context-rejected', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
