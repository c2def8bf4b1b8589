// Slow is not broken (issue 28 item 2): a server that answers one request at a time and takes
// 1.2 s over tools/list, one with a catalog of 1,000 tools, resources and prompts (a 400 KB
// page), and a machine whose cores are busy with other work all get the conformant fixture's
// status for every check. Before, the first got 12 failures ("no response within 5000 ms;
// meanwhile the server sent 22 lines": it was answering, behind a queue of our own requests).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture } from './harness.js';
import { differences, lastingDifferences } from './same-statuses.js';

/** The CLI's default timeout. */
const TIMEOUT_MS = 5000;

/** The conformant fixture, then the fixture with `args`, one after the other (side by side each would slow the other down). */
function runs(args: string[], skip?: string[], allTools?: boolean) {
  return async (only?: string[]) =>
    [
      await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only, skip, allTools }),
      await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS, only, skip, allTools, slowTool: 'slow', target: { transport: 'stdio', command: fixtureCommand({ args }) } }),
    ] as const;
}

async function expectSameStatuses(args: string[], skip?: string[], allTools?: boolean): Promise<Report> {
  const compare = runs(args, skip, allTools);
  const [base, other] = await compare();
  expect(other.summary.total).toBe(base.summary.total);
  expect(await lastingDifferences(base, other, compare)).toEqual([]);
  return other;
}

describe('a slow server gets the fast one’s statuses (stdio, default suite)', () => {
  it('one that works one request at a time and takes 1.2 s over tools/list', async () => {
    // The fuzz campaigns too: their pings wait for the costly lists queued ahead of them.
    await expectSameStatuses(['--latency', 'tools/list=1200']);
  }, 480_000);

  it('one with 1,000 tools, resources and prompts', async () => {
    // With the default seeded sample of 50 tools: it takes one tool of each kind first, so the
    // fixture's few tools that sample, embed or return structured content are among them.
    await expectSameStatuses(['--catalog-size', '1000']);
  }, 480_000);
});

describe('a busy machine', () => {
  const burners: ChildProcess[] = [];
  afterAll(() => {
    for (const b of burners) b.kill('SIGKILL');
  });

  it('gives the fixture the statuses of a quiet run, check by check', async () => {
    const quiet = await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS });
    for (let i = 0; i < 2; i++) burners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    const busy = await runAgainstFixture({ requestTimeoutMs: TIMEOUT_MS });
    // Each check's message on a mismatch says what the busy run saw.
    expect(differences(quiet, busy)).toEqual([]);
  }, 480_000);
});
