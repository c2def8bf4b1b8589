// Never leak: the client's whole process tree is gone when its scenario ends, and when the run is
// stopped by --deadline or SIGINT. The fixture client starts a helper (its child, our grandchild)
// that ignores SIGTERM, holds the client's stdout and stderr, and is never stopped by the client.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { clientChecks } from '../../suites/client/index.js';
import { runClient } from '../../src/runner/client-run.js';
import { playedIn, SCENARIO_TABLE, SCENARIOS } from '../../src/client/scenarios.js';
import { CLI } from '../cli/run-cli.js';
import { FIXTURE_CLIENT } from './harness.js';

/** A process that exists and is no zombie (a container's init may be slow to reap one). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return process.platform !== 'linux';
    } catch {
      return false;
    }
  }
}

function pidsIn(file: string): number[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.split(/\s+/).filter(Boolean).map(Number);
}

/** The pids still alive a moment later (a SIGKILL is delivered, not awaited). */
async function survivors(pids: readonly number[]): Promise<number[]> {
  for (let i = 0; i < 25 && pids.some(alive); i++) await delay(20);
  return pids.filter(alive);
}

async function pidsWritten(file: string, boundMs: number): Promise<number[]> {
  for (const end = Date.now() + boundMs; Date.now() < end; await delay(25)) {
    const pids = pidsIn(file);
    if (pids.length) return pids;
  }
  throw new Error(`the fixture client wrote no pids to ${file} within ${boundMs} ms`);
}

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'client-tree-')), 'pids');

describe("the client's process tree", () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`is gone after each scenario (${transport})`, async () => {
      const file = tempFile();
      const leftBehind: string[] = [];
      const report = await runClient({
        transport,
        command: [process.execPath, FIXTURE_CLIENT, '--grandchild', file],
        env: {},
        protocolVersion: '2025-11-25',
        scenarioEnv: 'initialize',
        checks: clientChecks,
        requestTimeoutMs: 1500,
        startTimeoutMs: 20_000,
        quietMs: 300,
        listen: { host: '127.0.0.1', port: 0 },
        tool: { name: 'mcp-conform', version: 'test' },
        // Called as the next scenario starts: everything the ones before started must be gone.
        onScenario: (name) => {
          const alivePids = pidsIn(file).filter(alive);
          if (alivePids.length) leftBehind.push(`${alivePids.join(', ')} alive as ${name} started`);
        },
      });
      expect(leftBehind).toEqual([]);
      const pids = pidsIn(file);
      // Two per scenario: the client and its helper.
      // The scenarios a 2025-11-25 run plays: of its era, its transport, and with a check of that run (auth-no-metadata is 2025-03-26's).
      const ofThisRun = new Set(clientChecks.filter((c) => !c.runRevisions || c.runRevisions.includes('2025-11-25')).map((c) => c.scenario));
      expect(pids.length).toBe(2 * SCENARIOS.filter((s) => (s === 'basic' || ofThisRun.has(s)) && playedIn(SCENARIO_TABLE[s], 'initialize') && (SCENARIO_TABLE[s].transports ?? [transport]).includes(transport)).length);
      expect(await survivors(pids)).toEqual([]);
      expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    }, 180_000);
  }

  it('is gone once the run is stopped (the abort signal of --deadline and SIGINT), within the wind-down bound', async () => {
    const file = tempFile();
    const controller = new AbortController();
    const run = runClient({
      transport: 'stdio',
      command: [process.execPath, FIXTURE_CLIENT, '--grandchild', file, '--idle', '--ignore-sigterm'],
      env: {},
      protocolVersion: '2025-11-25',
      scenarioEnv: 'initialize',
      checks: clientChecks,
      requestTimeoutMs: 1500,
      startTimeoutMs: 60_000,
      quietMs: 300,
      listen: { host: '127.0.0.1', port: 0 },
      signal: controller.signal,
      tool: { name: 'mcp-conform', version: 'test' },
    });
    const pids = await pidsWritten(file, 20_000);
    const t = performance.now();
    controller.abort(new Error('stopped by the test'));
    const report = await run;
    // The CLI's wind-down bound is 1500 ms from the signal to the report; the client takes little of it.
    expect(performance.now() - t).toBeLessThan(700);
    expect(await survivors(pids)).toEqual([]);
    // The scenario the stop cut short is judged by no check (a pass on nothing is no pass).
    expect(report.checks.filter((c) => c.status !== 'skip' || !/^(not (finished|run): stopped by the test|applies to http|applies to 2026-07-28 clients)/.test(c.message ?? '')).map((c) => `${c.id} ${c.status} ${c.message}`)).toEqual([]);
  }, 60_000);

  for (const how of ['SIGINT', '--deadline'] as const) {
    it(`is gone when the CLI is stopped by ${how}`, async () => {
      const file = tempFile();
      const deadline = how === '--deadline' ? ['--deadline', '4000'] : [];
      const cli = execa(process.execPath, [CLI, 'client', '--transport', 'stdio', '--no-reports', ...deadline, '--', process.execPath, FIXTURE_CLIENT, '--grandchild', file, '--idle'], {
        reject: false,
        timeout: 60_000,
        env: { NO_COLOR: '1' },
        stdin: 'ignore',
      });
      const pids = await pidsWritten(file, 30_000);
      if (how === 'SIGINT') cli.kill('SIGINT');
      const result = await cli;
      expect(result.timedOut).toBe(false);
      if (how === 'SIGINT') expect(result.signal).toBe('SIGINT');
      else expect(String(result.stdout)).toMatch(/stopped early: the run deadline passed; \d+ check\(s\) not finished or not run/);
      expect(await survivors(pids)).toEqual([]);
    }, 90_000);
  }
});
