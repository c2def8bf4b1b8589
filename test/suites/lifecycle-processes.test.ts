// Every stdio connection is a server process. lifecycle/stdin-close-exit watches the exit of a
// version probe (closed anyway) instead of starting its own, and request-before-initialize opens
// one connection, not two; both still catch what they are for. Across the whole suite, checks
// continue on connections others had to open: the handshake walk's (client capabilities),
// the un-initialized one (cancelling initialize), the unknown-version probes' (fuzz campaigns,
// two of which take turns on one).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { lifecycleChecks } from '../../suites/lifecycle.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-spawns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture's command behind a shell that appends a line to `log` per process started. */
function counted(log: string, fault?: string): string[] {
  return ['/bin/sh', '-c', 'echo x >> "$0"; exec "$@"', log, ...fixtureCommand({ fault })];
}
const spawns = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
const resultsOf = (report: Report) => (report.runs ?? [report]).flatMap((r) => r.checks);
const noteOf = (report: Report, id: string) => JSON.stringify(resultsOf(report).find((c) => c.id === id)?.evidence ?? []);

describe('lifecycle checks over stdio', () => {
  it('open one process per handshake they need, and no more', async () => {
    const log = join(dir, 'conformant.log');
    const report = await runAgainstFixture({ checks: lifecycleChecks, target: { transport: 'stdio', command: counted(log) } });
    expect(resultsOf(report).filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([]);
    expect(statusOf(report, 'lifecycle/stdin-close-exit')).toBe('pass');
    expect(statusOf(report, 'lifecycle/request-before-initialize')).toBe('pass');
    // main session + 3 other stateful revisions (the newest older one's probe is the handshake walk)
    // + 2 unknown versions + the un-initialized one
    expect(spawns(log)).toBe(7);
  });

  it('walk the handshake on the newest older revision\'s probe, still catch a reply to initialized there, and say so', async () => {
    const log = join(dir, 'answer-initialized.log');
    const report = await runAgainstFixture({ checks: lifecycleChecks, target: { transport: 'stdio', command: counted(log, 'answer-initialized') } });
    expect(statusOf(report, 'lifecycle/initialized-not-answered')).toBe('fail');
    expect(noteOf(report, 'lifecycle/initialized-not-answered')).toContain('observed on the connection that negotiated 2025-06-18');
    expect(statusOf(report, 'lifecycle/version-echo')).toBe('pass');
    expect(spawns(log)).toBe(7);

  });

  it('the whole default suite starts 14 processes: the fuzz campaigns and the other checks continue on connections opened anyway', async () => {
    const log = join(dir, 'suite.log');
    // No slow tool, as in a plain run: with one, cancellation/in-flight and progress each open a connection for it.
    const report = await runAgainstFixture({ target: { transport: 'stdio', command: counted(log) }, slowTool: false });
    expect(resultsOf(report).filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([]);
    for (const id of ['cancellation/initialize', 'capabilities/client-capabilities-respected', 'fuzz/valid-requests', 'fuzz/tool-arguments']) expect(statusOf(report, id)).toBe('pass');
    // main + 3 stateful probes (one of them the walk, then the declaring client) + 2 unknown-version
    // probes (then the fuzz campaigns' sessions: malformed messages on one, the two campaigns of
    // well-formed traffic taking turns on the other) + the un-initialized one (then initialize
    // cancelled) + the disposable lane + the tasks scenario's connection (its tasks and status
    // notifications kept off the main session; a tasks check that would skip opens none) + the
    // four client-requests runs (cooperating, refusing with URL mode declared, cancelling, and
    // accepting a form with content that breaks it: the fixture's tools ask, so none of them is
    // skipped) + the run of task tools that may ask for input (declaring what they may ask for;
    // one that would skip, with no task tool we may call, opens none)
    expect(spawns(log)).toBe(14);
  });

  it('still warns, on the probe connection, when the server ignores stdin closing', async () => {
    const log = join(dir, 'ignore.log');
    const report = await runAgainstFixture({ only: ['lifecycle/stdin-close-exit'], target: { transport: 'stdio', command: counted(log, 'ignore-stdin-close') } });
    expect(statusOf(report, 'lifecycle/stdin-close-exit')).toBe('warn');
    expect(noteOf(report, 'lifecycle/stdin-close-exit')).toMatch(/observed on the connection that negotiated[\s\S]*sigterm/);
  });

  it('uses a connection of its own when no probe applies (2026-07-28 has no handshake)', async () => {
    const report = await runAgainstFixture({ only: ['lifecycle/stdin-close-exit'], era: 'stateless', fault: 'ignore-stdin-close' });
    expect(statusOf(report, 'lifecycle/stdin-close-exit')).toBe('warn');
    expect(noteOf(report, 'lifecycle/stdin-close-exit')).not.toContain('observed on the connection that negotiated');
  });
});
