// Every client check, and the fixture client fault that must make it fail (or warn, for SHOULD
// and derived rules). The meta test fails when a check has no entry or a fault is never used.
import type { ClientTransport } from '../../src/client/record.js';
import type { ClientFault } from '../fixtures/client-faults.js';

export interface ClientFaultCase {
  fault: ClientFault;
  expect: 'fail' | 'warn';
  transport?: ClientTransport;
  /** The run's --protocol-version (default 2025-11-25): the 2026-07-28 checks need a 2026-07-28 run, the 2025-03-26 OAuth discovery a 2025-03-26 one. */
  protocolVersion?: string;
}

const MODERN = '2026-07-28' as const;

export const CLIENT_FAULT_TABLE: Record<string, ClientFaultCase> = {
  'client-lifecycle/initialize-first': { fault: 'initialize-not-first', expect: 'fail' },
  'client-lifecycle/initialize-params': { fault: 'initialize-no-client-info', expect: 'fail' },
  'client-lifecycle/initialized-sent': { fault: 'no-initialized', expect: 'fail' },
  'client-lifecycle/no-request-before-result': { fault: 'early-request', expect: 'warn' },
  'client-lifecycle/older-version': { fault: 'ignore-negotiated-version', expect: 'warn', transport: 'http' },
  'client-lifecycle/unsupported-version': { fault: 'accept-any-version', expect: 'warn' },
  'client-ping/answered': { fault: 'ping-unanswered', expect: 'fail' },
  'client-roots/list': { fault: 'roots-invalid', expect: 'fail' },
  'client-sampling/create-message': { fault: 'sampling-invalid', expect: 'fail' },
  'client-elicitation/create': { fault: 'elicitation-invalid', expect: 'fail' },
  'client-messages/schema-valid': { fault: 'invalid-message', expect: 'fail' },
  'client-ids/unique': { fault: 'reused-id', expect: 'fail' },
  'client-http/session-id': { fault: 'no-session-id', expect: 'fail', transport: 'http' },
  'client-http/protocol-version-header': { fault: 'no-protocol-version-header', expect: 'fail', transport: 'http' },
  'client-http/accept': { fault: 'accept-json-only', expect: 'fail', transport: 'http' },
  'client-http/reinitialize-after-404': { fault: 'no-reinitialize-after-404', expect: 'fail', transport: 'http' },
  'client-http/standalone-stream': { fault: 'get-stream-unanswered', expect: 'fail', transport: 'http' },
  'client-http/resume-last-event-id': { fault: 'resume-without-last-event-id', expect: 'warn', transport: 'http' },
  'client-http/resume-retry': { fault: 'resume-ignores-retry', expect: 'fail', transport: 'http' },
  'client-cancel/honoured': { fault: 'answers-cancelled', expect: 'warn' },
  'client-cancel/abandoned': { fault: 'abandons-silently', expect: 'warn' },
  'client-progress/unique-tokens': { fault: 'reused-progress-token', expect: 'fail' },
  'client-robustness/malformed-json': { fault: 'crash-on-malformed', expect: 'fail' },
  'client-robustness/unknown-id-response': { fault: 'crash-on-unknown-id', expect: 'fail' },
  'client-robustness/invalid-initialize-result': { fault: 'hang-on-invalid-initialize', expect: 'warn' },
  'client-robustness/fuzz': { fault: 'crash-on-non-object-params', expect: 'fail' },
  'client-auth/protected-resource-metadata': { fault: 'oauth-skip-prm', expect: 'fail', transport: 'http' },
  'client-auth/authorization-server-metadata': { fault: 'oauth-guess-endpoints', expect: 'fail', transport: 'http' },
  'client-auth/pkce-s256': { fault: 'oauth-pkce-plain', expect: 'fail', transport: 'http' },
  'client-auth/resource-parameter': { fault: 'oauth-no-resource', expect: 'fail', transport: 'http' },
  'client-auth/bearer-every-request': { fault: 'oauth-token-once', expect: 'fail', transport: 'http' },
  'client-auth/token-not-in-query': { fault: 'oauth-token-in-query', expect: 'fail', transport: 'http' },
  'client-auth/token-audience': { fault: 'oauth-token-to-as', expect: 'fail', transport: 'http' },
  'client-auth/challenged-scope': { fault: 'oauth-ignore-challenge-scope', expect: 'warn', transport: 'http' },
  'client-auth/scope-step-up': { fault: 'oauth-ignore-insufficient-scope', expect: 'warn', transport: 'http' },
  'client-auth/refresh-expired-token': { fault: 'oauth-no-refresh', expect: 'warn', transport: 'http' },
  'client-auth/issuer-mismatch': { fault: 'oauth-accept-wrong-issuer', expect: 'warn', transport: 'http' },
  'client-auth/resource-mismatch': { fault: 'oauth-accept-resource-mismatch', expect: 'warn', transport: 'http' },
  // The 2025-03-26 discovery: run with --protocol-version 2025-03-26.
  'client-auth/server-origin-metadata': { fault: 'oauth-2025-03-26-skip-metadata', expect: 'fail', transport: 'http', protocolVersion: '2025-03-26' },
  'client-auth/default-endpoints': { fault: 'oauth-2025-03-26-no-fallback', expect: 'fail', transport: 'http', protocolVersion: '2025-03-26' },
  'client-auth/dynamic-registration': { fault: 'oauth-2025-03-26-no-registration', expect: 'warn', transport: 'http', protocolVersion: '2025-03-26' },
  'client-auth/metadata-version-header': { fault: 'oauth-2025-03-26-no-version-header', expect: 'warn', transport: 'http', protocolVersion: '2025-03-26' },
  // 2026-07-28 (the fixture client's modern-only mode)
  'client-modern/request-meta': { fault: 'modern-no-capabilities-meta', expect: 'fail', protocolVersion: MODERN },
  'client-modern/messages': { fault: 'modern-sends-ping', expect: 'fail', protocolVersion: MODERN },
  'client-modern/protocol-version': { fault: 'modern-unlisted-version', expect: 'warn', protocolVersion: MODERN },
  'client-modern/http-headers': { fault: 'modern-no-method-header', expect: 'fail', transport: 'http', protocolVersion: MODERN },
  'client-modern/input-required-retry': { fault: 'mrtr-state-altered', expect: 'fail', protocolVersion: MODERN },
};

/** Faults that break a check the table already proves, in another way (the other branch of its verdict). */
export const SECOND_CASES: Array<{ id: string } & ClientFaultCase> = [
  { id: 'client-roots/list', fault: 'roots-undeclared-result', expect: 'fail' },
  { id: 'client-elicitation/create', fault: 'elicitation-undeclared-cancel', expect: 'warn' },
  { id: 'client-robustness/malformed-json', fault: 'crash-on-malformed', expect: 'fail', transport: 'http' },
  { id: 'client-ping/answered', fault: 'ping-unanswered', expect: 'fail', transport: 'http' },
  { id: 'client-cancel/honoured', fault: 'crash-on-cancelled', expect: 'fail' },
  { id: 'client-robustness/fuzz', fault: 'stall-on-unknown-notification', expect: 'fail' },
  { id: 'client-modern/input-required-retry', fault: 'mrtr-extra-response', expect: 'fail', transport: 'http', protocolVersion: MODERN },
  { id: 'client-modern/input-required-retry', fault: 'mrtr-no-retry', expect: 'warn', protocolVersion: MODERN },
];
