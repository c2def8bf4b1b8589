// The proof of each check in suites/client-requests.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'client-requests/sampling-request-shape': { fault: 'sampling-bad-request', expect: 'fail' },
  'client-requests/sampling-tools-declared': { fault: 'sampling-tools-undeclared', expect: 'fail' },
  'client-requests/sampling-include-context': { fault: 'sampling-include-context', expect: 'warn' },
  'client-requests/no-task-undeclared': { fault: 'sampling-task-undeclared', expect: 'warn' },
  'client-requests/sampling-error-survived': { fault: 'hang-after-sampling-error', expect: 'fail' },
  'client-requests/sampling-malformed-result': { fault: 'sampling-result-unchecked', expect: 'warn' },
  'client-requests/elicitation-request-shape': { fault: 'elicitation-nested-schema', expect: 'fail' },
  'client-requests/elicitation-modes-declared': { fault: 'elicitation-url-undeclared', expect: 'fail' },
  'client-requests/elicitation-url-mode': { fault: 'elicitation-url-invalid', expect: 'fail' },
  'client-requests/elicitation-refusal-survived': { fault: 'exit-after-elicitation-decline', expect: 'fail' },
  'client-requests/elicitation-content-checked': { fault: 'elicitation-content-unchecked', expect: 'warn' },
  'client-requests/roots-request-shape': { fault: 'roots-request-params', expect: 'fail' },
  'client-requests/roots-list-changed': { fault: 'roots-list-changed-ignored', expect: 'warn' },
  'client-requests/roots-error-survived': { fault: 'roots-error-crash', expect: 'fail' },
} satisfies AreaProofs;
