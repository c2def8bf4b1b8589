// The auth checks against the fixture's auth mode: all pass when it is conformant (with the
// run given its tokens, and without any token, where the checks needing one skip); each fails on
// its fault (checks-fail-on-faults.test.ts, FAULT_TABLE); stdio skips the area with AUTH-1's reason.
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { authChecks } from '../../suites/auth.js';
import { idsWith, runAgainstFixture, runAgainstHttpFixture } from './harness.js';

const AUTH = ['auth/*'];

describe('auth checks on the conformant auth mode', () => {
  it('with all three tokens: every auth check passes, and the rest of the suite too', async () => {
    const report = await runAgainstHttpFixture({ auth: true, only: [...AUTH, 'lifecycle/*', 'tools/*'] });
    expect(idsWith(report, 'fail', 'warn', 'info')).toEqual([]);
    const stateful = authChecks.filter((c) => c.revisions?.includes('2025-11-25')).map((c) => c.id);
    expect(stateful.length).toBeGreaterThanOrEqual(12);
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(stateful));
    expect(report.auth).toMatchObject({ required: true, tokenSource: 'flag', tokenAccepted: true });
  });

  it('without a token: the auth checks run (those needing a token skip), everything else skips', async () => {
    const report = await runAgainstHttpFixture({ auth: 'no-token', only: [...AUTH, 'lifecycle/*'] });
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(report.auth).toEqual({ required: true, tokenSource: 'none' });
    expect(report.checks.find((c) => c.id === 'lifecycle/initialize-result')?.message).toContain('requires authorization (HTTP 401)');
    expect(idsWith(report, 'skip')).toEqual(expect.arrayContaining(['auth/wrong-audience-refused', 'auth/insufficient-scope', 'auth/session-needs-token']));
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['auth/no-token-401', 'auth/challenge-bearer', 'auth/bad-tokens-refused']));
  });

  it('in 2026-07-28, where the first request is tools/list', async () => {
    const report = await runAgainstHttpFixture({ auth: true, era: 'stateless', protocolVersion: '2026-07-28', only: AUTH });
    expect(idsWith(report, 'fail', 'warn', 'info')).toEqual([]);
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['auth/no-offline-access', 'auth/each-request-verified', 'auth/prm-document', 'auth/bad-tokens-refused', 'auth/as-metadata']));
  });

  it('in 2025-03-26, where the metadata at the origin (or the default endpoints) is the rule (AUTH-11)', async () => {
    const report = await runAgainstHttpFixture({ auth: true, protocolVersion: '2025-03-26', only: AUTH });
    expect(idsWith(report, 'fail', 'warn', 'info')).toEqual([]);
    expect(idsWith(report, 'pass')).toContain('auth/as-metadata-or-defaults');
  });

  it('authorization-server metadata naming another issuer is information, with what oauth4webapi found', async () => {
    const report = await runAgainstHttpFixture({ auth: true, fault: 'auth-as-issuer-mismatch', only: ['auth/as-metadata'] });
    const check = report.checks.find((c) => c.id === 'auth/as-metadata');
    expect(check?.status).toBe('info');
    expect(check?.message).toMatch(/no usable metadata \(RFC 8414: .*issuer/);
  });

  it('--protocol-version all, no token: every revision refused with 401, so one run reports the auth checks and skips the rest', async () => {
    const report = await runAgainstHttpFixture({ auth: 'no-token', protocolVersion: 'all', only: [...AUTH, 'lifecycle/*'] });
    expect(report.runs).toHaveLength(1);
    const [run] = report.runs!;
    expect(run.auth).toEqual({ required: true, tokenSource: 'none' });
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['auth/no-token-401', 'auth/challenge-bearer', 'auth/prm-document']));
    expect(run.checks.find((c) => c.id === 'lifecycle/initialize-result')?.message).toContain('requires authorization (HTTP 401)');
  });

  it('--protocol-version all with the token: every revision the fixture speaks is run', async () => {
    const report = await runAgainstHttpFixture({ auth: true, protocolVersion: 'all', only: ['auth/no-token-401', 'lifecycle/initialize-result'] });
    expect(report.runs!.length).toBeGreaterThanOrEqual(3);
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
  });

  it('on a server without authorization: one no-token probe for all the auth checks, and the session it opened is ended', async () => {
    const wire = { initializes: 0, issued: new Set<string>(), deleted: new Set<string>() };
    const end = http.ClientRequest.prototype.end;
    const spy = vi.spyOn(http.ClientRequest.prototype, 'end').mockImplementation(function (this: http.ClientRequest, ...args: unknown[]) {
      const body = typeof args[0] === 'string' ? args[0] : '';
      if (this.method === 'POST' && body.includes('"method":"initialize"')) {
        wire.initializes++;
        this.once('response', (res: http.IncomingMessage) => {
          const id = res.headers['mcp-session-id'];
          if (typeof id === 'string') wire.issued.add(id);
        });
      }
      const id = this.getHeader('mcp-session-id');
      if (this.method === 'DELETE' && typeof id === 'string') wire.deleted.add(id);
      return (end as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    });
    try {
      const report = await runAgainstHttpFixture({ only: AUTH });
      expect(idsWith(report, 'skip')).toEqual(expect.arrayContaining(['auth/no-token-401', 'auth/challenge-bearer', 'auth/prm-document']));
    } finally {
      spy.mockRestore();
    }
    // The run's own handshake and the shared probe; before, each of the thirteen checks sent one.
    expect(wire.initializes).toBe(2);
    expect([...wire.issued].filter((id) => !wire.deleted.has(id))).toEqual([]);
  });

  it('stdio: the whole area is skipped with the reason (AUTH-1)', async () => {
    const report = await runAgainstFixture({ only: AUTH });
    expect(report.checks.every((c) => c.status === 'skip' && c.message?.includes('AUTH-1'))).toBe(true);
  });
});
