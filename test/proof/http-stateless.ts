// The proof of each check in suites/http-stateless.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';
import { JSON_HAS_NO_EVENTS } from './reasons.js';

export const proofs = {
  'http-stateless/routing-headers-validated': { fault: 'header-mismatch-accepted', expect: 'fail', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/version-header-required': { fault: 'header-mismatch-accepted', expect: 'fail', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/unknown-method-404': { fault: 'unknown-method-200', expect: 'fail', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/param-headers-validated': { fault: 'param-header-unchecked', expect: 'fail', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/x-mcp-header-valid': { fault: 'bad-x-mcp-header', expect: 'fail', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/no-sessions': { fault: 'get-allowed', expect: 'warn', era: 'stateless', transport: 'http', stateless: 'same' },
  'http-stateless/response-streams': { fault: 'server-request', expect: 'fail', era: 'stateless', transport: 'http', sse: true, stateless: 'same', exempt: { 'http-json': JSON_HAS_NO_EVENTS } },
  'http-stateless/sse-accel-buffering': { fault: 'no-accel-buffering', expect: 'warn', era: 'stateless', transport: 'http', sse: true, stateless: 'same', exempt: { 'http-json': JSON_HAS_NO_EVENTS } },
} satisfies AreaProofs;
