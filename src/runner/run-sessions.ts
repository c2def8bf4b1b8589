// The sessions of one run: the main one (reopened after a crash), the process started beside it
// for the disruptive checks' lane (stdio), new connections through the start gate (stdio: two
// server processes starting at a time; HTTP: no gate), and the bookkeeping that lets sessions
// wind down while the run goes on and be closed together at its end.
import { HANDSHAKE_TAG, type ServerFacts, type StartOrder } from '../checks/index.js';
import { DEFAULT_START_TIMEOUT_MS, initialize, openSession, type LivenessRequest, type Session, type SessionOptions, type TargetSpec } from '../session/index.js';
import { DisposableLane } from './disposable-lanes.js';
import type { RunStarts } from './run-starts.js';
import { StartGate } from './start-gate.js';

export const DEFAULT_CLIENT_CAPABILITIES = {};
/**
 * At the end of a run no exit is judged (lifecycle/stdin-close-exit watches one of its own with
 * the catalog's 5 s): a server still running this long after stdin closed gets SIGTERM, the
 * usual request to stop, then SIGKILL. Processes that end on EOF do so within a few tens of
 * milliseconds even when several end at once on a loaded machine (server-everything: 10–30 ms);
 * one kept up by timers (server-everything's subscription and log intervals, on every run's main
 * session) waits for the signal however long we wait, and every run waited the whole grace for it.
 * A process that would have ended on its own a little later gets SIGTERM instead: nothing is
 * judged any more, and it ends just the same. It also cuts short the grace of sessions closed earlier.
 */
export const END_OF_RUN_GRACE_MS = 25;
/** Server processes starting at once (stdio). */
const DEFAULT_PROCESS_STARTS = 2;

export interface RunSessionsOptions {
  target: TargetSpec;
  /** What every new connection of the run starts from (revision, timeout, client info). */
  sessionOptions: SessionOptions;
  facts: ServerFacts;
  stateless: boolean;
  processStarts?: number;
  requestTimeoutMs: number;
  /** How long the connections opened during the run spent starting (checks' ceilings do not count it). */
  starts: RunStarts;
}

export class RunSessions {
  /** Every session that outlives the check that opened it: closed at the end; their untagged findings go to the whole-run checks. */
  readonly mains: Session[];
  /** Sessions checks opened for the whole run (ConnectOptions.forRun); also in `mains`. */
  readonly runScoped: Session[] = [];
  /** Sessions checks are done with, winding down while the run goes on. */
  private readonly closing: Session[] = [];
  private readonly gate: StartGate;
  private reopening?: Promise<void>;
  private laneProcessTaken = false;
  /** The run's stand-in for a refused ping (src/runner/liveness.ts), once decided. */
  private liveness?: LivenessRequest;

  constructor(
    private readonly o: RunSessionsOptions,
    public main: Session,
    /** stdio: a process started beside the main one, for the first disposable lane. */
    private readonly laneProcess?: Promise<Session>,
  ) {
    this.mains = [main];
    o.starts.watch(main, 'main', this.startBound);
    // Over HTTP a connection is a request, not a process: no gate.
    this.gate = new StartGate(o.target.transport === 'stdio' ? (o.processStarts ?? DEFAULT_PROCESS_STARTS) : Infinity);
  }

  private get startBound(): number {
    return this.o.sessionOptions.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  }

  /** A new connection at the run's revision (not initialized), through the start gate; `openedFor` names it in the report's starts. */
  async open(options: Partial<SessionOptions> = {}, order?: StartOrder, openedFor = 'a check'): Promise<Session> {
    // A new process of this server is expected to start about as slowly as the main one did, or twice as slowly under load.
    const expectedStartMs = 2 * (this.main.startMs ?? 0);
    const s = await this.gate.open(() => openSession(this.o.target, { ...this.o.sessionOptions, revision: this.o.facts.revision, liveness: this.liveness, expectedStartMs, ...options }), order);
    this.o.starts.watch(s, openedFor, this.startBound);
    return s;
  }

  /** The run's liveness request is decided: the sessions open now and every later one use it. */
  useLiveness(request: LivenessRequest | undefined): void {
    this.liveness = request;
    for (const s of this.mains) s.useLiveness(request);
  }

  /** A new connection made ready for checks: initialized where the era has a handshake. */
  async openReady(openedFor: string): Promise<Session> {
    const s = await this.open({}, undefined, openedFor);
    this.mains.push(s);
    await this.handshake(s);
    return s;
  }

  /** The main session, reopened (once, however many checks ask) when the server has closed it. */
  async ensureMain(): Promise<Session> {
    if (!this.main.closed) return this.main;
    this.reopening ??= (async () => {
      this.main = await this.openReady('main');
    })().finally(() => (this.reopening = undefined));
    await this.reopening;
    return this.main;
  }

  /** The process started beside the main one, once, as a connection like a new one at the run's revision. */
  async takeLaneProcess(): Promise<Session | undefined> {
    if (this.laneProcessTaken || !this.laneProcess) return undefined;
    this.laneProcessTaken = true;
    const s = await this.laneProcess.catch(() => undefined);
    if (!s || s.closed) return undefined;
    this.o.starts.watch(s, 'lane', this.startBound);
    if (this.o.stateless) s.setRevision(this.o.facts.revision);
    else s.prepareHandshake(this.o.facts.revision);
    s.useLiveness(this.liveness);
    return s;
  }

  /** A lane for disruptive checks: its session is the lane process (`first`), one a check handed over (`ready`), or a new one. */
  lane(first?: () => Promise<Session | undefined>, ready?: Session): DisposableLane {
    return new DisposableLane({
      open: async () => {
        if (ready && !ready.closed) {
          const s = ready;
          ready = undefined;
          return s;
        }
        const started = await first?.();
        if (!started) return this.openReady('lane');
        this.mains.push(started);
        await this.handshake(started);
        return started;
      },
      // A result, not just an answer: a session the server now refuses to serve is no use to the next check.
      healthy: async (s) => {
        const live = s.liveness;
        const probe = await s.request(live.method, live.params, { timeoutMs: Math.min(this.o.requestTimeoutMs, 2000) });
        return probe.kind === 'result';
      },
      discard: (s) => this.windDown(s),
    });
  }

  /** A session a check is done with starts closing now; the run waits for it at the end. */
  windDown(s: Session): void {
    this.closing.push(s);
    // Once closed it has nothing left to wait for: dropped, its received messages and trace go with it.
    void s
      .close()
      .catch(() => undefined)
      .finally(() => {
        const i = this.closing.indexOf(s);
        if (i >= 0) this.closing.splice(i, 1);
      });
  }

  /** Closes the lane process if no lane took it (no disposable check could run). */
  async adoptUnusedLaneProcess(): Promise<void> {
    if (this.laneProcessTaken) return;
    const s = await this.takeLaneProcess();
    if (s) this.mains.push(s);
  }

  /** Every check is done, so no exit is judged any more: what is still winding down gets the same short grace. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.closing, ...this.mains].map((s) => s.close({ graceMs: END_OF_RUN_GRACE_MS }).catch(() => undefined)));
  }

  private async handshake(s: Session): Promise<void> {
    if (!this.o.stateless) await initialize(s, { protocolVersion: this.o.facts.revision, capabilities: DEFAULT_CLIENT_CAPABILITIES, tag: HANDSHAKE_TAG });
  }
}
