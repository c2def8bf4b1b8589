// No secret in any output: a whole run with tokens against a server whose fault puts the valid
// token into the evidence (it accepts it in the query string, so the failing check quotes that
// URL), then every report format, the GitHub summary and stdout/stderr are searched for them.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fingerprint } from '../../src/auth/index.js';
import { AUTH_ARGS, AUTH_TOKENS } from '../fixtures/harness/auth-probes.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';

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
