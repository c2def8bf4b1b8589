// WWW-Authenticate challenges (RFC 9110 §11.6.1: auth-params, quoted strings, several
// challenges in one header), parsed by oauth4webapi rather than by hand. Its parser is not
// exported in 3.8.8; every response processor runs it first and throws the challenges as a
// WWWAuthenticateChallengeError, so a userinfo "response" made of the header alone yields them.
import { processUserInfoResponse, skipSubjectCheck, WWWAuthenticateChallengeError, type WWWAuthenticateChallenge } from 'oauth4webapi';

export type Challenge = WWWAuthenticateChallenge;

const NOBODY_AS = { issuer: 'https://mcp-conform.invalid' };
const NOBODY_CLIENT = { client_id: 'mcp-conform' };

/**
 * The challenges of a WWW-Authenticate value: undefined when there is no header, 'unparseable'
 * when it does not follow the grammar.
 */
export async function parseChallenges(header: string | undefined): Promise<Challenge[] | 'unparseable' | undefined> {
  if (header === undefined) return undefined;
  const response = new Response(null, { status: 401, headers: { 'www-authenticate': header } });
  try {
    await processUserInfoResponse(NOBODY_AS, NOBODY_CLIENT, skipSubjectCheck, response);
  } catch (err) {
    if (err instanceof WWWAuthenticateChallengeError) return err.cause;
  }
  return 'unparseable';
}

/** The first Bearer challenge (schemes are compared case-insensitively; the parser lower-cases them). */
export function bearerChallenge(challenges: Challenge[] | 'unparseable' | undefined): Challenge | undefined {
  return Array.isArray(challenges) ? challenges.find((c) => c.scheme === 'bearer') : undefined;
}

/** The space-separated scopes of a challenge's `scope` parameter. */
export function challengedScopes(challenge: Challenge | undefined): string[] {
  return (challenge?.parameters.scope ?? '').split(' ').filter(Boolean);
}
