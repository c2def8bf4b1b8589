// Fuzzing a client: the fixture client's crash-on-non-object-params fault (it dies on a server
// request whose params is not an object) is found by the search, confirmed on a fresh client and
// shrunk to a request with a primitive params; the replay line sends the same cases; the same
// seed finds the same case; the conformant fixture survives every case; everything is bounded.
import { describe, expect, it } from 'vitest';
import { fuzzCases } from '../../src/client/fuzz.js';
import { runClient } from '../../src/runner/client-run.js';
import { clientChecks } from '../../suites/client/index.js';
import type { Report } from '../../src/checks/types.js';
import { runCli } from '../cli/run-cli.js';
import { FIXTURE_CLIENT } from './harness.js';

const CHECK = 'client-robustness/fuzz';

function fuzzRun(o: { fault?: string; seed?: number; fuzzRuns?: number; transport?: 'stdio' | 'http'; signal?: AbortSignal }): Promise<Report> {
  return runClient({
    transport: o.transport ?? 'stdio',
    command: [process.execPath, FIXTURE_CLIENT, ...(o.fault ? ['--fault', o.fault] : [])],
    env: {},
    protocolVersion: '2025-11-25',
    scenarioEnv: 'initialize',
    checks: clientChecks,
    only: [CHECK],
    requestTimeoutMs: 1500,
    startTimeoutMs: 20_000,
    quietMs: 300,
    listen: { host: '127.0.0.1', port: 0 },
    seed: o.seed,
    fuzzRuns: o.fuzzRuns,
    signal: o.signal,
    tool: { name: 'mcp-conform', version: 'test' },
  });
}

const noteText = (report: Report, pattern: RegExp): string | undefined =>
  report.checks
    .find((c) => c.id === CHECK)
    ?.evidence.map((e) => (e.type === 'note' ? e.text : ''))
    .find((t) => pattern.test(t));

describe('fuzzing a client', () => {
  it('draws the same cases from the same seed, one line each', () => {
    const a = fuzzCases(7, 200);
    expect(fuzzCases(7, 200)).toEqual(a);
    expect(fuzzCases(8, 200)).not.toEqual(a);
    expect(a.every((c) => c.text.length > 0 && !/[\r\n]/.test(c.text))).toBe(true);
    expect(new Set(a.map((c) => c.kind)).size).toBe(6);
  });

  for (const transport of ['stdio', 'http'] as const) {
    it(`finds, confirms and shrinks the crash of the fixture's fault, with a replay line (${transport})`, async () => {
      const report = await fuzzRun({ fault: 'crash-on-non-object-params', transport });
      const check = report.checks.find((c) => c.id === CHECK)!;
      expect(check.status, check.message).toBe('fail');
      expect(check.message).toMatch(/crashed on hostile message #\d+: it exited \(code 1\); smallest: /);
      // The smallest request whose params is no object: a primitive, an empty array.
      const shrunk = noteText(report, /^shrunk in \d+ step/);
      expect(shrunk).toMatch(/a request that fails a fresh client the same way: \{"jsonrpc":"2.0","id":[^,]+,"method":"[^"]*","params":(0|null|false|true|""|\[\])\}$/);
      expect(noteText(report, /^replay: /)).toMatch(/--only client-robustness\/fuzz --seed 1 --fuzz-runs \d+ /);
      expect(report.seed).toBe(1);
    }, 120_000);
  }

  it('finds and shrinks a client that stops answering after a case (a hang, judged at --timeout)', async () => {
    const report = await fuzzRun({ fault: 'stall-on-unknown-notification' });
    const check = report.checks.find((c) => c.id === CHECK)!;
    expect(check.status, check.message).toBe('fail');
    expect(check.message).toMatch(/stopped answering on hostile message #\d+: the ping after it went unanswered for \d+ ms while the client stayed connected/);
    expect(noteText(report, /^shrunk in \d+ step/)).toMatch(/a notification that fails a fresh client the same way: \{"jsonrpc":"2.0","method":"[^"]*"\}$/);
  }, 180_000);

  it('replays: --fuzz-runs up to the failing case finds it again at the same place (CLI)', async () => {
    const report = await fuzzRun({ fault: 'crash-on-non-object-params', seed: 3 });
    const at = /hostile message #(\d+)/.exec(report.checks[0].message ?? '')?.[1];
    expect(at).toBeDefined();
    const r = await runCli(['client', '--transport', 'stdio', '--no-reports', '--only', CHECK, '--seed', '3', '--fuzz-runs', at!, '--timeout', '1500', '--', process.execPath, FIXTURE_CLIENT, '--fault', 'crash-on-non-object-params'], { timeoutMs: 120_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`crashed on hostile message #${at}:`);
    const fewer = await runCli(['client', '--transport', 'stdio', '--no-reports', '--only', CHECK, '--seed', '3', '--fuzz-runs', String(Number(at) - 1), '--timeout', '1500', '--', process.execPath, FIXTURE_CLIENT, '--fault', 'crash-on-non-object-params'], { timeoutMs: 120_000 });
    expect(fewer.code, fewer.stdout).toBe(0);
  }, 240_000);

  it('passes the conformant fixture client on every case of several seeds', async () => {
    for (const seed of [1, 2]) {
      const report = await fuzzRun({ seed, fuzzRuns: 150 });
      expect(report.checks[0].status, report.checks[0].message).toBe('pass');
      expect(report.checks[0].message).toBe('150 hostile message(s), each followed by a ping, every ping answered');
    }
  }, 120_000);

  it('stops shrinking when the run stops, and still reports what it found', async () => {
    const controller = new AbortController();
    const run = fuzzRun({ fault: 'crash-on-non-object-params', signal: controller.signal });
    // Stop while the first fresh clients are shrinking the case (the search takes well under this).
    setTimeout(() => controller.abort(new Error('stopped by the test')), 4000);
    const report = await run;
    const check = report.checks.find((c) => c.id === CHECK)!;
    // Either the search was cut short (not finished) or the finding stands, shrunk or not.
    expect(['skip', 'fail']).toContain(check.status);
    if (check.status === 'fail') expect(check.message).toMatch(/crashed on hostile message #\d+/);
  }, 60_000);
});
