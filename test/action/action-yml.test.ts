// action.yml: its inputs, env, script and outputs reference each other consistently, and its
// run step, executed with bash and an `npx` stand-in that runs the built CLI, does what a
// workflow would see: argv built from the inputs, step outputs, job summary, exit code.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OUTPUT_NAMES } from '../../src/report/github.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { CLI, ROOT } from '../cli/run-cli.js';
import { readOutputs } from './github-output.js';

interface Step {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const action = parse(text) as Action;
const runStep = action.runs.steps.find((s) => s.id === 'run')!;
const diffStep = action.runs.steps.find((s) => s.id === 'diff')!;
const EXPR = /\$\{\{\s*([^}]*?)\s*\}\}/g;

describe('action.yml structure', () => {
  it('is a composite action on Node 20 that runs mcp-conform through npx', () => {
    expect(action.name).toBe('mcp-conform');
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.runs.using).toBe('composite');
    const setup = action.runs.steps[0];
    expect(setup.uses).toBe('actions/setup-node@v4');
    expect(String(setup.with?.['node-version'])).toBe('20');
    expect(runStep.shell).toBe('bash');
    expect(runStep.run).toContain('npx --yes "mcp-conform@${INPUT_VERSION:-latest}" "${argv[@]}"');
    expect(runStep.run).toContain('argv=(run --github)');
    expect(action.inputs.version.default).toBe('latest');
  });

  it('documents every input and output', () => {
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).toBeTruthy();
      expect(input.required ?? false, name).toBe(false);
    }
    for (const [name, output] of Object.entries(action.outputs)) expect(output.description, name).toBeTruthy();
  });

  it('every input is used and every expression names a declared input or step output', () => {
    const used = new Set<string>();
    for (const [, expr] of text.matchAll(EXPR)) {
      const input = /^inputs\.([\w-]+)$/.exec(expr);
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      expect(input || output, `unexpected expression \${{ ${expr} }}`).toBeTruthy();
      if (input) {
        expect(Object.keys(action.inputs), expr).toContain(input[1]);
        used.add(input[1]);
      }
      if (output) expect(action.runs.steps.map((s) => s.id), expr).toContain(output[1]);
    }
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('inputs reach the script only through env, and every env variable is read by it', () => {
    expect(runStep.run).not.toMatch(/\$\{\{/);
    const env = runStep.env!;
    for (const [name, value] of Object.entries(env)) {
      expect(value).toMatch(/^\$\{\{ inputs\.[\w-]+ \}\}$/);
      expect(runStep.run, name).toMatch(new RegExp(`\\$\\{?${name}\\b`));
      expect(name).toBe(`INPUT_${value.replace(/^\$\{\{ inputs\.|\s\}\}$/g, '').toUpperCase().replace(/-/g, '_')}`);
    }
    const read = new Set([...runStep.run!.matchAll(/\$\{?(INPUT_[A-Z_]+)/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(Object.keys(env).sort());
  });

  it('its outputs are exactly the step outputs the CLI writes', () => {
    expect(Object.keys(action.outputs)).toEqual([...OUTPUT_NAMES, 'new-failures']);
    for (const name of OUTPUT_NAMES) expect(action.outputs[name].value).toBe(`\${{ steps.run.outputs.${name} }}`);
    expect(action.outputs['new-failures'].value).toBe('${{ steps.diff.outputs.new-failures }}');
  });

  it('the diff step reads its inputs through env only, each one, and runs after the run step whatever its outcome', () => {
    expect(diffStep.run).not.toMatch(/\$\{\{/);
    expect((diffStep as { if?: string }).if).toBe("!cancelled() && inputs.compare-with != ''");
    for (const name of Object.keys(diffStep.env!)) expect(diffStep.run, name).toMatch(new RegExp(`\\$\\{?${name}\\b`));
    expect(diffStep.env!.RUN_JSON).toBe('${{ steps.run.outputs.json }}');
    expect(diffStep.run).toContain('MCP_CONFORM_GITHUB_TOKEN="$INPUT_GITHUB_TOKEN"');
    expect(diffStep.run).not.toMatch(/--github-comment[^\n]*INPUT_GITHUB_TOKEN|INPUT_GITHUB_TOKEN[^\n]*argv\+=\([^)]*TOKEN/);
  });
});

/** Runs the action's script as the runner would: inputs through env, an npx that runs dist/cli.js. */
async function runAction(inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-action-'));
  const bin = join(dir, 'bin');
  const argvLog = join(dir, 'npx-argv.json');
  await execa('mkdir', ['-p', bin]);
  // The stand-in records what the action asked npx for, then runs our build in its place.
  writeFileSync(
    join(bin, 'npx'),
    `#!${process.execPath}
const { writeFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const argv = process.argv.slice(2);
writeFileSync(${JSON.stringify(argvLog)}, JSON.stringify(argv));
const r = spawnSync(process.execPath, [${JSON.stringify(CLI)}, ...argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 5);
`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  const value = (name: string) => inputs[name] ?? action.inputs[name].default ?? '';
  const env: Record<string, string> = {};
  for (const [name, expr] of Object.entries(runStep.env!)) env[name] = expr.replace(EXPR, (_m, e: string) => value(e.replace(/^inputs\./, '')));
  const summary = join(dir, 'summary.md');
  const output = join(dir, 'output');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const r = await execa('bash', ['-c', runStep.run!], {
    cwd: join(dir),
    reject: false,
    timeout: 60_000,
    env: { ...env, PATH: `${bin}:${process.env.PATH}`, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, NO_COLOR: '1' },
    stdin: 'ignore',
  });
  return {
    code: r.exitCode,
    stdout: String(r.stdout),
    stderr: String(r.stderr),
    npxArgv: JSON.parse(readFileSync(argvLog, 'utf8')) as string[],
    summary: readFileSync(summary, 'utf8'),
    outputs: readOutputs(output),
    dir,
  };
}

// A command line as a user would type it into the `command` input.
const quoted = (argv: string[]) => argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

describe('the action run step', () => {
  it('builds argv from the inputs, runs the server, and fails the step on a broken MUST', async () => {
    const server = fixtureCommand({ fault: 'wrong-version' });
    const r = await runAction({
      command: quoted(server),
      'protocol-version': '2025-11-25',
      strict: 'true',
      json: 'out/r.json',
      args: `--only 'lifecycle/version-*' --timeout 8000`,
      version: '1.2.3',
    });
    expect(r.code).toBe(1);
    expect(r.npxArgv).toEqual([
      '--yes',
      'mcp-conform@1.2.3',
      'run',
      '--github',
      '--protocol-version',
      '2025-11-25',
      '--strict',
      '--json',
      'out/r.json',
      '--only',
      'lifecycle/version-*',
      '--timeout',
      '8000',
      '--',
      ...server,
    ]);
    expect(r.outputs).toMatchObject({ fail: '1', 'exit-code': '1', json: 'out/r.json', junit: '', html: '' });
    expect(Number(r.outputs.total)).toBeGreaterThanOrEqual(1);
    expect(r.summary).toMatch(/^### ❌ failed: mcp-conform · stdio /);
    expect(r.summary).toMatch(/\| \[lifecycle\/version-echo\]\(https:\/\/modelcontextprotocol\.io\/specification\/[^)]*\) \| MUST \| LIFE-2 \|/);
    expect(r.stdout).toMatch(/^::error title=lifecycle\/version-echo::/m);
    expect(JSON.parse(readFileSync(join(r.dir, 'out', 'r.json'), 'utf8')).summary.fail).toBe(1);
  });

  it('defaults: latest version, the CLI default reports; a usage error still sets exit-code', async () => {
    const ok = await runAction({ command: quoted(fixtureCommand()), args: `--only lifecycle/ping` });
    expect(ok.code).toBe(0);
    expect(ok.npxArgv.slice(0, 4)).toEqual(['--yes', 'mcp-conform@latest', 'run', '--github']);
    expect(ok.outputs).toMatchObject({ total: '1', pass: '1', fail: '0', 'exit-code': '0', json: join('reports', 'report.json'), junit: join('reports', 'report.xml'), html: join('reports', 'report.html') });
    expect(ok.summary).toMatch(/^### ✅ passed: /);

    const bad = await runAction({ url: 'http://127.0.0.1:9/mcp', 'protocol-version': '1999-01-01' });
    expect(bad.code, bad.stderr + bad.stdout).toBe(2);
    expect(bad.npxArgv).toEqual(['--yes', 'mcp-conform@latest', 'run', '--github', '--protocol-version', '1999-01-01', '--url', 'http://127.0.0.1:9/mcp']);
    expect(bad.outputs['exit-code']).toBe('2');
    expect(bad.stderr).toMatch(/--protocol-version must be one of/);
  });
});

describe('the action diff step', () => {
  it('merges the run\'s JSON reports and writes the diff with the base report into the job summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-action-diff-'));
    const bin = join(dir, 'bin');
    await execa('mkdir', ['-p', bin]);
    writeFileSync(
      join(bin, 'npx'),
      `#!${process.execPath}\nconst r = require('node:child_process').spawnSync(process.execPath, [${JSON.stringify(CLI)}, ...process.argv.slice(4)], { stdio: 'inherit' });\nprocess.exit(r.status ?? 5);\n`,
    );
    chmodSync(join(bin, 'npx'), 0o755);
    // Two targets of a config run, and the base branch's merged report in which one check failed.
    const run = (name: string, status: string) => ({ tool: { name: 'mcp-conform', version: '0.1.0' }, target: { name, transport: 'stdio', command: ['node', `${name}.js`] }, protocolVersion: '2025-11-25', seed: 1, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, summary: { total: 1, pass: status === 'pass' ? 1 : 0, fail: status === 'fail' ? 1 : 0, warn: 0, skip: 0, info: 0 }, checks: [{ id: 'lifecycle/ping', title: 'ping', level: 'MUST', status, requirements: [], spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic', evidence: [], durationMs: 1 }] });
    writeFileSync(join(dir, 'report-a.json'), JSON.stringify(run('a', 'fail')));
    writeFileSync(join(dir, 'report-b.json'), JSON.stringify(run('b', 'pass')));
    writeFileSync(join(dir, 'base.json'), JSON.stringify({ ...run('a', 'pass'), runs: [run('a', 'pass'), run('b', 'fail')] }));
    const summary = join(dir, 'summary.md');
    const output = join(dir, 'output');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const r = await execa('bash', ['-c', diffStep.run!], {
      cwd: dir,
      reject: false,
      timeout: 60_000,
      env: { INPUT_COMPARE_WITH: 'base.json', INPUT_GITHUB_TOKEN: '', INPUT_VERSION: 'latest', RUN_JSON: 'report-a.json\nreport-b.json', RUNNER_TEMP: dir, PATH: `${bin}:${process.env.PATH}`, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, NO_COLOR: '1' },
      stdin: 'ignore',
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('#### New failures (1)');
    expect(md).toContain('#### Fixed (1)');
    expect(md).toMatch(/\| a @ 2025-11-25 \| MUST \| pass → fail \|/);
    expect(readOutputs(output)['new-failures']).toBe('1');
  });
});
