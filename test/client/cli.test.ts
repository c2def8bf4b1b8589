// `mcp-conform client` from the command line: bad input is one line and exit 2, a client that
// cannot start or never reaches us is exit 4, a failure exit 1 with the JSON report's client target.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { FIXTURE_CLIENT } from './harness.js';

describe('mcp-conform client', () => {
  it('bad input: one line, exit 2', async () => {
    for (const args of [['client'], ['client', '--transport', 'ws', '--', 'x'], ['client', '--protocol-version', '2027-01-01', '--', 'x'], ['client', '--only', 'nope/*', '--', 'x'], ['client', '--print-server-command']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a command that does not exist: exit 4', async () => {
    const r = await runCli(['client', '--no-reports', '--', 'no-such-client-xyz']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/command not found|never reached/);
  });

  it('a client that exits without connecting: exit 4 naming its exit', async () => {
    const r = await runCli(['client', '--no-reports', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/never reached our http server: it exited \(code 3\)/);
  });

  it('a failing client: exit 1, JSON report with the client target', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-cli-'));
    const json = join(dir, 'r.json');
    const r = await runCli(['client', '--transport', 'stdio', '--timeout', '1500', '--only', 'client-ids/*', '--json', json, '--', process.execPath, FIXTURE_CLIENT, '--fault', 'reused-id']);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.target).toEqual({ transport: 'stdio', command: [process.execPath, FIXTURE_CLIENT, '--fault', 'reused-id'], role: 'client' });
    expect(report.checks.map((c: { id: string; status: string }) => `${c.id} ${c.status}`)).toEqual(['client-ids/unique fail']);
  }, 60_000);

  it('--protocol-version 2026-07-28: a 2026-07-28-only server; the initialize-era checks skip saying so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-cli-'));
    const json = join(dir, 'r.json');
    const r = await runCli(['client', '--protocol-version', '2026-07-28', '--timeout', '1500', '--only', 'client-modern/*', '--only', 'client-ping/*', '--json', json, '--', process.execPath, FIXTURE_CLIENT]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(report.checks.find((c: { id: string }) => c.id === 'client-modern/request-meta').spec).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta');
    const lines = report.checks.map((c: { id: string; status: string; message?: string }) => `${c.id} ${c.status}${c.status === 'skip' ? ` ${c.message}` : ''}`);
    expect(lines).toEqual([
      'client-ping/answered skip applies to the initialize-based revisions (2024-11-05 … 2025-11-25); this run served 2026-07-28',
      'client-modern/request-meta pass',
      'client-modern/messages pass',
      'client-modern/protocol-version pass',
      'client-modern/http-headers pass',
      'client-modern/input-required-retry pass',
    ]);
  }, 60_000);

  it('--print-server-command names the relay for a fixed address', async () => {
    const r = await runCli(['client', '--print-server-command', '--listen', '127.0.0.1:7777']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).slice(-2)).toEqual(['--connect', '127.0.0.1:7777']);
  });
});
