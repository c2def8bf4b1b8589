// A protected server answers our handshake with 401: that is an answer, not an outage. The auth
// checks run (they are about exactly this), every other check is skipped with the reason and the
// flag that gives a token, and the run's report says what it found (AuthSummary).
import { areaOf, type Check } from '../checks/index.js';
import type { AuthSummary } from '../checks/types.js';
import { fingerprint, type AuthOptions } from '../auth/index.js';
import type { Outcome } from '../session/index.js';

export const AUTH_AREA = 'auth';

/** Did the server refuse the handshake for want of (valid) authorization? */
export function refusedForAuth(handshake: Outcome): boolean {
  return handshake.kind === 'http-error' && handshake.status === 401;
}

/** Why a check other than the auth checks does not run against a server that refused us with 401. */
export function authSkipReason(check: Check, auth: AuthOptions | undefined, step: string): string | undefined {
  if (areaOf(check.id) === AUTH_AREA) return undefined;
  const problem = auth?.clientCredentials?.problem;
  if (problem && auth?.tokenSource === 'none') return `the server requires authorization (HTTP 401), and the client credentials got no token: ${problem}`;
  if (!auth || auth.tokenSource === 'none') {
    return 'the server requires authorization (HTTP 401); give a token with --auth-token or client credentials with --auth-client-id/--auth-client-secret';
  }
  return `the server refused the given token (${fingerprint(auth.token ?? '')}, from ${auth.tokenSource}) with HTTP 401 on ${step}: check that it is valid, unexpired and issued for this server (the auth checks say more)`;
}

/** The report's auth field, or undefined for a server that asked for nothing and got no token. */
export function authSummary(refused: boolean, auth: AuthOptions | undefined, challengedWithoutToken: boolean | undefined): AuthSummary | undefined {
  const given = auth !== undefined && auth.tokenSource !== 'none' && auth.token !== undefined;
  const credentials = auth?.clientCredentials;
  if (!refused && !given && !challengedWithoutToken && !credentials) return undefined;
  return {
    required: refused || challengedWithoutToken === true,
    tokenSource: given ? auth.tokenSource : 'none',
    ...(given ? { token: fingerprint(auth.token!), tokenAccepted: !refused } : {}),
    ...(credentials ? { clientCredentials: { ...credentials, obtained: [...credentials.obtained], warnings: [...credentials.warnings] } } : {}),
  };
}
