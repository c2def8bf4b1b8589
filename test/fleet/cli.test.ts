// merge, diff and badge on the command line: --help, and bad input as one line with exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../src/report/index.js';
import { runCli } from '../cli/run-cli.js';
import { syntheticFleet } from './synthetic.js';

describe('mcp-conform merge, diff, badge on the command line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-fleet-cli-'));
    const [a] = syntheticFleet(1, 10);
    writeFileSync(join(dir, 'a.json'), toJson(a));
    writeFileSync(join(dir, 'file'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('each has --help, and the main help lists them', async () => {
    for (const command of ['merge', 'diff', 'badge']) {
      const r = await runCli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: mcp-conform ${command} `));
      expect(r.stdout).toMatch(/^Exit codes: /m);
    }
    const main = await runCli(['--help']);
    for (const command of ['merge', 'diff', 'badge']) expect(main.stdout).toMatch(new RegExp(`^  mcp-conform ${command} `, 'm'));
  });

  it('merge: no report, a run in two reports, an unwritable output, a typo: one line, exit 2', async () => {
    for (const [args, message] of [
      [[], /^mcp-conform: merge needs the JSON reports to join/],
      [[join(dir, 'a.json'), join(dir, 'a.json')], /a\.json and .*a\.json both hold server-001 at 2025-11-25: merge one of them$/],
      [[join(dir, 'a.json'), '--json', join(dir, 'file', 'x.json')], /^mcp-conform: cannot write the merged report/],
      [[join(dir, 'a.json'), '--jsn', 'x'], /^mcp-conform: unknown option --jsn for merge \(did you mean --json\?\)$/],
    ] as const) {
      const r = await runCli(['merge', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  }, 120_000);
});
