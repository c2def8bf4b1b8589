// How long the run's servers spent starting. A start is not the checks' time: a check waiting on
// a connection whose process is still starting (its own, or shared work's) has its ceiling moved
// on by as long as some start was under way, so a slow start never reads as a hung server.
import type { Session } from '../session/index.js';

export class StartClock {
  private starting = 0;
  private since = 0;
  private total = 0;

  /** ms so far during which at least one start was under way. */
  elapsed(): number {
    return this.total + (this.starting > 0 ? performance.now() - this.since : 0);
  }

  /** Counts `session` as starting until its first message, its end, or `boundMs` (its start bound). */
  watch(session: Session, boundMs: number): void {
    if (session.startMs !== undefined || session.closed) return;
    if (this.starting++ === 0) this.since = performance.now();
    void session.waitFor(() => true, boundMs).then(() => {
      if (--this.starting === 0) this.total += performance.now() - this.since;
    });
  }
}
