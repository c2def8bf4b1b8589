// oidc-provider (OpenID Certified, a devDependency) as the authorization server of the OAuth
// client scenarios, behind our recording front: the front's origin is its issuer, the provider
// itself listens on a loopback port of its own and the front's requests are forwarded to it.
// Open dynamic registration, resource indicators (JWT access tokens for the requested resource),
// PKCE required, refresh tokens for clients allowed the grant. A headless client gets its code
// from the first redirect: the login and consent interaction is completed here at once, as a
// user approving everything would (the provider's own interaction API, then its resume URL).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { AsRequest, AsResponse, AuthorizationServerFactory } from '../../src/client/auth-server.js';

const SCOPES = ['mcp:tools', 'mcp:admin'];
const ACCOUNT = 'conform-user';
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export function oidcProviderAuthorizationServer(): AuthorizationServerFactory {
  return async (issuer) => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key = { ...(await exportJWK(privateKey)), kid: 'client-scenario-key', alg: 'RS256', use: 'sig' };
    const provider = new Provider(issuer, {
      scopes: SCOPES,
      jwks: { keys: [key] },
      pkce: { required: () => true },
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) => client.grantTypeAllowed('refresh_token'),
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: true },
        resourceIndicators: {
          enabled: true,
          useGrantedResource: () => true,
          getResourceServerInfo: async (_ctx: unknown, resource: string) => ({ scope: SCOPES.join(' '), audience: resource, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
        },
      },
    } as never);
    // URLs it builds (metadata, redirects) are on the front's origin, which it learns as a proxied host.
    (provider as unknown as { proxy: boolean }).proxy = true;
    provider.on('server_error', (_ctx: unknown, err: Error) => process.stderr.write(`oidc-provider: ${err.message}\n`));
    const http = createServer(provider.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const internal = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

    const forward = async (method: string, url: string, headers: Record<string, string>, body?: string): Promise<Response> => {
      const sent = { ...Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k))), 'x-forwarded-host': new URL(issuer).host, 'x-forwarded-proto': 'http' };
      return fetch(new URL(url, internal), { method, headers: sent, body: body || undefined, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    };
    const asAnswer = async (res: Response): Promise<AsResponse> => {
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => k !== 'set-cookie' && k !== 'content-encoding' && k !== 'content-length' && (headers[k] = v));
      return { status: res.status, headers, body: await res.text() };
    };

    /**
     * The provider asked for an interaction (login, then consent): approve each as the user would,
     * and resume with the cookies it set, until it redirects to the client (a few rounds at most).
     */
    async function approve(first: Response, request: AsRequest): Promise<Response> {
      const jar = new Map<string, string>();
      let res = first;
      for (let round = 0; round < 4; round++) {
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          jar.set(pair.slice(0, pair.indexOf('=')), pair);
        }
        const uid = /^\/interaction\/([^/?]+)/.exec(res.headers.get('location') ?? '')?.[1];
        const interaction = uid ? await provider.Interaction.find(uid) : undefined;
        if (!interaction) return res;
        const params = interaction.params as Record<string, string>;
        const grant = new provider.Grant({ accountId: ACCOUNT, clientId: params.client_id });
        // Everything asked for is granted: the scopes for the resource, and as the provider's own.
        if (params.resource) grant.addResourceScope(params.resource, params.scope ?? '');
        if (params.scope) grant.addOIDCScope(params.scope);
        interaction.result = { login: { accountId: ACCOUNT }, consent: { grantId: await grant.save() } };
        await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
        const resume = new URL(interaction.returnTo);
        res = await forward('GET', `${resume.pathname}${resume.search}`, { ...request.headers, cookie: [...jar.values()].join('; ') });
      }
      return res;
    }

    return {
      async handle(request) {
        const res = await forward(request.method, request.url, request.headers, request.body);
        if (request.method === 'GET' && new URL(request.url, internal).pathname === '/auth' && res.status === 303) return asAnswer(await approve(res, request));
        return asAnswer(res);
      },
      close: () =>
        new Promise<void>((resolve) => {
          http.closeAllConnections();
          http.close(() => resolve());
        }),
    };
  };
}
