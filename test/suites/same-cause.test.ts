// One cause, one finding, end to end: the fixture dropping what it cannot parse or validate,
// as the published SDKs' stdio transport does, fails three checks for two causes. The report
// says which failure another explains and counts the causes; the verdicts are what they were.
import { describe, expect, it } from 'vitest';
import { defineCheck, type CheckContext } from '../../src/checks/index.js';
import { runSuite } from '../../src/index.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture, runAgainstHttpFixture } from './harness.js';

const CHECKS = ['errors/parse-error', 'errors/invalid-request', 'fuzz/malformed-messages'];

describe('failures of one cause (fixture fault drop-unparseable-or-invalid)', () => {
  it('three failures, two distinct causes, the fuzz failure explained by errors/invalid-request', async () => {
    const report = await runSuite(fixtureCommand({ fault: 'drop-unparseable-or-invalid' }), { only: CHECKS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(report.checks.map((c) => [c.id, c.status])).toEqual(CHECKS.map((id) => [id, 'fail']));
    expect(byId['errors/parse-error']).toMatchObject({ causes: ['no-answer-to-non-json'] });
    expect(byId['errors/invalid-request']).toMatchObject({ causes: ['no-answer-to-invalid-request'] });
    expect(byId['errors/parse-error'].sameCauseAs).toBeUndefined();
    expect(byId['errors/invalid-request'].sameCauseAs).toBeUndefined();
    // Its case: a request with a top-level member JSON-RPC does not define, dropped without a word.
    const fuzz = byId['fuzz/malformed-messages'];
    expect(fuzz.message).toContain('envelope/extra-members');
    expect(fuzz).toMatchObject({ causes: ['no-answer-to-invalid-request'], sameCauseAs: ['errors/invalid-request'] });
    expect(report.summary).toMatchObject({ total: 3, fail: 3, causes: 2 });
  }, 60_000);

  it('a conformant server: nothing failed, no causes', async () => {
    const report = await runSuite(fixtureCommand(), { only: CHECKS });
    expect(report.checks.map((c) => c.status)).toEqual(['pass', 'pass', 'pass']);
    for (const c of report.checks) expect(c).not.toHaveProperty('causes');
    expect(report.summary).toMatchObject({ fail: 0, causes: 0 });
  }, 60_000);
});

// A well-formed request for a method the server does not serve, answered with HTTP 400 text/plain
// and no JSON-RPC body: RPC-13 (-32601), RPC-25 (one response carrying its id) and HTTP-8 (a
// request is answered with application/json or SSE), three MUSTs. Every check that sees it fails
// it, for the one cause; errors/method-not-found once only warned.
describe('an unknown method answered with HTTP 400 text/plain (fixture fault http-unknown-method-400)', () => {
  const IDS = ['errors/method-not-found', 'fuzz/malformed-messages'];

  it('fails every check that sees it, one cause, the fuzz failure explained by errors/method-not-found', async () => {
    const report = await runAgainstHttpFixture({ fault: 'http-unknown-method-400', only: IDS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(report.checks.map((c) => [c.id, c.status])).toEqual(IDS.map((id) => [id, 'fail']));
    expect(byId['errors/method-not-found']).toMatchObject({ causes: ['http-error-instead-of-answer'] });
    expect(byId['errors/method-not-found'].message).toContain('HTTP 400');
    expect(byId['fuzz/malformed-messages']).toMatchObject({ causes: ['http-error-instead-of-answer'], sameCauseAs: ['errors/method-not-found'] });
    // What the server sent is shown, not hidden behind "no response".
    expect(byId['fuzz/malformed-messages'].message).toContain('Method not found');
    expect(report.summary).toMatchObject({ fail: 2, causes: 1 });
  }, 90_000);
});

// A server/discover result missing required members (ttlMs, cacheScope): every check whose
// liveness probe is server/discover fails of it, through the session's schema finding. Users
// measured 26 failures read as 26 causes; it is one, shown by stateless/discover-result, the check
// whose job that result is, although others come before it in the report.
describe('a server/discover result that breaks its schema (fixture fault discover-no-cache-fields)', () => {
  const IDS = ['lifecycle/stdin-close-exit', 'stateless/discover-result', 'stateless/cache-fields', 'ids/echo-exact', 'errors/parse-error', 'stdio/invalid-json-survived', 'messages/all-server-messages', 'fuzz/malformed-messages'];

  it('fails every check whose liveness probe met it, for one cause that stateless/discover-result shows', async () => {
    const report = await runAgainstFixture({ fault: 'discover-no-cache-fields', era: 'stateless', only: IDS });
    const run = report.runs?.[0] ?? report;
    const byId = Object.fromEntries(run.checks.map((c) => [c.id, c]));
    expect(Object.fromEntries(run.checks.map((c) => [c.id, c.status]))).toEqual(Object.fromEntries(IDS.map((id) => [id, 'fail'])));
    const cause = 'invalid-result:server/discover';
    expect(byId['stateless/discover-result']).toMatchObject({ causes: [cause] });
    expect(byId['stateless/discover-result'].sameCauseAs).toBeUndefined();
    for (const id of IDS.filter((i) => i !== 'stateless/discover-result')) {
      expect(byId[id], id).toMatchObject({ causes: [cause], sameCauseAs: ['stateless/discover-result'] });
    }
    // The verdicts say what they said: the liveness failures name the schema finding.
    expect(byId['lifecycle/stdin-close-exit'].message).toContain('server/discover result: /result/cacheScope');
    expect(run.summary).toMatchObject({ fail: IDS.length, causes: 1 });
  }, 120_000);
});

// One behaviour seen on every wire that meets it: each failure names it where the evidence shows it.
describe('one wire behaviour, every check that sees it', () => {
  it('a server that exits on a line that is not JSON (fault crash-on-invalid-json): three failures, one cause', async () => {
    const IDS = ['errors/parse-error', 'stdio/invalid-json-survived', 'fuzz/malformed-messages'];
    const report = await runAgainstFixture({ fault: 'crash-on-invalid-json', only: IDS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.status]))).toEqual(Object.fromEntries(IDS.map((id) => [id, 'fail'])));
    expect(byId['errors/parse-error']).toMatchObject({ causes: ['ends-on-non-json'] });
    expect(byId['errors/parse-error'].sameCauseAs).toBeUndefined();
    expect(byId['stdio/invalid-json-survived']).toMatchObject({ causes: ['ends-on-non-json'], sameCauseAs: ['errors/parse-error'] });
    expect(byId['fuzz/malformed-messages']).toMatchObject({ causes: ['ends-on-non-json'], sameCauseAs: ['errors/parse-error'] });
    expect(report.summary).toMatchObject({ fail: 3, causes: 1 });
  }, 120_000);

  it('batches refused under 2025-03-26 (fault batch-rejected): batch/answered explains batch/notifications-only', async () => {
    const report = await runAgainstFixture({ fault: 'batch-rejected', protocolVersion: '2025-03-26', only: ['batch/answered', 'batch/notifications-only'] });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId['batch/answered']).toMatchObject({ status: 'fail', causes: ['batch-refused'] });
    expect(byId['batch/notifications-only']).toMatchObject({ status: 'fail', causes: ['batch-refused'], sameCauseAs: ['batch/answered'] });
    expect(report.summary).toMatchObject({ fail: 2, causes: 1 });
  }, 60_000);

  // As mcp-lite: a batch's responses as an array, sent even when there are none.
  for (const wire of ['stdio', 'http'] as const) {
    it(`[] sent back for a batch with nothing to answer (fault batch-empty-array, ${wire}): one cause for the empty batch and the batch of notifications`, async () => {
      const opts = { fault: 'batch-empty-array', protocolVersion: '2025-03-26' as const, only: ['batch/notifications-only', 'batch/empty-and-invalid'] };
      const report = wire === 'stdio' ? await runAgainstFixture(opts) : await runAgainstHttpFixture(opts);
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId['batch/notifications-only']).toMatchObject({ status: 'fail', causes: ['empty-array-answer'] });
      expect(byId['batch/empty-and-invalid']).toMatchObject({ status: 'fail', causes: ['empty-array-answer'], sameCauseAs: ['batch/notifications-only'] });
      expect(report.summary).toMatchObject({ fail: 2, causes: 1 });
    }, 60_000);
  }

  // As tmcp: every error the request handler raises goes out inside an SSE stream, with 200.
  it('2026-07-28 errors sent with HTTP 200 in an SSE stream (fault errors-in-sse-200): one cause for every check that sees it', async () => {
    const IDS = ['stateless/request-meta-required', 'stateless/unsupported-version', 'stateless/missing-capability-error', 'fuzz/malformed-messages'];
    const report = await runAgainstHttpFixture({ fault: 'errors-in-sse-200', era: 'stateless', only: IDS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.status]))).toEqual(Object.fromEntries(IDS.map((id) => [id, 'fail'])));
    for (const id of IDS) expect(byId[id], id).toMatchObject({ causes: ['error-without-http-400'] });
    expect(IDS.filter((id) => !byId[id].sameCauseAs)).toHaveLength(1);
    expect(byId['stateless/unsupported-version'].message).toBe('-32022 came with HTTP status 200, not 400');
    expect(report.summary).toMatchObject({ fail: 4, causes: 1 });
  }, 120_000);

  // As the official SDK v2 over stdio: once the connection served a request, _meta is no longer checked.
  it('a 2026-07-28 request served without a supported version (fault meta-unchecked-after-unknown-method): the fuzz failure links to the check whose case it is', async () => {
    const IDS = ['stateless/request-meta-required', 'stateless/unsupported-version', 'fuzz/malformed-messages'];
    const report = await runAgainstFixture({ fault: 'meta-unchecked-after-unknown-method', era: 'stateless', only: IDS });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.status]))).toEqual(Object.fromEntries(IDS.map((id) => [id, 'fail'])));
    expect(byId['stateless/unsupported-version']).toMatchObject({ causes: ['served-without-supported-version'] });
    expect(byId['stateless/unsupported-version'].sameCauseAs).toBeUndefined();
    // Also served without clientCapabilities: a second behaviour, its own.
    expect(byId['stateless/request-meta-required']).toMatchObject({ causes: ['served-without-supported-version', 'served-without-client-capabilities'] });
    expect(byId['stateless/request-meta-required'].sameCauseAs).toBeUndefined();
    expect(byId['fuzz/malformed-messages'].message).toContain('was served');
    expect(byId['fuzz/malformed-messages'].sameCauseAs).toEqual([expect.stringMatching(/^stateless\/(unsupported-version|request-meta-required)$/)]);
    expect(report.summary).toMatchObject({ fail: 3, causes: 2 });
  }, 120_000);
});

// The runner keeps a verdict's causes only while they explain the whole failure.
const failsWith = (id: string, body?: (ctx: CheckContext) => Promise<unknown>) =>
  defineCheck({
    id,
    title: id,
    level: 'MUST',
    requirements: ['RPC-11'],
    spec: 'basic',
    async run(ctx) {
      await body?.(ctx);
      return { ...ctx.violation('silent'), causes: ['no-answer-to-non-json'] };
    },
  });

describe('the runner and a verdict’s causes', () => {
  it('keeps them on failures, drops them when findings of no known cause join the failure, and marks the later failure', async () => {
    const checks = [
      failsWith('test/first'),
      // duplicate-response answers tools/list twice: an RPC-25 finding of this check's own request.
      // The ping after it is answered behind the duplicate, so the finding is in before the check ends.
      failsWith('test/with-finding', async (ctx) => {
        await ctx.request('tools/list');
        await ctx.request('ping');
      }),
      failsWith('test/second'),
      defineCheck({ id: 'test/passes', title: 'passes', level: 'MUST', requirements: ['RPC-11'], spec: 'basic', run: async (ctx) => ({ ...ctx.pass(), causes: ['no-answer-to-non-json'] }) }),
    ];
    const report = await runAgainstFixture({ fault: 'duplicate-response', checks });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId['test/first']).toMatchObject({ status: 'fail', causes: ['no-answer-to-non-json'] });
    expect(byId['test/with-finding'].status).toBe('fail');
    expect(byId['test/with-finding'].message).toContain('RPC-25');
    expect(byId['test/with-finding']).not.toHaveProperty('causes');
    expect(byId['test/second']).toMatchObject({ status: 'fail', sameCauseAs: ['test/first'] });
    expect(byId['test/passes']).not.toHaveProperty('causes');
    // One key, and the failure with the finding as a cause of its own.
    expect(report.summary).toMatchObject({ fail: 3, causes: 2 });
  }, 60_000);
});
