// Trust, for clients: every client check passes on the conformant fixture client (over stdio and
// HTTP, with and without client capabilities) and fails on its fault. The runs are independent
// (each its own scenario servers on ports of their own), so they run side by side, within
// vitest's maxConcurrency: they mostly wait on the client.
import { describe, it } from 'vitest';
import { clientChecks } from '../../suites/client/index.js';
import { CLIENT_FAULTS } from '../fixtures/client-faults.js';
import { CLIENT_FAULT_TABLE, SECOND_CASES } from './fault-table.js';
import { idsWith, runAgainstFixtureClient, statusOf } from './harness.js';

describe.concurrent('the conformant fixture client', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`passes every check over ${transport}`, async ({ expect }) => {
      const report = await runAgainstFixtureClient({ transport });
      expect(idsWith(report, 'fail', 'warn', 'skip', 'info').filter((l) => !(transport === 'stdio' && /^client-(http|auth)\//.test(l)))).toEqual([]);
      expect(report.target).toMatchObject({ transport, role: 'client' });
      expect(report.protocolVersion).toBe('2025-11-25');
    }, 180_000);
  }

  for (const transport of ['stdio', 'http'] as const) {
    it(`passes every check after a server/discover era probe, as a dual-era client sends it over ${transport} (stdio: on a server process of its own)`, async ({ expect }) => {
      const report = await runAgainstFixtureClient({ transport, args: ['--era-probe'] });
      expect(idsWith(report, 'fail', 'warn', 'skip', 'info').filter((l) => !(transport === 'stdio' && /^client-(http|auth)\//.test(l)))).toEqual([]);
      expect(report.checks.find((c) => c.id === 'client-lifecycle/initialize-first')?.evidence.some((e) => e.type === 'note' && /server\/discover probe/.test(e.text))).toBe(true);
    }, 180_000);
  }

  it('is waited for when it comes back slowly after its era probe: the probe starts no session, so the start timeout applies, not a request timeout of idleness (HTTP)', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ transport: 'http', args: ['--era-probe', '--probe-pause', '3500'], only: ['client-lifecycle/initialize-first', 'client-ping/*'] });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
  }, 90_000);

  it('passes every check after OAuth discovery and a transport-test session of its own, as mcp-remote does (HTTP)', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ transport: 'http', args: ['--like-mcp-remote'] });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
  }, 180_000);

  it('passes every check at 2025-03-26 over HTTP: its OAuth discovery (metadata at our origin, else the default endpoints), the others skipped as not of that revision', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ transport: 'http', protocolVersion: '2025-03-26' });
    expect(report.protocolVersion).toBe('2025-03-26');
    expect(idsWith(report, 'fail', 'warn', 'info')).toEqual([]);
    const skipped = report.checks.filter((c) => c.status === 'skip');
    expect(skipped.filter((c) => !/^applies to (runs with --protocol-version 2024-11-05, 2025-06-18, 2025-11-25|2025-06-18|2025-11-25)/.test(c.message ?? '')).map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    for (const id of ['client-auth/server-origin-metadata', 'client-auth/default-endpoints', 'client-auth/dynamic-registration', 'client-auth/pkce-s256', 'client-auth/refresh-expired-token']) expect(report.checks.find((c) => c.id === id)?.status, id).toBe('pass');
  }, 180_000);
  for (const transport of ['stdio', 'http'] as const) {
    it(`passes every 2026-07-28 check in its 2026-07-28-only mode over ${transport} (discover, _meta, routing headers, the MRTR retry)`, async ({ expect }) => {
      const report = await runAgainstFixtureClient({ transport, protocolVersion: '2026-07-28' });
      expect(report.checks.map((c) => c.id).every((id) => id.startsWith('client-modern/'))).toBe(true);
      expect(idsWith(report, 'fail', 'warn', 'skip', 'info').filter((l) => !(transport === 'stdio' && l.startsWith('client-modern/http-headers')))).toEqual([]);
      expect(report.protocolVersion).toBe('2026-07-28');
    }, 180_000);
  }

  it('passes the re-initialize check when the client takes longer than a request timeout to start its new session after the 404 (HTTP)', async ({ expect }) => {
    // A busy CI machine once made the conformant client's new initialize come after our 1.5 s of
    // waiting, which read as "sent nothing more": starting again waits the start bound now.
    const report = await runAgainstFixtureClient({ transport: 'http', args: ['--renew-pause', '2500'], only: ['client-http/reinitialize-after-404'] });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
  }, 60_000);

  it('passes the 2026-07-28 version check when a version the server did not list is retried with a listed one after -32022 (stdio)', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ protocolVersion: '2026-07-28', args: ['--try-version', '2099-01-01'], only: ['client-modern/protocol-version'] });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
  }, 60_000);

  it('passes the 2026-07-28 retry without client capabilities: an InputRequiredResult with requestState only, echoed (HTTP)', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ transport: 'http', protocolVersion: '2026-07-28', args: ['--no-capabilities'], only: ['client-modern/input-required-retry'] });
    expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual([]);
  }, 60_000);

  it('passes every check without client capabilities (roots, sampling, elicitation refused with -32601)', async ({ expect }) => {
    const report = await runAgainstFixtureClient({ args: ['--no-capabilities'], only: ['client-roots/*', 'client-sampling/*', 'client-elicitation/*'] });
    expect(idsWith(report, 'fail', 'warn', 'skip')).toEqual([]);
  });
});

describe.concurrent('every client check has a fault that breaks it', () => {
  it('covers every check, and uses every fault', ({ expect }) => {
    expect(clientChecks.map((c) => c.id).filter((id) => !CLIENT_FAULT_TABLE[id])).toEqual([]);
    const used = new Set([...Object.values(CLIENT_FAULT_TABLE), ...SECOND_CASES].map((c) => c.fault));
    expect(Object.keys(CLIENT_FAULTS).filter((f) => !used.has(f as never))).toEqual([]);
  });

  const cases = [...Object.entries(CLIENT_FAULT_TABLE).map(([id, c]) => ({ id, ...c })), ...SECOND_CASES];
  for (const c of cases) {
    it(`${c.id} → ${c.expect} with --fault ${c.fault} over ${c.transport ?? 'stdio'}${c.protocolVersion ? ` at ${c.protocolVersion}` : ''}`, async ({ expect }) => {
      const report = await runAgainstFixtureClient({ fault: c.fault, transport: c.transport, only: [c.id], protocolVersion: c.protocolVersion });
      expect(statusOf(report, c.id), report.checks.find((x) => x.id === c.id)?.message).toBe(c.expect);
    }, 60_000);
  }
});
