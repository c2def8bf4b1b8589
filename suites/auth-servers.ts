// The authorization servers a protected server names (catalog §7): for 2025-03-26, metadata or
// the default endpoints at the server's own origin (AUTH-11); from 2025-06-18, the metadata of
// each server its protected-resource metadata lists, as an MCP client needs it. Only AUTH-11
// binds the MCP server; the rest binds the authorization server and the client, so it is
// information.
// Proof of each check (the fixture fault that must break it): test/proof/auth-servers.ts.
import { defineCheck, type Check } from '../src/checks/index.js';
import { discoverPrm, endpointOf, protectedServer, noTokenProbeScenario } from './lib/auth-probe.js';
import { getWithoutToken, readAsMetadata } from './lib/auth-as-metadata.js';

const STDIO_REASON = 'authorization applies to HTTP servers; a stdio server takes its credentials from its environment (AUTH-1)';
const common = { transports: ['http'] as const, connection: 'raw' as const, runsWithoutHandshake: true, notForTransport: STDIO_REASON };

/** The endpoints 2025-03-26 makes a server without metadata serve at its origin. */
const DEFAULT_ENDPOINTS = ['/authorize', '/token', '/register'];

export const asMetadataOrDefaults = defineCheck({
  ...common,
  id: 'auth/as-metadata-or-defaults',
  title: '2025-03-26: authorization-server metadata at the origin (RFC 8414), else the default /authorize, /token and /register',
  level: 'MUST',
  requirements: ['AUTH-11'],
  spec: 'basic/authorization#server-metadata-discovery',
  revisions: ['2025-03-26'],
  async run(ctx) {
    const gate = await protectedServer(ctx);
    if ('skip' in gate) return ctx.skip(gate.skip);
    const origin = new URL(endpointOf(ctx)).origin;
    const wellKnown = `${origin}/.well-known/oauth-authorization-server`;
    const { reply } = await getWithoutToken(ctx, wellKnown).catch((err: Error) => ({ reply: { error: err.message, response: undefined } }));
    const status = reply.response?.status;
    if (status === 200) {
      try {
        if (typeof JSON.parse(reply.response?.body ?? '') === 'object') return ctx.pass();
      } catch {
        // not JSON: as if absent
      }
    }
    // No usable metadata: the fallback endpoints must exist (anything but 404 means they do).
    const absent: string[] = [];
    for (const path of DEFAULT_ENDPOINTS) {
      const probe = await getWithoutToken(ctx, `${origin}${path}`).catch(() => undefined);
      if (!probe || probe.reply.response?.status === 404) absent.push(`${path} → ${probe?.reply.response?.status ?? 'no response'}`);
    }
    const got = `${wellKnown} → ${status ?? reply.error ?? 'no response'}`;
    if (absent.length) return ctx.violation(`no authorization-server metadata (${got}) and not every default endpoint: ${absent.join(', ')}`, 'RFC 8414 metadata, or /authorize, /token and /register', got);
    return ctx.warn(`no authorization-server metadata (${got}); the default endpoints answer`, '200 with RFC 8414 metadata', got);
  },
});

export const asMetadataUsable = defineCheck({
  ...common,
  id: 'auth/as-metadata',
  shares: [noTokenProbeScenario],
  title: 'each listed authorization server has metadata a client can use: reachable, same issuer, PKCE S256, endpoints',
  level: 'MAY',
  requirements: ['AUTH-3'],
  spec: 'basic/authorization#authorization-server-metadata-discovery',
  revisions: ['2025-06-18', '2025-11-25', '2026-07-28'],
  async run(ctx) {
    const gate = await protectedServer(ctx);
    if ('skip' in gate) return ctx.skip(gate.skip);
    const { found } = await discoverPrm(ctx, gate.probe);
    const servers = found?.document?.authorization_servers;
    if (!Array.isArray(servers) || servers.length === 0) return ctx.skip('no authorization server is listed (auth/prm-document says why)');
    const problems: string[] = [];
    for (const issuer of servers.filter((s): s is string => typeof s === 'string')) {
      const read = await readAsMetadata(ctx, issuer);
      if (!read.metadata) {
        problems.push(`${issuer}: no usable metadata (${read.problems.join('; ')})`);
        continue;
      }
      const m = read.metadata;
      const lacks = [
        !m.authorization_endpoint ? 'authorization_endpoint' : '',
        !m.token_endpoint ? 'token_endpoint' : '',
        !m.code_challenge_methods_supported?.includes('S256') ? `code_challenge_methods_supported with S256 (got ${JSON.stringify(m.code_challenge_methods_supported ?? null)}; MCP clients refuse a server without it)` : '',
      ].filter(Boolean);
      if (lacks.length) problems.push(`${issuer} (${read.via}) lacks ${lacks.join(', ')}`);
      else ctx.note(`${issuer}: ${read.via} metadata, issuer matches, S256, authorization and token endpoints`);
    }
    // Binds the authorization server and the client, not the MCP server: information.
    return problems.length ? ctx.violation(problems.join('; ')) : ctx.pass();
  },
});

export const authServerChecks: readonly Check[] = [asMetadataOrDefaults, asMetadataUsable];
