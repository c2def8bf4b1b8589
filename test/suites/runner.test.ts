// The runner's promises: a crashed or hung server becomes verdicts and the run goes on with
// a fresh process; selection by glob; capability gating; the deadline; the revision matrix.
import { describe, expect, it } from 'vitest';
import { defineCheck, describeOutcome } from '../../src/checks/index.js';
import { runTarget } from '../../src/runner/index.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

const crash = defineCheck({
  id: 'test/crash-it',
  title: 'sends invalid JSON, which the faulty fixture dies on',
  level: 'MUST',
  requirements: ['RPC-11'],
  spec: 'basic',
  async run(ctx) {
    await ctx.sendRaw('{"jsonrpc":"2.0",\n');
    const o = await ctx.request('ping');
    return o.kind === 'result' ? ctx.pass() : ctx.violation(`ping after invalid JSON: ${describeOutcome(o)}`);
  },
});
const after = defineCheck({
  id: 'test/after-crash',
  title: 'runs after the crash on a fresh main session',
  level: 'MUST',
  requirements: ['PING-1'],
  spec: 'basic',
  async run(ctx) {
    const o = await ctx.request('ping');
    return o.kind === 'result' ? ctx.pass() : ctx.violation(describeOutcome(o));
  },
});
const gated = defineCheck({
  id: 'test/gated',
  title: 'needs a capability nobody declares',
  level: 'MUST',
  requirements: ['CAP-1'],
  spec: 'basic',
  needs: ['experimental.nothing'],
  async run(ctx) {
    return ctx.pass();
  },
});
const hangs = defineCheck({
  id: 'test/hangs',
  title: 'never returns',
  level: 'MUST',
  requirements: ['RPC-25'],
  spec: 'basic',
  async run() {
    return new Promise(() => undefined);
  },
});

/** Works on and on, the server answering all along: a check too long for its ceiling, not a server that stopped. */
const keepsAsking = defineCheck({
  ...hangs,
  id: 'test/keeps-asking',
  title: 'pings until its time is up',
  async run(ctx) {
    for (;;) {
      await ctx.request('ping');
      await new Promise((r) => setTimeout(r, 20));
    }
  },
});

/** Asks once, then never returns: the server's last answer is long before the ceiling. */
const asksOnceThenHangs = defineCheck({
  ...hangs,
  id: 'test/asks-once',
  title: 'pings once, then never returns',
  async run(ctx) {
    await ctx.request('ping');
    return new Promise(() => undefined);
  },
});

/** The same, for a rule the catalog derives (kind D): never graded worse than warn. */
const hangsDerived = defineCheck({ ...hangs, id: 'test/hangs-derived', kind: 'D' });

describe('runner', () => {
  it('turns a crash into a verdict and continues with a fresh server process', async () => {
    const report = await runTarget({
      target: { transport: 'stdio', command: fixtureCommand({ fault: 'crash-on-invalid-json' }) },
      checks: [crash, after],
      seed: 1,
      requestTimeoutMs: 5000,
      quietMs: 200,
      callTools: [],
      concurrency: 1,
      tool: { name: 'mcp-conform', version: 'test' },
    });
    expect(statusOf(report, 'test/crash-it')).toBe('fail');
    expect(report.checks.find((c) => c.id === 'test/crash-it')?.message).toMatch(/closed|exited/);
    const afterResult = report.checks.find((c) => c.id === 'test/after-crash');
    expect(`${afterResult?.status} ${afterResult?.message ?? ''}`.trim()).toBe('pass');
  });

  it('skips a check whose capability is not declared, with the reason', async () => {
    const report = await runAgainstFixture({ checks: [gated] });
    const c = report.checks[0];
    expect(c.status).toBe('skip');
    expect(c.message).toMatch(/does not declare the experimental\.nothing capability/);
  });

  /** One check that never returns, against the fixture, with a short ceiling. */
  const runHanging = (check: typeof hangs, checkTimeoutMs: number) =>
    runTarget({
      target: { transport: 'stdio', command: fixtureCommand() },
      checks: [check],
      seed: 1,
      requestTimeoutMs: 10_000,
      checkTimeoutMs,
      quietMs: 200,
      callTools: [],
      tool: { name: 'mcp-conform', version: 'test' },
    });

  it('bounds a check that never finishes', async () => {
    const report = await runHanging(hangs, 1000);
    expect(report.checks[0].status).toBe('fail');
    expect(report.checks[0].message).toMatch(/did not finish within 1000 ms/);
  });

  it('does not call a server that answered the check to the end "stopped answering": too slow to judge', async () => {
    const report = await runHanging(keepsAsking, 1000);
    expect(report.checks[0]).toMatchObject({ status: 'skip', message: expect.stringMatching(/too slow to judge: the check did not finish within 1000 ms.*still answering its requests/), tooSlow: { method: 'check' } });
    expect(report.summary.tooSlow).toBe(1);
  });

  it('still fails a check whose server stopped answering it well before the ceiling', async () => {
    const report = await runHanging(asksOnceThenHangs, 2000);
    expect(report.checks[0]).toMatchObject({ status: 'fail', message: expect.stringMatching(/did not finish within 2000 ms.*stopped answering/) });
  });

  it('grades a check that never finishes by its kind: a derived MUST warns', async () => {
    const report = await runHanging(hangsDerived, 500);
    expect(report.checks[0]).toMatchObject({ status: 'warn', message: expect.stringMatching(/did not finish within 500 ms/) });
  });

  it('selects checks by glob with --only and --skip', async () => {
    const report = await runAgainstFixture({ only: ['lifecycle/ping*', 'lifecycle/server-info'] });
    expect(report.checks.map((c) => c.id).sort()).toEqual(['lifecycle/ping', 'lifecycle/ping-before-initialized', 'lifecycle/ping-params-forms', 'lifecycle/server-info']);
  });

  it('runs every revision the server accepts with --protocol-version all', async () => {
    const report = await runAgainstFixture({ protocolVersion: 'all', only: ['lifecycle/ping'] });
    expect(report.runs?.map((r) => r.protocolVersion)).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
    for (const run of report.runs ?? []) expect(run.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['lifecycle/ping:pass']);
    expect(report.summary.pass).toBe(4);
  });
});
