// The authorization server of `mcp-conform client`'s OAuth scenarios, as a request → response
// function the auth front (auth-front.ts) serves on an origin of its own and records. Ours is
// deliberately small: RFC 8414 and OpenID discovery metadata, dynamic client registration
// (RFC 7591; any client id is accepted too, for pre-registered clients), an authorization
// endpoint that approves at once (a headless client reads the code from the redirect's Location,
// as the official suite's clients do), and a token endpoint for the authorization code and
// refresh token grants. It judges nothing: the checks read what the front recorded. Tests put
// oidc-provider behind the same front instead (test/client/oidc-authorization-server.ts).
import { createHash, randomBytes } from 'node:crypto';

export interface AsRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface AsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface AuthorizationServer {
  handle(request: AsRequest): Promise<AsResponse>;
  close?(): Promise<void>;
}

/** Builds the server once its issuer (the front's origin) is known. */
export type AuthorizationServerFactory = (issuer: string) => Promise<AuthorizationServer>;

export interface OurAsOptions {
  /** The `issuer` the metadata names (default: the real one). A wrong one tests CLIENT-AUTH-3. */
  metadataIssuer?: string;
  /** Lifetime announced for access tokens, in seconds. */
  tokenTtlS?: number;
  /** Where its endpoints are (default at the root: /authorize, /token, /register); the metadata names them. */
  endpointPrefix?: string;
  /** No metadata (404), as a 2025-03-26 server without it: a client must use the default endpoints. */
  noMetadata?: boolean;
}

const json = (status: number, value: unknown, extra: Record<string, string> = {}): AsResponse => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra },
  body: JSON.stringify(value),
});
const random = (prefix: string): string => `${prefix}-${randomBytes(18).toString('base64url')}`;
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  method?: string;
  scope?: string;
  resource?: string;
}

/** Our authorization server: approves everything, remembers what it issued. */
export function ourAuthorizationServer(options: OurAsOptions = {}): AuthorizationServerFactory {
  return async (issuer) => {
    const codes = new Map<string, CodeGrant>();
    const refreshTokens = new Map<string, { clientId: string; scope?: string; resource?: string }>();
    const prefix = options.endpointPrefix ?? '';
    const metadata = {
      issuer: options.metadataIssuer ?? issuer,
      authorization_endpoint: `${issuer}${prefix}/authorize`,
      token_endpoint: `${issuer}${prefix}/token`,
      registration_endpoint: `${issuer}${prefix}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      authorization_response_iss_parameter_supported: true,
    };
    const tokenResponse = (grant: { clientId: string; scope?: string; resource?: string }) => {
      const refresh = random('refresh');
      refreshTokens.set(refresh, grant);
      return json(200, { access_token: random('access'), token_type: 'Bearer', expires_in: options.tokenTtlS ?? 3600, refresh_token: refresh, ...(grant.scope ? { scope: grant.scope } : {}) });
    };

    async function handle(request: AsRequest): Promise<AsResponse> {
      const url = new URL(request.url, issuer);
      const route = `${request.method} ${url.pathname}`;
      if (!options.noMetadata && (route === 'GET /.well-known/oauth-authorization-server' || route === 'GET /.well-known/openid-configuration')) return json(200, metadata);
      if (route === `POST ${prefix}/register`) return register(request.body);
      if (route === `GET ${prefix}/authorize`) return authorize(url.searchParams);
      if (route === `POST ${prefix}/token`) return token(new URLSearchParams(request.body), request.headers.authorization);
      return json(404, { error: 'not_found' });
    }

    function register(body: string): AsResponse {
      let meta: Record<string, unknown>;
      try {
        meta = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return json(400, { error: 'invalid_client_metadata', error_description: 'the body is not JSON' });
      }
      const method = typeof meta.token_endpoint_auth_method === 'string' ? meta.token_endpoint_auth_method : 'client_secret_basic';
      const secret = method === 'none' ? {} : { client_secret: random('secret'), client_secret_expires_at: 0 };
      return json(201, { ...meta, client_id: random('client'), client_id_issued_at: Math.floor(Date.now() / 1000), token_endpoint_auth_method: method, ...secret });
    }

    function authorize(q: URLSearchParams): AsResponse {
      const redirectUri = q.get('redirect_uri');
      let target: URL;
      try {
        target = new URL(redirectUri ?? '');
      } catch {
        return json(400, { error: 'invalid_request', error_description: 'redirect_uri is missing or not a URL' });
      }
      const code = random('code');
      const opt = (k: string) => q.get(k) ?? undefined;
      codes.set(code, { clientId: q.get('client_id') ?? '', redirectUri: target.href, challenge: opt('code_challenge'), method: opt('code_challenge_method'), scope: opt('scope'), resource: opt('resource') });
      target.searchParams.set('code', code);
      if (q.get('state') !== null) target.searchParams.set('state', q.get('state')!);
      target.searchParams.set('iss', issuer);
      return { status: 302, headers: { location: target.href, 'cache-control': 'no-store' }, body: '' };
    }

    function token(form: URLSearchParams, authorization: string | undefined): AsResponse {
      const clientId = form.get('client_id') ?? basicClientId(authorization);
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant', error_description: 'unknown or used authorization code' });
        codes.delete(form.get('code')!);
        const verifier = form.get('code_verifier');
        // PKCE is verified as OAuth 2.1 asks (plain is accepted only as a method the client chose: the check judges it).
        if (grant.challenge && (!verifier || (grant.method === 'plain' ? verifier : s256(verifier)) !== grant.challenge)) return json(400, { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
        return tokenResponse({ clientId: clientId ?? grant.clientId, scope: grant.scope, resource: form.get('resource') ?? grant.resource });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
        refreshTokens.delete(form.get('refresh_token')!); // rotated, as OAuth 2.1 asks for public clients
        return tokenResponse({ ...grant, scope: form.get('scope') ?? grant.scope });
      }
      return json(400, { error: 'unsupported_grant_type' });
    }

    return { handle };
  };
}

function basicClientId(authorization: string | undefined): string | undefined {
  const m = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  return decodeURIComponent(decoded.split(':')[0] ?? '');
}
