// `mcp-conform run` end to end through the built CLI: reports in every format, exit codes,
// --strict, and baselines (unexpected failures and stale entries both fail the run).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-run-'));
const fixture = (fault?: string) => ['--', ...fixtureCommand({ fault })];

describe('mcp-conform run', () => {
  it('writes the JSON, JUnit and HTML reports and exits 0 on a conformant server', async () => {
    const out = join(dir, 'ok');
    const r = await runCli(['run', '--out', out, ...fixture()]);
    expect(r.code).toBe(0);
    // The totals once, as the last line.
    expect(r.stdout).toMatch(/\n\d+ checks, \d+ passed, 0 failed, \d+ warnings, \d+ skipped, \d+ info \(\d+ ms\)$/);
    expect(r.stdout.match(/passed, 0 failed/g)).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['tool', 'target', 'protocolVersion', 'seed', 'startedAt', 'durationMs', 'summary', 'checks']));
    expect(report.tool).toEqual({ name: 'mcp-conform', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(report.target.transport).toBe('stdio');
    expect(report.summary.fail).toBe(0);
    for (const c of report.checks) {
      expect(c.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(['MUST', 'SHOULD', 'MAY']).toContain(c.level);
      expect(c.requirements.length).toBeGreaterThan(0);
      expect(c.spec).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\//);
    }
    expect(readFileSync(join(out, 'report.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/<html/i);
  });

  it('exits 1 with the failing check in the recap when a MUST is broken', async () => {
    const json = join(dir, 'fail.json');
    const r = await runCli(['run', '--json', json, '--only', 'lifecycle/*', ...fixture('wrong-version')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Failures:[\s\S]*lifecycle\/version-echo/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const c = report.checks.find((x: { id: string }) => x.id === 'lifecycle/version-echo');
    expect(c.status).toBe('fail');
    expect(c.requirements).toEqual(['LIFE-2']);
    expect(c.evidence.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'fail', 'report.html'))).toBe(false);
  });

  it('--strict turns a warning into exit 1', async () => {
    const args = ['run', '--no-reports', '--only', 'lifecycle/ping-before-initialized', ...fixture('no-ping-before-init')];
    expect((await runCli(args)).code).toBe(0);
    expect((await runCli(['run', '--strict', ...args.slice(1)])).code).toBe(1);
  });

  it('a baseline that lists the failure holds; a stale entry fails the run', async () => {
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify(['lifecycle/version-echo']));
    const held = await runCli(['run', '--no-reports', '--baseline', baseline, '--only', 'lifecycle/version-*', ...fixture('wrong-version')]);
    expect(held.code).toBe(0);
    expect(held.stdout).toMatch(/baseline: held/);
    const stale = await runCli(['run', '--no-reports', '--baseline', baseline, '--only', 'lifecycle/version-*', ...fixture()]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/stale entry lifecycle\/version-echo/);
  });

  it('MCP_CONFORM_TRACE=1 prints when each check started and ended; unset, nothing', async () => {
    const args = ['run', '--no-reports', '--only', 'lifecycle/ping', ...fixture()];
    const traced = await runCli(args, { env: { MCP_CONFORM_TRACE: '1' } });
    expect(traced.code).toBe(0);
    expect(traced.stderr).toMatch(/^trace 2025-11-25 lifecycle\/ping shared start=\d+ end=\d+ took=\d+$/m);
    expect((await runCli(args)).stderr).not.toMatch(/^trace /m);
  });

  it('lists the catalog', async () => {
    const r = await runCli(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lifecycle\/version-echo\s+MUST\s+LIFE-2/);
  });
});
