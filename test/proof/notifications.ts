// The proof of each check in suites/notifications.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'notifications/not-answered': { fault: 'answer-notifications', expect: 'fail', stateless: 'same' },
  'notifications/server-notifications': { fault: 'notification-with-id', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
