// The proof of each check in suites/prompts.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'prompts/list': { fault: 'prompt-missing-name', expect: 'fail', stateless: 'same' },
  'prompts/get': { fault: 'prompt-bad-role', expect: 'fail', stateless: 'same' },
  'prompts/unknown-prompt': { fault: 'unknown-prompt-ok', expect: 'warn', stateless: 'same' },
  'prompts/missing-argument': { fault: 'prompt-missing-arg-ok', expect: 'warn', stateless: 'same' },
  'prompts/non-string-argument': { fault: 'prompt-non-string-accepted', expect: 'warn', stateless: 'same' },
  'prompts/content-blocks': { fault: 'prompt-image-bad-base64', expect: 'fail', stateless: 'same' },
} satisfies AreaProofs;
