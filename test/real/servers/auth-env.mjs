// What our protected real servers share: the test authorization server they trust (from the
// environment the test sets: AUTH_ISSUER, AUTH_JWKS, AUTH_SCOPES), its metadata, and a jose
// verifier of its JWT access tokens (signature against its JWKS, issuer, audience = the
// server's own URL, expiry) in the AuthInfo shape the official SDKs expect.
import { createRemoteJWKSet, jwtVerify } from 'jose';

export function authEnv() {
  const issuer = process.env.AUTH_ISSUER;
  const jwksUri = process.env.AUTH_JWKS;
  if (!issuer || !jwksUri) throw new Error('AUTH_ISSUER and AUTH_JWKS must name the authorization server');
  const port = Number(process.env.PORT ?? 0);
  return { issuer, jwksUri, scopes: (process.env.AUTH_SCOPES ?? 'mcp:tools').split(' ').filter(Boolean), port, resource: new URL(`http://127.0.0.1:${port}/mcp`) };
}

/** RFC 8414 metadata of the authorization server, which the SDKs' metadata routers serve again. */
export async function authorizationServerMetadata(issuer) {
  const r = await fetch(`${issuer}/.well-known/oauth-authorization-server`, { signal: AbortSignal.timeout(5000) });
  if (!r.ok) throw new Error(`authorization-server metadata of ${issuer}: HTTP ${r.status}`);
  return r.json();
}

/** The SDK's OAuthTokenVerifier: verifyAccessToken(token) → AuthInfo, throwing on a bad token. */
/** `invalidToken(message)` is the SDK's own invalid_token error, which its middleware answers with 401. */
export function jwtVerifier({ issuer, jwksUri, resource }, invalidToken) {
  const jwks = createRemoteJWKSet(new URL(jwksUri));
  return {
    async verifyAccessToken(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwks, { issuer, audience: resource.href }));
      } catch (err) {
        throw invalidToken(err.message);
      }
      return {
        token,
        clientId: String(payload.client_id ?? payload.sub ?? ''),
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
        expiresAt: payload.exp,
        resource: new URL(String(payload.aud)),
      };
    },
  };
}
