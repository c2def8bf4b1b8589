// The OAuth scenarios (HTTP only): our endpoint is a protected resource whose 401 names its
// metadata, and an authorization server on another origin (auth-front.ts) issues tokens; once
// authorized, the client's session runs as in `basic`, without requests of ours. A run with
// --protocol-version 2025-03-26 plays them in that revision's style (auth-record.ts AuthDiscovery).
import type { AuthMode } from './auth-record.js';
import type { InitializeAnswer, Scenario } from './scenarios.js';

export const AUTH_SCENARIOS = ['auth', 'auth-step-up', 'auth-expiry', 'auth-wrong-issuer', 'auth-resource-mismatch', 'auth-no-metadata'] as const;
export type AuthScenarioName = (typeof AUTH_SCENARIOS)[number];

const ABOUT: Record<AuthScenarioName, [AuthMode, string]> = {
  auth: ['basic', 'OAuth: 401 with resource_metadata and scope; protected-resource metadata; an authorization server on another origin (metadata, registration, authorization approved at once, tokens)'],
  'auth-step-up': ['step-up', 'OAuth: as auth, then its first request past the handshake answered 403 insufficient_scope naming a larger scope'],
  'auth-expiry': ['expiry', 'OAuth: as auth, then its first token declared expired (401 invalid_token) at its first request past the handshake; a refresh token was issued with it'],
  'auth-wrong-issuer': ['wrong-issuer', "OAuth: the authorization server's metadata names an issuer other than the one the protected-resource metadata gave"],
  'auth-resource-mismatch': ['resource-mismatch', 'OAuth: the protected-resource metadata names a resource other than our endpoint'],
  'auth-no-metadata': ['no-metadata', "OAuth, 2025-03-26 style only: the authorization server at our origin serves no metadata (404), only the default /authorize, /token and /register"],
};

export function authScenarioTable(initialize: Scenario['initialize']): Record<AuthScenarioName, Scenario> {
  const entries = AUTH_SCENARIOS.map((name) => {
    const [auth, about] = ABOUT[name];
    const scenario: Scenario = { name, about, initialize: initialize as (r: unknown, i: { name: string; version: string }) => InitializeAnswer, script: [], transports: ['http'], auth };
    return [name, scenario] as const;
  });
  return Object.fromEntries(entries) as Record<AuthScenarioName, Scenario>;
}
