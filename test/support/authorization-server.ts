// A real OAuth 2.1 authorization server for the tests: oidc-provider (OpenID Certified) on
// 127.0.0.1, with the client credentials grant, resource indicators (RFC 8707) and JWT access
// tokens whose audience is the requested resource, signed by a key published at its JWKS URI.
// Protected servers under test verify those tokens against that JWKS (the fixture's JWT mode,
// the real servers of test/real), and the suite obtains its own tokens from it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestClient {
  id: string;
  secret: string;
}

export interface TestAuthorizationServer {
  issuer: string;
  jwksUri: string;
  /** A client allowed the client credentials grant for every scope of `scopes`. */
  client: TestClient;
  scopes: string[];
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** Scopes a client may get (default mcp:tools mcp:read). */
  scopes?: string[];
  /** Access-token lifetime in seconds (default 600). */
  tokenTtl?: number;
}

export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<TestAuthorizationServer> {
  const scopes = options.scopes ?? ['mcp:tools', 'mcp:read'];
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-as-key', alg: 'RS256', use: 'sig' };
  const client: TestClient = { id: 'mcp-conform-test', secret: `test-secret-${Math.random().toString(36).slice(2)}` };

  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: client.id, client_secret: client.secret, grant_types: ['client_credentials'], redirect_uris: [], response_types: [], scope: scopes.join(' ') }],
    scopes,
    jwks: { keys: [signingKey] },
    ttl: { AccessToken: options.tokenTtl ?? 600, ClientCredentials: options.tokenTtl ?? 600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Any absolute resource: the tests ask for the server under test and for "another resource".
        getResourceServerInfo: async (_ctx: unknown, resource: string) => ({ scope: scopes.join(' '), audience: resource, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
      },
    },
  });
  // The provider's own warning about plain-HTTP issuers and Node 20 is noise here: it runs on loopback only.
  provider.on('server_error', (_ctx, err) => process.stderr.write(`test authorization server: ${err.message}\n`));
  http.on('request', provider.callback());
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    client,
    scopes,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The fixture's JWT auth mode, verifying this server's tokens and requiring every one of its scopes. */
export const fixtureJwtArgs = (server: TestAuthorizationServer): string[] => ['--auth-issuer', server.issuer, '--auth-jwks', server.jwksUri, '--auth-scope', server.scopes.join(' ')];
