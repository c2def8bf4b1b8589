// The proof of each check in suites/auth.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';
import { NEEDS_CLIENT_CREDENTIALS } from './reasons.js';

export const proofs = {
  'auth/no-token-401': { fault: 'auth-optional', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/challenge-bearer': { fault: 'auth-basic-challenge', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/challenge-resource-metadata': { fault: 'auth-no-prm', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/challenge-scope': { fault: 'auth-challenge-no-scope', expect: 'warn', transport: 'http', auth: true, stateless: 'same' },
  'auth/challenge-error-codes': { fault: 'auth-error-without-credentials', expect: 'warn', transport: 'http', auth: true, stateless: 'same' },
  'auth/bad-tokens-refused': { fault: 'auth-accept-any-token', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/wrong-audience-refused': { fault: 'auth-accept-wrong-audience', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/insufficient-scope': { fault: 'auth-insufficient-scope-401', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/scopes-in-one-challenge': { fault: 'auth-scope-one-at-a-time', expect: 'warn', transport: 'http', auth: 'jwt', era: 'stateless', protocolVersion: '2026-07-28', exempt: { 'http-json': NEEDS_CLIENT_CREDENTIALS, 'http-sse': NEEDS_CLIENT_CREDENTIALS } },
  'auth/session-needs-token': { fault: 'auth-session-without-token', expect: 'fail', transport: 'http', auth: true },
  'auth/prm-document': { fault: 'auth-prm-no-authorization-servers', expect: 'fail', transport: 'http', auth: true, stateless: 'same' },
  'auth/prm-readable': { fault: 'auth-prm-requires-token', expect: 'warn', transport: 'http', auth: true, stateless: 'same' },
  'auth/prm-resource': { fault: 'auth-prm-wrong-resource', expect: 'warn', transport: 'http', auth: true, stateless: 'same' },
  'auth/no-offline-access': { fault: 'auth-offline-access', expect: 'warn', transport: 'http', auth: true, era: 'stateless', protocolVersion: '2026-07-28', stateless: 'same' },
  'auth/each-request-verified': { fault: 'auth-remember-principal', expect: 'fail', transport: 'http', auth: true, era: 'stateless', protocolVersion: '2026-07-28', stateless: 'same' },
} satisfies AreaProofs;
