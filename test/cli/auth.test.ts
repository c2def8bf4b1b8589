// A protected server (the fixture's auth mode) is an answer, not an outage: without a token the
// run says authorization is required and skips the rest with the flag that gives one; with a
// token (flag, environment, header or config) or client credentials the whole suite runs. Bad
// token flags and refused client credentials: exit 2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture, type HttpFixture } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';
import { fixtureJwtArgs, startAuthorizationServer, type TestAuthorizationServer } from '../support/authorization-server.js';

const TOKEN = 'valid-token-7f3a9c.e2';
const LOW = 'low-scope-token-51b2';

let server: HttpFixture;
beforeAll(async () => {
  server = await startHttpFixture({ args: ['--auth-token', TOKEN, '--auth-token-low-scope', LOW] });
});
afterAll(() => server.close());

const jsonOf = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('run against a protected server', () => {
  it('without a token: says authorization is required, fails nothing, skips the rest with the reason and the flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-'));
    const r = await runCli(['run', '--url', server.url, '--json', join(dir, 'r.json'), '--only', 'lifecycle/*']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').find((l) => l.startsWith('mcp-conform'))).toContain('authorization required (HTTP 401), no token given');
    const report = jsonOf(join(dir, 'r.json'));
    expect(report.auth).toEqual({ required: true, tokenSource: 'none' });
    expect(report.summary.fail).toBe(0);
    const init = report.checks.find((c: { id: string }) => c.id === 'lifecycle/initialize-result');
    expect(init.status).toBe('skip');
    expect(init.message).toContain('requires authorization (HTTP 401); give a token with --auth-token');
  });

  it('with --auth-token: the whole suite runs and passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-'));
    const r = await runCli(['run', '--url', server.url, '--json', join(dir, 'r.json'), '--auth-token', TOKEN, '--only', 'lifecycle/*', '--only', 'tools/*']);
    expect(r.code, r.stdout).toBe(0);
    const report = jsonOf(join(dir, 'r.json'));
    expect(report.auth).toMatchObject({ tokenSource: 'flag', tokenAccepted: true, token: expect.stringMatching(/^sha256:[0-9a-f]{8}…$/) });
    expect(report.checks.find((c: { id: string }) => c.id === 'lifecycle/initialize-result').status).toBe('pass');
    expect(r.stdout).not.toContain(TOKEN);
  });

  it('an Authorization: Bearer --header counts as the token; so does MCP_CONFORM_AUTH_TOKEN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-'));
    const viaHeader = await runCli(['run', '--url', server.url, '--json', join(dir, 'h.json'), '--header', `Authorization: Bearer ${TOKEN}`, '--only', 'lifecycle/initialize-result']);
    expect(viaHeader.code).toBe(0);
    expect(jsonOf(join(dir, 'h.json')).auth).toMatchObject({ tokenSource: 'header', tokenAccepted: true });
    const viaEnv = await runCli(['run', '--url', server.url, '--json', join(dir, 'e.json'), '--only', 'lifecycle/initialize-result'], { env: { MCP_CONFORM_AUTH_TOKEN: TOKEN } });
    expect(viaEnv.code).toBe(0);
    expect(jsonOf(join(dir, 'e.json')).checks[0].status).toBe('pass');
  });

  it('a config file auth.token, expanded from the environment, is the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-'));
    writeFileSync(join(dir, 'mcp-conform.config.json'), JSON.stringify({ url: server.url, auth: { token: '${MY_TOKEN}' }, output: { json: 'r.json' } }));
    const r = await runCli(['run', '--only', 'lifecycle/initialize-result'], { cwd: dir, env: { MY_TOKEN: TOKEN } });
    expect(r.code, r.stderr).toBe(0);
    expect(jsonOf(join(dir, 'r.json')).auth).toMatchObject({ tokenSource: 'config', tokenAccepted: true });
  });

  it('a refused token is said so in the header and the skip reasons, without the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-'));
    const r = await runCli(['run', '--url', server.url, '--json', join(dir, 'r.json'), '--only', 'lifecycle/*'], { env: { MCP_CONFORM_AUTH_TOKEN: 'not-the-token-9d' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('refused (HTTP 401)');
    const text = readFileSync(join(dir, 'r.json'), 'utf8');
    expect(text).not.toContain('not-the-token-9d');
    expect(JSON.parse(text).auth).toMatchObject({ required: true, tokenSource: 'env', tokenAccepted: false });
  });
});

describe('bad auth input', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--auth-token', ''], /--auth-token is not usable as a bearer token: it is empty/],
    [['--auth-token', 'has space'], /it contains whitespace/],
    [['--auth-token', 'quo"te'], /characters a bearer token cannot have/],
    [['--auth-token-low-scope', 'x y'], /--auth-token-low-scope is not usable/],
  ];
  for (const [args, message] of cases) {
    it(`${args.join(' ')} → one line, exit 2, the value not echoed`, async () => {
      const r = await runCli(['run', '--url', 'http://127.0.0.1:9/mcp', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      if (args[1]) expect(r.stderr).not.toContain(args[1]);
    });
  }

  it('a token flag on a stdio target is a usage error', async () => {
    const r = await runCli(['run', '--auth-token', 'abc', '--', 'node', 'server.js']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/applies to an HTTP server/);
  });
});

describe('client credentials', () => {
  let as: TestAuthorizationServer;
  let jwtServer: HttpFixture;
  beforeAll(async () => {
    as = await startAuthorizationServer();
    jwtServer = await startHttpFixture({ args: fixtureJwtArgs(as) });
  });
  afterAll(async () => {
    await jwtServer?.close();
    await as?.close();
  });

  it('--auth-client-id with MCP_CONFORM_AUTH_CLIENT_SECRET: tokens obtained, the whole suite runs and passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-cc-'));
    const r = await runCli(['run', '--url', jwtServer.url, '--json', join(dir, 'r.json'), '--auth-client-id', as.client.id, '--only', 'lifecycle/*', '--only', 'auth/*'], { env: { MCP_CONFORM_AUTH_CLIENT_SECRET: as.client.secret } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/token sha256:[0-9a-f]{8}… \(client-credentials\)/);
    expect(r.stdout).toContain(`client credentials ${as.client.id} at ${as.issuer}: obtained valid, wrong-audience, low-scope tokens`);
    expect(jsonOf(join(dir, 'r.json')).auth).toMatchObject({ tokenSource: 'client-credentials', tokenAccepted: true });
  });

  it('a config file with clientId and clientSecret from the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-cc-'));
    writeFileSync(join(dir, 'mcp-conform.config.json'), JSON.stringify({ url: jwtServer.url, auth: { clientId: as.client.id, clientSecret: '${CC_SECRET}' }, output: { json: 'r.json' } }));
    const r = await runCli(['run', '--only', 'lifecycle/initialize-result'], { cwd: dir, env: { CC_SECRET: as.client.secret } });
    expect(r.code, r.stderr).toBe(0);
    expect(jsonOf(join(dir, 'r.json')).auth).toMatchObject({ tokenSource: 'client-credentials', tokenAccepted: true });
  });

  it('credentials the authorization server refuses: one line with its error, exit 2, the secret not shown', async () => {
    const r = await runCli(['run', '--url', jwtServer.url, '--auth-client-id', as.client.id, '--auth-client-secret', 'wrong-secret-77ab', '--no-reports']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/refused the client credentials: invalid_client/);
    expect(r.stderr + r.stdout).not.toContain('wrong-secret-77ab');
  });

  it('half a pair is a usage error', async () => {
    const r = await runCli(['run', '--url', jwtServer.url, '--auth-client-id', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--auth-client-id needs a client secret/);
  });
});
