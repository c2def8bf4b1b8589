// `mcp-conform run` with no --protocol-version against a dual-era server: both eras are tested
// (CONTRACT.md), and exit codes, --strict and baselines count both runs, as with `all`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-every-era-'));
const dual = (fault?: string) => ['--', ...fixtureCommand({ fault, args: ['--era', 'dual'] })];
// One check of each era.
const ONLY = ['--only', 'stateless/discover-result', '--only', 'lifecycle/initialize-result', '--only', 'lifecycle/ping-before-initialized'];

describe('mcp-conform run, no revision asked for, a dual-era server', () => {
  it('fails on a fault of the initialize era alone, names both eras, and reports both runs', async () => {
    const json = join(dir, 'fault.json');
    const r = await runCli(['run', '--json', json, ...ONLY, ...dual('init-missing-server-info')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^mcp-conform .* · eras: 2026-07-28 \(server\/discover\) and 2025-11-25 \(initialize\) · seed 1$/m);
    expect(r.stdout).toMatch(/Failures:[\s\S]*1\) lifecycle\/initialize-result \[2025-11-25\]/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(report.eras).toEqual({ stateless: true, stateful: true });
    expect(report.runs.map((run: { protocolVersion: string; era: string }) => [run.protocolVersion, run.era])).toEqual([
      ['2026-07-28', 'stateless'],
      ['2025-11-25', 'stateful'],
    ]);
  }, 120_000);

  it('a baseline listing that failure holds', async () => {
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify(['lifecycle/initialize-result']));
    const r = await runCli(['run', '--no-reports', '--baseline', baseline, ...ONLY, ...dual('init-missing-server-info')]);
    // Judged, in the initialize era's run: not an entry kept for want of a verdict.
    expect(r.stdout).toContain('baseline: held (1 expected failure(s))');
    expect(r.stdout).not.toContain('not judged');
    expect(r.code).toBe(0);
  }, 120_000);

  it('--strict fails on a warning of the initialize era alone', async () => {
    const args = ['run', '--no-reports', ...ONLY, ...dual('no-ping-before-init')];
    const plain = await runCli(args);
    expect(plain.stdout).toMatch(/Warnings:[\s\S]*lifecycle\/ping-before-initialized \[2025-11-25\]/);
    expect(plain.code).toBe(0);
    expect((await runCli(['run', '--strict', ...args.slice(1)])).code).toBe(1);
  }, 180_000);

  it('--protocol-version 2026-07-28 narrows the run to that era, where the fault is not', async () => {
    const r = await runCli(['run', '--no-reports', '--protocol-version', '2026-07-28', ...ONLY, ...dual('init-missing-server-info')]);
    expect(r.stdout).toMatch(/^mcp-conform .* · protocol 2026-07-28 \(stateless\) · /m);
    expect(r.code).toBe(0);
  }, 120_000);
});
