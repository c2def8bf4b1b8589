// Issue 27: a tool whose string arguments have a fixed form (a date-time, a 20-digit pattern) and
// no maxLength made fuzz/tool-arguments spin forever in the generator, deaf to --deadline and
// SIGTERM. The fixture's --schedule-tool offers such a tool; the plain run must end with a verdict.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { runCli } from '../cli/run-cli.js';
import { fixtureCommand } from '../fixtures/launch.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-fixed-form-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fuzz/tool-arguments on a tool with date-time and pattern strings without maxLength', () => {
  it('generates valid arguments for it and ends with a verdict', async () => {
    const json = join(dir, 'report.json');
    const log = join(dir, 'server.log');
    // The server's stderr into a file: the tool says there when it got arguments of the right form.
    const server = ['/bin/sh', '-c', 'exec "$@" 2>>"$0"', log, ...fixtureCommand({ args: ['--schedule-tool'] })];
    const r = await runCli(['run', '--json', json, '--only', 'fuzz/tool-arguments', '--', ...server], { timeoutMs: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const check = report.checks.find((c) => c.id === 'fuzz/tool-arguments')!;
    expect(check.status).toBe('pass');
    expect(check.message).toMatch(/^\d+ fuzz cases, no failure/);
    // Valid arguments were generated for it, not given up on.
    expect(readFileSync(log, 'utf8')).toContain('fixture: schedule got a date-time and a 20-digit code');
  }, 90_000);
});
