// What the user gives us to talk to a protected server: a valid token (by flag or as an
// Authorization: Bearer header), optional tokens for the negative cases, or client credentials.
// Ids of the catalog: AUTH-6 (wrong audience), AUTH-7/-8 (low scope).

/** Where the valid token came from. */
export type TokenSource = 'none' | 'flag' | 'env' | 'config' | 'header' | 'client-credentials';

export interface AuthOptions {
  /** The valid access token, sent on every request of the run (as Authorization: Bearer). */
  token?: string;
  tokenSource: TokenSource;
  /** A token the authorization server issued for another resource. */
  wrongAudienceToken?: string;
  /** A valid token that lacks the scopes the server requires. */
  lowScopeToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** Space-separated scopes to ask for with client credentials. */
  scope?: string;
  /** Client credentials: the authorization server that issued the tokens, which can issue more (AUTH-14). */
  issuer?: { obtain(scopes: string[]): Promise<{ token: string; scopes: string[] | undefined }> };
  /** Client credentials: what was obtained, for the report. */
  clientCredentials?: ClientCredentialsSummary;
}

/** What client credentials got, secrets as fingerprints only. */
export interface ClientCredentialsSummary {
  clientId: string;
  /** The authorization server the metadata named, once found. */
  issuer?: string;
  /** Which tokens it issued: valid, wrong-audience, low-scope. */
  obtained: string[];
  /** Non-HTTPS metadata or endpoints off loopback, and tokens it did not issue, with why. */
  warnings: string[];
  /** Why no token was obtained (no metadata, no usable authorization server). */
  problem?: string;
}

/** The secrets among the options, for scrubbing (the client id is not one). */
export function secretsOf(auth: AuthOptions | undefined): string[] {
  if (!auth) return [];
  return [auth.token, auth.wrongAudienceToken, auth.lowScopeToken, auth.clientSecret].filter((s): s is string => Boolean(s));
}

/** Names of environment variables that hold credentials by convention (API_KEY, GITHUB_TOKEN, DB_PASSWORD…). */
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION/i;

/**
 * The values of the environment given to a spawned server (--env) whose names say they are
 * credentials: a server that cannot start often names the one it was given.
 */
export function envSecrets(env: Record<string, string> | undefined): string[] {
  return Object.entries(env ?? {}).flatMap(([name, value]) => (SECRET_ENV_NAME.test(name) && value.length >= 4 ? [value] : []));
}

// RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Why `value` cannot be a bearer token (without quoting it), or undefined when it can. */
export function tokenProblem(value: string): string | undefined {
  if (value === '') return 'it is empty';
  if (/\s/.test(value)) return 'it contains whitespace';
  if (!TOKEN68.test(value)) return 'it contains characters a bearer token cannot have (RFC 6750 allows letters, digits, - . _ ~ + / and trailing =)';
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header among `headers` (any case), if any. */
export function bearerFromHeaders(headers: Record<string, string> | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') continue;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
    if (match) return match[1];
  }
  return undefined;
}

/** `headers` with any Authorization header replaced by `Bearer <token>`. */
export function withBearer(headers: Record<string, string> | undefined, token: string): Record<string, string> {
  const kept = Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization');
  return { ...Object.fromEntries(kept), Authorization: `Bearer ${token}` };
}
