// The proof of each check in suites/mrtr.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'mrtr/input-required-shape': { fault: 'input-required-empty', expect: 'fail', era: 'stateless', stateless: 'same' },
  'mrtr/declared-capabilities-only': {
    fault: 'input-request-undeclared',
    expect: 'fail',
    era: 'stateless',
    stateless: [
      { fault: 'input-request-undeclared', expect: 'fail' },
      { fault: 'input-request-url-for-form', expect: 'fail' },
    ],
  },
  'mrtr/request-state-tampered': { fault: 'request-state-unverified', expect: 'fail', era: 'stateless', stateless: 'same' },
  'mrtr/retry-without-responses': { fault: 'retry-missing-responses-error', expect: 'warn', era: 'stateless', stateless: 'same' },
  'mrtr/refused-input-ends-request': {
    fault: 'exit-after-elicitation-decline',
    expect: 'fail',
    era: 'stateless',
    stateless: [
      { fault: 'exit-after-elicitation-decline', expect: 'fail' },
      { fault: 'elicitation-refusal-hang', expect: 'fail' },
    ],
  },
  'mrtr/invalid-content-not-accepted': { fault: 'elicitation-content-unchecked', expect: 'warn', era: 'stateless', stateless: 'same' },
  'mrtr/no-server-requests-whole-run': { fault: 'server-request', expect: 'fail', era: 'stateless', stateless: 'same' },
} satisfies AreaProofs;
