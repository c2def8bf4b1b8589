// fastmcp's authentication for `server.mjs http-auth`: the `authenticate` hook its README shows
// (throw a Response to refuse, return the session's auth to accept), verifying JWT access tokens
// of the test authorization server with jose (signature, issuer, audience = this server,
// expiry, scopes), and the `oauth` option serving the discovery metadata.
import { authEnv, authorizationServerMetadata, jwtVerifier } from '../auth-env.mjs';

export async function fastmcpAuth() {
  const env = authEnv();
  const as = await authorizationServerMetadata(env.issuer);
  const verifier = jwtVerifier(env, (message) => new Response(null, { status: 401, statusText: message }));
  return {
    authenticate: async (request) => {
      const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match) throw new Response(null, { status: 401, statusText: 'Unauthorized' });
      const info = await verifier.verifyAccessToken(match[1]);
      if (!env.scopes.every((s) => info.scopes.includes(s))) throw new Response(null, { status: 403, statusText: 'Insufficient scope' });
      return { clientId: info.clientId, scopes: info.scopes };
    },
    oauth: {
      enabled: true,
      authorizationServer: {
        issuer: as.issuer,
        authorizationEndpoint: as.authorization_endpoint,
        tokenEndpoint: as.token_endpoint,
        responseTypesSupported: as.response_types_supported,
        codeChallengeMethodsSupported: as.code_challenge_methods_supported,
        grantTypesSupported: as.grant_types_supported,
        jwksUri: as.jwks_uri,
      },
      protectedResource: { resource: env.resource.href, authorizationServers: [env.issuer], scopesSupported: env.scopes },
    },
  };
}
