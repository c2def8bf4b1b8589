// A report of a dual-era server run with no revision asked for holds its two eras under `runs`,
// as `--protocol-version all` does (CONTRACT.md), the newest at the top: every format says which
// eras were tested and keeps each run's verdicts apart.
import { describe, expect, it } from 'vitest';
import { toHtml, toJson, toJunit, toTerminal } from '../../src/report/index.js';
import { annotationLines, outputsOf, stepSummary } from '../../src/report/github.js';
import { detectedEras, testedEras } from '../../src/report/text.js';
import { twoErasReport } from './sample.js';

const ERAS = '2026-07-28 (server/discover) and 2025-11-25 (initialize)';

describe('a report of two eras', () => {
  it('the terminal says which eras were tested, heads each run with its era, and tags the recap', () => {
    const text = toTerminal(twoErasReport(), { color: false });
    const header = text.split('\n')[0]!;
    expect(header).toContain(`eras: ${ERAS}`);
    // What detection found is what the eras line says: not repeated.
    expect(header).not.toContain('detected:');
    expect(text).toContain('\nProtocol 2026-07-28 (stateless)');
    expect(text).toContain('\nProtocol 2025-11-25 (stateful)');
    expect(text).toContain('1) lifecycle/version-negotiation [2025-11-25] ·');
    expect(text).toContain('Server stderr (2025-11-25), last 1 line:');
    expect(text.trimEnd().split('\n').at(-1)).toBe('16 checks, 6 passed, 2 failed, 4 warnings, 2 skipped, 2 info (2469 ms)');
  });

  it('the JSON has both runs, each with its era, the newest revision at the top', () => {
    const json = JSON.parse(toJson(twoErasReport()));
    expect(json.protocolVersion).toBe('2026-07-28');
    expect(json.eras).toEqual({ stateless: true, stateful: true });
    expect(json.runs.map((r: { protocolVersion: string; era: string }) => [r.protocolVersion, r.era])).toEqual([
      ['2026-07-28', 'stateless'],
      ['2025-11-25', 'stateful'],
    ]);
    expect(json.summary.fail).toBe(2);
  });

  it('the HTML names the eras and shows one section per era', () => {
    const html = toHtml(twoErasReport());
    expect(html).toContain(`<dt>Eras</dt><dd>${ERAS}</dd>`);
    expect(html).toContain('<section class="run" data-run="2026-07-28"><h2>Protocol 2026-07-28 (stateless) ');
    expect(html).toContain('<section class="run" data-run="2025-11-25"><h2>Protocol 2025-11-25 (stateful) ');
  });

  it('JUnit keeps the runs apart, one package per revision', () => {
    const xml = toJunit(twoErasReport());
    expect(xml).toContain('package="mcp-conform.2026-07-28.lifecycle"');
    expect(xml).toContain('package="mcp-conform.2025-11-25.lifecycle"');
    expect(xml).toMatch(/<testsuites name="mcp-conform" tests="16" failures="2"/);
  });

  it('GitHub: the summary names the eras and the revision a failure is at; the outputs total both runs', () => {
    const result = { report: twoErasReport(), exitCode: 1, reports: {} };
    const summary = stepSummary([result], { strict: false });
    expect(summary).toContain(`eras: ${ERAS}`);
    expect(summary).toMatch(/\| 2026-07-28 \| 8 \|[\s\S]*\| 2025-11-25 \| 8 \|[\s\S]*\| \*\*Total\*\* \| 16 \|/);
    expect(annotationLines([result], { strict: false }).join('\n')).toContain('[2025-11-25] ');
    expect(outputsOf([result])).toMatchObject({ total: '16', fail: '2', 'exit-code': '1' });
  });
});

describe('era texts', () => {
  it('testedEras names two runs of different eras only', () => {
    const report = twoErasReport();
    expect(testedEras(report.runs!)).toBe(ERAS);
    expect(testedEras(report.runs!.slice(0, 1))).toBe('');
    expect(testedEras([report.runs![1]!, { ...report.runs![1]!, protocolVersion: '2025-06-18' }])).toBe('');
  });

  it('detectedEras says why a 2026-07-28 server was tested in that era only', () => {
    expect(detectedEras({ stateless: true, stateful: false, initializeProbe: 'initialize refused with error -32022' })).toBe('stateless (2026-07-28) only (initialize refused with error -32022)');
  });
});
