// The proof of each check in suites/capabilities.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'capabilities/declared-features-work': { fault: 'subscribe-not-implemented', expect: 'warn' },
  'capabilities/undeclared-rejected': { fault: 'prompts-undeclared', expect: 'warn', stateless: 'same' },
  'capabilities/offered-features-declared': { fault: 'prompts-undeclared', expect: 'fail', stateless: 'same' },
  'capabilities/list-changed-declared-whole-run': { fault: 'list-changed-undeclared', expect: 'warn' },
  'capabilities/client-capabilities-respected': { fault: 'request-undeclared-capability', expect: 'fail' },
  'capabilities/task-member-ignored': { fault: 'task-requests-undeclared', expect: 'fail' },
} satisfies AreaProofs;
