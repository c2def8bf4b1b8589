// The process behind a stdio connection, when the run's lease may stop and start it (a server
// that cannot run two copies at once; process-lease.ts). What the connection sends waits for its
// turn. A copy that exited at start is started again once the others are gone, and sent again what
// the first one was sent. A parked copy is started again when the connection is next used, and
// the handshake the connection made is made again. Without a lease, every step passes straight on.
import { TargetUnreachable, type CloseInfo, type Transport } from '../transport/types.js';
import { describeExit } from '../transport/spawn-errors.js';
import { EarlySends, type EarlySend, type ProcessLease } from './process-lease.js';
import type { Session } from './session.js';

/** What the connection's process handling needs of its session. */
export interface ProcessHost {
  readonly session: Session;
  /** A new copy: requests waiting for the first answer wait under a start bound counted from now, and the server's request ids start afresh. */
  newCopy(): void;
  /** Sends a request at once, ahead of anything waiting (the handshake made again). */
  requestNow(method: string, params: Record<string, unknown>): Promise<unknown>;
  notifyNow(method: string): Promise<unknown>;
  /** The connection is over (the exit stands, or no copy could be started again). */
  end(reason: string): void;
}

export class ConnectionProcess {
  /** Changes each time the process is parked: whatever state the server kept for the connection is gone then. */
  generation = 0;
  /** It exited at start, and may be started again: the connection is not over meanwhile. */
  restarting = false;
  private spawning = false;
  private resuming = false;
  /** While a copy is started again and sent what it must get first, everything else waits. */
  private hold?: Promise<void>;
  private readonly early = new EarlySends();
  /** The initialize that succeeded on the connection, and whether initialized followed it. */
  private handshake?: { params: Record<string, unknown>; initialized: boolean };

  constructor(
    private readonly transport: Transport,
    private readonly lease: ProcessLease | undefined,
    private readonly host: ProcessHost,
  ) {}

  /** Its process is being spawned or started again, or waits to be. */
  get busy(): boolean {
    return this.starting || this.restarting;
  }

  /** Its process is being spawned or started again (not while it waits to be). */
  get starting(): boolean {
    return this.spawning || this.resuming;
  }

  /** What a send waits for before it goes out; undefined when it may go at once. */
  turn(): Promise<void> | undefined {
    if (!this.lease) return undefined;
    return this.hold ?? this.lease.claim(this.host.session);
  }

  /** A send went out; until the server first answers, it is kept for a copy started again. */
  sent(item: EarlySend, answered: boolean): void {
    if (this.lease && !answered) this.early.add(item);
  }

  firstAnswer(): void {
    this.early.clear();
  }

  initializeAnswered(params: unknown): void {
    if (this.lease) this.handshake ??= { params: (params ?? {}) as Record<string, unknown>, initialized: false };
  }

  initializedSent(): void {
    if (this.handshake) this.handshake.initialized = true;
  }

  /** Spawns the process once the lease lets it run; a copy that exits at once may be started again. */
  async start(): Promise<void> {
    await this.lease?.claim(this.host.session);
    try {
      for (let first = true; ; first = false) {
        try {
          await this.spawn(() => (first ? this.transport.start() : this.transport.respawn!()));
          return;
        } catch (err) {
          // Not over while the lease decides, and its copy starts again.
          this.restarting = true;
          if (!(await this.mayRetry(err))) throw err;
          this.host.newCopy();
        }
      }
    } finally {
      this.restarting = false;
    }
  }

  private async spawn(how: () => Promise<void>): Promise<void> {
    this.spawning = true;
    try {
      await how();
    } finally {
      this.spawning = false;
    }
  }

  /** Stops the process (the lease lets another copy run); the connection stays. */
  async park(): Promise<void> {
    this.generation++;
    await this.transport.park?.();
  }

  /** Starts a parked process again and makes the connection's handshake again, before anything else is sent. */
  async resume(): Promise<void> {
    this.resuming = true;
    const again = (async () => {
      await this.transport.respawn!();
      this.host.newCopy();
      if (!this.handshake) return;
      await this.host.requestNow('initialize', this.handshake.params);
      if (this.handshake.initialized) await this.host.notifyNow('notifications/initialized');
    })();
    this.hold = again.then(noop, noop);
    try {
      await again;
    } catch (err) {
      this.host.end(`the server could not be started again: ${(err as Error).message}`);
    } finally {
      this.resuming = false;
      this.hold = undefined;
    }
  }

  /**
   * The process exited at start, after what we sent had gone out: true when the lease may have it
   * started again (then everything sent so far goes to the new copy); false when the exit stands.
   * `giveUp` is called when it is not started again after all.
   */
  exitedAtStart(info: CloseInfo, giveUp: () => void): boolean {
    if (!this.lease || !this.transport.respawn) return false;
    this.restarting = true;
    const again = this.startAgain(`it exited with ${describeExit({ code: info.code ?? null, signal: info.signal ?? null })}${info.atStart ?? ''}`);
    this.hold = again.then(noop, noop);
    void again.then((ok) => {
      this.hold = undefined;
      if (!ok) giveUp();
    });
    return true;
  }

  private async startAgain(exit: string): Promise<boolean> {
    try {
      for (;;) {
        if (!(await this.lease!.retryStart(this.host.session, exit))) return false;
        try {
          await this.spawn(() => this.transport.respawn!());
          break;
        } catch (err) {
          if (!(err instanceof TargetUnreachable)) return false; // exited at once again: the lease is asked again
        }
      }
      this.host.newCopy();
      await this.early.replay((item) => ('raw' in item ? this.transport.sendRaw(item.raw) : this.transport.send(item.message))).catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      this.restarting = false;
    }
  }

  /** The process could not start (TargetUnreachable): may the lease have it started again? */
  private async mayRetry(err: unknown): Promise<boolean> {
    return err instanceof TargetUnreachable && this.lease !== undefined && this.transport.respawn !== undefined && this.lease.retryStart(this.host.session, err.message);
  }
}

function noop(): void {}
