// A fleet over a CI matrix: a config of six targets (the fixture in several modes) run as three
// shards and merged gets the same verdicts, target by target, as one unsharded run; the slices
// are disjoint and cover every target, with and without durations.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runCli } from '../cli/run-cli.js';

// Each mode breaks (or keeps) a lifecycle check; `only` keeps a run to seconds.
const MODES: Array<[string, string | undefined]> = [
  ['conformant', undefined],
  ['no-server-info', 'init-missing-server-info'],
  ['wrong-version', 'wrong-version'],
  ['null-result', 'null-result'],
  ['answer-initialized', 'answer-initialized'],
  ['no-ping-before-init', 'no-ping-before-init'],
];

interface JsonRun {
  target: { name?: string };
  protocolVersion: string;
  checks: Array<{ id: string; status: string }>;
}

/** name → "check id: status" lines, from a merged report. */
function verdicts(file: string): Record<string, string[]> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { runs: JsonRun[] };
  return Object.fromEntries(report.runs.map((r) => [r.target.name!, r.checks.map((c) => `${c.id}: ${c.status}`)]));
}

const jsonIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));

describe('run --shard k/n and merge', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-fleet-'));
    const targets = MODES.map(([name, fault]) => ({ name, command: fixtureCommand({ fault }) }));
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ targets, only: ['lifecycle/*'] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('three shards merged give the verdicts of one unsharded run, target by target', async () => {
    const run = (args: string[]) => runCli(['run', '--config', 'fleet.json', '--no-github', ...args], { cwd: dir, timeoutMs: 170_000 });
    const [full, ...shards] = await Promise.all([
      run(['--out', 'full']),
      run(['--shard', '1/3', '--out', 'shard-1']),
      run(['--shard', '2/3', '--out', 'shard-2']),
      run(['--shard', '3/3', '--out', 'shard-3']),
    ]);
    expect(full.code, full.stderr).toBe(1);
    const picked = shards.map((s) => /^shard \d\/3: (.*) \(2 of 6 targets, in config order\)$/m.exec(s.stdout)?.[1].split(', '));
    expect(picked).toEqual([
      ['conformant', 'null-result'],
      ['no-server-info', 'answer-initialized'],
      ['wrong-version', 'no-ping-before-init'],
    ]);
    // Each shard keeps the list's report names (report-<target>.json), even a shard of one target.
    expect(readdirSync(join(dir, 'shard-1')).sort()).toEqual(['report-conformant.html', 'report-conformant.json', 'report-conformant.xml', 'report-null-result.html', 'report-null-result.json', 'report-null-result.xml']);

    const m1 = await runCli(['merge', ...jsonIn(join(dir, 'full')), '--json', join(dir, 'full.json')], { cwd: dir });
    const m2 = await runCli(['merge', ...[1, 2, 3].flatMap((k) => jsonIn(join(dir, `shard-${k}`))), '--json', join(dir, 'sharded.json')], { cwd: dir });
    expect(m1.code, m1.stderr).toBe(1);
    expect(m2.code, m2.stderr).toBe(1);
    const sharded = verdicts(join(dir, 'sharded.json'));
    expect(Object.keys(sharded)).toEqual(MODES.map(([name]) => name).sort());
    expect(sharded).toEqual(verdicts(join(dir, 'full.json')));
    // And the faults did what they say: the conformant mode passes, each fault fails or warns.
    expect(sharded.conformant.every((v) => v.endsWith(': pass'))).toBe(true);
    expect(sharded['no-server-info']).toContain('lifecycle/server-info: fail');
    expect(sharded['no-ping-before-init']).toContain('lifecycle/ping-before-initialized: warn');

    // Balanced by the durations of the merged run: still every target once, in three slices.
    const balanced = await Promise.all([1, 2, 3].map((k) => runCli(['run', '--config', 'fleet.json', '--shard', `${k}/3`, '--shard-durations', 'full.json', '--only', 'lifecycle/ping', '--no-reports', '--no-github'], { cwd: dir, timeoutMs: 120_000 })));
    const names = balanced.map((b) => /^shard \d\/3: (.*) \(\d of 6 targets, balanced by the durations in full\.json\)$/m.exec(b.stdout)?.[1].split(', ') ?? []);
    expect(names.flat().sort()).toEqual(MODES.map(([name]) => name).sort());
  }, 240_000);

  it('bad k/n, --shard with a command-line server, and --shard-durations alone are usage errors of one line', async () => {
    for (const [args, message] of [
      [['--shard', '4/3'], /^mcp-conform: --shard 4\/3: k must be between 1 and n/],
      [['--shard', 'two'], /^mcp-conform: --shard takes k\/n/],
      [['--shard', '1/2', '--url', 'http://127.0.0.1:9/mcp'], /^mcp-conform: --shard slices the config's targets/],
      [['--shard-durations', 'full.json'], /^mcp-conform: --shard-durations balances the slices of --shard/],
      [['--shard', '1/2', '--shard-durations', 'nope.json'], /^mcp-conform: cannot read report nope\.json: no such file$/],
    ] as const) {
      const r = await runCli(['run', '--config', 'fleet.json', '--no-reports', ...args], { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
    // More slices than targets: the empty one runs nothing and fails nothing.
    const empty = await runCli(['run', '--config', 'fleet.json', '--shard', '7/7', '--no-reports', '--no-github'], { cwd: dir });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toMatch(/^shard 7\/7: no target \(0 of 6 targets, in config order\)$/m);
  }, 120_000);
});
