// Authorization of protected HTTP servers (catalog §7): the 401 and its challenge, the
// protected-resource metadata, tokens that must be refused, scope, and per-request verification.
// Each check opens its own connection and sends raw exchanges, with no token or another one in
// place of the run's. Authorization is optional: a server that serves requests without a token
// skips these, unless a token was given (then serving without one breaks AUTH-2).
// Proof of each check (the fixture fault that must break it): test/proof/auth.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import type { Revision } from '../src/schema/index.js';
import { challengedScopes, craftedTokens, fingerprint } from '../src/auth/index.js';
import { describeStatus, discoverPrm, endpointOf, NEEDS_TOKEN, noTokenProbe, probe, protectedServer, validToken, noTokenProbeScenario, type Probe } from './lib/auth-probe.js';
import { exchange, httpOf, probeId, rpc, served } from './lib/http-probe.js';

const AUTH_REVISIONS: readonly Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const PRM_REVISIONS: readonly Revision[] = ['2025-06-18', '2025-11-25', '2026-07-28'];
const SCOPE_REVISIONS: readonly Revision[] = ['2025-11-25', '2026-07-28'];
const STDIO_REASON = 'authorization applies to HTTP servers; a stdio server takes its credentials from its environment (AUTH-1)';

const common = { transports: ['http'] as const, connection: 'raw' as const, runsWithoutHandshake: true, notForTransport: STDIO_REASON };

/** Runs `body` against a protected server, or skips with the reason it is not one. */
async function onProtected(ctx: CheckContext, body: (first: Probe) => Promise<ReturnType<CheckContext['pass']>>) {
  const gate = await protectedServer(ctx);
  if ('skip' in gate) return ctx.skip(gate.skip);
  return body(gate.probe);
}

export const noTokenRefused = defineCheck({
  ...common,
  id: 'auth/no-token-401',
  shares: [noTokenProbeScenario],
  title: 'a request without a token gets 401 and no MCP data',
  level: 'MUST',
  requirements: ['AUTH-2', 'AUTH-7'],
  spec: 'basic/authorization#token-handling',
  revisions: AUTH_REVISIONS,
  async run(ctx) {
    const first = await noTokenProbe(ctx);
    const status = first.reply.response?.status;
    if (status === 401 && !first.served) return ctx.pass();
    if (status === 401) return ctx.violation('the 401 body carries the answer to the request', '401 and no result', `401 with a result for ${first.id}`);
    if (!ctx.options.auth?.token) return ctx.skip(`the server did not ask for authorization: a request without a token got ${describeStatus(first)} (authorization is optional; give --auth-token when the server is meant to be protected)`);
    return ctx.violation(`a request without a token got ${describeStatus(first)}${first.served ? ' and was served' : ''}, although the server accepts the given token`, 'HTTP 401', describeStatus(first));
  },
});

export const challengeBearer = defineCheck({
  ...common,
  id: 'auth/challenge-bearer',
  shares: [noTokenProbeScenario],
  title: 'a 401 carries a WWW-Authenticate challenge with the Bearer scheme',
  level: 'MUST',
  requirements: ['AUTH-12'],
  spec: 'basic/authorization#token-handling',
  revisions: AUTH_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const garbage = await probe(ctx, { bearer: 'mcp-conform-garbage-token' }, 'garbage');
      for (const [what, p] of [['without a token', first], ['with a garbage token', garbage]] as const) {
        if (p.reply.response?.status !== 401) continue;
        if (p.challenges === undefined) {
          // The discovery diagram draws the header as optional: a warning when the metadata is at a well-known URI.
          const { found } = await discoverPrm(ctx, p);
          if (found) return ctx.warn(`the 401 ${what} has no WWW-Authenticate header (the metadata is at the ${found.via}, so clients still find it)`, 'WWW-Authenticate: Bearer …', 'no header');
          return ctx.violation(`the 401 ${what} has no WWW-Authenticate header`, 'WWW-Authenticate: Bearer …', 'no header');
        }
        if (p.challenges === 'unparseable') return ctx.violation(`the WWW-Authenticate header of the 401 ${what} does not follow the challenge grammar (RFC 9110 §11.6.1)`);
        if (!p.bearer) return ctx.violation(`the 401 ${what} challenges with ${p.challenges.map((c) => c.scheme).join(', ')}, not Bearer`, 'a Bearer challenge', p.challenges.map((c) => c.scheme).join(', '));
      }
      return ctx.pass();
    }),
});

export const challengeResourceMetadata = defineCheck({
  ...common,
  id: 'auth/challenge-resource-metadata',
  shares: [noTokenProbeScenario],
  title: 'a 401 points to the protected-resource metadata (resource_metadata, or the well-known URI from 2025-11-25)',
  level: 'MUST',
  requirements: ['AUTH-4'],
  spec: 'basic/authorization#protected-resource-metadata-discovery-requirements',
  revisions: PRM_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      if (first.bearer?.parameters.resource_metadata) return ctx.pass();
      if (ctx.revision === '2025-06-18') return ctx.violation('the 401 challenge has no resource_metadata parameter (2025-06-18 requires it on every 401)', 'resource_metadata="…"', first.reply.response?.headers['www-authenticate'] ?? 'no WWW-Authenticate');
      const { found, tried } = await discoverPrm(ctx, first);
      if (found) return ctx.pass(`no resource_metadata in the challenge; the metadata is at the ${found.via}`);
      return ctx.violation(`neither mechanism: no resource_metadata in the challenge, and no metadata at ${tried.map((t) => `${t.url} (${t.reply.response?.status ?? t.reply.error})`).join(', ')}`);
    }),
});

export const challengeScope = defineCheck({
  ...common,
  id: 'auth/challenge-scope',
  shares: [noTokenProbeScenario],
  title: 'the 401 challenge names the scopes needed, the same ones each time',
  level: 'SHOULD',
  requirements: ['AUTH-5', 'AUTH-15'],
  spec: 'basic/authorization#protected-resource-metadata-discovery-requirements',
  revisions: SCOPE_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      if (!first.bearer?.parameters.scope) return ctx.violation('the 401 challenge has no scope parameter', 'scope="…"', first.reply.response?.headers['www-authenticate'] ?? 'no WWW-Authenticate');
      const sets = [challengedScopes(first.bearer)];
      for (let i = 0; i < 2; i++) sets.push(challengedScopes((await probe(ctx, { none: true }, 'no-token-again')).bearer));
      const key = (s: string[]) => [...s].sort().join(' ');
      if (new Set(sets.map(key)).size > 1) return ctx.violation(`the same request without a token was challenged with different scopes: ${sets.map((s) => `"${s.join(' ')}"`).join(', ')}`);
      return ctx.pass();
    }),
});

export const challengeErrorCodes = defineCheck({
  ...common,
  id: 'auth/challenge-error-codes',
  shares: [noTokenProbeScenario],
  title: 'challenge error codes: none without credentials, invalid_token for a bad token, invalid_request for a token sent twice',
  level: 'SHOULD',
  requirements: ['AUTH-13'],
  spec: 'basic/authorization#error-handling',
  revisions: AUTH_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const problems: string[] = [];
      const noCredError = first.bearer?.parameters.error;
      if (noCredError) problems.push(`a request without credentials got error="${noCredError}" (RFC 6750 §3.1: no error code)`);
      const garbage = await probe(ctx, { bearer: 'mcp-conform-garbage-token' }, 'garbage');
      const garbageError = garbage.bearer?.parameters.error;
      if (garbage.reply.response?.status === 401 && garbageError !== 'invalid_token') problems.push(`a garbage token got ${garbageError ? `error="${garbageError}"` : 'no error attribute'}, not invalid_token`);
      const token = validToken(ctx);
      if (token) {
        ctx.options.secrets?.add(token);
        const twice = await probe(ctx, { query: token, bearer: token }, 'token-twice');
        const status = twice.reply.response?.status;
        if (status !== 400 || twice.bearer?.parameters.error !== 'invalid_request') problems.push(`the token in the header and the access_token query parameter at once got ${describeStatus(twice)}${twice.bearer?.parameters.error ? ` error="${twice.bearer.parameters.error}"` : ''}, not 400 invalid_request`);
      } else ctx.note(`not tried: the token sent two ways at once (${NEEDS_TOKEN})`);
      return problems.length ? ctx.violation(problems.join('; ')) : ctx.pass();
    }),
});

export const badTokensRefused = defineCheck({
  ...common,
  id: 'auth/bad-tokens-refused',
  shares: [noTokenProbeScenario],
  title: 'invalid, expired, unsigned, forged, altered and query-string tokens get 401 and no data',
  level: 'MUST',
  requirements: ['AUTH-6', 'AUTH-7'],
  spec: 'basic/authorization#token-handling',
  revisions: AUTH_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async () => {
      const token = validToken(ctx);
      const crafted = await craftedTokens(token, endpointOf(ctx));
      const cases: Array<{ label: string; send: Parameters<typeof probe>[1]; malformed?: boolean }> = [
        { label: 'a garbage token', send: { bearer: 'mcp-conform-garbage-token' } },
        { label: 'an empty Bearer credential', send: { authorization: 'Bearer' }, malformed: true },
        { label: 'Basic credentials instead of Bearer', send: { authorization: `Basic ${Buffer.from('mcp-conform:guess').toString('base64')}` }, malformed: true },
        ...crafted.map((c) => ({ label: c.label, send: { bearer: ctx.options.secrets?.add(c.token) ?? c.token } })),
        ...(token ? [{ label: 'the valid token in the access_token query parameter only', send: { query: token } }] : []),
      ];
      if (!token) ctx.note(`not tried: the valid token altered, and in the query string (${NEEDS_TOKEN})`);
      const served: string[] = [];
      const odd: string[] = [];
      for (const c of cases) {
        const p = await probe(ctx, c.send, 'bad-token');
        const status = p.reply.response?.status;
        if (p.served || (status !== undefined && status >= 200 && status < 300)) served.push(`${c.label}: ${describeStatus(p)}`);
        else if (status !== 401 && !(c.malformed && status === 400)) odd.push(`${c.label}: ${describeStatus(p)}`);
      }
      if (served.length) return ctx.violation(`accepted ${served.join('; ')}`, 'HTTP 401 (400 for a malformed request)', served.join('; '));
      if (odd.length) return ctx.warn(`refused, but not with 401: ${odd.join('; ')}`, 'HTTP 401', odd.join('; '));
      return ctx.pass();
    }),
});

export const wrongAudienceRefused = defineCheck({
  ...common,
  id: 'auth/wrong-audience-refused',
  shares: [noTokenProbeScenario],
  title: 'a token issued for another resource is refused with 401',
  level: 'MUST',
  requirements: ['AUTH-6', 'AUTH-10'],
  spec: 'basic/authorization#token-handling',
  revisions: AUTH_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async () => {
      const other = ctx.options.auth?.wrongAudienceToken;
      if (!other) return ctx.skip('needs a token issued for another resource: give one with --auth-token-wrong-audience');
      ctx.note(`sent the wrong-audience token ${fingerprint(other)}`);
      const p = await probe(ctx, { bearer: other }, 'wrong-audience');
      const status = p.reply.response?.status;
      if (p.served || (status !== undefined && status >= 200 && status < 300)) return ctx.violation(`the token issued for another resource was accepted (${describeStatus(p)})`, 'HTTP 401', describeStatus(p));
      if (status !== 401) return ctx.warn(`the token issued for another resource got ${describeStatus(p)}, not 401`, 'HTTP 401', describeStatus(p));
      return ctx.pass();
    }),
});

export const insufficientScope = defineCheck({
  ...common,
  id: 'auth/insufficient-scope',
  shares: [noTokenProbeScenario],
  title: 'a valid token lacking scope gets 403 with an insufficient_scope challenge naming scope and resource_metadata',
  level: 'MUST',
  requirements: ['AUTH-7', 'AUTH-8'],
  spec: 'basic/authorization#runtime-insufficient-scope-errors',
  revisions: AUTH_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async () => {
      const low = ctx.options.auth?.lowScopeToken;
      if (!low) return ctx.skip('needs a valid token lacking the required scopes: give one with --auth-token-low-scope');
      ctx.note(`sent the low-scope token ${fingerprint(low)}`);
      const p = await probe(ctx, { bearer: low }, 'low-scope');
      const status = p.reply.response?.status;
      if (status !== undefined && status >= 200 && status < 300) return ctx.info(`the low-scope token was accepted for ${ctx.revision === '2026-07-28' ? 'tools/list' : 'initialize'}; which operation needs more scope is not visible from outside`);
      if (status !== 403) return ctx.violation(`a valid token lacking scope got ${describeStatus(p)}, not 403 (401 means the token itself is bad)`, 'HTTP 403', describeStatus(p));
      const params = p.bearer?.parameters ?? {};
      const missing = [params.error !== 'insufficient_scope' ? 'error="insufficient_scope"' : '', !params.scope ? 'scope' : '', !params.resource_metadata && ctx.revision !== '2025-03-26' ? 'resource_metadata' : ''].filter(Boolean);
      if (missing.length) return ctx.warn(`the 403 challenge lacks ${missing.join(', ')}`, 'Bearer error="insufficient_scope", scope="…", resource_metadata="…"', p.reply.response?.headers['www-authenticate'] ?? 'no WWW-Authenticate');
      return ctx.pass();
    }),
});

export const scopesInOneChallenge = defineCheck({
  ...common,
  id: 'auth/scopes-in-one-challenge',
  shares: [noTokenProbeScenario],
  title: 'an insufficient_scope challenge names every scope the request needs: a token with them is served',
  level: 'SHOULD',
  requirements: ['AUTH-14'],
  spec: 'basic/authorization#runtime-insufficient-scope-errors',
  revisions: ['2026-07-28'],
  run: (ctx) =>
    onProtected(ctx, async () => {
      const issuer = ctx.options.auth?.issuer;
      if (!issuer) return ctx.skip('needs tokens with chosen scopes: give client credentials with --auth-client-id/--auth-client-secret');
      const ask = async (scopes: string[]) => {
        try {
          const got = await issuer.obtain(scopes);
          ctx.options.secrets?.add(got.token);
          return got;
        } catch (err) {
          return { refused: (err as Error).message };
        }
      };
      // A token with no scope lacks every scope the request needs.
      const bare = await ask([]);
      if ('refused' in bare) return ctx.skip(`the authorization server issued no token without scopes: ${bare.refused}`);
      const first = await probe(ctx, { bearer: bare.token }, 'no-scope');
      if (first.served) return ctx.skip(bare.scopes?.length ? `asked for no scope, the authorization server granted "${bare.scopes.join(' ')}", and that token was served: no challenge to follow` : 'a token without scopes was served: no scope is needed for tools/list');
      if (first.reply.response?.status !== 403) return ctx.skip(`a token without scopes got ${describeStatus(first)}, not 403 (auth/insufficient-scope grades that)`);
      const named = challengedScopes(first.bearer);
      if (named.length === 0) return ctx.skip('the 403 names no scope (auth/insufficient-scope grades that)');
      const wanted = [...new Set([...(bare.scopes ?? []), ...named])];
      const full = await ask(wanted);
      if ('refused' in full) return ctx.skip(`the authorization server issued no token with the challenged scopes "${wanted.join(' ')}": ${full.refused}`);
      ctx.note(`first challenge: scope "${named.join(' ')}"; retried with a token for "${wanted.join(' ')}" (${fingerprint(full.token)})`);
      const retry = await probe(ctx, { bearer: full.token }, 'challenged-scopes');
      if (retry.served) return ctx.pass();
      const more = challengedScopes(retry.bearer).filter((s) => !wanted.includes(s));
      if (retry.reply.response?.status === 403 && more.length) return ctx.violation(`the first challenge named "${named.join(' ')}"; with those scopes the next one names "${more.join(' ')}" as well: the needed scopes came one retry at a time`, `one challenge with every needed scope`, `"${named.join(' ')}", then "${more.join(' ')}"`);
      return ctx.info(`with a token for the challenged scopes "${wanted.join(' ')}" the request got ${describeStatus(retry)}${retry.bearer?.parameters.scope ? ` (scope "${retry.bearer.parameters.scope}")` : ''}`);
    }),
});

export const sessionNeedsToken = defineCheck({
  ...common,
  id: 'auth/session-needs-token',
  shares: [noTokenProbeScenario],
  title: 'a session id without a token gets 401: every request is authorized on its own',
  level: 'MUST',
  requirements: ['AUTH-9'],
  spec: 'basic/authorization#token-requirements',
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  run: (ctx) =>
    onProtected(ctx, async () => {
      if (!validToken(ctx)) return ctx.skip(NEEDS_TOKEN);
      const { session, handshake } = await ctx.connect();
      if (handshake?.outcome.kind !== 'result') return ctx.skip(`initialize with the given token did not succeed (${handshake?.outcome.kind}), so there is no session to test`);
      const sessionId = httpOf(session).sessionId;
      if (!sessionId) return ctx.skip('the server issued no Mcp-Session-Id, so there is no session to reuse without a token');
      const id = probeId('session-no-token');
      const reply = await exchange(ctx, session, { method: 'POST', body: rpc(id, 'ping'), omitHeaders: ['Authorization'] });
      if (served(reply, id) || reply.response?.status === 200) return ctx.violation(`ping with the session id and no token was served (HTTP ${reply.response?.status})`, 'HTTP 401', `HTTP ${reply.response?.status}`);
      if (reply.response?.status !== 401) return ctx.warn(`ping with the session id and no token got HTTP ${reply.response?.status ?? reply.error}, not 401`, 'HTTP 401', `HTTP ${reply.response?.status}`);
      return ctx.pass();
    }),
});

export const prmDocument = defineCheck({
  ...common,
  id: 'auth/prm-document',
  shares: [noTokenProbeScenario],
  title: 'protected-resource metadata (RFC 9728) is served and lists at least one authorization server',
  level: 'MUST',
  requirements: ['AUTH-3'],
  spec: 'basic/authorization#authorization-server-location',
  revisions: PRM_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const { found, tried } = await discoverPrm(ctx, first);
      if (!found) return ctx.violation(`no protected-resource metadata: ${tried.map((t) => `${t.url} → ${t.reply.response?.status ?? t.reply.error}`).join('; ')}`);
      const servers = found.document?.authorization_servers;
      if (!Array.isArray(servers) || servers.length === 0 || !servers.every((x) => typeof x === 'string')) {
        return ctx.violation(`the metadata at ${found.url} lists no authorization server`, 'a non-empty authorization_servers array of URLs', JSON.stringify(servers ?? null));
      }
      return ctx.pass();
    }),
});

export const prmReadable = defineCheck({
  ...common,
  id: 'auth/prm-readable',
  shares: [noTokenProbeScenario],
  title: 'the metadata URL a client is given (or the well-known one) is readable without a token',
  level: 'MUST',
  kind: 'D',
  requirements: ['AUTH-19'],
  spec: 'basic/authorization#protected-resource-metadata-discovery-requirements',
  revisions: PRM_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const { found, tried } = await discoverPrm(ctx, first);
      if (found) return ctx.pass();
      const refused = tried.filter((t) => t.reply.response?.status === 401);
      if (refused.length) return ctx.violation(`the metadata asks for a token: ${refused.map((t) => `${t.url} → 401`).join('; ')}`, '200 with a JSON object, without a token', '401');
      return ctx.violation(`no metadata URL answered 200 with a JSON object: ${tried.map((t) => `${t.url} → ${t.reply.response?.status ?? t.reply.error}`).join('; ')}`);
    }),
});

export const prmResource = defineCheck({
  ...common,
  id: 'auth/prm-resource',
  shares: [noTokenProbeScenario],
  title: 'the metadata names the MCP endpoint as its resource',
  level: 'MUST',
  kind: 'D',
  requirements: ['AUTH-18'],
  spec: 'basic/authorization#canonical-server-uri',
  revisions: PRM_REVISIONS,
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const { found } = await discoverPrm(ctx, first);
      if (!found) return ctx.skip('no metadata document was found (auth/prm-document says why)');
      const resource = found.document?.resource;
      const endpoint = endpointOf(ctx);
      const accepted = found.via === 'root well-known URI' ? [endpoint, new URL(endpoint).origin] : [endpoint];
      if (typeof resource === 'string' && accepted.includes(resource)) return ctx.pass();
      const loose = (u: string) => u.toLowerCase().replace(/\/$/, '');
      if (typeof resource === 'string' && accepted.some((a) => loose(a) === loose(resource))) return ctx.info(`resource "${resource}" differs from ${endpoint} only in case or a trailing slash`);
      return ctx.violation(`the metadata at ${found.url} names resource ${JSON.stringify(resource ?? null)}, not the endpoint`, accepted.join(' or '), JSON.stringify(resource ?? null));
    }),
});

export const noOfflineAccess = defineCheck({
  ...common,
  id: 'auth/no-offline-access',
  shares: [noTokenProbeScenario],
  title: 'offline_access is in no challenged scope and not in scopes_supported',
  level: 'SHOULD',
  requirements: ['AUTH-17'],
  spec: 'basic/authorization#refresh-tokens',
  revisions: ['2026-07-28'],
  run: (ctx) =>
    onProtected(ctx, async (first) => {
      const { found } = await discoverPrm(ctx, first);
      const supported = found?.document?.scopes_supported;
      const where = [
        challengedScopes(first.bearer).includes('offline_access') ? 'the 401 challenge scope' : '',
        Array.isArray(supported) && supported.includes('offline_access') ? `scopes_supported of ${found!.url}` : '',
      ].filter(Boolean);
      return where.length ? ctx.violation(`offline_access is listed in ${where.join(' and ')}`) : ctx.pass();
    }),
});

export const eachRequestVerified = defineCheck({
  ...common,
  id: 'auth/each-request-verified',
  title: 'after a request with a valid token, the same request without one still gets 401',
  level: 'MUST',
  requirements: ['AUTH-20'],
  spec: 'basic/security_best_practices#state-handle-hijacking',
  revisions: ['2026-07-28'],
  // Not gated on a first no-token probe: a server that remembers an earlier token would pass it.
  async run(ctx) {
    const token = validToken(ctx);
    if (!token) return ctx.skip(NEEDS_TOKEN);
    const authorized = await probe(ctx, { bearer: token }, 'authorized');
    if (!authorized.served) return ctx.skip(`the request with the given token was not served (${describeStatus(authorized)})`);
    const after = await probe(ctx, { none: true }, 'after-authorized');
    if (after.served || after.reply.response?.status === 200) return ctx.violation('right after a request with the valid token, the same request without a token was served', 'HTTP 401', describeStatus(after));
    return after.reply.response?.status === 401 ? ctx.pass() : ctx.warn(`the request without a token got ${describeStatus(after)}, not 401`, 'HTTP 401', describeStatus(after));
  },
});

export const authChecks: readonly Check[] = [
  noTokenRefused,
  challengeBearer,
  challengeResourceMetadata,
  challengeScope,
  challengeErrorCodes,
  badTokensRefused,
  wrongAudienceRefused,
  insufficientScope,
  scopesInOneChallenge,
  sessionNeedsToken,
  prmDocument,
  prmReadable,
  prmResource,
  noOfflineAccess,
  eachRequestVerified,
];
