// A server that cannot run two copies at once (it holds a file, a lock or a port) is run one copy
// at a time: each connection asks the run's lease before its process starts or is sent anything,
// and the lease stops idle copies (parks them) to let one run. A parked connection's process is
// started again when it is next used, and the handshake it made is made again. The runner
// implements the lease (runner/one-copy.ts); without one, nothing here happens.
import type { Session } from './session.js';
import type { RawBytes } from '../transport/types.js';

export interface ProcessLease {
  /**
   * Before `session`'s process is spawned or sent anything: undefined when it may go on at once,
   * else a promise that resolves once it may (its process then runs, started again if it was parked).
   */
  claim(session: Session): Promise<void> | undefined;
  /**
   * `session`'s process exited at start (`exit` says how, and what its stderr said): resolves true
   * when it is to be started again (the other copies are gone by then).
   */
  retryStart(session: Session, exit: string): Promise<boolean>;
}

/** Sent before the server first answered (at most this many), to send again to a copy started anew. */
const EARLY_SENDS_KEPT = 200;

export type EarlySend = { message: unknown } | { raw: RawBytes };

/** What a connection sent before the server first answered: a copy that exited at start and is started again gets it all again. */
export class EarlySends {
  private readonly sent: EarlySend[] = [];

  add(send: EarlySend): void {
    if (this.sent.length < EARLY_SENDS_KEPT) this.sent.push(send);
  }

  /** Everything, in order, through `send` (the transport itself: nothing is recorded twice). */
  async replay(send: (item: EarlySend) => Promise<unknown>): Promise<void> {
    for (const item of this.sent) await send(item);
  }

  clear(): void {
    this.sent.length = 0;
  }
}
