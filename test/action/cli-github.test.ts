// `mcp-conform run` under GitHub Actions, through the built CLI: with GITHUB_ACTIONS=true it
// appends the job summary, writes the step outputs and prints annotations, for single runs,
// `--protocol-version all` matrices and targets it cannot reach.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runCli } from '../cli/run-cli.js';
import { readOutputs } from './github-output.js';

function githubFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-gha-'));
  const summary = join(dir, 'summary.md');
  const output = join(dir, 'output');
  writeFileSync(summary, '');
  return {
    dir,
    env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output },
    summary: () => readFileSync(summary, 'utf8'),
    outputs: () => readOutputs(output),
    outputExists: () => existsSync(output),
  };
}

describe('run under GitHub Actions', () => {
  it('a failing run: summary, outputs, annotations, and the tree fenced off from command parsing', async () => {
    const gh = githubFiles();
    const json = join(gh.dir, 'report.json');
    const r = await runCli(['run', '--json', json, '--only', 'lifecycle/version-*', '--', ...fixtureCommand({ fault: 'wrong-version' })], { env: gh.env });
    expect(r.code).toBe(1);

    const outputs = gh.outputs();
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(outputs).toEqual({
      total: String(report.summary.total),
      pass: String(report.summary.pass),
      fail: '1',
      warn: '0',
      skip: String(report.summary.skip),
      info: String(report.summary.info),
      'exit-code': '1',
      json,
      junit: '',
      html: '',
    });

    const md = gh.summary();
    expect(md).toMatch(/^### ❌ failed: mcp-conform · stdio .*server\.js --fault wrong-version\n/);
    expect(md).toContain(`| ${report.protocolVersion} | ${report.summary.total} | ${report.summary.pass} | 1 | 0 |`);
    expect(md).toContain('#### Failures (1)');
    expect(md).toMatch(/\| \[lifecycle\/version-echo\]\(https:\/\/modelcontextprotocol\.io\/specification\/[\w-]+\/basic\/lifecycle#version-negotiation "[^"]+"\) \| MUST \| LIFE-2 \| asked for /);

    const lines = r.stdout.split('\n');
    const stop = lines.findIndex((l) => l.startsWith('::stop-commands::'));
    const token = lines[stop].slice('::stop-commands::'.length);
    const resume = lines.indexOf(`::${token}::`);
    const tree = lines.findIndex((l) => l.includes('lifecycle/version-echo ·'));
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(stop).toBeLessThan(tree);
    expect(tree).toBeLessThan(resume);
    const annotations = lines.filter((l) => l.startsWith('::error'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error title=lifecycle\/version-echo::.*%0AMUST · LIFE-2 · https:\/\//);
    expect(lines.indexOf(annotations[0])).toBeGreaterThan(resume);
  });

  it('a --protocol-version all matrix: a row per revision, a total, summed outputs', async () => {
    const gh = githubFiles();
    const r = await runCli(['run', '--no-reports', '--protocol-version', 'all', '--only', 'lifecycle/ping', '--', ...fixtureCommand()], { env: gh.env });
    expect(r.code).toBe(0);
    const md = gh.summary();
    const rows = md.split('\n').filter((l) => /^\| \d{4}-\d{2}-\d{2} \| 1 \| 1 \| 0 \|/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(md).toContain(`| **Total** | ${rows.length} | ${rows.length} | 0 |`);
    expect(md).toMatch(/^### ✅ passed: /);
    expect(gh.outputs()).toMatchObject({ total: String(rows.length), pass: String(rows.length), fail: '0', 'exit-code': '0', json: '' });
  });

  it('an unreachable target: the usual one line and exit 4, and the summary says so', async () => {
    const gh = githubFiles();
    const r = await runCli(['run', '--no-reports', '--', 'definitely-not-a-command-xyz'], { env: gh.env });
    expect(r.code).toBe(4);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mcp-conform: .*definitely-not-a-command-xyz/);
    expect(gh.summary()).toMatch(/^### ❌ could not run: mcp-conform · stdio definitely-not-a-command-xyz\n\n.*definitely-not-a-command-xyz/);
    expect(gh.outputs()).toMatchObject({ total: '0', 'exit-code': '4' });
    expect(r.stdout).toMatch(/^::error title=mcp-conform::.*definitely-not-a-command-xyz/m);
  });

  it('--no-github keeps a run under Actions plain; --github turns it on anywhere', async () => {
    const gh = githubFiles();
    const off = await runCli(['run', '--no-reports', '--no-github', '--only', 'lifecycle/ping', '--', ...fixtureCommand()], { env: gh.env });
    expect(off.code).toBe(0);
    expect(gh.summary()).toBe('');
    expect(gh.outputExists()).toBe(false);
    expect(off.stdout).not.toContain('::');
    const on = await runCli(['run', '--no-reports', '--github', '--only', 'lifecycle/version-*', '--', ...fixtureCommand({ fault: 'wrong-version' })], {
      env: { GITHUB_STEP_SUMMARY: join(gh.dir, 'summary.md') },
    });
    expect(on.code).toBe(1);
    expect(on.stdout).toMatch(/^::error title=lifecycle\/version-echo::/m);
    expect(gh.summary()).toMatch(/^### ❌ failed: /);
  });
});
