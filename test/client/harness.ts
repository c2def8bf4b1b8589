// Runs `mcp-conform client` in-process against the built fixture client (dist/test/fixtures/client.js).
import { join } from 'node:path';
import { expect } from 'vitest';
import { runClient } from '../../src/runner/client-run.js';
import { clientChecks } from '../../suites/client/index.js';
import type { Report, Status } from '../../src/checks/types.js';
import type { ClientTransport } from '../../src/client/record.js';
import { REPO_ROOT } from '../schema/support.js';
import type { AuthorizationServerFactory } from '../../src/client/auth-server.js';

export const FIXTURE_CLIENT = join(REPO_ROOT, 'dist', 'test', 'fixtures', 'client.js');

export interface FixtureClientRun {
  fault?: string;
  transport?: ClientTransport;
  only?: string[];
  skip?: string[];
  args?: string[];
  command?: string[];
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  /** The run's --protocol-version (default 2025-11-25): 2026-07-28 plays the modern era, 2025-03-26 that revision's OAuth discovery. */
  protocolVersion?: string;
  /** The OAuth scenarios' authorization server (default ours). */
  authorizationServer?: AuthorizationServerFactory;
}

export function runAgainstFixtureClient(o: FixtureClientRun = {}): Promise<Report> {
  const command = o.command ?? [process.execPath, FIXTURE_CLIENT, ...(o.fault ? ['--fault', o.fault] : []), ...(o.args ?? [])];
  return runClient({
    transport: o.transport ?? 'stdio',
    command,
    env: {},
    protocolVersion: o.protocolVersion ?? '2025-11-25',
    scenarioEnv: 'initialize',
    // The run's era only: the other era's checks skip saying so, which the pins need not repeat.
    checks: clientChecks.filter((c) => c.revisions.includes('2026-07-28') === ((o.protocolVersion ?? '2025-11-25') === '2026-07-28')),
    only: o.only,
    skip: o.skip,
    requestTimeoutMs: o.requestTimeoutMs ?? 1500,
    startTimeoutMs: 20_000,
    quietMs: 300,
    listen: { host: '127.0.0.1', port: 0 },
    signal: o.signal,
    authorizationServer: o.authorizationServer,
    tool: { name: 'mcp-conform', version: 'test' },
  });
}

export function statusOf(report: Report, id: string): Status | undefined {
  return report.checks.find((c) => c.id === id)?.status;
}

/** A check of another run's revision (the 2025-03-26 OAuth discovery at 2025-11-25, or the other way): not judged in this run, by design. */
export const ofAnotherRun = (c: Report['checks'][number]): boolean => c.status === 'skip' && (c.message ?? '').startsWith('applies to runs with --protocol-version');

/** The checks with one of these statuses, as `id: status message`; a check of another run's revision is left out (ofAnotherRun). */
export function idsWith(report: Report, ...statuses: Status[]): string[] {
  return report.checks.filter((c) => statuses.includes(c.status) && !ofAnotherRun(c)).map((c) => `${c.id}: ${c.status} ${c.message ?? ''}`);
}

/**
 * A client written without an authProvider, as the SDK READMEs' first example: every OAuth
 * check skips over HTTP (it ends at our 401: authorization is optional), over stdio none applies.
 */
export function expectNoAuthorization(report: Report, transport: ClientTransport): void {
  const auth = report.checks.filter((c) => c.id.startsWith('client-auth/') && !ofAnotherRun(c));
  expect(auth.length).toBeGreaterThan(0);
  for (const c of auth) expect(`${c.id}: ${c.status} ${c.message}`).toMatch(transport === 'http' ? /: skip the client did not authorize \(authorization is optional\): after our 401 /u : /: skip applies to http clients only/u);
}
