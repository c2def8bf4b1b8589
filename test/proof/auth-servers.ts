// The proof of each check in suites/auth-servers.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'auth/as-metadata-or-defaults': { fault: 'auth-no-as-metadata', expect: 'fail', transport: 'http', auth: true, protocolVersion: '2025-03-26' },
  'auth/as-metadata': { fault: 'auth-as-no-pkce', expect: 'info', transport: 'http', auth: true, stateless: 'same' },
} satisfies AreaProofs;
