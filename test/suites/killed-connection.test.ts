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
