// The proof of each check in suites/tools.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'tools/list': { fault: 'tool-bad-input-schema', expect: 'fail', stateless: 'same' },
  'tools/names': { fault: 'duplicate-tool-names', expect: 'warn', stateless: 'same' },
  'tools/schemas-compile': { fault: 'tool-invalid-json-schema', expect: 'fail', stateless: 'same' },
  'tools/call-result': { fault: 'tool-result-rejected', expect: 'fail', stateless: 'same' },
  'tools/binary-content': { fault: 'bad-base64', expect: 'fail', stateless: 'same' },
  'tools/structured-content': { fault: 'structured-content-mismatch', expect: 'fail', stateless: 'same' },
  'tools/structured-content-text': { fault: 'structured-content-no-text', expect: 'warn', stateless: 'same' },
  'tools/unknown-tool': { fault: 'unknown-tool-ok', expect: 'warn', stateless: 'same' },
  'tools/malformed-call': { fault: 'accept-invalid-params', expect: 'warn', stateless: 'same' },
  'tools/invalid-arguments': { fault: 'invalid-args-accepted', expect: 'warn', stateless: 'same' },
  'tools/arguments-optional': { fault: 'require-arguments', expect: 'warn', stateless: 'same' },
  'tools/embedded-resources-declared': { fault: 'embedded-resource-undeclared', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
