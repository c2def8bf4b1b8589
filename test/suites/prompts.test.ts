// Inputs we make up must not become the server's failures: the fixture's quote-resource prompt
// echoes its required resourceUri into an embedded resource's uri (as the official suite's
// reference server does). prompts/get must send a URI there; and when a server passes on an
// invalid value of ours, the finding says so and only warns, while its own faults still fail.
import { describe, expect, it } from 'vitest';
import { defineCheck, type CheckContext, type Verdict } from '../../src/checks/index.js';
import type { Report } from '../../src/checks/types.js';
import { exchangeOn } from '../../suites/lib/exchange.js';
import { allServerMessages } from '../../suites/messages.js';
import { findingsVerdict } from '../../suites/lib/findings-verdict.js';
import { runAgainstFixture, statusOf } from './harness.js';

const resultFor = (report: Report, id: string) => report.checks.find((c) => c.id === id);

/** A probe that gets quote-resource with a resourceUri that is no URI, as the old filler did. */
function probe(id: string, run: (ctx: CheckContext) => Promise<Verdict>) {
  return defineCheck({ id, title: id, level: 'MUST', kind: 'S', requirements: ['PROMPT-3'], spec: 'server/prompts#getting-a-prompt', needs: ['prompts'], run });
}
const FILLER_ARGS = { name: 'quote-resource', arguments: { resourceUri: 'mcp-conform' } };
const tagged = probe('probe/tagged', async (ctx) => {
  await ctx.request('prompts/get', FILLER_ARGS);
  return ctx.pass();
});
const shared = probe('probe/shared', async (ctx) => {
  const x = await exchangeOn(ctx.session, 'prompts/get', FILLER_ARGS);
  return x.findings.length ? findingsVerdict(ctx, x.findings, 'prompts/get results') : ctx.pass();
});
const OUR_VALUE = 'the invalid value at /result/messages/0/content/resource/uri is the argument we sent for `resourceUri`: "mcp-conform"';

describe('prompts/get with a resourceUri argument', () => {
  it('sends a URI the server lists, so the conformant fixture passes', async () => {
    const report = await runAgainstFixture({ only: ['prompts/get'] });
    expect(resultFor(report, 'prompts/get')).toMatchObject({ status: 'pass', message: '4 prompts rendered' });
  });

  it('grades a problem in a value we sent as a warning that names it, on tagged and shared requests', async () => {
    const report = await runAgainstFixture({ checks: [tagged, shared, allServerMessages] });
    // The shared request is untagged, so the whole-run check sees its answer too.
    for (const id of ['probe/tagged', 'probe/shared', 'messages/all-server-messages']) {
      const r = resultFor(report, id);
      expect(r?.status, id).toBe('warn');
      expect(r?.message, id).toContain(OUR_VALUE);
    }
  });

  it('still fails a MUST when the same answer is also invalid where no value of ours is', async () => {
    // prompt-bad-role: every message has role "system", which the server chose, not us.
    const report = await runAgainstFixture({ fault: 'prompt-bad-role', checks: [tagged, shared, allServerMessages] });
    for (const id of ['probe/tagged', 'probe/shared', 'messages/all-server-messages']) {
      expect(statusOf(report, id), id).toBe('fail');
      expect(resultFor(report, id)?.message, id).toMatch(/role/);
    }
  });
});
