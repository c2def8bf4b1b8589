// Protected real servers (servers/sdk-v1-auth, servers/sdk-v2/auth-server.mjs, fastmcp's
// http-auth mode), each trusting a test authorization server of its own (oidc-provider): the
// whole default suite with the client credentials of that server, verdicts pinned in expected.ts;
// and a run without a token, where the auth checks run and everything else skips with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRealServer } from './describe-real-server.js';
import { startRealServer, type StartedTarget } from './real-servers.js';
import { idsWith, runAgainstFixture } from '../suites/harness.js';

const PROTECTED = ['sdk-v1-auth/http', 'sdk-v2-auth/http', 'fastmcp-auth/http'] as const;

for (const name of PROTECTED) describeRealServer(name);

for (const name of PROTECTED) {
  describe(`${name} without a token`, () => {
    let started: StartedTarget | undefined;
    beforeAll(async () => {
      started = await startRealServer(name);
    });
    afterAll(() => started?.stop());

    it('runs the auth checks, fails none, and skips every other check with the reason', async () => {
      const report = await runAgainstFixture({ target: started!.target, skip: ['fuzz/*'] });
      expect(report.auth).toEqual({ required: true, tokenSource: 'none' });
      expect(idsWith(report, 'fail')).toEqual([]);
      const [auth, rest] = [report.checks.filter((c) => c.id.startsWith('auth/')), report.checks.filter((c) => !c.id.startsWith('auth/'))];
      expect(rest.length).toBeGreaterThan(50);
      expect(rest.filter((c) => c.status !== 'skip' || !c.message?.includes('requires authorization (HTTP 401)')).map((c) => c.id)).toEqual([]);
      expect(auth.filter((c) => c.status === 'pass').map((c) => c.id)).toEqual(expect.arrayContaining(['auth/no-token-401', 'auth/bad-tokens-refused', 'auth/prm-document']));
    }, 120_000);
  });
}
