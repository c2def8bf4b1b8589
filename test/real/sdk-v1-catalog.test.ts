// A big catalog is not a broken server (issue 28): the official SDK v1 with 1,000 read-only tools,
// 1,000 resources and 1,000 prompts (servers/sdk-v1-catalog, a 560 KB tools/list page) gets no
// check failing or warning that does not on the same server with 10 of each, check by check.
// Before issue 28 it got five more failures, four more warnings and three skips ("the server
// lists no prompts": the listing timed out behind a queue of our own requests). The fuzz checks
// are compared apart, both ways: with the same seed they get the same statuses at both sizes
// (fuzz/malformed-messages fails on both: the SDK drops unparseable lines without -32700). Before,
// at 1,000 it mostly passed: pings queued behind the campaign's own 560 KB pages waited 750 ms,
// read as "stopped answering", and those batches hid the dropped request.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { runAgainstFixture } from '../suites/harness.js';

const SERVER = join(import.meta.dirname, 'servers/sdk-v1-catalog/server.mjs');

function runWith(size: number, only?: string[]): Promise<Report> {
  return runAgainstFixture({ target: { transport: 'stdio', command: ['node', SERVER, String(size)] }, skip: ['fuzz/*'], only, requestTimeoutMs: 5000 });
}

const FUZZ = ['fuzz/malformed-messages', 'fuzz/valid-requests', 'fuzz/tool-arguments'];

function fuzzWith(size: number): Promise<Report> {
  return runAgainstFixture({ target: { transport: 'stdio', command: ['node', SERVER, String(size)] }, only: FUZZ, requestTimeoutMs: 5000 });
}

/**
 * Checks that fail or warn in one run with another status in the other, each with both messages:
 * a finding the big catalog adds, or one it hides (a server slower to start at 1,000 once turned
 * lifecycle/request-before-initialize's warn into info).
 */
function newFindings(small: Report, big: Report): string[] {
  const before = new Map(small.checks.map((c) => [c.id, c]));
  const finding = (status?: string) => status === 'fail' || status === 'warn';
  return big.checks
    .filter((c) => (finding(c.status) || finding(before.get(c.id)?.status)) && before.get(c.id)?.status !== c.status)
    .map((c) => `${c.id}: ${before.get(c.id)?.status} with 10 → ${c.status} with 1,000: ${c.message ?? ''} (with 10: ${before.get(c.id)?.message ?? ''})`);
}

describe('the SDK v1 server with 1,000 tools, resources and prompts', () => {
  it('fails and warns on the same checks as the 10-tool one', async () => {
    const small = await runWith(10);
    const big = await runWith(1000);
    expect(big.summary.total).toBe(small.summary.total);
    const found = newFindings(small, big);
    if (found.length === 0) return;
    // A check that timed what it waited for may have missed by a little on a busy machine: what the catalog changes, it changes every time.
    const only = found.map((f) => f.slice(0, f.indexOf(':')));
    expect(newFindings(await runWith(10, only), await runWith(1000, only))).toEqual([]);
  }, 600_000);

  it('gets the 10-tool server’s fuzz statuses with the same seed', async () => {
    const small = await fuzzWith(10);
    const big = await fuzzWith(1000);
    const status = (r: Report, id: string) => r.checks.find((c) => c.id === id);
    const differ = FUZZ.filter((id) => status(small, id)?.status !== status(big, id)?.status).map((id) => `${id}: ${status(small, id)?.status} with 10 (${status(small, id)?.message}) → ${status(big, id)?.status} with 1,000 (${status(big, id)?.message})`);
    expect(differ).toEqual([]);
    expect(status(big, 'fuzz/malformed-messages')?.status, status(big, 'fuzz/malformed-messages')?.message).toBe('fail');
  }, 600_000);
});
