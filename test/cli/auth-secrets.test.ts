// No secret in any output: a whole run with tokens against a server whose fault puts the valid
// token into the evidence (it accepts it in the query string, so the failing check quotes that
// URL), then every report format, the GitHub summary and stdout/stderr are searched for them;
// the same with client credentials, for the client secret and every token obtained with it.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/auth/index.js';
import { AUTH_ARGS, AUTH_TOKENS } from '../fixtures/harness/auth-probes.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';
import { fixtureJwtArgs, startAuthorizationServer, type TestAuthorizationServer } from '../support/authorization-server.js';

let server: HttpFixture;
beforeAll(async () => {
  server = await startHttpFixture({ fault: 'auth-accept-query-token', args: AUTH_ARGS });
});
afterAll(() => server.close());

it('tokens appear in no report, summary or output line, only their fingerprints', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'auth-secrets-'));
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '');
  const r = await runCli(
    ['run', '--url', server.url, '--out', join(dir, 'reports'), '--github', '--only', 'auth/*', '--only', 'lifecycle/*', '--auth-token-low-scope', AUTH_TOKENS.lowScope],
    { env: { MCP_CONFORM_AUTH_TOKEN: AUTH_TOKENS.token, MCP_CONFORM_AUTH_TOKEN_WRONG_AUDIENCE: AUTH_TOKENS.wrongAudience, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: join(dir, 'out.txt') } },
  );
  expect(r.code).toBe(1); // auth/bad-tokens-refused fails: the query-string token was accepted
  const reports = readdirSync(join(dir, 'reports')).map((f) => readFileSync(join(dir, 'reports', f), 'utf8'));
  expect(reports).toHaveLength(3);
  const outputs = { stdout: r.stdout, stderr: r.stderr, summary: readFileSync(summary, 'utf8'), ...Object.fromEntries(reports.map((t, i) => [`report ${i}`, t])) };
  for (const [where, text] of Object.entries(outputs)) {
    for (const secret of Object.values(AUTH_TOKENS)) expect(text, where).not.toContain(secret);
  }
  // The evidence is there, with the fingerprint in the token's place.
  expect(reports.find((t) => t.startsWith('{'))).toContain(`access_token=${fingerprint(AUTH_TOKENS.token)}`);
});

describe('with client credentials', () => {
  let as: TestAuthorizationServer;
  let jwtServer: HttpFixture;
  beforeAll(async () => {
    as = await startAuthorizationServer();
    // auth-accept-query-token puts the obtained valid token into a failing check's evidence.
    jwtServer = await startHttpFixture({ fault: 'auth-accept-query-token', args: fixtureJwtArgs(as) });
  });
  afterAll(async () => {
    await jwtServer?.close();
    await as?.close();
  });

  it('neither the client secret nor any obtained token appears in any output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-secrets-cc-'));
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const r = await runCli(
      ['run', '--url', jwtServer.url, '--out', join(dir, 'reports'), '--github', '--only', 'auth/*', '--only', 'lifecycle/*', '--auth-client-id', as.client.id],
      { env: { MCP_CONFORM_AUTH_CLIENT_SECRET: as.client.secret, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: join(dir, 'out.txt') } },
    );
    expect(r.code, r.stderr).toBe(1);
    const reports = readdirSync(join(dir, 'reports')).map((f) => readFileSync(join(dir, 'reports', f), 'utf8'));
    const json = JSON.parse(reports.find((t) => t.startsWith('{'))!);
    expect(json.auth.clientCredentials.obtained).toEqual(['valid', 'wrong-audience', 'low-scope']);
    // The obtained token is a JWT: no part of one (header, claims, signature) may show.
    const outputs = [r.stdout, r.stderr, readFileSync(summary, 'utf8'), ...reports].join('\n');
    expect(outputs).not.toContain(as.client.secret);
    expect(outputs).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/);
    expect(JSON.stringify(json)).toContain(`access_token=${json.auth.token}`);
  });
});
