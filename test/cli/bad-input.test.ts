// Every bad input gets one readable line on stderr, no stack trace, and the contract's exit code.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { fixtureCommand } from '../fixtures/launch.js';
import { isAlive, waitFor } from '../transport/helpers.js';
import { CLI, runCli } from './run-cli.js';

function expectOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-cli-'));

  it('unknown flag → 2', async () => {
    const r = await runCli(['run', '--frobnicate', '--', 'node', '-e', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /^mcp-conform: .*frobnicate/);
  });

  it('a mistyped flag: one line naming the command and the flag meant → 2', async () => {
    const cases: Array<[string[], string]> = [
      [['run', '--timout', '5', '--', 'x'], 'mcp-conform: unknown option --timout for run (did you mean --timeout?)'],
      [['fuzz', '--durration', '5', '--', 'x'], 'mcp-conform: unknown option --durration for fuzz (did you mean --duration?)'],
      [['validate', '--stict', 'log.jsonl'], 'mcp-conform: unknown option --stict for validate (did you mean --strict?)'],
      [['list', '--jsn'], 'mcp-conform: unknown option --jsn for list (did you mean --json?)'],
      [['proxy', '--recrod', 'x.jsonl', '--', 'x'], 'mcp-conform: unknown option --recrod for proxy (did you mean --record?)'],
      [['run', '-x', '--', 'x'], 'mcp-conform: unknown option -x for run (see mcp-conform run --help)'],
      [['run', '--url'], 'mcp-conform: --url needs a value (see mcp-conform run --help)'],
      [['list', '--json=yes'], 'mcp-conform: --json takes no value (see mcp-conform list --help)'],
      [['list', 'everything'], 'mcp-conform: list takes no argument "everything" (see mcp-conform list --help)'],
    ];
    await Promise.all(
      cases.map(async ([args, line]) => {
        const r = await runCli(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr, args.join(' ')).toBe(line);
      }),
    );
  });

  it('a rejection nobody awaited (our bug) → one line, 5, and no server process left behind', async () => {
    const preload = join(dir, 'reject-later.mjs');
    // Once the run has started its servers, as a forgotten promise inside a check would.
    writeFileSync(preload, "setTimeout(() => Promise.reject(new Error('provoked by the test')), 800);\n");
    const pids = join(dir, 'server.pids');
    const counted = ['/bin/sh', '-c', 'echo $$ >> "$0"; exec "$@"', pids, ...fixtureCommand()];
    const r = await execa('node', ['--import', preload, CLI, 'run', '--no-reports', '--', ...counted], { reject: false, timeout: 60_000, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(5);
    expectOneLine(String(r.stderr), /^mcp-conform: internal error: provoked by the test$/);
    const started = readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(started.length).toBeGreaterThan(0);
    for (const pid of started) await waitFor(`server ${pid} gone`, () => !isAlive(pid), 3000);
  });

  it('an --only or --skip glob that names no check (a typo would run nothing and pass) → 2', async () => {
    const only = await runCli(['run', '--no-reports', '--only', 'lifecycle/pingg', '--', 'node', '-e', '0']);
    expect(only.code).toBe(2);
    expectOneLine(only.stderr, /^mcp-conform: --only "lifecycle\/pingg" matches no check id \(mcp-conform list shows them\)$/);
    const skip = await runCli(['run', '--no-reports', '--only', 'lifecycle/*', '--skip', 'nosuch/*', '--', 'node', '-e', '0']);
    expect(skip.code).toBe(2);
    expectOneLine(skip.stderr, /^mcp-conform: --skip "nosuch\/\*" matches no check id/);
    const fuzz = await runCli(['fuzz', '--only', 'lifecycle/ping', '--', 'node', '-e', '0']);
    expect(fuzz.code).toBe(2);
    expectOneLine(fuzz.stderr, /^mcp-conform: --only "lifecycle\/ping" matches no check id \(the fuzz checks are fuzz\/malformed-messages, /);
  });

  it('the same glob from a config file names the file → 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcp-conform-cfg-'));
    writeFileSync(join(cwd, 'mcp-conform.config.json'), JSON.stringify({ command: ['node', '-e', '0'], only: ['lifecycle/*', 'tools/cal'] }));
    const r = await runCli(['run', '--no-reports'], { cwd });
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /^mcp-conform: "only" in .*mcp-conform\.config\.json "tools\/cal" matches no check id/);
  });

  it('unknown command → 2', async () => {
    const r = await runCli(['fly']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /unknown command "fly"/);
  });

  it('run without a server → 2', async () => {
    const r = await runCli(['run']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /no server given/);
  });

  it('bad --protocol-version → 2', async () => {
    const r = await runCli(['run', '--protocol-version', '2020-01-01', '--', 'node', '-e', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /--protocol-version must be one of/);
  });

  it('bad --timeout → 2', async () => {
    const r = await runCli(['run', '--timeout', 'soon', '--', 'node', '-e', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /--timeout takes a whole number/);
  });

  it('invalid URL → 2', async () => {
    const r = await runCli(['run', '--url', 'not a url']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /not a valid URL/);
  });

  it('command that does not exist → 4', async () => {
    const r = await runCli(['run', '--no-reports', '--', 'definitely-not-a-command-xyz']);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /definitely-not-a-command-xyz/);
  });

  // Node ends every crash with its version line, the last line of stderr: the reason is above it.
  it('a Node server that throws at start → 4, with the error it threw', async () => {
    const crash = join(dir, 'crash.mjs');
    writeFileSync(crash, "throw new Error('API_KEY is not set');\n");
    const r = await runCli(['run', '--no-reports', '--', 'node', crash]);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /^mcp-conform: node exited immediately \(code 1\): Error: API_KEY is not set$/);
  });

  it('a wrong path to the server → 4, with the module Node could not find', async () => {
    const r = await runCli(['run', '--no-reports', '--', 'node', join(dir, 'no-such-server.js')]);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /^mcp-conform: node exited immediately \(code 1\): Error: Cannot find module '.*no-such-server\.js'$/);
  });

  it('a server that exits with nothing on stderr → 4, and says where else to look', async () => {
    const r = await runCli(['run', '--no-reports', '--', 'sh', '-c', 'exit 3']);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /^mcp-conform: sh exited immediately \(code 3\); it wrote nothing to stderr \(if it logs to a file, look there\)$/);
  });

  it('a credential given with --env that the failing server prints is shown as a fingerprint', async () => {
    const r = await runCli(['run', '--no-reports', '--env', 'API_KEY=sk-test-4f9a8b7c', '--', 'sh', '-c', 'echo "Error: key $API_KEY was refused" >&2; exit 1']);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /^mcp-conform: sh exited immediately \(code 1\): Error: key sha256:[0-9a-f]{8}… was refused$/);
  });

  it('refused URL → 4', async () => {
    const r = await runCli(['run', '--no-reports', '--url', 'http://127.0.0.1:1/mcp']);
    expect(r.code).toBe(4);
    expectOneLine(r.stderr, /127\.0\.0\.1:1/);
  });

  it('corrupt baseline → 2', async () => {
    const file = join(dir, 'baseline.json');
    writeFileSync(file, '{ not json');
    const r = await runCli(['run', '--no-reports', '--baseline', file, '--', 'node', '-e', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /baseline .* is not valid JSON/);
    // V8 quotes the broken text, line breaks and all: still one line.
    writeFileSync(file, '[\n"lifecycle/ping",\n}');
    const quoted = await runCli(['run', '--no-reports', '--baseline', file, '--', 'node', '-e', '0']);
    expect(quoted.code).toBe(2);
    expectOneLine(quoted.stderr, /baseline .* is not valid JSON: Unexpected token '}', .*ping", ⏎ }" is not valid JSON$/);
  });

  it('missing baseline → 2', async () => {
    const r = await runCli(['run', '--no-reports', '--baseline', join(dir, 'nope.json'), '--', 'node', '-e', '0']);
    expect(r.code).toBe(2);
    // The same words as validate and the config: "no such file", not ENOENT.
    expectOneLine(r.stderr, /^mcp-conform: cannot read baseline .*nope\.json: no such file$/);
  });

  it('--help and --version → 0', async () => {
    const help = await runCli(['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes/);
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
