// Client credentials against a real authorization server (oidc-provider, test/support) and the
// fixture's JWT mode, which verifies its tokens with jose against that server's JWKS: the suite
// discovers the server through the protected-resource metadata and obtains a valid token (RFC
// 8707 resource = the endpoint), one for another resource and one with a reduced scope; every
// auth check then runs against a real verifier. Refused credentials are ClientCredentialsRefused.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientCredentialsRefused, insecureUrlWarning, type AuthOptions } from '../../src/auth/index.js';
import { runAgainstFixture, idsWith } from '../suites/harness.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/launch.js';
import { fixtureJwtArgs, startAuthorizationServer, type TestAuthorizationServer } from '../support/authorization-server.js';

let as: TestAuthorizationServer;
beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(() => as?.close());

const credentials = (secret = as.client.secret): AuthOptions => ({ tokenSource: 'none', clientId: as.client.id, clientSecret: secret });

async function withJwtFixture<T>(opts: { fault?: string; era?: 'stateless' }, body: (server: HttpFixture) => Promise<T>): Promise<T> {
  const server = await startHttpFixture({ fault: opts.fault, args: [...(opts.era ? ['--era', opts.era] : []), ...fixtureJwtArgs(as)] });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

describe('client credentials with a real authorization server', () => {
  it('obtains the three tokens and every auth check passes against the JWT verifier, the rest of the suite too', async () => {
    const report = await withJwtFixture({}, (server) => runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(), only: ['auth/*', 'lifecycle/*', 'tools/*'] }));
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.auth).toMatchObject({ required: true, tokenSource: 'client-credentials', tokenAccepted: true, clientCredentials: { clientId: as.client.id, issuer: as.issuer, obtained: ['valid', 'wrong-audience', 'low-scope'], warnings: [] } });
    // The negative cases ran with the obtained tokens instead of skipping.
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['auth/wrong-audience-refused', 'auth/insufficient-scope', 'auth/session-needs-token', 'auth/bad-tokens-refused', 'lifecycle/initialize-result']));
  });

  it('in 2026-07-28 too', async () => {
    const report = await withJwtFixture({ era: 'stateless' }, (server) => runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(), protocolVersion: '2026-07-28', only: ['auth/*'] }));
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['auth/each-request-verified', 'auth/insufficient-scope', 'auth/wrong-audience-refused', 'auth/scopes-in-one-challenge', 'auth/as-metadata']));
  });

  it('the crafted JWTs matter to a real verifier: one that skips the signature fails auth/bad-tokens-refused', async () => {
    const report = await withJwtFixture({ fault: 'auth-jwt-unverified' }, (server) => runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(), only: ['auth/bad-tokens-refused'] }));
    const check = report.checks.find((c) => c.id === 'auth/bad-tokens-refused');
    expect(check?.status).toBe('fail');
    expect(check?.message).toMatch(/unsigned JWT|no authorization server published/);
  });

  it('a verifier that ignores the audience fails auth/wrong-audience-refused with the obtained token', async () => {
    const report = await withJwtFixture({ fault: 'auth-accept-wrong-audience' }, (server) => runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(), only: ['auth/wrong-audience-refused'] }));
    expect(statusIn(report, 'auth/wrong-audience-refused')).toBe('fail');
  });

  it('the authorization server\'s metadata is read without the token or any header configured for the target', async () => {
    const recorder = await startRecordingAs();
    const server = await startHttpFixture({ args: ['--auth-issuer', recorder.issuer, '--auth-jwks', as.jwksUri] });
    try {
      const report = await runAgainstFixture({ target: { transport: 'http', url: server.url, headers: { 'X-Api-Key': 'target-only-key', Authorization: 'Bearer not-for-the-as' } }, authOptions: { tokenSource: 'header', token: 'not-for-the-as' }, only: ['auth/as-metadata'] });
      expect(report.checks[0]?.status).toBe('pass');
      expect(recorder.seen.length).toBeGreaterThan(0);
      for (const r of recorder.seen) expect(Object.keys(r.headers)).not.toEqual(expect.arrayContaining(['authorization']));
      for (const r of recorder.seen) expect(Object.keys(r.headers)).not.toContain('x-api-key');
    } finally {
      await server.close();
      await recorder.close();
    }
  });

  it('the client secret goes to the token endpoint only', async () => {
    const recorder = await startRecordingAs();
    const server = await startHttpFixture({ args: ['--auth-issuer', recorder.issuer, '--auth-jwks', as.jwksUri] });
    try {
      const run = runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials('secret-for-the-token-endpoint'), only: ['auth/no-token-401'] });
      await expect(run).rejects.toThrow(/refused the client credentials: invalid_client/);
      // client_secret_basic form-encodes id and secret before base64 (RFC 6749 §2.3.1).
      const carries = (r: (typeof recorder.seen)[number]) => {
        const auth = String(r.headers.authorization ?? '');
        const basic = auth.startsWith('Basic ') ? decodeURIComponent(Buffer.from(auth.slice(6), 'base64').toString()) : '';
        return [basic, decodeURIComponent(r.body), r.url].some((t) => t.includes('secret-for-the-token-endpoint'));
      };
      expect(recorder.seen.filter(carries).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /token']);
    } finally {
      await server.close();
      await recorder.close();
    }
  });

  it('refused credentials: ClientCredentialsRefused with the authorization server\'s error, never the secret', async () => {
    const wrong = 'not-the-secret-4b1d';
    const error = await withJwtFixture({}, (server) =>
      runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(wrong), only: ['auth/*'] }).then(
        () => undefined,
        (err: unknown) => err,
      ),
    );
    expect(error).toBeInstanceOf(ClientCredentialsRefused);
    expect((error as Error).message).toMatch(/refused the client credentials: invalid_client/);
    expect((error as Error).message).not.toContain(wrong);
  });

  it('no metadata to find the authorization server: the run goes on, the skip reasons say why no token was obtained', async () => {
    const report = await withJwtFixture({ fault: 'auth-no-prm' }, (server) => runAgainstFixture({ target: { transport: 'http', url: server.url }, authOptions: credentials(), only: ['auth/prm-document', 'lifecycle/initialize-result'] }));
    expect(report.auth?.clientCredentials?.problem).toMatch(/no usable protected-resource metadata/);
    expect(statusIn(report, 'auth/prm-document')).toBe('fail');
    expect(report.checks.find((c) => c.id === 'lifecycle/initialize-result')?.message).toMatch(/client credentials got no token: no usable protected-resource metadata/);
  });
});

const statusIn = (report: Awaited<ReturnType<typeof runAgainstFixture>>, id: string) => report.checks.find((c) => c.id === id)?.status;

describe('insecure endpoints', () => {
  it('warns on plain HTTP off loopback, not on HTTPS or loopback', () => {
    expect(insecureUrlWarning('the token endpoint of', 'http://as.example.com/token')).toMatch(/http:\/\/as.example.com is not HTTPS/);
    expect(insecureUrlWarning('x', 'https://as.example.com/token')).toBeUndefined();
    expect(insecureUrlWarning('x', 'http://127.0.0.1:8080/token')).toBeUndefined();
    expect(insecureUrlWarning('x', 'http://localhost/token')).toBeUndefined();
    expect(insecureUrlWarning('x', 'http://[::1]:9/token')).toBeUndefined();
  });
});

/** A stand-in authorization server on another origin that records every request: metadata naming itself, and a token endpoint that refuses. */
async function startRecordingAs() {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];
  const recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const origin = `http://${req.headers.host}`;
      if (req.url === '/token') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client', error_description: 'unknown client' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: origin, authorization_endpoint: `${origin}/auth`, token_endpoint: `${origin}/token`, response_types_supported: ['code'], code_challenge_methods_supported: ['S256'] }));
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    seen,
    close: () => {
      recorder.closeAllConnections();
      return new Promise<void>((resolve) => recorder.close(() => resolve()));
    },
  };
}
