// A protected MCP server on the official SDK v2 (surface in surface.mjs), with the SDK's
// framework-free auth pieces the way its docs pair them: oauthMetadataResponse serves the
// protected-resource metadata and the authorization server's, requireBearerAuth is the gate
// (a jose verifier against the test authorization server's JWKS), and the verified AuthInfo
// rides on req.auth into toNodeHandler, behind the localhost Host and Origin guards.
//   AUTH_ISSUER=… AUTH_JWKS=… PORT=… node test/real/servers/sdk-v2/auth-server.mjs
import { createServer } from 'node:http';
import { createMcpHandler, getOAuthProtectedResourceMetadataUrl, OAuthError, OAuthErrorCode, oauthMetadataResponse, requireBearerAuth } from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createSdkV2Server } from './surface.mjs';
import { authEnv, authorizationServerMetadata, jwtVerifier } from '../auth-env.mjs';

const env = authEnv();
const metadata = { oauthMetadata: await authorizationServerMetadata(env.issuer), resourceServerUrl: env.resource, scopesSupported: env.scopes, resourceName: 'mcp-conform SDK v2 protected server' };
const gate = requireBearerAuth({
  verifier: jwtVerifier(env, (message) => new OAuthError(OAuthErrorCode.InvalidToken, message)),
  requiredScopes: env.scopes,
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(env.resource),
  expectedResource: env.resource,
});
const nodeHandler = toNodeHandler(createMcpHandler(createSdkV2Server, { legacy: 'stateless' }));
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();

/** The headers and URL of a Node request as a web Request: all the gate and the metadata read. */
const headersOnly = (req) => new Request(new URL(req.url ?? '/', env.resource), { method: req.method, headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]])) });

async function send(res, response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const server = createServer(async (req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  const request = headersOnly(req);
  const document = oauthMetadataResponse(request, metadata);
  if (document) return send(res, document);
  const auth = await gate(request);
  if (auth instanceof Response) return send(res, auth);
  req.auth = auth;
  void nodeHandler(req, res);
});
server.listen(env.port, '127.0.0.1', () => process.stdout.write(`listening ${env.resource.href}\n`));
