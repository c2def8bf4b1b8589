// A verdict graded otherwise than its keyword says why (issue 30 item 3): a MUST that only warns
// carries gradedAs/gradedBecause in the JSON, and every renderer shows the reason beside the level.
import { describe, expect, it } from 'vitest';
import { GRADED_BECAUSE } from '../../src/checks/index.js';
import { toJson, toJunit, toTerminal } from '../../src/report/index.js';
import { toHtml } from '../../src/report/html.js';
import { runAgainstFixture } from './harness.js';

const checkOf = (report: { checks: Array<{ id: string }> }, id: string) => report.checks.find((c) => c.id === id) as Record<string, unknown>;

describe('a MUST graded as a warning says why', () => {
  it('derived (Kind D): lifecycle/request-before-initialize on a server that serves before initialize', async () => {
    const report = await runAgainstFixture({ fault: 'tools-before-init-ok', only: ['lifecycle/request-before-initialize'] });
    const json = JSON.parse(toJson(report));
    const c = checkOf(json, 'lifecycle/request-before-initialize');
    expect(c).toMatchObject({ level: 'MUST', status: 'warn', gradedAs: 'warn', gradedBecause: GRADED_BECAUSE.derived });
    const text = toTerminal(report, { color: false });
    expect(text).toContain('MUST, graded as a warning: derived — the spec implies it');
    expect(toHtml(report)).toContain('MUST, graded as a warning: derived');
    expect(toJunit(report)).toContain('Level: MUST, graded as a warning: derived');
  });

  it('a tolerated lesser deviation: tools/unknown-tool answered with an isError result is a SHOULD, so nothing is added', async () => {
    const report = await runAgainstFixture({ fault: 'unknown-tool-ok', only: ['tools/unknown-tool'] });
    const c = checkOf(JSON.parse(toJson(report)), 'tools/unknown-tool');
    expect(c.status).toBe('warn');
    expect(c).not.toHaveProperty('gradedAs');
    expect(c).not.toHaveProperty('gradedBecause');
  });

  it('a pass and a MUST failure carry no grading fields', async () => {
    const report = await runAgainstFixture({ fault: 'bad-base64', only: ['tools/call-result', 'tools/list'] });
    const json = JSON.parse(toJson(report));
    expect(checkOf(json, 'tools/call-result')).toMatchObject({ status: 'fail' });
    expect(checkOf(json, 'tools/call-result')).not.toHaveProperty('gradedAs');
    expect(checkOf(json, 'tools/list')).not.toHaveProperty('gradedAs');
  });
});
