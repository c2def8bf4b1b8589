// The disposable lanes: checks that may share a session run side by side on the first lane,
// runsAlone checks take turns on every lane, and a side-by-side check that fails or warns is
// run again alone, whose verdict is the one reported.
import { describe, expect, it } from 'vitest';
import { defineCheck, type Check, type CheckResult } from '../../src/checks/index.js';
import { DisposableLane, runOnLanes, type LaneRun } from '../../src/runner/disposable-lanes.js';
import type { Session } from '../../src/session/index.js';

const check = (id: string, runsAlone = false): Check =>
  defineCheck({ id: `lanes/${id}`, title: id, level: 'MUST', requirements: ['X-1'], spec: 'x', connection: 'disposable', runsAlone, run: async (ctx) => ctx.pass() });

const result = (c: Check, status: CheckResult['status']): CheckResult => ({ id: c.id, title: c.title, level: c.level, status, requirements: [], spec: '', evidence: [], durationMs: 0 });

const fakeSession = () => ({ closed: false }) as unknown as Session;
const lane = (opened: Session[] = []) =>
  new DisposableLane({
    open: async () => {
      const s = fakeSession();
      opened.push(s);
      return s;
    },
    healthy: async () => true,
    discard: () => undefined,
  });
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('runOnLanes', () => {
  it('runs shareable checks side by side, runsAlone ones never beside another on the same lane', async () => {
    const lanes = [lane(), lane()];
    const inFlight = new Map<DisposableLane, string[]>();
    const seen: Array<{ id: string; beside: string[] }> = [];
    const execute = async (c: Check, l: DisposableLane): Promise<LaneRun> => {
      const mine = inFlight.get(l) ?? [];
      inFlight.set(l, mine);
      seen.push({ id: c.id, beside: [...mine] });
      mine.push(c.id);
      const occupant = l.enter();
      await tick();
      l.leave(occupant);
      mine.splice(mine.indexOf(c.id), 1);
      return { result: result(c, 'pass'), overlapped: occupant.overlapped };
    };
    const checks = [check('a'), check('b'), check('c'), check('x', true), check('y', true), check('z', true)];
    const finished: string[] = [];
    await runOnLanes(checks, lanes, execute, (r) => finished.push(r.id));
    expect(finished.sort()).toEqual(checks.map((c) => c.id).sort());
    for (const s of seen.filter((s) => s.id.match(/[xyz]$/))) expect(s.beside).toEqual([]);
    expect(seen.find((s) => s.id === 'lanes/c')!.beside).toEqual(['lanes/a', 'lanes/b']);
  });

  it('lets a lane that joins late take its share of the runsAlone checks still queued', async () => {
    const first = lane();
    const late = lane();
    let join!: (l: DisposableLane) => void;
    const joining = new Promise<DisposableLane | undefined>((resolve) => (join = resolve));
    const where = new Map<string, DisposableLane>();
    const inFlight = new Map<DisposableLane, number>();
    const crowded: string[] = [];
    const execute = async (c: Check, l: DisposableLane): Promise<LaneRun> => {
      where.set(c.id, l);
      inFlight.set(l, (inFlight.get(l) ?? 0) + 1);
      if (c.runsAlone && inFlight.get(l)! > 1) crowded.push(c.id);
      await tick();
      inFlight.set(l, inFlight.get(l)! - 1);
      return { result: result(c, 'pass'), overlapped: false };
    };
    const alone = ['p', 'q', 'r', 's', 't', 'u'].map((id) => check(id, true));
    const finished: string[] = [];
    const done = runOnLanes([check('a'), ...alone], [first], execute, (r) => finished.push(r.id), joining);
    await tick();
    join(late);
    await done;
    expect(finished.sort()).toEqual(['lanes/a', ...alone.map((c) => c.id)].sort());
    expect(alone.filter((c) => where.get(c.id) === late).length).toBeGreaterThan(0);
    expect(alone.filter((c) => where.get(c.id) === first).length).toBeGreaterThan(0);
    expect(crowded).toEqual([]);
  });

  it('closes a lane as soon as it finds the queue empty, while another lane still runs', async () => {
    const discarded: string[] = [];
    const named = (name: string) =>
      new DisposableLane({ open: async () => fakeSession(), healthy: async () => true, discard: () => discarded.push(name) });
    const first = named('first');
    const late = named('late');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const execute = async (c: Check, l: DisposableLane): Promise<LaneRun> => {
      await l.acquire();
      if (c.id === 'lanes/long') await held; // the first lane's side-by-side check
      else await tick();
      return { result: result(c, 'pass'), overlapped: false };
    };
    const done = runOnLanes([check('long'), check('x', true)], [first], execute, () => undefined, Promise.resolve(late));
    await new Promise((r) => setTimeout(r, 50));
    // The late lane ran x and found nothing more: its session is handed back while "long" still runs.
    expect(discarded).toEqual(['late']);
    release();
    await done;
    expect(discarded).toEqual(['late', 'first']);
  });

  it('runs a side-by-side check again alone when it failed or warned, and reports that verdict', async () => {
    const runs: Array<{ id: string; overlapped: boolean }> = [];
    const execute = async (c: Check, l: DisposableLane): Promise<LaneRun> => {
      const occupant = l.enter();
      await tick();
      l.leave(occupant);
      runs.push({ id: c.id, overlapped: occupant.overlapped });
      // Fails only beside a neighbour: the neighbour's doing, not its own.
      return { result: result(c, c.id === 'lanes/victim' && occupant.overlapped ? 'fail' : 'pass'), overlapped: occupant.overlapped };
    };
    const finished: CheckResult[] = [];
    await runOnLanes([check('victim'), check('other')], [lane()], execute, (r) => finished.push(r));
    expect(runs.filter((r) => r.id === 'lanes/victim')).toEqual([{ id: 'lanes/victim', overlapped: true }, { id: 'lanes/victim', overlapped: false }]);
    expect(finished.map((r) => [r.id, r.status])).toEqual([['lanes/other', 'pass'], ['lanes/victim', 'pass']]);
  });

  it('keeps a failure that the run alone confirms', async () => {
    const execute = async (c: Check, l: DisposableLane): Promise<LaneRun> => {
      const occupant = l.enter();
      await tick();
      l.leave(occupant);
      return { result: result(c, c.id === 'lanes/broken' ? 'fail' : 'pass'), overlapped: occupant.overlapped };
    };
    const finished: CheckResult[] = [];
    await runOnLanes([check('broken'), check('fine')], [lane()], execute, (r) => finished.push(r));
    expect(finished.find((r) => r.id === 'lanes/broken')!.status).toBe('fail');
    expect(finished).toHaveLength(2);
  });
});

describe('DisposableLane', () => {
  it('opens one session however many checks ask at once, and a new one after an unhealthy release', async () => {
    const opened: Session[] = [];
    let healthy = true;
    const discarded: Session[] = [];
    const l = new DisposableLane({
      open: async () => {
        const s = fakeSession();
        opened.push(s);
        return s;
      },
      healthy: async () => healthy,
      discard: (s) => discarded.push(s),
    });
    const [a, b] = await Promise.all([l.acquire(), l.acquire()]);
    expect(a).toBe(b);
    expect(opened).toHaveLength(1);
    await l.release(a);
    expect(await l.acquire()).toBe(a);
    healthy = false;
    await l.release(a);
    expect(discarded).toEqual([a]);
    expect(await l.acquire()).not.toBe(a);
    expect(opened).toHaveLength(2);
  });

  it('keeps an unhealthy session open while another check still runs on it, and discards it once that one leaves', async () => {
    const discarded: Session[] = [];
    const l = new DisposableLane({ open: async () => fakeSession(), healthy: async () => false, discard: (s) => discarded.push(s) });
    const s = await l.acquire();
    const first = l.enter();
    const second = l.enter();
    l.leave(first);
    await l.release(s);
    // The second check is still reading from it: closing it now would be its failure.
    expect(discarded).toEqual([]);
    expect(await l.acquire()).not.toBe(s);
    l.leave(second);
    expect(discarded).toEqual([s]);
  });
});
