// Setting up one OAuth scenario: the log the checks read, the protected resource's gate, and the
// authorization server's front on an origin of its own. The product's authorization server is
// ours (auth-server.ts); a library caller (our tests: oidc-provider) may put another behind the
// front, except in wrong-issuer, whose point is metadata only ours serves falsely.
import { AUTH_SCOPE, STEP_UP_SCOPE, type AuthLog, type AuthMode } from './auth-record.js';
import { AuthGate, OTHER_RESOURCE } from './auth-gate.js';
import { listenAuthFront, type AuthFront } from './auth-front.js';
import { ourAuthorizationServer, type AuthorizationServerFactory } from './auth-server.js';
import type { ScenarioServer } from './scenario-server.js';

export interface ScenarioAuth {
  gate: AuthGate;
  /** Once our endpoint listens: the metadata names it, and the authorization server starts. */
  start(endpointUrl: string, host: string, factory?: AuthorizationServerFactory): Promise<void>;
  close(): Promise<void>;
}

export function prepareAuth(mode: AuthMode, server: ScenarioServer): ScenarioAuth {
  const log: AuthLog = { mode, resource: '', advertisedResource: '', resourceMetadataUrl: '', issuer: '', metadataIssuer: '', scope: AUTH_SCOPE, stepUpScope: STEP_UP_SCOPE, exchanges: [], issued: [], challenges: [] };
  server.record.auth = log;
  const gate = new AuthGate(log, () => server.now());
  let front: AuthFront | undefined;
  return {
    gate,
    async start(endpointUrl, host, factory) {
      const endpoint = new URL(endpointUrl);
      log.resource = endpoint.href;
      log.advertisedResource = mode === 'resource-mismatch' ? OTHER_RESOURCE : endpoint.href;
      log.resourceMetadataUrl = `${endpoint.origin}/.well-known/oauth-protected-resource${endpoint.pathname}`;
      front = await listenAuthFront(host, log, gate, () => server.now(), () => server.touch());
      log.issuer = front.issuer;
      log.metadataIssuer = mode === 'wrong-issuer' ? `${front.issuer}/another-issuer` : front.issuer;
      const ours = ourAuthorizationServer(mode === 'wrong-issuer' ? { metadataIssuer: log.metadataIssuer } : {});
      await front.serve(mode === 'wrong-issuer' ? ours : (factory ?? ours));
    },
    async close() {
      await front?.close();
    },
  };
}
