// One cause, one finding, end to end: the fixture dropping what it cannot parse or validate,
// as the published SDKs' stdio transport does, fails three checks for two causes. The report
// says which failure another explains and counts the causes; the verdicts are what they were.
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

const CHECKS = ['errors/parse-error', 'errors/invalid-request', 'fuzz/malformed-messages'];

describe('failures of one cause (fixture fault drop-unparseable-or-invalid)', () => {
  it('three failures, two distinct causes, the fuzz failure explained by errors/invalid-request', async () => {
    const report = await runSuite(fixtureCommand({ fault: 'drop-unparseable-or-invalid' }), { only: CHECKS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(report.checks.map((c) => [c.id, c.status])).toEqual(CHECKS.map((id) => [id, 'fail']));
    expect(byId['errors/parse-error']).toMatchObject({ causes: ['no-answer-to-non-json'] });
    expect(byId['errors/invalid-request']).toMatchObject({ causes: ['no-answer-to-invalid-envelope'] });
    expect(byId['errors/parse-error'].sameCauseAs).toBeUndefined();
    expect(byId['errors/invalid-request'].sameCauseAs).toBeUndefined();
    // Its case: a request with a top-level member JSON-RPC does not define, dropped without a word.
    const fuzz = byId['fuzz/malformed-messages'];
    expect(fuzz.message).toContain('envelope/extra-members');
    expect(fuzz).toMatchObject({ causes: ['no-answer-to-invalid-envelope'], sameCauseAs: ['errors/invalid-request'] });
    expect(report.summary).toMatchObject({ total: 3, fail: 3, causes: 2 });
  }, 60_000);

  it('a conformant server: nothing failed, no causes', async () => {
    const report = await runSuite(fixtureCommand(), { only: CHECKS });
    expect(report.checks.map((c) => c.status)).toEqual(['pass', 'pass', 'pass']);
    for (const c of report.checks) expect(c).not.toHaveProperty('causes');
    expect(report.summary).toMatchObject({ fail: 0, causes: 0 });
  }, 60_000);
});
