// Authorization-server metadata as a client discovers it: RFC 8414 (path-inserted well-known
// URI), else OpenID discovery, fetched and validated by oauth4webapi (the issuer must equal the
// one the protected-resource metadata names), every GET recorded as evidence and sent without
// the run's token: tokens go only to the target.
import * as oauth from 'oauth4webapi';
import type { CheckContext } from '../../src/checks/index.js';
import type { Reply } from './http-probe.js';
import { getWithoutCredentials } from './auth-probe.js';

export interface AsMetadata {
  issuer: string;
  /** The validated metadata, by the first discovery form that gave one. */
  metadata?: oauth.AuthorizationServer;
  via?: 'RFC 8414' | 'OpenID discovery';
  /** Why each form gave none. */
  problems: string[];
}

/** GET without credentials, recorded, as a fetch Response for oauth4webapi. */
export async function getWithoutToken(ctx: CheckContext, url: string): Promise<{ reply: Reply; response: Response }> {
  const reply = await getWithoutCredentials(ctx, url);
  if (!reply.response) throw new Error(reply.error ?? 'no response');
  const nullBody = [204, 304].includes(reply.response.status);
  return { reply, response: new Response(nullBody ? null : (reply.response.body ?? ''), { status: reply.response.status, headers: reply.response.headers }) };
}

export async function readAsMetadata(ctx: CheckContext, issuer: string): Promise<AsMetadata> {
  const problems: string[] = [];
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return { issuer, problems: [`"${issuer}" is not a URL`] };
  }
  const customFetch = async (target: string) => (await getWithoutToken(ctx, target)).response;
  for (const [algorithm, via] of [['oauth2', 'RFC 8414'], ['oidc', 'OpenID discovery']] as const) {
    try {
      const response = await oauth.discoveryRequest(url, { algorithm, [oauth.allowInsecureRequests]: true, [oauth.customFetch]: customFetch });
      return { issuer, metadata: await oauth.processDiscoveryResponse(url, response), via, problems };
    } catch (err) {
      problems.push(`${via}: ${(err as Error).message}`);
    }
  }
  return { issuer, problems };
}
