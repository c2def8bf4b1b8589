// Setting up one OAuth scenario: the log the checks read, the protected resource's gate, and the
// authorization server's front on an origin of its own. The product's authorization server is
// ours (auth-server.ts); a library caller (our tests: oidc-provider) may put another behind the
// front, except in wrong-issuer, whose point is metadata only ours serves falsely, and in the
// 2025-03-26 style, where our authorization server is at the MCP server's origin.
import { AUTH_SCOPE, ORIGIN_ENDPOINT_PREFIX, STEP_UP_SCOPE, type AuthDiscovery, type AuthLog, type AuthMode } from './auth-record.js';
import { AuthGate, OTHER_RESOURCE } from './auth-gate.js';
import { authFrontHandler, listenAuthFront } from './auth-front.js';
import { ourAuthorizationServer, type AuthorizationServerFactory } from './auth-server.js';
import type { ScenarioServer } from './scenario-server.js';

export interface ScenarioAuth {
  gate: AuthGate;
  /** Once our endpoint listens: the metadata names it, and the authorization server starts. */
  start(endpointUrl: string, host: string, factory?: AuthorizationServerFactory): Promise<void>;
  close(): Promise<void>;
}

export function prepareAuth(mode: AuthMode, server: ScenarioServer, discovery: AuthDiscovery = 'protected-resource'): ScenarioAuth {
  const log: AuthLog = { mode, discovery, resource: '', advertisedResource: '', resourceMetadataUrl: '', issuer: '', metadataIssuer: '', scope: AUTH_SCOPE, stepUpScope: STEP_UP_SCOPE, exchanges: [], issued: [], challenges: [] };
  server.record.auth = log;
  const gate = new AuthGate(log, () => server.now());
  let front: { close(): Promise<void> } | undefined;
  return {
    gate,
    async start(endpointUrl, host, factory) {
      const endpoint = new URL(endpointUrl);
      if (discovery === 'server-origin') return startAtOrigin(endpoint);
      log.resource = endpoint.href;
      log.advertisedResource = mode === 'resource-mismatch' ? OTHER_RESOURCE : endpoint.href;
      log.resourceMetadataUrl = `${endpoint.origin}/.well-known/oauth-protected-resource${endpoint.pathname}`;
      const listening = await listenAuthFront(host, log, gate, () => server.now(), () => server.touch());
      front = listening;
      log.issuer = listening.issuer;
      log.metadataIssuer = mode === 'wrong-issuer' ? `${listening.issuer}/another-issuer` : listening.issuer;
      const ours = ourAuthorizationServer(mode === 'wrong-issuer' ? { metadataIssuer: log.metadataIssuer } : {});
      await listening.serve(mode === 'wrong-issuer' ? ours : (factory ?? ours));
    },
    async close() {
      await front?.close();
    },
  };

  /**
   * 2025-03-26: our authorization server at the MCP server's origin, always ours (a library's server
   * would serve its metadata elsewhere); with metadata naming endpoints under /oauth, or (no-metadata)
   * none, and the default endpoints.
   */
  async function startAtOrigin(endpoint: URL): Promise<void> {
    log.resource = log.advertisedResource = endpoint.href;
    log.issuer = log.metadataIssuer = endpoint.origin;
    const handler = authFrontHandler(endpoint.origin, log, gate, () => server.now(), () => server.touch());
    await handler.serve(ourAuthorizationServer(mode === 'no-metadata' ? { noMetadata: true } : { endpointPrefix: ORIGIN_ENDPOINT_PREFIX }));
    gate.atOrigin = handler.handle;
    front = handler;
  }
}
