// A server that cannot run two copies at once (it holds a database file, a lock or a port) gets
// the verdicts of one that can: the run finds out when a copy exits at start while another
// runs, starts that copy again once the others are gone, and goes on one copy at a time.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture } from './harness.js';
import { lastingDifferences } from './same-statuses.js';

describe('a server whose second copy cannot start while the first runs', () => {
  it('gets the same status for every check of the default suite, and the report says its copies ran one at a time', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'one-copy-')), 'server.lock');
    // One after the other: side by side, each would slow the other down.
    const runs = async (only?: string[]) => [await runAgainstFixture({ only }), await runAgainstFixture({ only, slowTool: 'slow', target: { transport: 'stdio', command: fixtureCommand({ args: ['--lock-file', lock] }) } })] as const;
    const [base, locked] = await runs();
    expect(locked.summary.total).toBe(base.summary.total);
    expect(await lastingDifferences(base, locked, runs)).toEqual([]);
    // The copies that could not start said why in the log file only: the report says what it saw.
    expect(readFileSync(`${lock}.log`, 'utf8')).toMatch(/is held by pid \d+; exiting/);
    expect(locked.startup?.oneAtATime).toMatch(/^a copy of the server exited at start while (another copy|\d+ other copies) ran \(.*it wrote nothing to stderr.*\); started again alone, it answered$/);
    expect(base.startup?.oneAtATime).toBeUndefined();
    expect(base.startup?.connections.length).toBeGreaterThan(5);
  }, 240_000);
});
