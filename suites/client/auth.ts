// The OAuth 2.1 client flows (CLIENT-AUTH): discovery through the protected-resource and the
// authorization server's metadata, PKCE S256, the resource indicator, the token in the header of
// every request and nowhere else, scope selection and step-up, refresh, and refusing metadata
// that names another issuer or resource. Each judges the OAuth log of its scenario
// (src/client/auth-record.ts); a client that does not authorize at all is skipped, not failed.
import { createHash } from 'node:crypto';
import { defineClientCheck } from '../../src/client/check.js';
import { flowRequests, type AuthExchange, type AuthLog } from '../../src/client/auth-record.js';
import { toEvidence, type ScenarioRecord } from '../../src/client/record.js';
import { expected, note } from './support.js';
import { asMetadataGets, authorizeRequests, bearerOf, endpointRequests, notAuthorizing, rsMetadataGets, shown, tokenRequests, PRM_RUNS } from './auth-support.js';

const REVISIONS = ['2025-06-18', '2025-11-25'] as const;
const SPEC = 'basic/authorization';

export const metadataDiscovery = defineClientCheck({
  id: 'client-auth/protected-resource-metadata',
  title: "The authorization server is found through the protected-resource metadata our 401 named",
  level: 'MUST',
  requirements: ['CLIENT-AUTH-1'],
  spec: `${SPEC}#protected-resource-metadata-discovery-requirements`,
  scenario: 'auth',
  transports: ['http'],
  revisions: REVISIONS,
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const lookups = rsMetadataGets(record);
    const prm = lookups.find((e) => e.http!.method === 'GET' && e.http!.path.split('?')[0] === new URL(log.resourceMetadataUrl).pathname);
    const firstAs = log.exchanges.find((x) => x.side === 'as');
    if (!prm && !firstAs && lookups.length === 0) return notAuthorizing(record);
    if (prm && (!firstAs || firstAs.at > prm.at)) return { status: 'pass', message: `GET ${log.resourceMetadataUrl} after our 401, before the authorization server`, evidence: [toEvidence(prm)] };
    const elsewhere = lookups.map((e) => `${e.http!.method} ${e.http!.path}`);
    const evidence = [note(`our 401 named resource_metadata="${log.resourceMetadataUrl}"`), ...lookups.slice(0, 4).map(toEvidence), ...(firstAs ? [shown(log, firstAs)] : [])];
    if (prm) return { status: 'fail', message: `the client reached the authorization server (${firstAs!.method} ${firstAs!.path}) before reading the protected-resource metadata`, evidence };
    return { status: 'fail', message: `the client never read the protected-resource metadata our 401 named${elsewhere.length ? `; it looked at ${elsewhere.join(', ')}` : ''}${firstAs ? `, and reached the authorization server another way` : ''}`, evidence: [...evidence, expected(`GET ${log.resourceMetadataUrl}`, elsewhere.join(', ') || 'nothing')] };
  },
});

export const asMetadata = defineClientCheck({
  id: 'client-auth/authorization-server-metadata',
  title: "The authorization server's metadata (RFC 8414 or OpenID discovery) is read before its endpoints are used",
  level: 'MUST',
  requirements: ['CLIENT-AUTH-2'],
  spec: `${SPEC}#authorization-server-metadata-discovery`,
  scenario: 'auth',
  transports: ['http'],
  revisions: REVISIONS,
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const flow = flowRequests(log);
    const meta = asMetadataGets(log).find((x) => x.status === 200);
    if (!meta && flow.length === 0) return notAuthorizing(record);
    if (meta && (flow.length === 0 || flow[0].at > meta.at)) return { status: 'pass', message: `GET ${meta.path} of the authorization server before its endpoints`, evidence: [shown(log, meta)] };
    return { status: 'fail', message: `the client used the authorization server's ${flow[0].method} ${flow[0].path} without reading its metadata first`, evidence: [shown(log, flow[0]), expected(`GET ${log.issuer}/.well-known/oauth-authorization-server (or openid-configuration) first`, `${flow[0].method} ${flow[0].path}`)] };
  },
});

/** The authorization request whose redirect carried `code`. */
const authorizationOf = (log: AuthLog, code: string | undefined): AuthExchange | undefined => authorizeRequests(log).find((x) => x.location && new URL(x.location, 'http://x').searchParams.get('code') === code);

export const pkceS256 = defineClientCheck({
  id: 'client-auth/pkce-s256',
  title: 'The authorization code flow uses PKCE with S256: a code_challenge, and the matching code_verifier',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-4'],
  spec: `${SPEC}#authorization-code-protection`,
  scenario: 'auth',
  transports: ['http'],
  revisions: ['2025-03-26', ...REVISIONS],
  judge(record) {
    const log = record.auth!;
    const requests = authorizeRequests(log);
    if (requests.length === 0) return notAuthorizing(record);
    for (const x of requests) {
      if (!x.query.code_challenge || x.query.code_challenge_method !== 'S256') return { status: 'fail', message: `an authorization request with ${x.query.code_challenge ? `code_challenge_method ${JSON.stringify(x.query.code_challenge_method ?? null)}` : 'no code_challenge'}`, evidence: [shown(log, x), expected('code_challenge with code_challenge_method=S256', `code_challenge_method=${x.query.code_challenge_method ?? '(none)'}`)] };
    }
    for (const t of tokenRequests(log).filter((t) => t.form!.grant_type === 'authorization_code')) {
      const challenge = authorizationOf(log, t.form!.code)?.query.code_challenge;
      const verifier = t.form!.code_verifier;
      // RFC 7636 §4.1: 43 to 128 unreserved characters (oidc-provider refuses a shorter one).
      if (verifier && !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return { status: 'fail', message: `a code_verifier of ${verifier.length} characters outside RFC 7636's 43-128 unreserved characters`, evidence: [shown(log, t)] };
      if (!verifier || createHash('sha256').update(verifier).digest('base64url') !== challenge) return { status: 'fail', message: verifier ? "the token request's code_verifier does not hash to the authorization request's code_challenge" : 'a token request for an authorization code without code_verifier', evidence: [shown(log, t)] };
    }
    return { status: 'pass', message: `${requests.length} authorization request(s) with an S256 code_challenge, the verifier matching`, evidence: [shown(log, requests[0])] };
  },
});

/** How a resource value compares with our endpoint: exact, a looser form of it (origin, case, slash), or another. */
function resourceMatch(value: string | undefined, ours: string): 'exact' | 'loose' | 'missing' | 'other' {
  if (value === undefined) return 'missing';
  if (value === ours) return 'exact';
  try {
    const v = new URL(value);
    const o = new URL(ours);
    const strip = (u: URL) => `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
    return strip(v) === strip(o) || (v.origin === o.origin && (v.pathname === '/' || v.pathname === '')) ? 'loose' : 'other';
  } catch {
    return 'other';
  }
}

export const resourceParameter = defineClientCheck({
  id: 'client-auth/resource-parameter',
  title: 'The resource parameter (RFC 8707) names our MCP endpoint in the authorization and token requests',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-5'],
  spec: `${SPEC}#resource-parameter-implementation`,
  scenario: 'auth',
  transports: ['http'],
  revisions: REVISIONS,
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const requests = [...authorizeRequests(log), ...tokenRequests(log)].sort((a, b) => a.at - b.at);
    if (requests.length === 0) return notAuthorizing(record);
    const valueOf = (x: AuthExchange) => (x.method === 'GET' ? x.query.resource : x.form!.resource);
    const what = (x: AuthExchange) => (x.method === 'GET' ? 'authorization request' : `token request (${x.form!.grant_type})`);
    const judged = requests.map((x) => ({ x, match: resourceMatch(valueOf(x), log.resource) }));
    const refresh = (x: AuthExchange) => x.form?.grant_type === 'refresh_token';
    const bad = judged.find((j) => (j.match === 'missing' && !refresh(j.x)) || j.match === 'other');
    const shownValue = (x: AuthExchange) => valueOf(x) ?? '(none)';
    if (bad) return { status: 'fail', message: `a ${what(bad.x)} with resource ${shownValue(bad.x)}`, evidence: [shown(log, bad.x), expected(`resource=${log.resource}`, `resource=${shownValue(bad.x)}`)] };
    const loose = judged.find((j) => j.match !== 'exact');
    if (loose) return { status: 'warn', message: `a ${what(loose.x)} with resource ${shownValue(loose.x)}: ${loose.match === 'missing' ? 'a refresh should name the resource too' : 'it identifies our server, but not by its most specific URI'}`, evidence: [shown(log, loose.x), expected(`resource=${log.resource}`, `resource=${shownValue(loose.x)}`)] };
    return { status: 'pass', message: `${requests.length} authorization and token request(s), each with resource=${log.resource}`, evidence: requests.slice(0, 2).map((x) => shown(log, x)) };
  },
});


export const bearerEveryRequest = defineClientCheck({
  id: 'client-auth/bearer-every-request',
  title: 'Once authorized, every request to the MCP endpoint carries Authorization: Bearer',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-6'],
  spec: `${SPEC}#token-requirements`,
  scenario: 'auth',
  transports: ['http'],
  revisions: ['2025-03-26', ...REVISIONS],
  judge(record) {
    const requests = endpointRequests(record);
    const first = requests.findIndex((e) => bearerOf(e) !== undefined);
    if (first < 0) return record.auth!.issued.length ? { status: 'skip', message: 'the client obtained a token but never presented one to the endpoint' } : notAuthorizing(record);
    const later = requests.slice(first);
    const bare = later.find((e) => bearerOf(e) === undefined);
    if (bare) return { status: 'fail', message: `a ${bare.http!.method} after the client first presented its token carried no Bearer token`, evidence: [toEvidence(requests[first]), toEvidence(bare), expected('Authorization: Bearer <token>', bare.http!.headers.authorization ?? 'no Authorization header')] };
    return { status: 'pass', message: `${later.length} request(s) to the endpoint after the first authorized one, each with a Bearer token` };
  },
});

/** Where in a request an issued token (or any access_token parameter) shows in the query. */
function tokenInQuery(path: string, tokens: readonly string[]): boolean {
  const query = new URL(path, 'http://x').searchParams;
  return query.has('access_token') || [...query.values()].some((v) => tokens.includes(v));
}

export const tokenNotInQuery = defineClientCheck({
  id: 'client-auth/token-not-in-query',
  title: 'The access token is never put in a query string',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-7'],
  spec: `${SPEC}#token-requirements`,
  scenario: 'auth',
  transports: ['http'],
  revisions: ['2025-03-26', ...REVISIONS],
  judge(record) {
    const log = record.auth!;
    if (log.issued.length === 0) return notAuthorizing(record);
    const tokens = log.issued.map((t) => t.access);
    const rs = record.events.find((e) => e.dir === 'in' && e.http && tokenInQuery(e.http.path, tokens));
    if (rs) return { status: 'fail', message: `a ${rs.http!.method} to our MCP server carried the access token in its query string`, evidence: [toEvidence(rs)] };
    const as = log.exchanges.find((x) => x.query.access_token !== undefined || Object.values(x.query).some((v) => tokens.includes(v)));
    if (as) return { status: 'fail', message: `a ${as.method} ${as.path} carried the access token in its query string`, evidence: [shown(log, as)] };
    return { status: 'pass', message: 'no query string carried an access token' };
  },
});

export const tokenAudience = defineClientCheck({
  id: 'client-auth/token-audience',
  title: 'Only tokens our authorization server issued reach the MCP server, and the access token reaches no one else',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-8'],
  spec: `${SPEC}#token-handling`,
  scenario: 'auth',
  transports: ['http'],
  revisions: REVISIONS,
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    if (log.issued.length === 0) return notAuthorizing(record);
    const tokens = log.issued.map((t) => t.access);
    const foreign = endpointRequests(record).find((e) => bearerOf(e) !== undefined && !tokens.includes(bearerOf(e)!));
    if (foreign) return { status: 'fail', message: 'a request to the endpoint carried a Bearer token our authorization server never issued', evidence: [toEvidence(foreign)] };
    const carries = (x: AuthExchange) => [x.headers.authorization ?? '', x.body ?? '', ...Object.values(x.form ?? {}), ...Object.values(x.query)].some((v) => tokens.some((t) => v.includes(t)));
    const leaked = log.exchanges.find((x) => x.side === 'as' && carries(x));
    if (leaked) return { status: 'fail', message: `the access token for our MCP server was sent to the authorization server (${leaked.method} ${leaked.path})`, evidence: [shown(log, leaked), expected('the access token only to the MCP server it was issued for', `sent to ${log.issuer}`)] };
    return { status: 'pass', message: `the endpoint received only the ${log.issued.length} token(s) issued for it, and no other origin received one` };
  },
});

export const challengedScope = defineClientCheck({
  id: 'client-auth/challenged-scope',
  title: "The first authorization asks for the scope our 401 challenge named",
  level: 'SHOULD',
  requirements: ['CLIENT-AUTH-9'],
  spec: `${SPEC}#scope-selection-strategy`,
  scenario: 'auth',
  transports: ['http'],
  revisions: ['2025-11-25'],
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const first = authorizeRequests(log)[0];
    if (!first) return notAuthorizing(record);
    const asked = (first.query.scope ?? '').split(' ').filter(Boolean);
    const missing = log.scope.filter((s) => !asked.includes(s));
    if (missing.length === 0) return { status: 'pass', message: `scope "${asked.join(' ')}" includes the challenged "${log.scope.join(' ')}"`, evidence: [shown(log, first)] };
    return { status: 'warn', message: `the first authorization asked for scope "${asked.join(' ') || '(none)'}", without the challenged ${missing.join(' ')}`, evidence: [note(`our 401 challenge: ${log.challenges[0]?.header ?? ''}`), shown(log, first), expected(`scope including ${log.scope.join(' ')}`, first.query.scope ?? '(none)')] };
  },
});

export const authChecks = [metadataDiscovery, asMetadata, pkceS256, resourceParameter, bearerEveryRequest, tokenNotInQuery, tokenAudience, challengedScope];
