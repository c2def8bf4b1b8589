// validateCommand's flags, text output and usage errors (the dispatcher maps UsageError to exit 2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors.js';
import { LOGS, runValidate } from './helpers.js';

describe('validate: text output', () => {
  it('prints one line per finding (file:LINE, severity, subject, problem, [REQ]) under its sender, server first, and a totals line', async () => {
    const { code, stdout, stderr } = await runValidate(['mistakes/params-not-fitting.jsonl']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout.trimEnd().split('\n')).toEqual([
      'server->client: 1 error, 0 warnings',
      'mistakes/params-not-fitting.jsonl:5  error  result #1 (tools/call)  a result for a request whose params do not fit its schema (line 4); expected error -32602  [RPC-14]',
      'client->server: 1 error, 0 warnings',
      'mistakes/params-not-fitting.jsonl:4  error  tools/call #1  /params/name: expected a required member, found nothing',
      'mistakes/params-not-fitting.jsonl: 5 lines, 5 messages, checked against 2025-11-25 (from the initialize result): 2 errors, 0 warnings',
    ]);
  });

  it('a clean log prints only the totals line', async () => {
    const { code, stdout } = await runValidate(['clean-session.jsonl']);
    expect(code).toBe(0);
    expect(stdout).toBe('clean-session.jsonl: 18 lines, 17 messages, checked against 2025-11-25 (from the initialize result): no problems\n');
  });

  it('--max-findings limits what is printed, not what is counted', async () => {
    const { code, stdout } = await runValidate(['--max-findings', '1', 'mistakes/params-not-fitting.jsonl']);
    expect(code).toBe(1);
    // The heading counts its direction's findings, printed or not (the kept one is line 4's).
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      'server->client: 1 error, 0 warnings',
      '(1 more not shown)',
      'client->server: 1 error, 0 warnings',
      expect.stringMatching(/^mistakes\/params-not-fitting\.jsonl:4 /),
      expect.stringMatching(/2 errors, 0 warnings$/),
      '(showing the first 1 of 2 findings; see --max-findings)',
    ]);
  });

  it('reads the log from stdin with -', async () => {
    const log = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"result":{}}\n';
    const { code, stdout } = await runValidate(['--protocol-version', '2025-06-18', '-'], Readable.from([Buffer.from(log)]));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^<stdin>:2 {2}error {2}result #2 {2}answers no request/m);
    expect(stdout).toMatch(/^<stdin>:1 {2}warning {2}ping #1 {2}never answered/m);
  });

  it('--direction server reads a one-sided log: no pairing findings', async () => {
    const log = '{"jsonrpc":"2.0","id":5,"result":{"tools":[]}}\n{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n';
    const { code, stdout } = await runValidate(['--direction', 'server', '--protocol-version', '2025-11-25', '-'], Readable.from([log]));
    expect(stdout).toMatch(/no problems\n$/);
    expect(code).toBe(0);
  });

  it('-h prints help with an example and exits 0', async () => {
    const { code, stdout } = await runValidate(['-h']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: mcp-conform validate');
    expect(stdout).toContain('mcp-conform validate session.jsonl');
    expect(stdout).toContain('--protocol-version');
    expect(stdout).toContain('by sender, server->client first');
    expect(stdout).toContain('-32601 is\ninfo');
  });
});

describe('validate: usage errors are one readable line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-validate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases: [string, string[], RegExp][] = [
    ['a missing file', ['no-such-log.jsonl'], /^cannot read no-such-log\.jsonl: no such file$/],
    ['a directory', ['mistakes'], /^cannot read mistakes: it is a directory$/],
    ['no file', [], /needs a log file/],
    ['two files', ['a.jsonl', 'b.jsonl'], /takes one log file, got 2/],
    ['an unknown flag', ['--frobnicate', 'clean-session.jsonl'], /^unknown option --frobnicate for validate \(see mcp-conform validate --help\)$/],
    ['an unknown revision', ['--protocol-version', '2099-01-01', 'clean-session.jsonl'], /^unknown protocol version "2099-01-01" \(known: 2024-11-05, .*2026-07-28\)$/],
    ['a bad --max-findings', ['--max-findings', 'lots', 'clean-session.jsonl'], /--max-findings takes a whole number/],
    ['a zero --max-line-bytes', ['--max-line-bytes', '0', 'clean-session.jsonl'], /--max-line-bytes takes a whole number of at least 1/],
    ['a bad --direction', ['--direction', 'sideways', 'clean-session.jsonl'], /--direction is "client" or "server"/],
  ];
  for (const [what, argv, message] of cases) {
    it(what, async () => {
      const error = await runValidate(argv).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  // Root reads anything, so there is nothing to check as root.
  it.skipIf(process.getuid?.() === 0)('an unreadable file', async () => {
    const path = join(dir, 'locked.jsonl');
    writeFileSync(path, '{}\n', { mode: 0o000 });
    await expect(runValidate([path])).rejects.toThrow(/permission denied/);
  });

  it('paths are resolved against the working directory', async () => {
    const { code } = await runValidate([join(LOGS, 'clean-session.jsonl')]);
    expect(code).toBe(0);
  });
});
