// Before a run with client credentials: obtain the valid token (resource = the server), one for
// another resource (wrong audience) and one with a reduced scope from the authorization server
// the server's metadata names. A server whose metadata cannot be found or read is not a crash:
// the run goes on without a token, the auth checks show the evidence, and the skip reasons say
// why no token was obtained. A refusal of the credentials themselves is ClientCredentialsRefused.
import { clientCredentialsSource, ClientCredentialsRefused, DiscoveryFailed, OTHER_RESOURCE, withBearer, type AuthOptions, type ClientCredentialsSummary } from '../auth/index.js';
import type { TargetSpec } from '../session/index.js';

export async function obtainClientCredentialsTokens(target: TargetSpec, auth: AuthOptions | undefined, timeoutMs: number): Promise<{ target: TargetSpec; auth: AuthOptions | undefined }> {
  if (target.transport === 'stdio' || !auth?.clientId || !auth.clientSecret) return { target, auth };
  const summary: ClientCredentialsSummary = { clientId: auth.clientId, obtained: [], warnings: [] };
  let issuer;
  try {
    issuer = await clientCredentialsSource(target.url, { clientId: auth.clientId, clientSecret: auth.clientSecret, scope: auth.scope }, timeoutMs);
  } catch (err) {
    if (!(err instanceof DiscoveryFailed)) throw err;
    return { target, auth: { ...auth, clientCredentials: { ...summary, problem: err.message } } };
  }
  summary.issuer = issuer.issuer;
  summary.warnings.push(...issuer.warnings);
  const next: AuthOptions = { ...auth, clientCredentials: summary, issuer: { obtain: (scopes) => issuer.obtain(scopes) } };
  // The user's own token wins; the credentials then serve the negative cases and AUTH-14.
  if (!next.token) {
    next.token = (await issuer.obtain(issuer.scopes)).token;
    next.tokenSource = 'client-credentials';
    summary.obtained.push('valid');
  }
  if (!next.wrongAudienceToken) {
    const other = await optional(() => issuer.obtain(issuer.scopes, OTHER_RESOURCE), `no token for another resource (${OTHER_RESOURCE})`, summary);
    if (other) {
      next.wrongAudienceToken = other.token;
      summary.obtained.push('wrong-audience');
    }
  }
  if (!next.lowScopeToken) {
    if (issuer.scopes.length === 0) summary.warnings.push('no low-scope token: neither the challenge, --auth-scope nor scopes_supported names a scope to leave out');
    else {
      const fewer = issuer.scopes.slice(0, -1);
      const low = await optional(() => issuer.obtain(fewer), `no low-scope token (scope "${fewer.join(' ')}")`, summary);
      // An authorization server that grants more than asked gives no reduced token.
      if (low && low.scopes && issuer.scopes.every((s) => low.scopes!.includes(s))) summary.warnings.push(`no low-scope token: asked for "${fewer.join(' ')}", the authorization server granted "${low.scopes.join(' ')}"`);
      else if (low) {
        next.lowScopeToken = low.token;
        summary.obtained.push('low-scope');
      }
    }
  }
  return { target: { ...target, headers: withBearer(target.headers, next.token!) }, auth: next };
}

/** A token the run can do without: a refusal becomes a warning naming the authorization server's error. */
async function optional<T>(get: () => Promise<T>, what: string, summary: ClientCredentialsSummary): Promise<T | undefined> {
  try {
    return await get();
  } catch (err) {
    if (!(err instanceof ClientCredentialsRefused)) throw err;
    summary.warnings.push(`${what}: ${err.message}`);
    return undefined;
  }
}
