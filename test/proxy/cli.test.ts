// `mcp-conform proxy` flags: help, and usage errors as one line with exit 2.
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

describe.concurrent('mcp-conform proxy flags', () => {
  it('prints its help, listed in the top-level help', async () => {
    const help = await runCli(['proxy', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('mcp-conform proxy [options] -- <command> [args...]');
    expect(help.stdout).toContain('--fail-on-finding');
    expect((await runCli(['--help'])).stdout).toContain('mcp-conform proxy');
  });

  for (const [args, message] of [
    [['proxy'], /needs a server command after -- or an --url/],
    [['proxy', '--listen', '127.0.0.1:3001', '--', 'node'], /--listen is for the HTTP proxy/],
    [['proxy', '--url', 'http://127.0.0.1:1/mcp', '--', 'node'], /either --url or a command/],
    [['proxy', '--url', 'ftp://x/mcp'], /must be http/],
    [['proxy', '--url', 'http://127.0.0.1:1/mcp', '--listen', 'nowhere'], /--listen takes host:port/],
    [['proxy', '--bogus', '--', 'node'], /the server command goes after --/],
    [['proxy', '--record', '/nonexistent-dir/x.jsonl', '--', 'node'], /cannot write \/nonexistent-dir\/x\.jsonl: no such folder$/],
  ] as const) {
    it(`${args.slice(1).join(' ') || '(no arguments)'}: exit 2`, async () => {
      const r = await runCli([...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  }
});
