// The tasks extension checks (2026-07-28) against the fixture: all pass on the conformant
// fixture over stdio and Streamable HTTP (JSON and SSE replies), and the faults that share a
// check show their own symptom in its message (each check's own fault is its proof: test/proof/).
import { describe, expect, it } from 'vitest';
import { tasksExtChecks } from '../../suites/tasks-ext.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

const IDS = tasksExtChecks.map((c) => c.id);
type Report = Awaited<ReturnType<typeof runAgainstFixture>>;
const messageOf = (report: Report, id: string) => (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === id)?.message ?? '';
const statuses = (report: Report) => Object.fromEntries(IDS.map((id) => [id, statusOf(report, id)]));
/** Judged only on a dual-era server: a stateless-only one has no initialize-based session. */
const DUAL_ONLY = 'tasks-ext/not-in-initialize-session';

describe('tasks-ext checks on the conformant fixture', () => {
  it('run and pass over stdio (the HTTP-only one skips, and the dual-era one)', async () => {
    const report = await runAgainstFixture({ era: 'stateless', checks: tasksExtChecks });
    expect(statuses(report)).toEqual(Object.fromEntries(IDS.map((id) => [id, id === 'tasks-ext/mcp-name-task-id' || id === DUAL_ONLY ? 'skip' : 'pass'])));
    expect(messageOf(report, DUAL_ONLY)).toMatch(/not dual-era/);
    expect(messageOf(report, 'tasks-ext/input-requests')).toMatch(/task-questions: answered name, colour, ended completed/);
    expect(messageOf(report, 'tasks-ext/result-matches-direct-call')).toMatch(/fail: completed, equal to the direct call/);
  });

  for (const sse of [false, true]) {
    it(`run and pass over Streamable HTTP with ${sse ? 'SSE' : 'JSON'} replies`, async () => {
      const report = await runAgainstHttpFixture({ era: 'stateless', sse, checks: tasksExtChecks });
      expect(statuses(report)).toEqual(Object.fromEntries(IDS.map((id) => [id, id === DUAL_ONLY ? 'skip' : 'pass'])));
    });
  }

  it('on a dual-era fixture, a 2025-11-25 session that declares the extension gets no task, over stdio and HTTP', async () => {
    const run = { era: 'dual' as const, protocolVersion: '2026-07-28' as const, checks: tasksExtChecks, only: [DUAL_ONLY] };
    for (const report of [await runAgainstFixture(run), await runAgainstHttpFixture(run)]) {
      expect(statusOf(report, DUAL_ONLY), messageOf(report, DUAL_ONLY)).toBe('pass');
      expect(messageOf(report, DUAL_ONLY)).toMatch(/in the 2025-11-25 session: tool "(fail|slow)" \(taskSupport optional\): result/);
    }
  });

  it('skip without a word of tasks on the stateful fixture, which does not speak 2026-07-28', async () => {
    const report = await runAgainstFixture({ checks: tasksExtChecks });
    expect(IDS.map((id) => statusOf(report, id)).every((s) => s === undefined || s === 'skip')).toBe(true);
  });
});

// Each check failing on its fault is its proof (test/proof/tasks-ext.ts, run by the proofs); here,
// the faults that share a check show their own symptom in its message.
describe('tasks-ext checks on their faults', () => {
  it('a legacy notifications/tasks/status on the listen stream fails the listen check', async () => {
    const report = await runAgainstFixture({ fault: 'tasksx-status-notification-legacy', era: 'stateless', checks: tasksExtChecks, only: ['tasks-ext/listen-notifications'] });
    expect(statusOf(report, 'tasks-ext/listen-notifications')).toBe('fail');
    expect(messageOf(report, 'tasks-ext/listen-notifications')).toMatch(/notifications\/tasks\/status/);
  });

  it('a call without the extension after one with it, under the legacy tasks capability, fails', async () => {
    const report = await runAgainstFixture({ fault: 'tasksx-legacy-capability', era: 'stateless', checks: tasksExtChecks, only: ['tasks-ext/no-task-without-extension'] });
    expect(statusOf(report, 'tasks-ext/no-task-without-extension')).toBe('fail');
    expect(messageOf(report, 'tasks-ext/no-task-without-extension')).toMatch(/got a task/);
  });

  it('an isError result ending as failed names the rule', async () => {
    const report = await runAgainstFixture({ fault: 'tasksx-iserror-failed', era: 'stateless', checks: tasksExtChecks, only: ['tasks-ext/result-matches-direct-call'] });
    expect(messageOf(report, 'tasks-ext/result-matches-direct-call')).toMatch(/tool "fail": the task failed, but a tool result with isError: true belongs in a completed task/);
  });
});
