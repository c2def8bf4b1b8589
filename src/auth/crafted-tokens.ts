// Tokens a resource server must refuse (AUTH-6), crafted with jose: an unsigned JWT
// (`alg: none`), one signed by a key no authorization server published, an expired one, and the
// valid token altered. The claims copy the valid token's when it is a JWT, so only the flaw differs.
import { decodeJwt, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';

export interface CraftedToken {
  label: string;
  token: string;
}

const NOW = () => Math.floor(Date.now() / 1000);

/** The valid token's claims when it is a JWT, else plausible ones naming `audience`. */
function claimsLike(validToken: string | undefined, audience: string): JWTPayload {
  try {
    if (validToken) return { ...decodeJwt(validToken) };
  } catch {
    // an opaque token: make up the claims
  }
  return { iss: new URL(audience).origin, aud: audience, sub: 'mcp-conform', scope: 'mcp' };
}

export async function craftedTokens(validToken: string | undefined, audience: string): Promise<CraftedToken[]> {
  const claims = claimsLike(validToken, audience);
  const { privateKey } = await generateKeyPair('RS256');
  const fresh = { ...claims, iat: NOW(), exp: NOW() + 3600 };
  const unsigned = new UnsecuredJWT(fresh).encode();
  const unknownKey = await new SignJWT(fresh).setProtectedHeader({ alg: 'RS256', kid: 'mcp-conform-unknown' }).sign(privateKey);
  const expired = await new SignJWT({ ...claims, iat: NOW() - 7200, exp: NOW() - 3600 }).setProtectedHeader({ alg: 'RS256', kid: 'mcp-conform-unknown' }).sign(privateKey);
  const tokens: CraftedToken[] = [
    { label: 'an unsigned JWT (alg: none)', token: unsigned },
    { label: 'a JWT signed by a key no authorization server published', token: unknownKey },
    { label: 'an expired JWT', token: expired },
  ];
  if (validToken) tokens.push({ label: 'the valid token with one character changed', token: altered(validToken) });
  return tokens;
}

/** One character in the middle changed (for a JWT: in its signature), still a valid token68. */
export function altered(token: string): string {
  const at = token.includes('.') ? token.lastIndexOf('.') + Math.max(1, Math.floor((token.length - token.lastIndexOf('.')) / 2)) : Math.floor(token.length / 2);
  const i = Math.min(at, token.length - 1);
  const c = token[i] === 'A' ? 'B' : 'A';
  return token.slice(0, i) + c + token.slice(i + 1);
}
