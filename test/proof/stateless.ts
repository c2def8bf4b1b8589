// The proof of each check in suites/stateless.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'stateless/discover-result': { fault: 'discover-no-cache-fields', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/server-info-meta': { fault: 'no-server-info-meta', expect: 'warn', era: 'stateless', stateless: 'same' },
  'stateless/request-meta-required': { fault: 'missing-meta-accepted', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/unsupported-version': { fault: 'unsupported-version-wrong-code', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/capabilities-per-request': { fault: 'capabilities-leak', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/missing-capability-error': { fault: 'missing-capability-wrong-code', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/cache-fields': { fault: 'cache-scope-varies', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/missing-resource-invalid-params': { fault: 'missing-resource-32002', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/list-stability': { fault: 'list-varies', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/initialize-error-names-versions': { fault: 'initialize-error-no-versions', expect: 'warn', era: 'stateless', stateless: 'same' },
  'stateless/result-type-whole-run': { fault: 'no-result-type', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/input-required-methods-whole-run': { fault: 'input-required-on-list', expect: 'fail', era: 'stateless', stateless: 'same' },
  'stateless/error-codes-whole-run': { fault: 'reserved-error-code', expect: 'fail', era: 'stateless', stateless: 'same' },
} satisfies AreaProofs;
