// Server processes start a few at a time. A start is mostly CPU (loading the server's code):
// ten at once on a two-core machine all finish late and thrash each other, while two at a time
// finish in turn and let the checks waiting on them begin. Starts whose checks then mostly wait
// (quiet periods) go first, so the waiting overlaps the other starts; starts nothing waits on for
// long (a version probe is done once answered) go last. Starts asked for at the same moment
// (checks beginning together) are ordered the same way, not by who happened to ask first. A
// start counts as done at the server's first message, or when the connection ends, or after a
// ceiling (a server that says nothing until spoken to must not hold a slot).
import type { StartOrder } from '../checks/index.js';
import type { Session } from '../session/index.js';

const START_CEILING_MS = 1500;

export class StartGate {
  private busy = 0;
  /** A hand-out of free slots is scheduled. */
  private draining = false;
  private readonly queues: Record<StartOrder, Array<() => void>> = { first: [], normal: [], last: [] };

  constructor(private readonly slots: number) {}

  /** Opens a session through the gate: waits for a slot, and holds it until the server has started. */
  async open(start: () => Promise<Session>, order: StartOrder = 'normal'): Promise<Session> {
    await new Promise<void>((resolve) => {
      this.queues[order].push(resolve);
      // Free slots are handed out once the asks of this moment are all in.
      if (!this.draining && this.busy < this.slots) {
        this.draining = true;
        setImmediate(() => {
          this.draining = false;
          this.next();
        });
      }
    });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(ceiling);
      this.busy--;
      this.next();
    };
    const ceiling = setTimeout(release, START_CEILING_MS);
    ceiling.unref();
    try {
      const session = await start();
      if (session.closed) release();
      const off = session.onReceive(() => {
        off();
        release();
      });
      session.transport.on('exit', release);
      return session;
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Starts the waiting opens, in order, while slots are free. */
  private next(): void {
    while (this.busy < this.slots) {
      const go = this.queues.first.shift() ?? this.queues.normal.shift() ?? this.queues.last.shift();
      if (!go) return;
      this.busy++;
      go();
    }
  }
}
