// Raw exchanges for the auth checks: the MCP request a client sends first (initialize, or
// tools/list in 2026-07-28), with no token, another token or the valid one; the challenge of the
// reply; and the protected-resource metadata (RFC 9728) found through it or at the well-known URIs.
import { defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { isStateless } from '../../src/schema/index.js';
import { routingHeaders } from '../../src/transport/index.js';
import { bearerChallenge, parseChallenges, type Challenge } from '../../src/auth/index.js';
import { endStraySession, exchange, headerOf, probeId, rpc, served, type Reply } from './http-probe.js';
import { isObject } from './json-object.js';

/** What to send as credentials: none, a bearer token, a whole Authorization value, or the token in the query. */
export type Credentials = { none: true } | { bearer: string } | { authorization: string } | { query: string; bearer?: string };

export interface Probe {
  reply: Reply;
  id: string;
  /** The request was served: its answer is a result (MCP data a client without authorization must not get). */
  served: boolean;
  challenges: Challenge[] | 'unparseable' | undefined;
  bearer: Challenge | undefined;
}

/** Sends the era's first request with `credentials` in place of the run's token. */
export async function probe(ctx: CheckContext, credentials: Credentials, name = 'auth'): Promise<Probe> {
  const id = probeId(name);
  const stateless = isStateless(ctx.revision);
  const message = stateless
    ? ctx.session.buildRequest('tools/list', undefined, { id })
    : { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: ctx.revision, capabilities: {}, clientInfo: { name: 'mcp-conform', version: '0' } } };
  const headers: Record<string, string> = stateless ? { ...routingHeaders(message), 'MCP-Protocol-Version': ctx.revision } : {};
  const authorization = 'authorization' in credentials ? credentials.authorization : 'bearer' in credentials && credentials.bearer ? `Bearer ${credentials.bearer}` : undefined;
  if (authorization) headers.Authorization = authorization;
  const url = 'query' in credentials ? withQuery(ctx.target, credentials.query) : undefined;
  const reply = await exchange(ctx, ctx.session, {
    method: 'POST',
    body: stateless ? JSON.stringify(message) : rpc(id, 'initialize', message.params as Record<string, unknown>),
    headers,
    ...(authorization ? {} : { omitHeaders: ['Authorization'] }),
    ...(url ? { url } : {}),
  });
  const challenges = await parseChallenges(headerOf(reply, 'www-authenticate'));
  if (reply.response?.status === 401 && !authorization) ctx.facts.authRequired = true;
  return { reply, id, served: served(reply, id), challenges, bearer: bearerChallenge(challenges) };
}

export const noTokenProbeScenario = defineSharedScenario<Probe>({ name: 'no-token probe' });

/**
 * The no-token probe, sent once per run and shared by the auth checks. Each used to send its own;
 * a server that serves it (one without authorization) opened a session for each, which nothing
 * ended: thirteen left behind a run. The one it opens now is ended at once.
 */
export async function noTokenProbe(ctx: CheckContext): Promise<Probe> {
  let mine = false;
  const first = await ctx.shared(noTokenProbeScenario, async () => {
    mine = true;
    const p = await probe(ctx, { none: true }, 'no-token');
    if (p.served) await endStraySession(ctx, p.reply);
    return p;
  });
  if (!mine) {
    ctx.note("the run's no-token probe, shared by the auth checks");
    ctx.evidence.push({ type: 'http', at: ctx.session.now(), request: first.reply.request, response: first.reply.response });
  }
  return first;
}

function withQuery(target: CheckContext['target'], token: string): string {
  const url = new URL('url' in target ? target.url : '');
  url.searchParams.set('access_token', token);
  return url.href;
}

export const endpointOf = (ctx: CheckContext): string => ('url' in ctx.target ? ctx.target.url : '');

/**
 * The no-token probe, or the reason the auth checks do not apply: a server that serves a request
 * without a token does not require authorization (it is optional, catalog §7), unless the user
 * says it does by giving a token — then that is AUTH-2's failure, and the other checks skip.
 */
export async function protectedServer(ctx: CheckContext): Promise<{ probe: Probe } | { skip: string; probe: Probe }> {
  const first = await noTokenProbe(ctx);
  if (first.reply.response?.status === 401) return { probe: first };
  const status = first.reply.response ? `HTTP ${first.reply.response.status}` : (first.reply.error ?? 'no response');
  return { skip: `the server did not ask for authorization: a request without a token got ${status}`, probe: first };
}

/** The valid token, or undefined (then checks that need one skip). */
export const validToken = (ctx: CheckContext): string | undefined => ctx.options.auth?.token;
export const NEEDS_TOKEN = 'needs a valid token: give one with --auth-token (or MCP_CONFORM_AUTH_TOKEN)';

export interface Prm {
  url: string;
  via: 'resource_metadata' | 'path-inserted well-known URI' | 'root well-known URI';
  reply: Reply;
  document?: Record<string, unknown>;
}

/** Where RFC 9728 puts the metadata of `endpoint`: the path-inserted URI, then the root one. */
export function wellKnownPrmUrls(endpoint: string): Array<{ url: string; via: Prm['via'] }> {
  const u = new URL(endpoint);
  const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
  const urls: Array<{ url: string; via: Prm['via'] }> = [];
  if (path) urls.push({ url: `${u.origin}/.well-known/oauth-protected-resource${path}`, via: 'path-inserted well-known URI' });
  urls.push({ url: `${u.origin}/.well-known/oauth-protected-resource`, via: 'root well-known URI' });
  return urls;
}

/**
 * A GET of a metadata document, recorded: no token (tokens go only to the MCP endpoint), no
 * session headers, and on another origin (an authorization server) none of the target's
 * configured headers either, which may carry other credentials.
 */
export function getWithoutCredentials(ctx: CheckContext, url: string): Promise<Reply> {
  const foreign = new URL(url).origin !== new URL(endpointOf(ctx)).origin;
  const configured = foreign && 'headers' in ctx.target ? Object.keys(ctx.target.headers ?? {}) : [];
  return exchange(ctx, ctx.session, { method: 'GET', url, headers: { Accept: 'application/json' }, omitHeaders: ['Authorization', 'Mcp-Session-Id', 'MCP-Protocol-Version', ...configured], omitSessionId: true, omitProtocolVersion: true });
}

/** GETs a metadata URL without a token; the document when it is 200 with a JSON object. */
export async function fetchPrm(ctx: CheckContext, url: string, via: Prm['via']): Promise<Prm> {
  const reply = await getWithoutCredentials(ctx, url);
  let document: Record<string, unknown> | undefined;
  if (reply.response?.status === 200) {
    try {
      const parsed: unknown = JSON.parse(reply.response.body ?? '');
      if (isObject(parsed)) document = parsed;
    } catch {
      // not JSON: no document
    }
  }
  return { url, via, reply, ...(document ? { document } : {}) };
}

/** The metadata a client finds: through the challenge's resource_metadata, else at the well-known URIs. */
export async function discoverPrm(ctx: CheckContext, first: Probe): Promise<{ found?: Prm; tried: Prm[] }> {
  const tried: Prm[] = [];
  const named = first.bearer?.parameters.resource_metadata;
  const candidates = [...(named ? [{ url: named, via: 'resource_metadata' as const }] : []), ...wellKnownPrmUrls(endpointOf(ctx))];
  for (const c of candidates) {
    let prm: Prm;
    try {
      prm = await fetchPrm(ctx, new URL(c.url).href, c.via);
    } catch {
      ctx.note(`${c.via} ${c.url} is not a URL`);
      continue;
    }
    tried.push(prm);
    if (prm.document) return { found: prm, tried };
  }
  return { tried };
}

export function describeStatus(p: Probe): string {
  return p.reply.response ? `HTTP ${p.reply.response.status}` : `no response (${p.reply.error ?? 'unknown'})`;
}
