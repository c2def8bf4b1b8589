// The proof of each check in suites/lifecycle.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'lifecycle/initialize-result': { fault: 'init-missing-server-info', expect: 'fail' },
  'lifecycle/capabilities-shape': { fault: 'capabilities-not-object', expect: 'fail', stateless: 'same' },
  'lifecycle/server-info': { fault: 'init-missing-server-info', expect: 'fail' },
  'lifecycle/version-echo': { fault: 'wrong-version', expect: 'fail' },
  'lifecycle/unsupported-version': { fault: 'echo-unsupported-version', expect: 'fail' },
  'lifecycle/counter-offer-newest': { fault: 'counter-offer-oldest', expect: 'warn' },
  'lifecycle/initialized-not-answered': { fault: 'answer-initialized', expect: 'fail' },
  'lifecycle/ping': { fault: 'null-result', expect: 'fail' },
  'lifecycle/ping-before-initialized': { fault: 'no-ping-before-init', expect: 'warn' },
  'lifecycle/request-before-initialize': { fault: 'tools-before-init-ok', expect: 'warn' },
  'lifecycle/no-requests-before-initialized': { fault: 'request-before-initialized', expect: 'warn' },
  'lifecycle/stdin-close-exit': { fault: 'ignore-stdin-close', expect: 'warn', stateless: 'same' },
  'lifecycle/ping-params-forms': { fault: 'ping-rejects-params', expect: 'warn' },
} satisfies AreaProofs;
