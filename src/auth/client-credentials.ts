// Client credentials (OAuth 2.1 §4.2, RFC 8707 resource indicators): the suite finds the
// authorization server through the target's protected-resource metadata (RFC 9728) and obtains
// its own tokens from it, all with oauth4webapi. The client secret goes only to the token
// endpoint of an authorization server that metadata names; nothing here sends a token anywhere.
import * as oauth from 'oauth4webapi';
import { bearerChallenge, challengedScopes, parseChallenges } from './challenge.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for (default: the challenge's, else the metadata's scopes_supported). */
  scope?: string;
}

/** The authorization server refused the client credentials: one line with its error, exit 2. */
export class ClientCredentialsRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientCredentialsRefused';
  }
}

/** What was found on the way to a token, and can obtain more (AUTH-14 asks for the challenged scopes). */
export interface TokenIssuer {
  issuer: string;
  resource: string;
  /** The scopes the valid token was asked for. */
  scopes: string[];
  /** Non-HTTPS metadata or endpoints off loopback. */
  warnings: string[];
  /** A token for `resource` (or another one) with exactly these scopes; throws ClientCredentialsRefused on an OAuth error. */
  obtain(scopes: string[], resource?: string): Promise<{ token: string; scopes: string[] | undefined }>;
}

/** Resource indicator of "another resource", for the wrong-audience token (AUTH-6, AUTH-10). */
export const OTHER_RESOURCE = 'https://other-resource.mcp-conform.invalid/mcp';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A warning for a URL that is not HTTPS, loopback aside (credentials and tokens travel in the clear). */
export function insecureUrlWarning(what: string, url: string): string | undefined {
  const u = new URL(url);
  if (u.protocol === 'https:' || LOOPBACK.has(u.hostname) || u.hostname.startsWith('127.')) return undefined;
  return `${what} ${u.origin} is not HTTPS: credentials and tokens to and from it travel unencrypted`;
}

/** Why no token could be obtained before asking the authorization server (no metadata, no usable server). */
export class DiscoveryFailed extends Error {}

/**
 * Discovers the authorization server of `endpoint` and returns a source of its tokens.
 * Throws DiscoveryFailed when the metadata or the server cannot be found or read.
 */
export async function clientCredentialsSource(endpoint: string, creds: ClientCredentials, timeoutMs: number): Promise<TokenIssuer> {
  const signal = () => AbortSignal.timeout(timeoutMs);
  const http: Http = { [oauth.allowInsecureRequests]: true, signal };
  const warnings: string[] = [];
  const warn = (what: string, url: string) => {
    const w = insecureUrlWarning(what, url);
    if (w && !warnings.includes(w)) warnings.push(w);
  };
  warn('the MCP server', endpoint);
  const { rs, challenged } = await protectedResource(endpoint, http, warn);
  const issuer = rs.authorization_servers?.[0];
  if (!issuer) throw new DiscoveryFailed(`the protected-resource metadata of ${endpoint} lists no authorization server`);
  warn('the authorization server', issuer);
  const as = await authorizationServer(issuer, http);
  if (!as.token_endpoint) throw new DiscoveryFailed(`the authorization server ${issuer} names no token_endpoint`);
  warn('the token endpoint of', as.token_endpoint);
  const client: oauth.Client = { client_id: creds.clientId };
  const methods = as.token_endpoint_auth_methods_supported;
  const auth = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? oauth.ClientSecretPost(creds.clientSecret) : oauth.ClientSecretBasic(creds.clientSecret);
  const resource = rs.resource;
  const scopes = creds.scope !== undefined ? creds.scope.split(' ').filter(Boolean) : challenged.length ? challenged : (rs.scopes_supported ?? []).filter((s) => s !== 'offline_access');
  return {
    issuer: as.issuer,
    resource,
    scopes,
    warnings,
    async obtain(wanted, forResource = resource) {
      const parameters: Record<string, string> = { resource: forResource, ...(wanted.length ? { scope: wanted.join(' ') } : {}) };
      let response: oauth.TokenEndpointResponse;
      try {
        response = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, auth, parameters, http));
      } catch (err) {
        throw new ClientCredentialsRefused(refusal(as.issuer, err));
      }
      return { token: response.access_token, scopes: typeof response.scope === 'string' ? response.scope.split(' ').filter(Boolean) : undefined };
    },
  };
}

type Http = { [oauth.allowInsecureRequests]: boolean; signal: () => AbortSignal };

/** The metadata through a 401's resource_metadata, else at the well-known URIs; and the challenged scopes. */
async function protectedResource(endpoint: string, http: Http, warn: (what: string, url: string) => void): Promise<{ rs: oauth.ResourceServer; challenged: string[] }> {
  const expected = new URL(endpoint);
  let challenge;
  try {
    const reply = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mcp-conform-auth-discovery', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-conform', version: '0' } } }),
      signal: http.signal(),
    });
    await reply.body?.cancel();
    challenge = bearerChallenge(await parseChallenges(reply.headers.get('www-authenticate') ?? undefined));
  } catch (err) {
    throw new DiscoveryFailed(`could not reach ${endpoint} to discover its authorization server: ${(err as Error).message}`);
  }
  const named = challenge?.parameters.resource_metadata;
  if (named) warn('the protected-resource metadata at', named);
  const get = (url: string) => fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: http.signal() });
  const origin = new URL(expected.origin);
  // A document reached through resource_metadata or the path-inserted URI names the endpoint; the root one may name the origin.
  const attempts: Array<[() => Promise<Response>, URL[]]> = [
    ...(named ? [[() => get(named), [expected]] as [() => Promise<Response>, URL[]]] : []),
    [() => oauth.resourceDiscoveryRequest(expected, http), [expected]],
    ...(expected.pathname !== '/' ? [[() => get(`${expected.origin}/.well-known/oauth-protected-resource`), [expected, origin]] as [() => Promise<Response>, URL[]]] : []),
  ];
  const tried: string[] = [];
  for (const [attempt, resources] of attempts) {
    let response: Response;
    try {
      response = await attempt();
    } catch (err) {
      tried.push((err as Error).message);
      continue;
    }
    for (const resource of resources) {
      try {
        const rs = await oauth.processResourceDiscoveryResponse(resource, response.clone());
        return { rs, challenged: challengedScopes(challenge) };
      } catch (err) {
        tried.push(`${response.url || 'metadata'}: ${(err as Error).message}`);
      }
    }
  }
  throw new DiscoveryFailed(`no usable protected-resource metadata for ${endpoint}: ${tried.join('; ')}`);
}

/** RFC 8414 metadata, else OpenID discovery, of `issuer`, its issuer checked by oauth4webapi. */
async function authorizationServer(issuer: string, http: Http): Promise<oauth.AuthorizationServer> {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new DiscoveryFailed(`the authorization server "${issuer}" is not a URL`);
  }
  const problems: string[] = [];
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      return await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...http, algorithm }));
    } catch (err) {
      problems.push(`${algorithm === 'oauth2' ? 'RFC 8414' : 'OpenID discovery'}: ${(err as Error).message}`);
    }
  }
  throw new DiscoveryFailed(`no usable metadata for the authorization server ${issuer}: ${problems.join('; ')}`);
}

/** The authorization server's own words for a refusal: its error code and description. */
function refusal(issuer: string, err: unknown): string {
  const refused = (error: string, description: string | undefined, status: number) =>
    `the authorization server ${issuer} refused the client credentials: ${error}${description ? ` (${description})` : ''}, HTTP ${status}`;
  if (err instanceof oauth.ResponseBodyError) return refused(err.error, err.error_description, err.status);
  // A 401 to client_secret_basic comes with a challenge (RFC 6749 §5.2) that carries the error.
  if (err instanceof oauth.WWWAuthenticateChallengeError) {
    const params = err.cause.find((c) => c.parameters.error)?.parameters;
    if (params?.error) return refused(params.error, params.error_description, err.status);
  }
  return `the authorization server ${issuer} gave no token for the client credentials: ${(err as Error).message}`;
}
