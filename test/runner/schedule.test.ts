// The run's schedule: which checks go on the main session, the lanes, connections of their own
// and at the end, and that long checks (mostly waiting) never hold the main session's slots.
import { describe, expect, it } from 'vitest';
import { defineCheck, type Check, type CheckResult, type Phase } from '../../src/checks/index.js';
import { allChecks } from '../../suites/index.js';
import { executePlan } from '../../src/runner/schedule.js';
import { planRevision, type PlanOptions } from '../../src/runner/plan.js';
import type { LaneRun } from '../../src/runner/disposable-lanes.js';
import type { TargetSpec } from '../../src/session/index.js';

type Connection = 'shared' | 'fresh' | 'disposable' | 'raw';
const check = (id: string, connection: Connection = 'shared', long = false, phase: Phase = 'during'): Check =>
  defineCheck({ id, title: id, level: 'MUST', requirements: ['X-1'], spec: 'x', connection, long, phase, run: async (ctx) => ctx.pass() });
const final = (id: string): Check => check(id, 'shared', false, 'final');
const result = (c: Check): CheckResult => ({ id: c.id, title: c.title, level: c.level, status: 'pass', requirements: [], spec: '', evidence: [], durationMs: 0 });
const http: TargetSpec = { transport: 'http', url: 'http://127.0.0.1:1/mcp' } as TargetSpec;
const stdio: TargetSpec = { transport: 'stdio', command: ['server'] } as TargetSpec;
const planFor = (checks: Check[], target: TargetSpec, o: Partial<PlanOptions> = {}) => planRevision({ checks, target, revision: '2025-11-25', ...o });

describe('planSchedule', () => {
  const checks = [check('a/one'), check('a/long', 'shared', true), check('b/fresh', 'fresh'), check('b/disposable', 'disposable'), final('c/x-whole-run'), final('messages/all-server-messages')];

  it('puts disruptive checks on lanes over stdio and on connections of their own over HTTP; whole-run checks last', () => {
    const overStdio = planFor(checks, stdio);
    expect(overStdio.during.lanes.checks.map((c) => c.id)).toEqual(['b/disposable']);
    expect(overStdio.during.own.checks.map((c) => c.id)).toEqual(['b/fresh']);
    expect(overStdio.final.map((c) => c.id)).toEqual(['c/x-whole-run', 'messages/all-server-messages']);
    const overHttp = planFor(checks, http);
    expect(overHttp.during.lanes.checks).toEqual([]);
    expect(overHttp.during.own.checks.map((c) => c.id)).toEqual(['b/fresh', 'b/disposable']);
    expect(overHttp.during.main).toMatchObject({ width: 4 });
    expect(overHttp.during.main.long.map((c) => c.id)).toEqual(['a/long']);
    expect(overHttp.during.main.checks.map((c) => c.id)).toEqual(['a/one']);
  });

  it('over HTTP starts the long checks of their own connections all at once; on stdio (a process each) only first', () => {
    const own = [check('b/fresh', 'fresh'), check('b/quiet', 'fresh', true), check('b/raw', 'raw'), check('b/quiet-disposable', 'disposable', true)];
    const overHttp = planFor(own, http).during.own;
    expect(overHttp.long.map((c) => c.id)).toEqual(['b/quiet', 'b/quiet-disposable']);
    expect(overHttp.checks.map((c) => c.id)).toEqual(['b/fresh', 'b/raw']);
    const overStdio = planFor(own.filter((c) => c.connection !== 'disposable'), stdio).during.own;
    expect(overStdio.long).toEqual([]);
    expect(overStdio.checks.map((c) => c.id)).toEqual(['b/quiet', 'b/fresh', 'b/raw']);
    expect(overStdio.width).toBe(2);
    // An explicit width (the fuzz command: one at a time) holds for the long ones too.
    expect(planFor(own, http, { ownConcurrency: 1 }).during.own).toMatchObject({ long: [], width: 1 });
  });
});

describe('phase', () => {
  it('decides what runs last, not how the id is spelt', () => {
    const schedule = planFor([check('a/looks-whole-run'), final('a/judges-everything')], stdio);
    expect(schedule.final.map((c) => c.id)).toEqual(['a/judges-everything']);
    expect(schedule.during.main.checks.map((c) => c.id)).toEqual(['a/looks-whole-run']);
  });

  it('is final for exactly the shipped checks whose ids say so (ids are a contract: they keep their spelling)', () => {
    const finals = allChecks.filter((c) => c.phase === 'final').map((c) => c.id);
    const namedSo = allChecks.filter((c) => c.id.endsWith('-whole-run') || c.id === 'messages/all-server-messages').map((c) => c.id);
    expect(finals).toEqual(namedSo);
    expect(finals.length).toBeGreaterThanOrEqual(8);
    expect(allChecks.every((c) => c.phase === 'final' || c.phase === 'during')).toBe(true);
  });
});

describe('runSchedule', () => {
  it('starts every long check at once, and the others still get the main session while those wait', async () => {
    const longs = [check('l/1', 'shared', true), check('l/2', 'shared', true), check('l/3', 'shared', true), check('l/4', 'shared', true)];
    const schedule = planFor([...longs, check('s/short')], http);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const execute = async (c: Check): Promise<LaneRun> => {
      order.push(`start ${c.id}`);
      if (c.long) await held;
      order.push(`end ${c.id}`);
      return { result: result(c), overlapped: false };
    };
    const running = executePlan(schedule, { execute, finish: () => undefined, lanes: [], beforeFinals: async () => undefined });
    await new Promise((r) => setTimeout(r, 20));
    // Four long checks, as many as HTTP's slots: the short one still ran to its end while they waited.
    expect(order).toEqual(['start l/1', 'start l/2', 'start l/3', 'start l/4', 'start s/short', 'end s/short']);
    release();
    await running;
    expect(order.filter((e) => e.startsWith('end'))).toHaveLength(5);
  });

  it('keeps an explicit width for long checks too (the fuzz command runs its campaigns one at a time)', async () => {
    const schedule = planFor([check('s/short'), check('l/1', 'shared', true), check('l/2', 'shared', true)], http, { concurrency: 1 });
    const order: string[] = [];
    const execute = async (c: Check): Promise<LaneRun> => {
      order.push(`start ${c.id}`);
      await new Promise((r) => setTimeout(r, 5));
      order.push(`end ${c.id}`);
      return { result: result(c), overlapped: false };
    };
    await executePlan(schedule, { execute, finish: () => undefined, lanes: [], beforeFinals: async () => undefined });
    expect(order).toEqual(['start l/1', 'end l/1', 'start l/2', 'end l/2', 'start s/short', 'end s/short']);
  });

  it('runs the finals after every other check, one at a time, after beforeFinals', async () => {
    const schedule = planFor([final('z/a-whole-run'), check('a/one'), check('b/fresh', 'fresh')], http);
    const order: string[] = [];
    const execute = async (c: Check): Promise<LaneRun> => {
      order.push(c.id);
      await new Promise((r) => setTimeout(r, 5));
      return { result: result(c), overlapped: false };
    };
    await executePlan(schedule, { execute, finish: () => undefined, lanes: [], beforeFinals: async () => void order.push('before finals') });
    expect(order.slice(-2)).toEqual(['before finals', 'z/a-whole-run']);
  });
});
