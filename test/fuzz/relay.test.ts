// Over stdio the two campaigns of well-formed traffic (valid requests, tool arguments) take turns
// on one session: a clean campaign hands its session on, which saves a server process; a
// campaign that finds something on an inherited session is judged again on a fresh one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { checkOf, fuzzFixture, notesOf } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture's command behind a shell that appends a line to `log` per process started. */
const counted = (log: string, fault?: string, args?: string[]) => ['/bin/sh', '-c', 'echo x >> "$0"; exec "$@"', log, ...fixtureCommand({ fault, args })];
const spawns = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
const INHERITED = /\(on the session fuzz\/(valid-requests|tool-arguments) had ended clean on\)$/;
const RERUN = /something came up on the session fuzz\/valid-requests had ended clean on: this verdict is from a run again on a fresh session/;

describe('the campaigns of well-formed traffic over stdio', () => {
  it('share one session when the first ends clean: three campaigns on the two unknown-version probes\' connections', async () => {
    const log = join(dir, 'clean.log');
    const report = await fuzzFixture({ only: ['fuzz/*'], command: counted(log), callTools: 'all' });
    const ids = ['fuzz/malformed-messages', 'fuzz/valid-requests', 'fuzz/tool-arguments'];
    for (const id of ids) expect(checkOf(report, id).status, checkOf(report, id).message).toBe('pass');
    // One of the two inherited the other's session.
    expect(ids.slice(1).filter((id) => INHERITED.test(checkOf(report, id).message ?? ''))).toHaveLength(1);
    // main session + two unknown-version probes; no connection of the fuzz checks' own
    expect(spawns(log)).toBe(3);
  }, 60_000);

  it('share it too when the sessions start slower than a campaign may hold its turn', async () => {
    // Each process takes 10 s to start, longer than the tool campaign's hold (9.25 s here): the one
    // waiting counts the hold from when the holder had its session, not from when it began to wait.
    // Before, it gave up while the holder's spare was still starting and started a process of its
    // own (a fourth; at 1,000 tools of the SDK v1 catalog server, a start of 1.3 CPU-s at the run's end).
    const log = join(dir, 'slow-start.log');
    const report = await fuzzFixture({ only: ['fuzz/*'], command: counted(log, undefined, ['--start-delay', '10000']), callTools: 'all' });
    const ids = ['fuzz/malformed-messages', 'fuzz/valid-requests', 'fuzz/tool-arguments'];
    for (const id of ids) expect(checkOf(report, id).status, checkOf(report, id).message).toBe('pass');
    expect(ids.slice(1).filter((id) => INHERITED.test(checkOf(report, id).message ?? ''))).toHaveLength(1);
    expect(spawns(log)).toBe(3);
  }, 120_000);

  it('judge a failure on a fresh session, and hand no session on from a campaign that failed', async () => {
    const report = await fuzzFixture({ only: ['fuzz/valid-requests', 'fuzz/tool-arguments'], fault: 'crash-on-nul-argument', callTools: 'all', seed: 11, fuzzRuns: 300 });
    const tools = checkOf(report, 'fuzz/tool-arguments');
    const valid = checkOf(report, 'fuzz/valid-requests');
    expect(tools.status, tools.message).toBe('fail');
    expect(valid.status, valid.message).toBe('pass');
    const toolNotes = notesOf(tools).join('\n');
    // Whichever went first: the failing campaign never passes its session on, and when it went
    // second its verdict comes from a fresh session.
    expect(valid.message).not.toMatch(INHERITED);
    if (RERUN.test(toolNotes)) expect(toolNotes.split(RERUN)[1]).toMatch(/failure 1 \[crash/);
  }, 60_000);
});
