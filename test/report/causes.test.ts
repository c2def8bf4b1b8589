// Every report format says when a failure has the same cause as an earlier one, and how many
// distinct causes the failures have; a report without such failures reads as before.
import { describe, expect, it } from 'vitest';
import { annotationLines, stepSummary } from '../../src/report/github.js';
import { toHtml, toJson, toJunit, toTerminal } from '../../src/report/index.js';
import { cleanReport, sameCauseReport, sampleReport } from './sample.js';

const EXPLAINED =
  'fuzz/malformed-messages — same cause as errors/invalid-request: no answer, not even an error, to a request it does not accept (an invalid or unexpected JSON-RPC envelope, or params that do not fit the method)';

describe('failures of one cause', () => {
  it('JSON: causes on each failure, sameCauseAs on the one explained, and the distinct-cause count in the summary', () => {
    const parsed = JSON.parse(toJson(sameCauseReport()));
    const byId = Object.fromEntries(parsed.checks.map((c: { id: string }) => [c.id, c]));
    expect(byId['errors/parse-error']).toMatchObject({ status: 'fail', causes: ['no-answer-to-non-json'] });
    expect(byId['errors/parse-error']).not.toHaveProperty('sameCauseAs');
    expect(byId['errors/invalid-request']).not.toHaveProperty('sameCauseAs');
    expect(byId['fuzz/malformed-messages']).toMatchObject({ status: 'fail', causes: ['no-answer-to-invalid-request'], sameCauseAs: ['errors/invalid-request'] });
    expect(byId['errors/method-not-found']).not.toHaveProperty('causes');
    // The contract's fields first and in order; ours come after them.
    expect(Object.keys(byId['fuzz/malformed-messages']).slice(-3)).toEqual(['durationMs', 'causes', 'sameCauseAs']);
    expect(parsed.summary).toEqual({ total: 4, pass: 1, fail: 3, warn: 0, skip: 0, info: 0, causes: 2 });
  });

  it('terminal: a Causes line with the count after the failures, then one line per failure an earlier one explains', () => {
    const text = toTerminal(sameCauseReport(), { color: false });
    const lines = text.split('\n');
    const at = lines.indexOf('Causes: 3 failures, 2 distinct causes');
    expect(at).toBeGreaterThan(lines.indexOf('Failures:'));
    expect(lines[at + 1]).toBe(`  ${EXPLAINED}`);
    expect(text.match(/same cause as/g)).toHaveLength(1);
    // The totals line scripts read is as it was.
    expect(lines.at(-2)).toMatch(/^4 checks, 1 passed, 3 failed, /);
  });

  it('terminal: nothing about causes when no failure is explained by another', () => {
    expect(toTerminal(sampleReport(), { color: false })).not.toMatch(/Causes:|same cause/);
    expect(toTerminal(cleanReport(), { color: false })).not.toMatch(/Causes:|same cause/);
  });

  it('HTML: a line on the explained card and the distinct-cause count among the summary counts', () => {
    const html = toHtml(sameCauseReport());
    const card = html.slice(html.indexOf('data-id="fuzz/malformed-messages"'));
    expect(card.slice(0, card.indexOf('</summary>'))).toContain(
      '<span class="same-cause">Same cause as errors/invalid-request: no answer, not even an error, to a request it does not accept (an invalid or unexpected JSON-RPC envelope, or params that do not fit the method)</span>',
    );
    expect(html.match(/class="same-cause"/g)).toHaveLength(1);
    expect(html).toContain('<div class="count" data-count="causes"><b>2</b>distinct causes of failure</div>');
    expect(toHtml(sampleReport())).not.toContain('data-count="causes"');
  });

  it('JUnit: the explained failure says which failure has its cause', () => {
    const xml = toJunit(sameCauseReport());
    const fuzz = xml.slice(xml.indexOf('name="fuzz/malformed-messages'));
    expect(fuzz.slice(0, fuzz.indexOf('</testcase>'))).toContain('Cause: same cause as errors/invalid-request: no answer, not even an error');
    expect(xml.match(/Cause: same cause as/g)).toHaveLength(1);
  });

  it('GitHub: the job summary counts causes and marks the row; the annotation says it too', () => {
    const result = { report: sameCauseReport(), exitCode: 1, reports: {} };
    const md = stepSummary([result], { strict: false });
    expect(md).toContain('#### Failures (3 failures, 2 distinct causes)');
    const row = md.split('\n').find((l) => l.includes('fuzz/malformed-messages'))!;
    expect(row).toContain('*same cause as errors/invalid-request* request 7 got no response');
    expect(md.match(/same cause as/g)).toHaveLength(1);
    const annotation = annotationLines([result], { strict: false }).find((l) => l.includes('title=fuzz/malformed-messages'))!;
    expect(annotation).toContain('%0Asame cause as errors/invalid-request: no answer, not even an error');
    // Without explained failures the heading is as it was.
    expect(stepSummary([{ report: sampleReport(), exitCode: 1, reports: {} }], { strict: false })).toMatch(/#### Failures \(\d+\)\n/);
  });
});
