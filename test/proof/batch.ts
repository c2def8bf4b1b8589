// The proof of each check in suites/batch.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'batch/answered': { fault: 'batch-rejected', expect: 'fail', protocolVersion: '2025-03-26' },
  'batch/notifications-only': { fault: 'batch-rejected', expect: 'fail', protocolVersion: '2025-03-26' },
  'batch/empty-and-invalid': { fault: 'empty-batch-no-reply', expect: 'fail', protocolVersion: '2025-03-26' },
  'batch/not-accepted': { fault: 'batch-accepted', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
