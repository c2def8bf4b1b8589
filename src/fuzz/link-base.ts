// The state and batch lifecycle both fuzz links share (stdio: link.ts, Streamable HTTP:
// http-link.ts): which case each request id belongs to, the pings, opening and settling a batch,
// and bounding what is remembered. Each link only writes the bytes and attributes what comes back.
import { keyOf, type Outcome, type Received, type RequestId, type Session } from '../session/index.js';
import type { Expect } from './expect.js';
import { claimFindings, isPing, isResponse, livenessMessage, registerAnswers, trimReceived, type BatchGroup, type BatchTiming, type FuzzLink } from './link-common.js';
import type { Batch, CaseRun } from './observation.js';
import { queuedWorkMs, type CostOf } from './queue-cost.js';
import { caseBytes, hasBulk, IdAllocator, type CaseSpec } from './wire-case.js';

/** Settled ids remembered for late duplicates. */
const RECENT_IDS = 20_000;

/** Where an answer carrying a case's id belongs, and how many such answers came. */
export interface Tracked {
  run: CaseRun;
  batch: Batch;
  count: number;
}

/** A batch in flight: how to resolve its `settled` promise, and the timers to stop when it settles. */
export interface InFlight {
  batch: Batch;
  timing: BatchTiming;
  done: () => void;
  timers: NodeJS.Timeout[];
  /** How the session's wait for the ping ended: it goes on past the batch's deadline while the server is busy with earlier requests. */
  pinged?: Promise<Outcome>;
}

export abstract class LinkBase<L extends InFlight> implements FuzzLink {
  readonly ids = new IdAllocator();
  abstract readonly pipelining: { batchSize: number; maxInFlight: number };
  protected readonly byId = new Map<string, Tracked>();
  protected readonly pings = new Map<string, L>();
  protected exitReason?: string;
  private findingsSeen: number;
  protected readonly detach: Array<() => void> = [];
  private nextPing = 0;

  constructor(
    readonly session: Session,
    /** Tag for correlated requests: schema findings on their answers are ours to report. */
    protected readonly tag: string,
    /** What each method cost the server before this connection measured it (the run's main session). */
    private readonly priorCost?: CostOf,
  ) {
    this.findingsSeen = session.findings.length;
    this.detach.push(session.onReceive((r) => this.receive(r)));
  }

  abstract render(spec: CaseSpec, index: number): CaseRun;
  abstract send(runs: CaseRun[], timing: BatchTiming): { batch: Batch; settled: Promise<Batch> };

  /** Each batch as send() sends it; a link that can put several in one write does so. */
  sendAll(groups: ReadonlyArray<BatchGroup>): Array<{ batch: Batch; settled: Promise<Batch> }> {
    return groups.map((g) => this.send(g.runs, g.timing));
  }
  /** The answer to a batch's ping came (`pingAnswered` is set already); `key` is its id's. */
  protected abstract onPingAnswer(live: L, key: string): void;
  /** Attributes a response that answers no ping; `key` is its id's. */
  protected abstract onResponse(r: Received, id: unknown, key: string): void;
  /** The link's own bookkeeping when a batch settles (its batch lists, notes). */
  protected abstract onSettle(live: L): void;

  get closed(): boolean {
    return this.exitReason !== undefined || this.session.closed;
  }

  /** Stops listening (the session itself is closed by its owner). */
  dispose(): void {
    for (const off of this.detach.splice(0)) off();
  }

  /** Responses only: requests and notifications of the server's own are not the fuzz check's to judge. */
  private receive(r: Received): void {
    const m = r.message;
    if (!isResponse(m)) return;
    const key = keyOf(m.id);
    const ping = this.pings.get(key);
    if (ping) {
      ping.batch.pingAnswered = true;
      this.onPingAnswer(ping, key);
    } else if (!isPing(m.id)) {
      this.onResponse(r, m.id, key);
    }
    // else: a late answer to one of our pings, whose batch was judged without it (a slow
    // server/discover is no wrong id).
  }

  /**
   * The case's bytes with fresh ids. `encode` turns the stdio rendering (newline-terminated) into
   * what the link sends; `expectOf` reads what may come back.
   */
  protected renderWith(spec: CaseSpec, index: number, encode: (bytes: Buffer) => Buffer, expectOf: (bytes: Buffer, lenient?: boolean) => Expect): CaseRun {
    if (!hasBulk(spec)) {
      const bytes = encode(caseBytes(spec, this.ids));
      return { index, spec, bytes, expect: expectOf(bytes, spec.lenient), responses: [] };
    }
    // Same ids, same structure: read the expectations off a miniature, not megabytes.
    const mark = this.ids.mark;
    const expect = expectOf(encode(caseBytes(spec, this.ids, true)), spec.lenient);
    this.ids.rewind(mark);
    return { index, spec, bytes: encode(caseBytes(spec, this.ids)), expect, responses: [] };
  }

  /**
   * Opens a batch of `runs` with a fresh ping id (`extend` adds the link's own state) and has the
   * session expect their answers for `answerTimeoutMs`. On a connection already gone the batch
   * settles at once, undelivered, and `open` is false: nothing is to be written. `pingLater`: the
   * ping goes out only once the cases are done (HTTP), and its wait is registered then.
   */
  protected openBatch(runs: CaseRun[], timing: BatchTiming, answerTimeoutMs: number, extend: (flight: InFlight) => L, pingLater = false): { live: L; settled: Promise<Batch>; open: boolean } {
    const pingId = `fz-ping-${++this.nextPing}`;
    const ping = livenessMessage(this.session, pingId);
    const batch: Batch = { runs, pingId, ping, sentAt: performance.now(), pingAnswered: false, loose: [], unexpected: [], framing: [], malformed: [], late: [], settled: false };
    let done!: () => void;
    const settled = new Promise<Batch>((resolve) => (done = () => resolve(batch)));
    const live = extend({ batch, timing, done, timers: [] });
    if (this.closed) {
      batch.closed = this.exitReason ?? 'the connection was already closed';
      batch.undelivered = true;
      this.settle(live);
      return { live, settled, open: false };
    }
    this.pings.set(keyOf(pingId), live);
    for (const run of runs) for (const ref of run.expect.refs) this.byId.set(keyOf(ref.id), { run, batch, count: 0 });
    live.pinged = registerAnswers(this.session, runs, pingLater ? undefined : ping, answerTimeoutMs, this.tag);
    return { live, settled, open: true };
  }

  /**
   * Counts an answer carrying a case's id. Returns whether its batch is still open; after it
   * settled, only a repeat of an answer already counted is kept (as a late duplicate).
   */
  protected countAnswer(hit: Tracked, r: Received): boolean {
    hit.count++;
    hit.run.responses.push(r);
    if (hit.batch.settled) {
      if (hit.count > 1) hit.batch.late.push({ received: r, run: hit.run });
      return false;
    }
    if (r.validation.problems.length) hit.batch.malformed.push({ received: r, run: hit.run });
    return true;
  }

  /** What `method` costs the server: as measured on this connection, else as measured before it. */
  protected costOf(method: string) {
    return this.session.costOf(method) ?? this.priorCost?.(method);
  }

  /** The server's measured time for the costly requests of `runs` still unanswered (queue-cost.ts). */
  protected queuedMs(runs: readonly CaseRun[]): number {
    return queuedWorkMs(runs, (m) => this.costOf(m), (_run, id) => this.answered(id as RequestId));
  }

  /** Whether an answer carrying this id has come (and is still remembered). */
  protected answered(id: RequestId): boolean {
    return Boolean(this.byId.get(keyOf(id))?.count);
  }

  /**
   * The batch's deadline passed. While the session still waits for its ping (the server is busy
   * with earlier requests: session latency.ts), the batch waits with it; a ping that then reaches
   * the ceiling leaves the batch too slow to judge, not unanswered.
   */
  protected atDeadline(live: L, onPing: () => void): void {
    if (live.batch.settled) return;
    if (live.batch.pingAnswered || !live.pinged || !this.session.waiting(live.batch.pingId)) return this.settle(live);
    if (live.batch.wait) live.batch.wait.busy = true;
    void live.pinged.then((o) => {
      if (o.kind === 'timeout' && o.tooSlow) live.batch.tooSlow = o.tooSlow;
      if (live.batch.pingAnswered) onPing();
      else this.settle(live);
    });
  }

  protected settle(live: L): void {
    const { batch } = live;
    if (batch.settled) return;
    batch.settled = true;
    batch.settledAt = performance.now();
    for (const t of live.timers) clearTimeout(t);
    this.pings.delete(keyOf(batch.pingId));
    if (!batch.closed && this.session.closed) batch.closed = this.exitReason ?? 'the connection closed';
    this.onSettle(live);
    for (const run of batch.runs) {
      if (!run.spec.soft || batch.closed || !batch.pingAnswered) continue;
      const missing = run.expect.answer.filter((id) => !this.answered(id));
      if (missing.length === 0) continue;
      run.slow = true; // alive but slow: ask it to stop, like a polite client (CANCEL-1)
      for (const requestId of missing) {
        void this.session.notify('notifications/cancelled', { requestId, reason: 'mcp-conform fuzz: soft deadline passed' }).catch(() => undefined);
      }
    }
    this.forget();
    this.findingsSeen = claimFindings(this.session, this.findingsSeen, this.tag);
    live.done();
  }

  /** Bounds what we and the session remember, however long the campaign. */
  private forget(): void {
    if (this.byId.size > RECENT_IDS) {
      let drop = this.byId.size - RECENT_IDS;
      for (const key of this.byId.keys()) {
        if (drop-- <= 0) break;
        this.byId.delete(key);
      }
    }
    trimReceived(this.session);
  }
}
