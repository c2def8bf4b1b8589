// Disruptive checks (malformed input, odd notifications) run on a few sessions apart from the
// main one — on stdio, a few server processes instead of one per check. A lane keeps its
// session while the server stays healthy and opens a new one when it does not. On each lane,
// the checks that do not need the session to themselves run side by side; the others
// (runsAlone) take turns. A side-by-side check that ends badly is run again alone, and that
// verdict counts: a neighbour's crash or stray reply must never become its failure.
import type { Check, CheckResult } from '../checks/index.js';
import type { Session } from '../session/index.js';

export interface LaneHooks {
  /** A new session, ready for checks (initialized where the era has a handshake). */
  open(): Promise<Session>;
  /** Does the session still answer promptly after a check? */
  healthy(session: Session): Promise<boolean>;
  /** Hands over a session that is no longer used, to be closed with the run's others. */
  discard(session: Session): void;
}

interface Occupant {
  overlapped: boolean;
}

export class DisposableLane {
  private current?: Promise<Session>;
  private readonly occupants = new Set<Occupant>();
  /** Sessions found unhealthy while other checks still ran on them: discarded once the lane is empty. */
  private readonly retired: Session[] = [];

  constructor(private readonly hooks: LaneHooks) {}

  /** The lane's session, opened (once, however many checks ask at the same time) when it has none. */
  async acquire(): Promise<Session> {
    if (this.current) {
      const s = await this.current.catch(() => undefined);
      if (s && !s.closed) return s;
      this.current = undefined;
    }
    this.current ??= this.hooks.open();
    return this.current;
  }

  /** A check starts on this lane; the handle says, once it ends, whether another ran beside it. */
  enter(): Occupant {
    const me: Occupant = { overlapped: this.occupants.size > 0 };
    for (const other of this.occupants) other.overlapped = true;
    this.occupants.add(me);
    return me;
  }

  leave(me: Occupant): void {
    this.occupants.delete(me);
    if (this.occupants.size === 0) this.discardRetired();
  }

  /** The lane's work is done: its session is handed over to be closed. */
  close(): void {
    const current = this.current;
    this.current = undefined;
    void current?.then((s) => this.hooks.discard(s), () => undefined);
    this.discardRetired();
  }

  /** After a check: keep the session only if the server still answers promptly. */
  async release(session: Session): Promise<void> {
    if (!session.closed && (await this.hooks.healthy(session))) return;
    const mine = this.current && (await this.current.catch(() => undefined)) === session;
    if (mine) this.current = undefined;
    // Closing it under the checks still running beside this one would become their failure.
    if (this.occupants.size > 0 && !session.closed) this.retired.push(session);
    else this.hooks.discard(session);
  }

  private discardRetired(): void {
    for (const s of this.retired.splice(0)) this.hooks.discard(s);
  }
}

export interface LaneRun {
  result: CheckResult;
  /** Another check ran on the same session meanwhile. */
  overlapped: boolean;
}

/**
 * Runs `checks` on `lanes`: the first lane starts every check that may share its session at
 * once, then every lane takes the runsAlone checks one by one, plus the re-runs of shared-session
 * checks that failed or warned while a neighbour ran. A lane that joins `late` (a session a check
 * handed over) takes its share of what is still queued. A lane that finds the queue empty is
 * closed then, not when the others are done: its process winds down meanwhile.
 */
export async function runOnLanes(
  checks: readonly Check[],
  lanes: readonly DisposableLane[],
  execute: (check: Check, lane: DisposableLane) => Promise<LaneRun>,
  finish: (result: CheckResult) => void,
  late?: Promise<DisposableLane | undefined>,
): Promise<void> {
  if (checks.length === 0 || lanes.length === 0) return;
  const queue = checks.filter((c) => c.runsAlone);
  const together = checks.filter((c) => !c.runsAlone);
  const running = new Set<Promise<unknown>>();
  const drain = async (lane: DisposableLane) => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const run = execute(next, lane).then((r) => finish(r.result));
      running.add(run);
      await run;
      running.delete(run);
    }
    lane.close();
  };
  const first = async () => {
    await Promise.all(
      together.map(async (check) => {
        const run = await execute(check, lanes[0]);
        const bad = run.result.status === 'fail' || run.result.status === 'warn';
        if (bad && run.overlapped) queue.push(check);
        else finish(run.result);
      }),
    );
    await drain(lanes[0]); // re-runs queued above, and whatever the other lanes left
  };
  void late?.then((lane) => lane && drain(lane));
  await Promise.all([first(), ...lanes.slice(1).map(drain)]);
  // The queue is empty; a late lane may still be running the last check it took.
  await Promise.all(running);
}
