// A connection the server killed is never the next check's failure. rmcp 0.16 exits when ping
// arrives between initialize and notifications/initialized (fault exit-on-early-ping): that is
// lifecycle/ping-before-initialized's finding (LIFE-8, a SHOULD), and the lifecycle checks that
// shared its connection used to fail with "mcp-conform error in this check: server process has
// exited" and no evidence, lifecycle/initialized-not-answered among them (a MUST the server never broke).
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../src/checks/index.js';
import { runAgainstFixture } from './harness.js';

describe('a server that exits on a ping before notifications/initialized (fault exit-on-early-ping)', () => {
  it('warns lifecycle/ping-before-initialized and gets every other verdict the conformant fixture gets, over stdio', async () => {
    const conformant = await runAgainstFixture();
    const exiting = await runAgainstFixture({ fault: 'exit-on-early-ping' });
    const got = new Map(exiting.checks.map((c) => [c.id, c]));
    expect(got.get('lifecycle/ping-before-initialized')).toMatchObject({ status: 'warn', message: expect.stringMatching(/closed|exited/) });
    for (const id of ['lifecycle/initialized-not-answered', 'lifecycle/no-requests-before-initialized']) expect(got.get(id)?.status, id).toBe('pass');
    // Its cancelled initialize is followed by a ping before initialized too: not judged, and it says why.
    expect(got.get('cancellation/initialize')).toMatchObject({ status: 'skip', message: expect.stringContaining('lifecycle/ping-before-initialized') });
    const ours = exiting.checks.filter((c) => /mcp-conform error/.test(c.message ?? '')).map((c) => `${c.id}: ${c.message}`);
    expect(ours).toEqual([]);
    const judged = new Set(['lifecycle/ping-before-initialized', 'cancellation/initialize']);
    const mismatches = conformant.checks
      .filter((c) => !judged.has(c.id) && got.get(c.id)?.status !== c.status)
      .map((c) => `${c.id}: ${c.status} on the conformant fixture, ${got.get(c.id)?.status} with the fault: ${got.get(c.id)?.message ?? ''}`);
    expect(mismatches).toEqual([]);
  }, 240_000);
});

describe('a check whose connection the server has closed', () => {
  it('is not failed as an error of ours: it gets no verdict, and says why', async () => {
    const check = defineCheck({
      id: 'test/after-exit',
      title: 'writes on a connection the server ended',
      level: 'MUST',
      requirements: ['LIFE-1'],
      spec: 'basic',
      connection: 'fresh',
      async run(ctx) {
        // The fault ends the process on a ping before initialized; the check then writes again.
        const { session } = await ctx.connect({ initialize: false });
        await ctx.request('initialize', { protocolVersion: ctx.revision, capabilities: {}, clientInfo: { name: 't', version: '1' } }, { session });
        await ctx.request('ping', undefined, { session });
        await ctx.notify('notifications/initialized', undefined, session);
        return ctx.pass();
      },
    });
    const report = await runAgainstFixture({ fault: 'exit-on-early-ping', checks: [check] });
    expect(report.checks[0]).toMatchObject({ status: 'skip', message: expect.stringMatching(/^not judged: the server closed the connection this check was using \(server process has exited/) });
  }, 60_000);
});

describe('a check on the main session that the server ended for another check’s request', () => {
  it('gets the verdict of a run on a new main session; the check whose request ends it keeps its failure', async () => {
    // Fault crash-on-non-ascii-argument: a tool call with "é" in its arguments ends the process.
    const crasher = defineCheck({
      id: 'test/crasher',
      title: 'calls echo with a non-ASCII argument',
      level: 'MUST',
      requirements: ['TOOLS-18'],
      spec: 'server/tools',
      async run(ctx) {
        const o = await ctx.request('tools/call', { name: 'echo', arguments: { text: 'é' } });
        return o.kind === 'result' ? ctx.pass() : ctx.violation(`echo: ${o.kind}`);
      },
    });
    const bystander = defineCheck({
      id: 'test/bystander',
      title: 'waits for a slow tool call',
      level: 'MUST',
      requirements: ['TOOLS-1'],
      spec: 'server/tools',
      async run(ctx) {
        const o = await ctx.request('tools/call', { name: 'slow', arguments: { ms: 300 } });
        return o.kind === 'result' ? ctx.pass() : ctx.violation(`slow: ${o.kind}`);
      },
    });
    const report = await runAgainstFixture({ fault: 'crash-on-non-ascii-argument', checks: [bystander, crasher] });
    const got = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(got['test/bystander']?.status).toBe('pass');
    expect(got['test/crasher']).toMatchObject({ status: 'fail', evidence: expect.arrayContaining([expect.objectContaining({ type: 'note', text: expect.stringContaining('run again on a new connection') })]) });
  }, 60_000);
});
