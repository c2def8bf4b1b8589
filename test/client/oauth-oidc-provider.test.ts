// The OAuth client flows against a real authorization server: oidc-provider behind our front
// (test/client/oidc-authorization-server.ts) instead of ours. The conformant fixture client
// authorizes, steps up and refreshes with it as with ours; the faults that the provider itself
// refuses (PKCE plain, no resource) still fail their checks, on what reached it. wrong-issuer
// always runs on our server (its point is metadata only ours serves falsely).
import { describe, expect, it } from 'vitest';
import { idsWith, ofAnotherRun, runAgainstFixtureClient, statusOf } from './harness.js';
import { oidcProviderAuthorizationServer } from './oidc-authorization-server.js';

const withOidc = { transport: 'http' as const, only: ['client-auth/*'], authorizationServer: oidcProviderAuthorizationServer() };

describe('OAuth client flows with oidc-provider as the authorization server', () => {
  it('the conformant fixture client passes every client-auth check', async () => {
    const report = await runAgainstFixtureClient(withOidc);
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
    expect(report.checks.filter((c) => !ofAnotherRun(c)).length).toBe(12);
  }, 120_000);

  for (const [fault, id] of [
    ['oauth-pkce-plain', 'client-auth/pkce-s256'],
    ['oauth-no-resource', 'client-auth/resource-parameter'],
    ['oauth-ignore-insufficient-scope', 'client-auth/scope-step-up'],
  ] as const) {
    it(`${id} still fails its fault ${fault}`, async () => {
      const report = await runAgainstFixtureClient({ ...withOidc, fault, only: [id] });
      expect(statusOf(report, id), report.checks[0]?.message).toBe(id === 'client-auth/scope-step-up' ? 'warn' : 'fail');
    }, 60_000);
  }
});
