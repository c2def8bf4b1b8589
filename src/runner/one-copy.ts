// A server that cannot run two copies at once (it holds a file, a lock or a port). The run finds
// out when a copy exits at start while another copy runs: that copy is started again once the
// others are gone, and from then on copies run one at a time. Before a connection's process
// starts or is sent anything, the other copies are stopped (parked) as soon as they are idle; a
// parked one is started again, its handshake made again, when it is next used. Checks then take
// turns, so most switches fall between checks. Until such an exit, nothing here waits.
import { setTimeout as delay } from 'node:timers/promises';
import type { ProcessLease, Session } from '../session/index.js';

/** How often a copy waiting to run looks whether the others have gone idle or ended. */
const POLL_MS = 25;

export class OneCopyAtATime implements ProcessLease {
  /** Copies run one at a time. */
  private serial = false;
  /** Why, once a copy started again has answered (the exit was another copy's doing): for the report. */
  private confirmed?: string;
  private suspicion?: string;
  /** Every connection of the run with a process (dropped once closed and ended). */
  private readonly sessions = new Set<Session>();
  private readonly parked = new Set<Session>();
  private readonly retried = new WeakSet<Session>();
  /** The connection last let run (serial only): the others wait until it is idle, and stop it then. */
  private holder?: Session;
  private readonly waiting: Array<{ session: Session; resolve: () => void }> = [];
  private pumping = false;
  /** A check holds the turn. */
  private turnTaken = false;
  /** The area of the check that had the turn last. */
  private lastArea?: string;
  private readonly turnsWaiting: Array<{ area: string; order: number; start: () => void }> = [];

  /** `starting`: told of each wait for a copy to run, which checks' ceilings do not count. */
  constructor(private readonly starting?: (wait: Promise<unknown>) => void) {}

  /** Why copies ran one at a time, when they did. */
  get reason(): string | undefined {
    return this.confirmed;
  }

  claim(session: Session): Promise<void> | undefined {
    // A connection that is over goes on at once, to find that out.
    if (session.closed) return undefined;
    this.sessions.add(session);
    // A parked connection's process is started again however copies run by then.
    if (!this.parked.has(session) && (!this.serial || (this.holder === session && session.transport.alive))) return undefined;
    return new Promise((resolve) => {
      this.waiting.push({ session, resolve });
      void this.pump();
    });
  }

  async retryStart(session: Session, exit: string): Promise<boolean> {
    if (this.retried.has(session)) {
      // Alone, it exited at start again: something else stops it. Unless a copy started again has
      // shown that it was another copy's doing, copies run side by side again.
      if (!this.confirmed) this.serial = false;
      return false;
    }
    this.sessions.add(session);
    const others = this.liveOthers(session);
    // Alone, before copies ran one at a time: no other copy held anything. Once they do, a copy
    // that started while another was still stopping gets its second start too.
    if (others.length === 0 && !this.serial) return false;
    this.retried.add(session);
    this.serial = true;
    this.suspicion ??= `a copy of the server exited at start while ${others.length === 1 ? 'another copy' : `${others.length} other copies`} ran (${exit}); started again alone, it answered`;
    await new Promise<void>((resolve) => {
      this.waiting.push({ session, resolve });
      void this.pump();
    });
    // Confirmed once it answers, alone: it exited because of the others.
    const off = session.onReceive(() => {
      off();
      if (this.serial) this.confirmed ??= this.suspicion;
    });
    return true;
  }

  /**
   * A check's turn: once copies run one at a time, one check runs at a time, those of the area
   * that ran last first, then in catalog `order`: checks of an area share work and connections,
   * which then need not be started again between them. Resolves with the turn's end.
   */
  async turn(area: string, order: number): Promise<() => void> {
    if (!this.serial) return () => undefined;
    if (this.turnTaken) await new Promise<void>((start) => this.turnsWaiting.push({ area, order, start }));
    this.turnTaken = true;
    this.lastArea = area;
    return () => {
      const sameArea = this.turnsWaiting.filter((w) => w.area === this.lastArea);
      const next = (sameArea.length ? sameArea : this.turnsWaiting).reduce<(typeof this.turnsWaiting)[number] | undefined>((a, w) => (a && a.order <= w.order ? a : w), undefined);
      if (!next) {
        this.turnTaken = false;
        return;
      }
      this.turnsWaiting.splice(this.turnsWaiting.indexOf(next), 1);
      next.start();
    };
  }

  /** Lets the waiting connections run, first come first served, each once the other copies are gone. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        const next = this.waiting[0]!.session;
        const ready = this.makeRoom(next).then(async () => {
          this.holder = next;
          if (this.parked.delete(next) && !next.closed) await next.resumeProcess();
        });
        this.starting?.(ready);
        await ready;
        for (let i = 0; i < this.waiting.length; ) {
          if (this.waiting[i]!.session === next) this.waiting.splice(i, 1)[0]!.resolve();
          else i++;
        }
        // What it was waiting to send goes out (it is busy then) before anyone may stop it again.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Parks every other copy as soon as it is idle, and waits until none runs or starts (closing ones end on their own). */
  private async makeRoom(next: Session): Promise<void> {
    for (;;) {
      const others = this.liveOthers(next);
      if (others.length === 0) return;
      for (const s of others) {
        if (s.busy || s.closed || this.parked.has(s) || !s.transport.alive) continue;
        this.parked.add(s);
        void s.parkProcess().catch(() => undefined);
      }
      await delay(POLL_MS);
    }
  }

  private liveOthers(session: Session): Session[] {
    for (const s of this.sessions) if (s.closed && !s.transport.alive && !s.busy) this.sessions.delete(s);
    return [...this.sessions].filter((s) => s !== session && (s.transport.alive === true || (s.processStarting && !s.closed)));
  }
}
