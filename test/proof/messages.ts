// The proof of each check in suites/messages.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'messages/all-server-messages': { fault: 'bad-jsonrpc-version', expect: 'fail', stateless: 'same' },
  'stdio/stdout-only-jsonrpc-whole-run': { fault: 'stdout-banner', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
