// A reader that goes away (`mcp-conform list | head`) ends our output, not the command: no EPIPE
// stack trace, and the exit code the command would have had anyway.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { CLI, ROOT } from './run-cli.js';

/** Runs `node dist/cli.js <args>` with the chosen output piped into `true`, which reads nothing and exits at once. */
async function intoClosedPipe(args: string[], closed: 'stdout' | 'stderr') {
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // The other stream is kept in a file, so what the command printed there can be inspected.
  const script = closed === 'stdout' ? `${quoted} 2>"$ERR" | true` : `${quoted} 2>&1 >"$ERR" | true`;
  const err = `${ROOT}/reports/closed-pipe-${process.pid}-${closed}.txt`;
  const r = await execa('bash', ['-c', `mkdir -p "$(dirname "$ERR")"; ${script}; code=\${PIPESTATUS[0]}; cat "$ERR"; rm -f "$ERR"; exit $code`], {
    reject: false,
    timeout: 60_000,
    cwd: ROOT,
    env: { NO_COLOR: '1', ERR: err },
  });
  return { code: r.exitCode, other: String(r.stdout) };
}

describe.concurrent('a closed pipe', () => {
  it('list | true: exit 0, nothing on stderr', async () => {
    const r = await intoClosedPipe(['list'], 'stdout');
    expect(r.other).toBe('');
    expect(r.code).toBe(0);
  });

  it('run | true: the run finishes with its own exit code, 0 for a conformant server and 1 for a failing one', async () => {
    const args = (fault?: string) => ['run', '--no-reports', '--only', 'lifecycle/server-info', '--', ...fixtureCommand({ fault })];
    const good = await intoClosedPipe(args(), 'stdout');
    expect(good.other).toBe('');
    expect(good.code).toBe(0);
    const bad = await intoClosedPipe(args('init-missing-server-info'), 'stdout');
    expect(bad.other).toBe('');
    expect(bad.code).toBe(1);
  });

  it('a usage error with stderr closed: still exit 2, no crash', async () => {
    const r = await intoClosedPipe(['run', '--frobnicate', '--', 'node', '-e', '0'], 'stderr');
    expect(r.other).toBe('');
    expect(r.code).toBe(2);
  });
});
