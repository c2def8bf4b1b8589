// 2025-11-25 tasks checks against the fixture: they run (not skip) over stdio and HTTP and pass,
// and the status graph and the poll pacing behave at their edges.
import { describe, expect, it } from 'vitest';
import { illegalTransitions, pollDelayMs, POLL_CEILING_MS, POLL_FLOOR_MS } from '../../suites/lib/task-lifecycle.js';
import { runAgainstFixture, runAgainstHttpFixture } from './harness.js';

const ran = (report: Awaited<ReturnType<typeof runAgainstFixture>>) => report.checks.filter((c) => c.id.startsWith('tasks/') && c.status !== 'skip');

describe('tasks checks', () => {
  it('all run and pass over stdio, except the HTTP-only isolation and JSON-poll checks', async () => {
    const report = await runAgainstFixture({ only: ['tasks/*'] });
    expect(ran(report).map((c) => [c.id, c.status]).filter(([, s]) => s !== 'pass')).toEqual([]);
    expect(ran(report).length).toBe(19);
  });

  it('all run and pass over HTTP, the isolation and JSON-poll checks included', async () => {
    const report = await runAgainstHttpFixture({ only: ['tasks/*'] });
    // With JSON replies the status notifications can only travel on a GET stream, which the task run does not open: info.
    expect(ran(report).map((c) => [c.id, c.status]).filter(([, s]) => s !== 'pass')).toEqual([['tasks/status-notifications', 'info']]);
    expect(ran(report).length).toBe(21);
  });

  it('over HTTP with SSE replies, a tasks/get poll still comes back as JSON (TASK-28)', async () => {
    const report = await runAgainstHttpFixture({ only: ['tasks/get-answered-as-json', 'tasks/status-transitions'], sse: true });
    expect(ran(report).map((c) => [c.id, c.status])).toEqual([
      ['tasks/status-transitions', 'pass'],
      ['tasks/get-answered-as-json', 'pass'],
    ]);
    expect(report.checks.find((c) => c.id === 'tasks/get-answered-as-json')?.message).toMatch(/^\d+ tasks\/get answered with a JSON body$/);
  });

  it('skip task creation on revisions without tasks', async () => {
    const report = await runAgainstFixture({ only: ['tasks/*'], protocolVersion: '2025-06-18' });
    expect(ran(report)).toEqual([]);
  });
});

describe('task status graph and polling', () => {
  it('allows only the paths of TASK-7, and nothing after a terminal state', () => {
    expect(illegalTransitions(['working', 'input_required', 'working', 'completed', 'completed'])).toEqual([]);
    expect(illegalTransitions(['working', 'completed', 'working'])).toEqual(['completed → working']);
    expect(illegalTransitions(['working', 'cancelled', 'completed'])).toEqual(['cancelled → completed']);
  });

  it('keeps the server\'s pollInterval within our floor and ceiling', () => {
    expect(pollDelayMs(0)).toBe(POLL_FLOOR_MS);
    expect(pollDelayMs(3_600_000)).toBe(POLL_CEILING_MS);
    expect(pollDelayMs(300)).toBe(300);
    expect(pollDelayMs('soon')).toBeGreaterThanOrEqual(POLL_FLOOR_MS);
  });
});
