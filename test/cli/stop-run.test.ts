// SIGINT, SIGTERM and --deadline end a run within 2 s in every phase — start-up, the checks on
// the main session, a fuzz campaign, a disposable lane, the whole-run checks, closing — with a
// partial report written and no server process left. Each case starts the CLI against a fixture
// mode that holds the run in that phase, waits for the server to show it got there, and stops it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckResult, Report } from '../../src/checks/types.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { CLI, ROOT } from './run-cli.js';

/**
 * From the signal to our exit. The promise is 2 s; the margin is for a busy two-core machine
 * shared by several test runs, where scheduling alone delays a process by hundreds of ms (the
 * CLI takes ~2 s just to start there). Measured here: 50-170 ms (0.6 s by hand at a busier moment).
 */
const EXIT_BOUND_MS = 2000 + 1500;
const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, condition: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** Live members of a process group (zombies are dead; they only wait to be reaped). */
function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z' ? [Number(d)] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

interface Stop {
  name: string;
  fault?: string;
  serverArgs?: string[];
  args: string[];
  /** Seen in the server's stderr once the run is in the phase (plus `settleMs`). */
  marker: string;
  settleMs?: number;
  /** A signal, or nothing: the run's --deadline stops it. */
  signal?: 'SIGTERM' | 'SIGINT';
}

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal (or, with --deadline, from the server's marker) to the exit. */
  tookMs: number;
  stderr: string;
  report: Report;
  pgids: number[];
}

async function stopRun(s: Stop): Promise<Stopped> {
  const base = join(dir, s.name.replace(/\W+/g, '-'));
  const log = `${base}.log`;
  const json = `${base}.json`;
  // Each server process writes its pid (its process group: the transport spawns it detached) and then its stderr here.
  const server = ['/bin/sh', '-c', 'echo $$ >> "$0.pids"; exec "$@" 2>>"$0"', log, ...fixtureCommand({ fault: s.fault, args: s.serverArgs })];
  const child = spawn(process.execPath, [CLI, 'run', '--json', json, '--protocol-version', '2025-11-25', ...s.args, '--', ...server], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    await until(`"${s.marker}" from the server`, () => existsSync(log) && readFileSync(log, 'utf8').includes(s.marker));
    await sleep(s.settleMs ?? 0);
    const from = performance.now();
    if (s.signal) child.kill(s.signal);
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the CLI did not exit within 30 s')), 30_000)));
    const [code, signal] = await Promise.race([exited, hung]).finally(() => clearTimeout(timer));
    const tookMs = performance.now() - from;
    const pgids = readFileSync(`${log}.pids`, 'utf8').split('\n').filter(Boolean).map(Number);
    return { code, signal, tookMs, stderr, report: JSON.parse(readFileSync(json, 'utf8')) as Report, pgids };
  } finally {
    child.kill('SIGKILL');
  }
}

const checkOf = (report: Report, id: string): CheckResult => report.checks.find((c) => c.id === id)!;

/** What every stopped run shows: ended by the signal in time, a report saying why, no server left. */
async function expectStopped(got: Stopped, signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  expect(got.signal).toBe(signal);
  expect(got.tookMs).toBeLessThan(EXIT_BOUND_MS);
  expect(got.stderr).toBe('');
  expect(got.report.stopped).toBe(`interrupted by ${signal}`);
  expect(got.pgids.length).toBeGreaterThan(0);
  await until('every server process gone', () => got.pgids.every((g) => groupMembers(g).length === 0), 2000);
}

describe('a run stopped by SIGINT, SIGTERM or --deadline', () => {
  it('during start-up (initialize never answered): every check not run', async () => {
    const got = await stopRun({ name: 'start-up', fault: 'hang-on-initialize', args: ['--timeout', '60000', '--only', 'lifecycle/*'], marker: 'fault hang-on-initialize', settleMs: 500, signal: 'SIGTERM' });
    await expectStopped(got, 'SIGTERM');
    expect(got.report.checks.length).toBeGreaterThan(0);
    for (const c of got.report.checks) expect(c.message).toBe('not run: interrupted by SIGTERM (before the server was ready)');
  }, 60_000);

  it('during the checks on the main session (a request never answered): cut short, once with SIGINT', async () => {
    const got = await stopRun({ name: 'main', fault: 'drop-requests', args: ['--timeout', '60000', '--only', 'resources/list'], marker: 'fault drop-requests', settleMs: 1500, signal: 'SIGINT' });
    await expectStopped(got, 'SIGINT');
    expect(checkOf(got.report, 'resources/list')).toMatchObject({ status: 'skip', message: 'not finished: interrupted by SIGINT' });
  }, 60_000);

  it('during a fuzz campaign (the schedule tool of issue 27, a million cases)', async () => {
    const got = await stopRun({
      name: 'fuzz',
      serverArgs: ['--schedule-tool'],
      args: ['--timeout', '10000', '--fuzz-runs', '1000000', '--only', 'fuzz/tool-arguments'],
      marker: 'fixture: schedule got a date-time',
      signal: 'SIGTERM',
    });
    await expectStopped(got, 'SIGTERM');
    expect(checkOf(got.report, 'fuzz/tool-arguments')).toMatchObject({ status: 'skip', message: 'not finished: interrupted by SIGTERM' });
  }, 60_000);

  it('during a disposable lane (a disruptive check waiting for an answer, another queued behind it)', async () => {
    const got = await stopRun({ name: 'lane', fault: 'drop-requests', args: ['--timeout', '60000', '--only', 'resources/hostile-uris', '--only', 'errors/parse-error'], marker: 'fault drop-requests', settleMs: 1500, signal: 'SIGTERM' });
    await expectStopped(got, 'SIGTERM');
    expect(checkOf(got.report, 'resources/hostile-uris')).toMatchObject({ status: 'skip', message: 'not finished: interrupted by SIGTERM' });
    expect(checkOf(got.report, 'errors/parse-error')).toMatchObject({ status: 'skip', message: 'not run: interrupted by SIGTERM' });
  }, 60_000);

  it('during the whole-run checks (a ping never answered)', async () => {
    const id = 'capabilities/list-changed-declared-whole-run';
    // The checks start once the run's liveness request is chosen: with ping unanswered, after 2 s (src/runner/liveness.ts).
    const got = await stopRun({ name: 'whole-run', fault: 'silent-after-initialize', args: ['--timeout', '60000', '--only', id], marker: 'fault silent-after-initialize', settleMs: 4000, signal: 'SIGTERM' });
    await expectStopped(got, 'SIGTERM');
    expect(checkOf(got.report, id)).toMatchObject({ status: 'skip', message: 'not finished: interrupted by SIGTERM' });
  }, 60_000);

  it('while closing (a server that ignores SIGTERM): every verdict stands', async () => {
    const got = await stopRun({ name: 'closing', fault: 'ignore-sigterm', args: ['--only', 'lifecycle/ping'], marker: 'ignoring SIGTERM', signal: 'SIGTERM' });
    await expectStopped(got, 'SIGTERM');
    expect(checkOf(got.report, 'lifecycle/ping').status).toBe('pass');
  }, 60_000);

  it('at --deadline during the whole-run checks: the partial report, exit code by the verdicts', async () => {
    const id = 'capabilities/list-changed-declared-whole-run';
    const deadlineMs = 6000;
    const got = await stopRun({ name: 'deadline', fault: 'silent-after-initialize', args: ['--timeout', '60000', '--deadline', String(deadlineMs), '--only', id], marker: 'fault silent-after-initialize' });
    expect(got.code).toBe(0); // nothing failed: the one check was cut short, a skip
    expect(got.stderr).toBe('');
    expect(got.report.stopped).toBe('the run deadline passed');
    expect(checkOf(got.report, id)).toMatchObject({ status: 'skip', message: 'not finished: the run deadline passed' });
    // The run's own clock: from the first session to the report, the deadline plus the 2 s.
    expect(got.report.durationMs).toBeLessThan(deadlineMs + 2000);
    await until('every server process gone', () => got.pgids.every((g) => groupMembers(g).length === 0), 2000);
  }, 60_000);
});
