// The proof of each check in suites/resources.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'resources/list': { fault: 'resource-missing-name', expect: 'fail', stateless: 'same' },
  'resources/read-contents': { fault: 'resource-text-and-blob', expect: 'fail', stateless: 'same' },
  'resources/blob-base64': { fault: 'resource-bad-base64', expect: 'fail', stateless: 'same' },
  'resources/listed-readable': { fault: 'listed-resource-unreadable', expect: 'warn', stateless: 'same' },
  'resources/templates-list': { fault: 'bad-uri-template', expect: 'fail', stateless: 'same' },
  'resources/unknown-uri': { fault: 'unknown-resource-ok', expect: 'warn' },
  'resources/subscribe': { fault: 'subscribe-not-implemented', expect: 'fail' },
  'resources/subscription-updates': { fault: 'resource-update-wrong-uri', expect: 'warn' },
  'resources/hostile-uris': { fault: 'resource-traversal-served', expect: 'fail', stateless: 'same' },
  'resources/annotations': { fault: 'resource-bad-last-modified', expect: 'fail', stateless: 'same' },
  'resources/template-mime-type': { fault: 'template-mime-mismatch', expect: 'warn', stateless: 'same' },
} satisfies AreaProofs;
