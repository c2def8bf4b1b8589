// The starts of a run's connections: how long each took (spawn or connect to the server's first
// answer), for the report, and how long some start was under way, which checks' ceilings do not
// count: a check waiting on a connection still starting (its own, or shared work's) has its
// ceiling moved on by as long, so a slow start never reads as a hung server.
import type { Session } from '../session/index.js';
import { within } from '../transport/index.js';

/** One connection's start: what it was opened for, and ms to the first answer (null: none came). */
export interface ConnectionStart {
  for: string;
  ms: number | null;
}

export class RunStarts {
  readonly connections: ConnectionStart[] = [];
  private starting = 0;
  private since = 0;
  private total = 0;

  /** ms so far during which at least one start was under way. */
  elapsed(): number {
    return this.total + (this.starting > 0 ? performance.now() - this.since : 0);
  }

  /** Watches `session` start: under way until its first message, its end, or `boundMs` (its start bound). */
  watch(session: Session, openedFor: string, boundMs: number): void {
    const record = () => {
      this.connections.push({ for: openedFor, ms: session.startMs === undefined ? null : Math.round(session.startMs) });
    };
    if (session.startMs !== undefined || session.closed) return record();
    this.span(within(Promise.race([session.spoke, session.ended]), boundMs).then(record));
  }

  /** Counts as starting until `work` settles (a copy waiting for the others to stop, then starting). */
  span(work: Promise<unknown>): void {
    if (this.starting++ === 0) this.since = performance.now();
    const end = () => {
      if (--this.starting === 0) this.total += performance.now() - this.since;
    };
    work.then(end, end);
  }
}
