// Runs the built CLI (dist/cli.js) as a user would, bounded in time.
import { execa } from 'execa';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export async function runCli(args: string[], opts: { timeoutMs?: number; cwd?: string; env?: Record<string, string> } = {}) {
  const r = await execa('node', [CLI, ...args], {
    reject: false,
    timeout: opts.timeoutMs ?? 60_000,
    cwd: opts.cwd ?? ROOT,
    env: { NO_COLOR: '1', ...opts.env },
    stdin: 'ignore',
  });
  return { code: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}
