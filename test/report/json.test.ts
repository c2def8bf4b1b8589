import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { summarize, toJson } from '../../src/report/index.js';
import { check, matrixReport, sampleChecks, sampleReport } from './sample.js';

// Field names of CONTRACT.md's JSON report; `stderrTail` is our allowed extra.
const RUN_FIELDS = ['target', 'protocolVersion', 'seed', 'startedAt', 'durationMs', 'summary', 'checks'];
const TOP_FIELDS = ['tool', ...RUN_FIELDS];
const CHECK_REQUIRED = ['id', 'title', 'level', 'status', 'requirements', 'spec', 'evidence', 'durationMs'];
const SUMMARY_FIELDS = ['total', 'pass', 'fail', 'warn', 'skip', 'info'];

function withoutSecrets(report: Report): Report {
  const strip = (checks: Report['checks']) =>
    checks.map((c) => ({ ...c, evidence: c.evidence.filter((e) => e.type !== 'http') }));
  return {
    ...report,
    checks: strip(report.checks),
    runs: report.runs?.map((r) => ({ ...r, checks: strip(r.checks) })),
  };
}

describe('toJson', () => {
  it('has exactly the contract fields, in contract order, and no runs for a single run', () => {
    const parsed = JSON.parse(toJson(sampleReport()));
    expect(Object.keys(parsed)).toEqual([...TOP_FIELDS, 'stderrTail']);
    expect(parsed.tool).toEqual({ name: 'mcp-conform', version: '0.1.0' });
    expect(parsed.target).toEqual({ transport: 'stdio', command: ['node', 'server.js', '--flag'] });
    expect(Object.keys(parsed.summary)).toEqual(SUMMARY_FIELDS);
    expect(parsed).not.toHaveProperty('runs');
    for (const c of parsed.checks) {
      const keys = Object.keys(c);
      expect(keys.filter((k) => k !== 'message')).toEqual(CHECK_REQUIRED);
      expect(c.id).toMatch(/^[a-z]+\/[a-z-]+$/);
    }
    const pass = parsed.checks.find((c: { id: string }) => c.id === 'lifecycle/initialize-result');
    expect(pass).not.toHaveProperty('message');
  });

  it('round-trips: parsing the JSON gives back the report', () => {
    const report = withoutSecrets(sampleReport());
    delete report.runs;
    expect(JSON.parse(toJson(report))).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('writes a matrix as runs, each a full run without tool', () => {
    const report = withoutSecrets(matrixReport());
    const parsed = JSON.parse(toJson(report));
    expect(Object.keys(parsed)).toEqual([...TOP_FIELDS, 'runs']);
    expect(parsed.runs.map((r: { protocolVersion: string }) => r.protocolVersion)).toEqual([
      '2025-11-25',
      '2025-06-18',
    ]);
    for (const run of parsed.runs) {
      expect(Object.keys(run)).toEqual(expect.arrayContaining(RUN_FIELDS));
      expect(run).not.toHaveProperty('tool');
    }
    expect(parsed.summary.total).toBe(parsed.runs[0].summary.total + parsed.runs[1].summary.total);
    expect(parsed).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('adds the era tested and what detection found after the contract fields, per run too', () => {
    const single = JSON.parse(toJson({ ...sampleReport(), era: 'stateless', eras: { stateless: true } }));
    expect(Object.keys(single)).toEqual([...TOP_FIELDS, 'stderrTail', 'era', 'eras']);
    expect(single.era).toBe('stateless');
    expect(single.eras).toEqual({ stateless: true });
    const matrix = matrixReport();
    matrix.eras = { stateless: false, stateful: true };
    for (const run of matrix.runs!) run.era = 'stateful';
    const parsed = JSON.parse(toJson(matrix));
    expect(parsed.eras).toEqual({ stateless: false, stateful: true });
    expect(parsed.runs.map((r: { era: string }) => r.era)).toEqual(['stateful', 'stateful']);
  });

  it('adds how the connections started after the contract fields: each one\'s start, and why copies ran one at a time', () => {
    const startup = { connections: [{ for: 'main', ms: 6012 }, { for: 'lifecycle/unsupported-version', ms: null }], oneAtATime: 'a copy exited at start while another ran' };
    const parsed = JSON.parse(toJson({ ...sampleReport(), startup }));
    expect(Object.keys(parsed)).toEqual([...TOP_FIELDS, 'stderrTail', 'startup']);
    expect(parsed.startup).toEqual(startup);
  });

  it('is pretty-printed and ends with a newline', () => {
    const text = toJson(sampleReport());
    expect(text.startsWith('{\n  "tool": {')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('redacts credentials in HTTP evidence but keeps the other headers', () => {
    const text = toJson(sampleReport());
    expect(text).not.toContain('s3cr3t');
    const parsed = JSON.parse(text);
    const http = parsed.checks.find((c: { id: string }) => c.id === 'rpc/error-code').evidence[1];
    expect(http.request.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer [redacted]' });
    expect(http.response.headers['mcp-session-id']).toBe('abc');
  });

  it('keeps hostile strings intact (JSON escaping is enough) and survives BigInt evidence', () => {
    const report = sampleReport();
    report.checks.push(
      check({
        id: 'odd/bigint',
        status: 'info',
        evidence: [{ type: 'message', direction: 'received', at: 1, message: { n: 10n } }],
      }),
    );
    const parsed = JSON.parse(toJson(report));
    const hostile = parsed.checks.find((c: { id: string }) => c.id === 'tools/list-schema');
    expect(hostile.message).toBe(report.checks.find((c) => c.id === 'tools/list-schema')!.message);
    expect(parsed.checks.at(-1).evidence[0].message).toEqual({ n: '10' });
  });
});

describe('summarize', () => {
  it('counts every status', () => {
    expect(summarize(sampleChecks())).toEqual({ total: 8, pass: 2, fail: 2, warn: 2, skip: 1, info: 1 });
    expect(summarize([])).toEqual({ total: 0, pass: 0, fail: 0, warn: 0, skip: 0, info: 0 });
  });
});
