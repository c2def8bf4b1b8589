// A run's stop: its deadline or its caller's signal, with the reason the report gives; a run
// stopped in-process (the library's signal option) comes back at once with what it knew.
import { describe, expect, it } from 'vitest';
import { runStop, stopReason, RunStopped } from '../../src/runner/index.js';
import { runTarget } from '../../src/runner/target.js';
import { resourceChecks } from '../../suites/resources.js';
import { fixtureCommand } from '../fixtures/launch.js';

describe('runStop', () => {
  it('stops at the deadline, saying so', async () => {
    const stop = runStop(20);
    await new Promise((r) => stop.signal.addEventListener('abort', r));
    expect(stopReason(stop.signal)).toBe('the run deadline passed');
  });

  it("stops when the caller's signal aborts, with its reason; disposing keeps the deadline from coming", async () => {
    const outer = new AbortController();
    const stop = runStop(20, outer.signal);
    outer.abort(new RunStopped('interrupted by SIGTERM'));
    expect(stopReason(stop.signal)).toBe('interrupted by SIGTERM');
    const quiet = runStop(10);
    quiet.dispose();
    await new Promise((r) => setTimeout(r, 40));
    expect(quiet.signal.aborted).toBe(false);
    expect(stopReason(quiet.signal)).toBe('');
  });
});

describe('a run stopped by its signal', () => {
  it('returns what it knew: checks waiting for an answer cut short, the report saying why', async () => {
    const caller = new AbortController();
    const started = performance.now();
    setTimeout(() => caller.abort(new RunStopped('interrupted by the test')), 1500);
    const report = await runTarget({
      target: { transport: 'stdio', command: fixtureCommand({ fault: 'drop-requests' }) },
      checks: resourceChecks,
      only: ['resources/list'],
      protocolVersion: '2025-11-25',
      seed: 1,
      requestTimeoutMs: 60_000,
      quietMs: 300,
      deadlineMs: 120_000,
      callTools: [],
      signal: caller.signal,
      tool: { name: 'mcp-conform', version: 'test' },
    });
    // Far sooner than the request's 60 s; 2 s is the promise.
    expect(performance.now() - started).toBeLessThan(1500 + 2000);
    expect(report.stopped).toBe('interrupted by the test');
    expect(report.checks.find((c) => c.id === 'resources/list')).toMatchObject({ status: 'skip', message: 'not finished: interrupted by the test' });
  });
});
