// The config file: schema errors as one precise line, discovery, .mjs, path resolution, flags
// over config, and several targets in one run (per-target reports, worst exit code).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkConfig, configSchemaPath, loadConfig, type RunConfig } from '../../src/cli/config.js';
import { ConfigError } from '../../src/cli/errors.js';
import { parseFlags, parseRunArgs, planRuns, withTargetSuffix } from '../../src/cli/run.js';
import { DEFAULT_SEED } from '../../src/runner/index.js';
import { REVISIONS } from '../../src/schema/index.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runCli } from './run-cli.js';

const FILE = 'mcp-conform.config.json';
const ctx = (dir = '/proj') => ({ file: FILE, dir, cwd: '/proj', env: { TOKEN: 's3cret' } });

async function problem(data: unknown): Promise<string> {
  try {
    await checkConfig(data, ctx());
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('config was accepted');
}

describe('config schema errors: <file>: <json pointer>: <problem>', () => {
  const cases: Array<[unknown, string]> = [
    [[], '/: must be an object'],
    [{ targets: [] }, '/targets: must not be empty'],
    [{ targets: [{}] }, '/targets/0: needs "command" or "url"'],
    [{ targets: [{ comand: ['node'] }] }, '/targets/0/comand: unknown property (did you mean "command"?)'],
    [{ Strict: true }, '/Strict: unknown property (did you mean "strict"?)'],
    [{ targets: [{ command: 'node server.js' }] }, '/targets/0/command: must be an array'],
    [{ targets: [{ command: ['node', 3] }] }, '/targets/0/command/1: must be a string'],
    [{ targets: [{ command: ['x'], url: 'http://a' }] }, '/targets/0/url: not allowed together with "command"'],
    [{ targets: [{ command: ['x'], headers: { a: 'b' } }] }, '/targets/0/headers: not allowed together with "command"'],
    [{ targets: [{ url: 'ftp://host/mcp' }] }, '/targets/0/url: must be an http:// or https:// URL'],
    [{ targets: [{ name: 'has space', url: 'http://a' }] }, '/targets/0/name: may hold only letters, digits, ".", "_" and "-", starting with a letter or digit'],
    [{ command: ['x'], targets: [{ url: 'http://a' }] }, '/command: not allowed together with "targets"'],
    [{ env: { A: '1' } }, '/env: needs "command" beside it'],
    [{ name: 'solo' }, '/name: names a target, but there is no "command" or "url" beside it'],
    [{ protocolVersion: '2020-01-01' }, `/protocolVersion: must be one of ${[...REVISIONS, 'all'].map((r) => `"${r}"`).join(', ')}`],
    [{ timeout: 0 }, '/timeout: must be at least 1'],
    [{ timeout: '5s' }, '/timeout: must be an integer'],
    [{ only: 5 }, '/only: must be a string or an array'],
    [{ callTools: 'some' }, '/callTools: must be "all" or an array'],
    [{ output: { jsn: 'x.json' } }, '/output/jsn: unknown property (did you mean "json"?)'],
    [{ targets: [{ url: 'http://a', headers: { Authorization: 'Bearer ${NOT_SET_ANYWHERE}' } }] }, '/targets/0/headers/Authorization: environment variable NOT_SET_ANYWHERE is not set'],
    [{ targets: [{ name: 'a', url: 'http://a' }, { name: 'a', command: ['x'] }] }, '/targets/1/name: duplicate target name "a" (also /targets/0)'],
  ];
  for (const [data, expected] of cases) {
    it(`${JSON.stringify(data)} → ${expected}`, async () => {
      expect(await problem(data)).toBe(`${FILE}: ${expected}`);
    });
  }

  it('the schema lists exactly the revisions we know', () => {
    const schema = JSON.parse(readFileSync(configSchemaPath(), 'utf8'));
    expect(schema.properties.protocolVersion.enum).toEqual([...REVISIONS, 'all']);
  });
});

describe('config resolution', () => {
  it('resolves paths against the config folder, expands ${NAME}, names several targets', async () => {
    const config = await checkConfig(
      {
        targets: [
          { url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          { name: 'local', command: ['node', 'build/index.js'], env: { KEY: '${TOKEN}' }, cwd: 'server', baseline: 'expected.json' },
        ],
        only: 'lifecycle/*',
        baseline: 'base.json',
        output: { json: 'out/r.json' },
        strict: true,
        timeout: 900,
      },
      ctx('/proj/ci'),
    );
    expect(config.targets).toEqual([
      { name: 'target-1', spec: { transport: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer s3cret' } } },
      { name: 'local', spec: { transport: 'stdio', command: ['node', 'build/index.js'], env: { KEY: 's3cret' }, cwd: 'ci/server' }, baseline: 'ci/expected.json' },
    ]);
    expect(config).toMatchObject({ only: ['lifecycle/*'], baseline: 'ci/base.json', output: { json: 'ci/out/r.json' }, strict: true, requestTimeoutMs: 900 });
  });

  it('a single top-level target; a stdio server runs in the config folder when that is elsewhere', async () => {
    const here = await checkConfig({ command: ['node', 's.js'] }, ctx());
    expect(here.targets).toEqual([{ spec: { transport: 'stdio', command: ['node', 's.js'], env: {}, cwd: undefined } }]);
    const elsewhere = await checkConfig({ command: ['node', 's.js'], legacySse: undefined }, { ...ctx('/other'), cwd: '/proj' });
    expect(elsewhere.targets[0].spec).toMatchObject({ cwd: '/other' });
    const sse = await checkConfig({ url: 'http://h/sse', legacySse: true }, ctx());
    expect(sse.targets[0].spec).toEqual({ transport: 'sse', url: 'http://h/sse', headers: {} });
  });

  it('is found in the working directory (JSON or .mjs), not both; --config names any file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-config-'));
    expect(await loadConfig({ cwd: dir, env: {} })).toBeUndefined();
    writeFileSync(join(dir, 'mcp-conform.config.mjs'), 'export default { strict: true, url: `http://127.0.0.1:${1000 + 234}/mcp` };\n');
    const mjs = await loadConfig({ cwd: dir, env: {} });
    expect(mjs).toMatchObject({ file: 'mcp-conform.config.mjs', strict: true, targets: [{ spec: { url: 'http://127.0.0.1:1234/mcp' } }] });
    writeFileSync(join(dir, FILE), '{"seed": 7}');
    await expect(loadConfig({ cwd: dir, env: {} })).rejects.toThrow(/both mcp-conform\.config\.json and mcp-conform\.config\.mjs/);
    writeFileSync(join(dir, 'other.json'), '{"seed": 9}');
    expect(await loadConfig({ path: 'other.json', cwd: dir, env: {} })).toMatchObject({ file: 'other.json', seed: 9 });
    writeFileSync(join(dir, 'broken.json'), '{"seed": 9,}');
    await expect(loadConfig({ path: 'broken.json', cwd: dir, env: {} })).rejects.toThrow(/^broken\.json: \/: not valid JSON: /);
    writeFileSync(join(dir, 'bad.mjs'), 'export default { seed: -1 };\n');
    await expect(loadConfig({ path: 'bad.mjs', cwd: dir, env: {} })).rejects.toThrow(/^bad\.mjs: \/seed: must be at least 0$/);
    writeFileSync(join(dir, 'nodefault.mjs'), 'export const x = 1;\n');
    await expect(loadConfig({ path: 'nodefault.mjs', cwd: dir, env: {} })).rejects.toThrow(/^nodefault\.mjs: \/: has no default export/);
    await expect(loadConfig({ path: 'missing.json', cwd: dir, env: {} })).rejects.toThrow(/^cannot read config missing\.json: no such file$/);
  });
});

describe('flags over config', () => {
  const config = (extra: Partial<RunConfig> = {}): RunConfig => ({
    file: FILE,
    targets: [
      { name: 'a', spec: { transport: 'http', url: 'http://a/mcp', headers: { Authorization: 'Bearer x', 'X-Keep': '1' } }, callTools: ['echo'] },
      { name: 'b', spec: { transport: 'stdio', command: ['node', 'b.js'], env: { A: '1' } }, baseline: 'b-base.json' },
    ],
    ...extra,
  });
  const plan = (argv: string[], c?: RunConfig) => planRuns(parseFlags(argv), c, 1234);

  it('config values apply when no flag is given', () => {
    const plans = plan([], config({ protocolVersion: '2025-06-18', strict: true, requestTimeoutMs: 900, only: ['tools/*'], seed: 5, callTools: 'all', baseline: 'all.json', output: { json: 'o/r.json' } }));
    expect(plans.map((p) => p.name)).toEqual(['a', 'b']);
    expect(plans[0]).toMatchObject({ protocolVersion: '2025-06-18', strict: true, requestTimeoutMs: 900, only: ['tools/*'], seed: 5, callTools: ['echo'], baseline: 'all.json', reports: { json: 'o/r-a.json' } });
    expect(plans[1]).toMatchObject({ callTools: 'all', baseline: 'b-base.json', reports: { json: 'o/r-b.json' } });
  });

  it('flags win, and --env/--header/--cwd/--legacy-sse apply to the config targets', () => {
    const plans = plan(
      ['--protocol-version', '2026-07-28', '--timeout', '50', '--only', 'lifecycle/*', '--seed', '9', '--call-tools', 'x,y', '--baseline', 'cli.json', '--header', 'authorization: Bearer cli', '--env', 'B=2', '--cwd', 'srv', '--legacy-sse', '--no-reports'],
      config({ protocolVersion: '2025-06-18', requestTimeoutMs: 900, only: ['tools/*'], seed: 5, output: { json: 'o/r.json' } }),
    );
    for (const p of plans) expect(p).toMatchObject({ protocolVersion: '2026-07-28', requestTimeoutMs: 50, only: ['lifecycle/*'], seed: 9, callTools: ['x', 'y'], baseline: 'cli.json', reports: {} });
    expect(plans[0].target).toEqual({ transport: 'sse', url: 'http://a/mcp', headers: { 'X-Keep': '1', authorization: 'Bearer cli' } });
    expect(plans[1].target).toEqual({ transport: 'stdio', command: ['node', 'b.js'], env: { A: '1', B: '2' }, cwd: 'srv' });
  });

  it('the seed: fixed by default so runs agree, random on request (and by default for fuzz)', () => {
    const flags = (argv: string[]) => parseFlags([...argv, '--', 'node', 'x.js']);
    expect(planRuns(flags([]), undefined)[0].seed).toBe(DEFAULT_SEED);
    expect(planRuns(flags([]), config({ seed: 5 }))[0].seed).toBe(5);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.25);
    try {
      expect(planRuns(flags(['--seed', 'random']), config({ seed: 5 }))[0].seed).toBe(2 ** 29);
    } finally {
      random.mockRestore();
    }
    expect(() => planRuns(flags(['--seed', 'abc']), undefined)).toThrow(/^--seed takes a whole number or random, got "abc"$/);
    // `fuzz` hands parseRunArgs a fresh seed as the default; an explicit one still wins.
    expect(parseRunArgs(['--', 'node', 'x.js'], 77)).toMatchObject({ seed: 77 });
    expect(parseRunArgs(['--seed', '3', '--', 'node', 'x.js'], 77)).toMatchObject({ seed: 3 });
  });

  it('a target on the command line replaces the config targets; --target picks some', () => {
    const cli = plan(['--', 'node', 'x.js'], config({ strict: true }));
    expect(cli).toHaveLength(1);
    expect(cli[0]).toMatchObject({ target: { transport: 'stdio', command: ['node', 'x.js'] }, strict: true, reports: { json: join('reports', 'report.json') } });
    expect(cli[0].name).toBeUndefined();
    const picked = plan(['--target', 'b'], config());
    expect(picked.map((p) => p.name)).toEqual(['b']);
    expect(picked[0].reports.json).toBe(join('reports', 'report.json'));
    expect(() => plan(['--target', 'zzz'], config())).toThrow(/--target zzz: mcp-conform\.config\.json has no such target \(it has a, b\)/);
    expect(() => plan([], config({ targets: [] }))).toThrow(/no server given: mcp-conform\.config\.json names no target/);
    expect(() => plan(['--github', '--no-github', '--', 'x'])).toThrow(/--github or --no-github/);
  });

  it('every revision is accepted, 2026-07-28 included; fuzz (parseRunArgs) reads no config', () => {
    for (const rev of [...REVISIONS, 'all']) expect(plan(['--protocol-version', rev, '--', 'x'])[0].protocolVersion).toBe(rev);
    expect(() => parseRunArgs(['--config', 'c.json', '--', 'x'])).toThrow(/--config and --target work with "mcp-conform run" only/);
    expect(parseRunArgs(['--github', '--', 'x'])).toMatchObject({ help: false, github: true, target: { command: ['x'] } });
  });

  it('suffixes report file names with the target name', () => {
    expect(withTargetSuffix(join('reports', 'report.json'), 'api')).toBe(join('reports', 'report-api.json'));
    expect(withTargetSuffix('out/junit', 'api')).toBe('out/junit-api');
  });
});

describe('config through the built CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-config-cli-'));
  const fixture = (fault?: string) => fixtureCommand({ fault });

  function project(name: string, config: unknown): string {
    const cwd = join(dir, name);
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, FILE), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
    return cwd;
  }

  it('a bad config is one line naming file, pointer and problem, exit 2', async () => {
    const cwd = project('bad', { targets: [{ comand: ['node', 'server.js'] }] });
    const r = await runCli(['run'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${FILE}: /targets/0/comand: unknown property (did you mean "command"?)`);
    const missing = await runCli(['run', '--config', 'nope.json'], { cwd });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('mcp-conform: cannot read config nope.json: no such file');
    const invalid = project('invalid', '{ "strict": true, }');
    const j = await runCli(['run'], { cwd: invalid });
    expect(j.code).toBe(2);
    expect(j.stderr.trim().split('\n')).toHaveLength(1);
    expect(j.stderr).toMatch(/^mcp-conform\.config\.json: \/: not valid JSON: /);
  });

  it('runs the config target, with flags overriding its options', async () => {
    const cwd = project('single', { command: fixture(), only: ['lifecycle/version-*'], output: { json: 'out/result.json' } });
    const r = await runCli(['run', '--only', 'lifecycle/ping'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^config: mcp-conform\.config\.json\nreports: out\/result\.json\n/);
    const report = JSON.parse(readFileSync(join(cwd, 'out', 'result.json'), 'utf8'));
    expect(report.checks.map((c: { id: string }) => c.id)).toEqual(['lifecycle/ping']);
    const ignored = await runCli(['run', '--no-config', '--no-reports', '--only', 'lifecycle/ping', '--', ...fixture()], { cwd });
    expect(ignored.code).toBe(0);
    expect(ignored.stdout).not.toContain('config:');
  });

  it('several targets: each in turn, per-target reports and output, exit code = the worst', async () => {
    const cwd = project('multi', {
      targets: [
        { name: 'good', command: fixture() },
        { name: 'broken', command: fixture('wrong-version') },
        { name: 'absent', command: ['definitely-not-a-command-xyz'] },
      ],
      only: 'lifecycle/version-*',
      output: { json: 'reports/r.json', junit: 'reports/r.xml' },
    });
    const r = await runCli(['run'], { cwd });
    expect(r.code).toBe(4);
    for (const name of ['good', 'broken', 'absent']) expect(r.stdout).toContain(`=== target ${name} ===`);
    expect(r.stdout).toMatch(/Targets:\n {2}good: \d+ passed, 0 failed, 0 warnings \(exit 0\)\n {2}broken: \d+ passed, 1 failed, 0 warnings \(exit 1\)\n {2}absent: could not run \(exit 4\)$/);
    expect(r.stderr).toMatch(/^mcp-conform: \[absent\] .*definitely-not-a-command-xyz/m);
    const good = JSON.parse(readFileSync(join(cwd, 'reports', 'r-good.json'), 'utf8'));
    const broken = JSON.parse(readFileSync(join(cwd, 'reports', 'r-broken.json'), 'utf8'));
    expect(good.summary.fail).toBe(0);
    expect(broken.checks.find((c: { id: string }) => c.id === 'lifecycle/version-echo').status).toBe('fail');
    expect(existsSync(join(cwd, 'reports', 'r-good.xml'))).toBe(true);
    expect(existsSync(join(cwd, 'reports', 'r-absent.json'))).toBe(false);
    // Without the unreachable one, the worst is a failure.
    const two = await runCli(['run', '--target', 'good', '--target', 'broken', '--no-reports'], { cwd });
    expect(two.code).toBe(1);
  });
});
