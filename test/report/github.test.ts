// The GitHub Actions output of `run`: workflow-command escaping (checked by parsing our lines
// back the way the runner does), annotations, the Markdown job summary and the step outputs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import {
  ANNOTATION_LIMIT,
  annotationLines,
  escapeData,
  escapeProperty,
  githubEnabled,
  mdText,
  outputFileText,
  outputsOf,
  publishToGithub,
  ROW_LIMIT,
  stepSummary,
  stopCommands,
  workflowCommand,
  type GithubTargetResult,
} from '../../src/report/github.js';
import { summarize } from '../../src/report/index.js';
import { check, cleanReport, HOSTILE, matrixReport, sampleReport } from './sample.js';

/** Parses a `::command k=v,k=v::data` line the way actions/runner does (TryParseV2). */
function parseCommand(line: string): { command: string; properties: Record<string, string>; data: string } | undefined {
  const message = line.trimStart();
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info.slice(space + 1).trim().split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), true);
    }
  }
  return { command, properties, data: unescape(message.slice(end + 2), false) };
}

// The runner's unescaping, in its order (%25 last).
function unescape(text: string, property: boolean): string {
  let out = text.replaceAll('%0D', '\r').replaceAll('%0A', '\n');
  if (property) out = out.replaceAll('%3A', ':').replaceAll('%2C', ',');
  return out.replaceAll('%25', '%');
}

const ok = (report: Report, extra: Partial<GithubTargetResult> = {}): GithubTargetResult => ({ report, exitCode: 0, reports: {}, ...extra });
const failed = (report: Report, extra: Partial<GithubTargetResult> = {}): GithubTargetResult => ({ report, exitCode: 1, reports: {}, ...extra });

function reportWith(checks: ReturnType<typeof check>[]): Report {
  const base = sampleReport();
  return { ...base, checks, summary: summarize(checks) };
}

describe('workflow command escaping', () => {
  it('escapes %, CR and LF in data, and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
    // % is escaped first, so an existing escape sequence survives as text.
    expect(escapeData('%0A')).toBe('%250A');
    expect(escapeProperty('%3A')).toBe('%253A');
  });

  it('round-trips hostile titles and messages through the runner parser', () => {
    const nasty = [
      'title: with, commas and colons',
      'line one\nline two\r\n::add-mask::secret',
      '%0A%25 already escaped? no: literal',
      `::error::fake ${HOSTILE.controls}`,
      'a,b=c,d=e::f',
    ];
    for (const title of nasty) {
      for (const message of nasty) {
        const line = workflowCommand('error', { title }, message);
        expect(line).not.toMatch(/[\r\n]/);
        expect(parseCommand(line)).toEqual({ command: 'error', properties: { title }, data: message });
      }
    }
  });

  it('stop-commands and resume use the same token', () => {
    const { stop, resume } = stopCommands('tok-123');
    expect(stop).toBe('::stop-commands::tok-123');
    expect(resume).toBe('::tok-123::');
    expect(stopCommands().stop).not.toBe(stopCommands().stop);
  });

  it('is on under GITHUB_ACTIONS=true unless --no-github, and on with --github anywhere', () => {
    expect(githubEnabled(undefined, { GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(githubEnabled(undefined, {})).toBe(false);
    expect(githubEnabled(undefined, { GITHUB_ACTIONS: 'false' })).toBe(false);
    expect(githubEnabled(true, {})).toBe(true);
    expect(githubEnabled(false, { GITHUB_ACTIONS: 'true' })).toBe(false);
  });
});

describe('annotations', () => {
  it('one error per failure and one warning per warning, titled by check id, with requirement and spec', () => {
    const lines = annotationLines([failed(sampleReport())], { strict: false }).map((l) => parseCommand(l)!);
    const errors = lines.filter((l) => l.command === 'error');
    const warnings = lines.filter((l) => l.command === 'warning');
    expect(errors.map((e) => e.properties.title)).toEqual(['lifecycle/version-negotiation', 'tools/list-schema']);
    expect(warnings.map((e) => e.properties.title)).toEqual(['rpc/error-code', 'hostile/spec-url']);
    const first = errors[0].data;
    expect(first).toContain('Server answers with a revision it supports');
    expect(first).toContain('MUST · LIFE-3, LIFE-4 · https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation');
  });

  it('--strict shows warnings as errors', () => {
    const lines = annotationLines([failed(sampleReport())], { strict: true }).map((l) => parseCommand(l)!);
    expect(lines.every((l) => l.command === 'error')).toBe(true);
    expect(lines).toHaveLength(4);
  });

  it('a matrix gives one annotation per check, listing the revisions it failed at', () => {
    const lines = annotationLines([failed(matrixReport())], { strict: false }).map((l) => parseCommand(l)!);
    const warn = lines.find((l) => l.properties.title === 'rpc/error-code')!;
    expect(warn.command).toBe('warning');
    expect(warn.data).toMatch(/^\[2025-11-25, 2025-06-18\] /);
    const fail = lines.filter((l) => l.properties.title === 'tools/list-schema');
    expect(fail).toHaveLength(1);
    expect(fail[0].data).toMatch(/^\[2025-11-25\] /);
  });

  it('server text cannot inject a command: control characters are made visible, line breaks escaped', () => {
    const report = reportWith([check({ id: 'x/y', status: 'fail', message: `bad\n::add-mask::${HOSTILE.ansi}\r\n${HOSTILE.bidi}` })]);
    const lines = annotationLines([failed(report)], { strict: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n\x1b\u202e]/);
    expect(parseCommand(lines[0])!.data).toContain('bad\n::add-mask::\\u001b[2J');
  });

  it('baseline: expected failures become notices, stale entries errors', () => {
    const result = failed(sampleReport(), { exitCode: 1, baseline: { expected: ['tools/list-schema', 'gone/away'], unexpected: ['lifecycle/version-negotiation'], stale: ['gone/away'] } });
    const lines = annotationLines([result], { strict: false }).map((l) => parseCommand(l)!);
    expect(lines.find((l) => l.properties.title === 'tools/list-schema')).toMatchObject({ command: 'notice', data: expect.stringMatching(/^expected failure \(baseline\): /) });
    expect(lines.find((l) => l.properties.title === 'lifecycle/version-negotiation')?.command).toBe('error');
    expect(lines.find((l) => l.properties.title === 'gone/away')).toMatchObject({ command: 'error', data: expect.stringContaining('no longer fails') });
  });

  it('stops at the limit GitHub shows and counts the rest in one notice', () => {
    const checks = Array.from({ length: ANNOTATION_LIMIT + 5 }, (_, i) => check({ id: `many/fail-${i}`, status: 'fail', message: 'no' }));
    checks.push(check({ id: 'one/warn', status: 'warn', message: 'meh' }));
    const lines = annotationLines([failed(reportWith(checks))], { strict: false }).map((l) => parseCommand(l)!);
    expect(lines.filter((l) => l.command === 'error')).toHaveLength(ANNOTATION_LIMIT);
    expect(lines.filter((l) => l.command === 'warning')).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ command: 'notice', data: expect.stringMatching(/^5 more errors: /) });
  });

  it('a target that could not run is an error; several targets are named', () => {
    const lines = annotationLines(
      [ok(cleanReport(), { name: 'good' }), { name: 'down', error: 'cannot connect to http://127.0.0.1:9/mcp: ECONNREFUSED', exitCode: 4, reports: {} }],
      { strict: false },
    ).map((l) => parseCommand(l)!);
    expect(lines).toEqual([{ command: 'error', properties: { title: 'mcp-conform' }, data: '[down] cannot connect to http://127.0.0.1:9/mcp: ECONNREFUSED' }]);
  });
});

/** The cells of a Markdown table row, split at unescaped pipes. */
function cells(row: string): string[] {
  return row.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());
}

describe('job summary', () => {
  it('a totals table and the failing and warning checks with spec links', () => {
    const md = stepSummary([failed(sampleReport(), { reports: { json: 'reports/report.json', html: 'reports/report.html' } })], { strict: false });
    expect(md).toMatch(/^### ❌ failed: mcp-conform · stdio node server\.js --flag\n/);
    expect(md).toContain('mcp-conform 0.1.0 · protocol 2025-11-25 · seed 42 · 1.2 s');
    const s = sampleReport().summary;
    expect(md).toContain(`| 2025-11-25 | ${s.total} | ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.info} |`);
    expect(md).toContain('#### Failures (2)');
    expect(md).toContain('#### Warnings (2)');
    expect(md).toMatch(/\| \[lifecycle\/version-negotiation\]\(https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/basic\/lifecycle#version-negotiation "Server answers with a revision it supports"\) \| MUST \| LIFE-3, LIFE-4 \|/);
    expect(md).toContain('Reports: `reports/report.json` · `reports/report.html`');
  });

  it('a matrix gets a row per revision, a total row and a Protocol column', () => {
    const report = matrixReport();
    const md = stepSummary([failed(report)], { strict: false });
    for (const run of report.runs!) expect(md).toContain(`| ${run.protocolVersion} | ${run.summary.total} | ${run.summary.pass} | ${run.summary.fail} |`);
    expect(md).toContain(`| **Total** | ${report.summary.total} | ${report.summary.pass} |`);
    const row = md.split('\n').find((l) => l.includes('rpc/error-code'))!;
    expect(cells(row)[1]).toBe('2025-11-25, 2025-06-18');
    expect(md).toContain('protocol 2025-11-25, 2025-06-18');
  });

  it('hostile server text stays inside its cell and renders inert', () => {
    const md = stepSummary([failed(sampleReport())], { strict: false });
    expect(md).not.toMatch(/<script|<img|javascript:/i);
    expect(md).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    const table = md.split('\n').filter((l) => l.startsWith('| '));
    const widths = new Set(table.filter((l) => !l.includes('Protocol |') && !l.startsWith('| 2025') && !l.startsWith('| **')).map((l) => cells(l).length));
    expect(widths).toEqual(new Set([4]));
    // The hostile check's spec is not http: its id is shown without a link.
    expect(md).toMatch(/\| hostile\/spec-url \| SHOULD \|/);
    expect(mdText('a|b <i>*x*</i> [l](u)\nnext')).toBe('a\\|b &lt;i&gt;\\*x\\*&lt;/i&gt; \\[l\\](u) ⏎ next');
  });

  it('a clean run says passed and lists nothing; --strict and a baseline are stated', () => {
    const clean = stepSummary([ok(cleanReport())], { strict: true });
    expect(clean).toMatch(/^### ✅ passed: /);
    expect(clean).not.toContain('####');
    expect(clean).toContain('--strict');
    const held = stepSummary([ok(sampleReport(), { baseline: { expected: ['tools/list-schema', 'lifecycle/version-negotiation'], unexpected: [], stale: [] } })], { strict: false });
    expect(held).toContain('Baseline: held (2 expected failure(s) listed).');
    expect(held).toMatch(/tools\/list-schema.*\*expected \(baseline\)\*/);
    const broken = stepSummary([failed(sampleReport(), { baseline: { expected: ['old/one'], unexpected: ['tools/list-schema'], stale: ['old/one'] } })], { strict: false });
    expect(broken).toContain('- unexpected failure `tools/list-schema`');
    expect(broken).toContain('- stale entry `old/one`: it no longer fails, remove it');
  });

  it('long lists are cut at the row limit', () => {
    const checks = Array.from({ length: ROW_LIMIT + 3 }, (_, i) => check({ id: `many/fail-${i}`, status: 'fail' }));
    const md = stepSummary([failed(reportWith(checks))], { strict: false });
    expect(md.split('\n').filter((l) => l.includes('many/fail-'))).toHaveLength(ROW_LIMIT);
    expect(md).toContain('…and 3 more: see the reports.');
  });

  it('one section per target, named; a target that could not run says why', () => {
    const md = stepSummary([ok(cleanReport(), { name: 'alpha' }), { name: 'beta', error: 'spawn nope ENOENT', exitCode: 4, reports: {} }], { strict: false });
    expect(md).toMatch(/### ✅ passed: mcp-conform · alpha\n\nmcp-conform 0\.1\.0 · stdio node server\.js --flag · protocol/);
    expect(md).toContain('### ❌ could not run: mcp-conform · beta\n\nspawn nope ENOENT');
  });
});

/** Reads a $GITHUB_OUTPUT file back: `name=value` lines and `name<<DELIM` heredocs. */
function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else {
      const eq = line.indexOf('=');
      out[line.slice(0, eq)] = line.slice(eq + 1);
    }
  }
  return out;
}

describe('step outputs', () => {
  it('totals over every target, the worst exit code, and the report paths', () => {
    const a = sampleReport();
    const b = matrixReport();
    const outputs = outputsOf([
      failed(a, { reports: { json: 'r/a.json', junit: 'r/a.xml' } }),
      ok(b, { reports: { json: 'r/b.json' } }),
      { name: 'down', error: 'x', exitCode: 4, reports: {} },
    ]);
    expect(outputs).toEqual({
      total: String(a.summary.total + b.summary.total),
      pass: String(a.summary.pass + b.summary.pass),
      fail: String(a.summary.fail + b.summary.fail),
      warn: String(a.summary.warn + b.summary.warn),
      skip: String(a.summary.skip + b.summary.skip),
      info: String(a.summary.info + b.summary.info),
      'exit-code': '4',
      json: 'r/a.json\nr/b.json',
      junit: 'r/a.xml',
      html: '',
    });
    const text = outputFileText(outputs, 'EOF_MARK');
    expect(text).toContain('exit-code=4\n');
    expect(text).toContain('json<<EOF_MARK\nr/a.json\nr/b.json\nEOF_MARK\n');
    expect(parseOutputFile(text)).toEqual(outputs);
  });

  it('refuses a value that holds its heredoc delimiter', () => {
    expect(() => outputFileText({ json: 'a\nEOF_MARK\nb' }, 'EOF_MARK')).toThrow(/delimiter/);
  });

  it('publishToGithub appends to both files and prints the annotations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-gh-'));
    const summary = join(dir, 'summary.md');
    const output = join(dir, 'output');
    writeFileSync(summary, '# before\n');
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), env: { GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output } };
    await publishToGithub([failed(sampleReport())], { strict: false }, io);
    expect(readFileSync(summary, 'utf8')).toMatch(/^# before\n### ❌ failed: /);
    expect(parseOutputFile(readFileSync(output, 'utf8'))).toMatchObject({ fail: '2', warn: '2', 'exit-code': '1' });
    expect(stdout.split('\n').filter((l) => l.startsWith('::error '))).toHaveLength(2);
    expect(stderr).toBe('');
    // An unwritable file costs a line on stderr, not the run.
    await publishToGithub([ok(cleanReport())], { strict: false }, { ...io, env: { GITHUB_OUTPUT: join(dir, 'missing', 'out') } });
    expect(stderr).toMatch(/^mcp-conform: cannot write the GitHub step outputs to .*: ENOENT\n$/);
  });
});
