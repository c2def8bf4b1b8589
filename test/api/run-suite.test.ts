// runSuite(): the catalog (a slice of it, to stay fast) against the fixture server, returning
// the CONTRACT.md report; failing checks are data, not exceptions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runSuite, TargetUnreachable } from '../../src/index.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { DEFAULT_SEED } from '../../src/runner/index.js';

const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('runSuite', () => {
  it('returns the JSON report of the selected checks', async () => {
    const command = fixtureCommand();
    const progress: string[] = [];
    const report = await runSuite(command, { only: 'lifecycle/ping*', seed: 7, onProgress: (_d, _t, id) => progress.push(id) });
    expect(report.tool).toEqual({ name: 'mcp-conform', version });
    expect(report.target).toEqual({ transport: 'stdio', command });
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(report.seed).toBe(7);
    expect(report.checks.map((c) => c.id).sort()).toEqual(['lifecycle/ping', 'lifecycle/ping-before-initialized', 'lifecycle/ping-params-forms']);
    expect(progress.sort()).toEqual(['lifecycle/ping', 'lifecycle/ping-before-initialized', 'lifecycle/ping-params-forms']);
    expect(report.summary).toMatchObject({ total: 3, pass: 3, fail: 0 });
    for (const c of report.checks) expect(c).toMatchObject({ level: expect.any(String), status: 'pass', requirements: expect.any(Array), spec: expect.stringMatching(/^https:/) });
  });

  it('leaves no timer of ours running once it returns, so a script that calls it ends at once', async () => {
    // Timers created by our code (src/, suites/) during the run that are still pending and ref'd after it.
    const pending = new Map<NodeJS.Timeout, string>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const stack = new Error().stack ?? '';
      const timer: NodeJS.Timeout = realSet((...a: unknown[]) => {
        pending.delete(timer);
        fn(...a);
      }, ms, ...args);
      if (/\/(src|suites)\/[^:]+\.ts/.test(stack)) pending.set(timer, stack.split('\n').slice(2, 5).join(' < '));
      return timer;
    }) as unknown as typeof setTimeout);
    const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
      pending.delete(timer as NodeJS.Timeout);
      realClear(timer);
    });
    try {
      // The checks whose waits raced a plain delay or outlived their session: quiet periods, the fuzz relay, the handshake walk.
      const report = await runSuite(fixtureCommand(), { only: ['cancellation/*', 'lifecycle/*', 'stdio/*', 'fuzz/*'], fuzzRuns: 20 });
      expect(report.summary.fail).toBe(0);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
    expect([...pending].filter(([t]) => t.hasRef()).map(([, where]) => where)).toEqual([]);
  }, 60_000);

  it('reports a broken rule as a failing check with its requirement ids', async () => {
    const report = await runSuite(fixtureCommand({ fault: 'wrong-version' }), { only: ['lifecycle/version-echo'], skip: 'lifecycle/ping' });
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0]).toMatchObject({ id: 'lifecycle/version-echo', status: 'fail', level: 'MUST', requirements: ['LIFE-2'] });
    expect(report.summary.fail).toBe(1);
    // No seed given: the fixed default, so the same server gets the same generated inputs every run.
    expect(report.seed).toBe(DEFAULT_SEED);
  });

  it('rejects when the server cannot be started, or the options are invalid', async () => {
    await expect(runSuite(['/nonexistent/mcp-server-binary'], { only: 'lifecycle/ping' })).rejects.toBeInstanceOf(TargetUnreachable);
    // @ts-expect-error: not a revision
    await expect(runSuite(fixtureCommand(), { protocolVersion: '2099-01-01' })).rejects.toThrow(TypeError);
    await expect(runSuite(fixtureCommand(), { timeout: 1.5 })).rejects.toThrow(/timeout must be a whole number/);
    // A pattern that names no check would quietly run nothing.
    await expect(runSuite(fixtureCommand(), { only: ['lifecycle/*', 'lifecycle/pingg'] })).rejects.toThrow(/only pattern "lifecycle\/pingg" matches no check id/);
  });
});
