// `mcp-conform diff`: between the fixture with and without a fault it lists exactly that fault's
// checks as new failures (and the reverse as fixed); two runs of the same server differ in
// nothing; terminal, JSON and Markdown say the same; bad input is one line and exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { FAULT_TABLE } from '../suites/fault-table.js';
import { runCli } from '../cli/run-cli.js';

const FAULT = 'init-missing-server-info';
const FAULT_CHECKS = Object.entries(FAULT_TABLE)
  .filter(([id, c]) => c.fault === FAULT && c.expect === 'fail' && id.startsWith('lifecycle/'))
  .map(([id]) => id)
  .sort();

describe('mcp-conform diff', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-diff-'));
    const run = (json: string, fault?: string) =>
      runCli(['run', '--only', 'lifecycle/*', '--json', file(json), '--no-github', '--', ...fixtureCommand({ fault })], { timeoutMs: 120_000 });
    const runs = await Promise.all([run('base.json'), run('again.json'), run('head.json', FAULT)]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1]);
  }, 150_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists exactly the fault's checks as new failures, and exits 1", async () => {
    expect(FAULT_CHECKS).toEqual(['lifecycle/initialize-result', 'lifecycle/server-info']);
    const r = await runCli(['diff', file('base.json'), file('head.json'), '--json', file('diff.json'), '--markdown', file('diff.md'), '--no-github']);
    expect(r.code, r.stderr).toBe(1);
    const diff = JSON.parse(readFileSync(file('diff.json'), 'utf8'));
    expect(diff.newFailures.map((e: { id: string }) => e.id).sort()).toEqual(FAULT_CHECKS);
    expect(diff.newFailures.every((e: { base: string; head: string }) => e.base === 'pass' && e.head === 'fail')).toBe(true);
    expect(diff.summary).toMatchObject({ newFailures: 2, newWarnings: 0, fixed: 0, added: 0, gone: 0, changed: 0 });
    // The two runs name different commands (--fault …): one server each side, so they pair.
    expect(diff.runsAdded).toEqual([]);

    const text = r.stdout;
    expect(text).toMatch(/^New failures \(2\):$/m);
    for (const id of FAULT_CHECKS) expect(text).toMatch(new RegExp(`^  ${id} MUST pass → fail: `, 'm'));
    expect(text.trim().split('\n').at(-1)).toMatch(/^2 new failures, 0 new warnings, 0 fixed, 0 added, 0 gone, 0 changed, \d+ unchanged$/);

    const md = readFileSync(file('diff.md'), 'utf8');
    expect(md.split('\n')[0]).toBe('<!-- mcp-conform-diff -->');
    expect(md).toContain('#### New failures (2)');
    for (const id of FAULT_CHECKS) expect(md).toMatch(new RegExp(`^\\| \\[${id.replace('/', '\\/')}\\]\\(https://modelcontextprotocol\\.io/[^)]*\\) \\| MUST \\| pass → fail \\| `, 'm'));
  });

  it('the other way round they are fixed, and nothing fails', async () => {
    const r = await runCli(['diff', file('head.json'), file('base.json'), '--json', file('back.json'), '--no-github']);
    expect(r.code, r.stderr).toBe(0);
    const diff = JSON.parse(readFileSync(file('back.json'), 'utf8'));
    expect(diff.fixed.map((e: { id: string }) => e.id).sort()).toEqual(FAULT_CHECKS);
    expect(diff.summary).toMatchObject({ newFailures: 0, fixed: 2, changed: 0 });
  });

  it('two runs of the same server differ in nothing (times and ids in transcripts are not changes)', async () => {
    const r = await runCli(['diff', file('base.json'), file('again.json'), '--json', file('same.json'), '--no-github']);
    expect(r.code, r.stderr).toBe(0);
    const diff = JSON.parse(readFileSync(file('same.json'), 'utf8'));
    expect(diff.summary).toMatchObject({ newFailures: 0, newWarnings: 0, fixed: 0, added: 0, gone: 0, changed: 0 });
    expect(diff.summary.unchanged).toBeGreaterThan(5);
  });

  it('reports checks added and gone, and a changed reason for the same verdict', async () => {
    const base = JSON.parse(readFileSync(file('head.json'), 'utf8'));
    const head = structuredClone(base);
    const failing = head.checks.find((c: { status: string }) => c.status === 'fail');
    failing.message = 'another reason';
    const gone = head.checks.pop();
    head.checks.push({ ...gone, id: 'lifecycle/brand-new', status: 'warn' });
    writeFileSync(file('edited.json'), JSON.stringify(head));
    const r = await runCli(['diff', file('head.json'), file('edited.json'), '--json', file('edited-diff.json'), '--strict', '--no-github']);
    expect(r.code, r.stderr).toBe(0);
    const diff = JSON.parse(readFileSync(file('edited-diff.json'), 'utf8'));
    expect(diff.added.map((e: { id: string }) => e.id)).toEqual(['lifecycle/brand-new']);
    expect(diff.gone.map((e: { id: string }) => e.id)).toEqual([gone.id]);
    expect(diff.changed).toEqual([expect.objectContaining({ id: failing.id, base: 'fail', head: 'fail', message: 'another reason' })]);
    expect(r.stdout.indexOf('Checks added')).toBeLessThan(r.stdout.indexOf('Changed'));
  });

  it('bad input is one line and exit 2', async () => {
    writeFileSync(file('not-a-report.json'), '{"hello": 1}');
    writeFileSync(file('broken.json'), '{"tool":');
    for (const [args, message] of [
      [[file('base.json')], /^mcp-conform: diff takes two JSON reports, the base and the head; got 1/],
      [[file('base.json'), file('nope.json')], /^mcp-conform: cannot read report .*nope\.json: no such file$/],
      [[file('base.json'), file('not-a-report.json')], /^mcp-conform: .*not-a-report\.json is not an mcp-conform JSON report: no "tool"/],
      [[file('broken.json'), file('base.json')], /^mcp-conform: report .*broken\.json is not valid JSON: /],
      [[file('base.json'), file('head.json'), '--markdwon', 'x.md'], /^mcp-conform: unknown option --markdwon for diff \(did you mean --markdown\?\)$/],
    ] as const) {
      const r = await runCli(['diff', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
