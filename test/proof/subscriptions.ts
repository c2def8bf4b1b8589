// The proof of each check in suites/subscriptions.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'subscriptions/acknowledged-first': { fault: 'listen-no-ack', expect: 'fail', era: 'stateless', stateless: 'same' },
  'subscriptions/only-requested': { fault: 'listen-unrequested', expect: 'fail', era: 'stateless', stateless: 'same' },
  'subscriptions/notifications-tagged': { fault: 'listen-untagged', expect: 'fail', era: 'stateless', stateless: 'same' },
  'subscriptions/no-progress-on-listen': { fault: 'progress-on-listen', expect: 'fail', era: 'stateless', stateless: 'same' },
  'subscriptions/teardown-whole-run': { fault: 'stray-cancelled', expect: 'fail', era: 'stateless', stateless: 'same' },
} satisfies AreaProofs;
