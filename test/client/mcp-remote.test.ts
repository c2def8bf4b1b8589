// A published client: mcp-remote 0.15.1 (the stdio-to-HTTP bridge; a devDependency) against our
// HTTP endpoint, driven by an SDK v1 host over stdio (test/client/real/mcp-remote-driver.mjs). It
// talks to 127.0.0.1 only (the URL we give). Pinned verdicts, and why:
// - it passes every check but two: client-progress/unique-tokens skip (neither the host nor the
//   bridge puts a progressToken in listTools), and client-cancel/abandoned info (the driver's host
//   sets no request timeout, and the bridge none of its own within our bound);
// - get-stream: the standalone stream of its host's session (not of its transport-test session)
//   gets our ping, answered; it resumes after our retry with Last-Event-ID;
// - client-http/reinitialize-after-404 passes: on our 404 it initializes a new session itself
//   (request id "mcp-remote-reinit-1") and sends the refused tools/list again on it;
// - it opens two sessions: a first initialize (clientInfo "mcp-remote-fallback-test") to learn the
//   transport, then the host's; ids and session ids are judged per session (before, ids/unique
//   failed on id 0 in both, and session-id on the first session's initialized);
// - OAuth discovery, before anything else: a GET of our endpoint for a WWW-Authenticate header
//   (405 here), then the protected-resource, authorization-server and OpenID metadata URLs, each
//   404 from us; it goes on without authorization and opens no browser (before, the accept check
//   judged the metadata GETs, Accept: application/json, as SSE streams of the endpoint).
// - OAuth (the client-auth scenarios): it authorizes headlessly, its "browser" being
//   headless-browser.mjs ($BROWSER, which xdg-open runs), a GET that follows our at-once approval
//   to its loopback callback. It passes every OAuth check but one, scope-step-up warn: on 403
//   insufficient_scope it authorizes again, but with the scope it first asked for (mcp:tools), not
//   the challenged mcp:tools mcp:admin, so the retry is refused again.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../schema/support.js';
import { idsWith, ofAnotherRun, runAgainstFixtureClient } from './harness.js';

const DRIVER = join(REPO_ROOT, 'test', 'client', 'real', 'mcp-remote-driver.mjs');

describe('mcp-remote 0.15.1, the stdio-to-HTTP bridge', () => {
  it('passes every check but the pinned one over HTTP, re-initializing on a 404 and asking for OAuth metadata first', async () => {
    const report = await runAgainstFixtureClient({ transport: 'http', command: [process.execPath, DRIVER], requestTimeoutMs: 5000 });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([
      'client-cancel/abandoned: info the client was still waiting for tools/list (id 1) 11000 ms after we began withholding it: no timeout of its own within our bound (slow is not broken)',
      'client-progress/unique-tokens: skip the client put a progressToken in none of its requests',
      'client-auth/scope-step-up: warn after the 403 the client authorized again with scope "mcp:tools", not the challenged mcp:tools mcp:admin',
    ]);
    const check = (id: string) => report.checks.find((c) => c.id === id)!;
    expect(check('client-http/reinitialize-after-404').message).toMatch(/^a new initialize without a session id \d+ ms after the 404$/);
    const notes = check('client-http/accept').evidence.map((e) => (e.type === 'note' ? e.text : ''));
    expect(notes.find((n) => n.startsWith('not judged, outside the MCP endpoint: '))).toBe(
      'not judged, outside the MCP endpoint: ' +
        ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server/mcp', '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration/mcp', '/mcp/.well-known/openid-configuration'].map((p) => `GET ${p} (404)`).join(', '),
    );
  }, 480_000);

  // At --protocol-version 2025-03-26 (no protected-resource metadata, the authorization server at
  // our origin) it asks for 2025-11-25 yet falls back as 2025-03-26 has it: the metadata at the
  // MCP server's origin and its endpoints; without it (404, and 404 for the OpenID URLs it also
  // tries, /mcp/.well-known/openid-configuration among them) the default /register, /authorize
  // and /token there. (Before, that path-appended OpenID lookup was taken for an endpoint used.)
  it('falls back to the 2025-03-26 discovery at --protocol-version 2025-03-26 (HTTP)', async () => {
    const report = await runAgainstFixtureClient({ transport: 'http', command: [process.execPath, DRIVER], only: ['client-auth/*'], requestTimeoutMs: 5000, protocolVersion: '2025-03-26' });
    const judged = report.checks.filter((c) => !ofAnotherRun(c));
    expect(judged.map((c) => `${c.id}: ${c.status}`)).toEqual(['client-auth/pkce-s256', 'client-auth/bearer-every-request', 'client-auth/token-not-in-query', 'client-auth/refresh-expired-token', 'client-auth/server-origin-metadata', 'client-auth/default-endpoints', 'client-auth/dynamic-registration', 'client-auth/metadata-version-header'].map((id) => `${id}: pass`));
  }, 480_000);
});
