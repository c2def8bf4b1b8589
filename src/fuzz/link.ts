// One stdio connection used for fuzzing: writes batches of cases in one go, each followed by a ping,
// and attributes everything the server sends back. Answers carrying a case's id belong to that
// case; answers without a usable id, or with an id nobody used, belong to the oldest batch whose
// ping is still unanswered (servers answer in order far more often than not; when one does not,
// isolating the cases one by one settles it).
import type { Session } from '../session/index.js';
import { keyOf, type Received } from '../session/index.js';
import type { CloseInfo, FramingProblem } from '../transport/types.js';
import { expectFor } from './expect.js';
import { LinkBase, type InFlight } from './link-base.js';
import type { BatchGroup, BatchTiming } from './link-common.js';
import type { Batch, CaseRun } from './observation.js';
import { pingWaitMs, type CostOf } from './queue-cost.js';
import { caseBytes, casePieces, hasBulk, RepeatCache, type CaseSpec } from './wire-case.js';

export type { BatchTiming, FuzzLink } from './link-common.js';

/** A case this large goes into a write as it is: joining it to the others would copy a megabyte for nothing. */
const WRITE_AS_IS_BYTES = 64 * 1024;

interface Live extends InFlight {
  looseKeys: Set<string>;
  /** The settle timer set: waiting for missing answers after the ping, or listening after the last one. */
  armed?: 'after-ping' | 'grace';
}

export class Link extends LinkBase<Live> {
  /** A pipe takes many cases per write, and several writes ahead. */
  readonly pipelining = { batchSize: 32, maxInFlight: 8 };
  private readonly live: Live[] = [];
  private readonly repeats = new RepeatCache();

  constructor(session: Session, tag: string, priorCost?: CostOf) {
    super(session, tag, priorCost);
    const onFraming = (problem: FramingProblem, raw: string) => this.current()?.batch.framing.push({ problem, raw });
    const onExit = (info: CloseInfo) => this.onClosed(`server exited (${info.signal ? `signal ${info.signal}` : `code ${info.code ?? 'none'}`})`);
    session.transport.on('framing', onFraming);
    session.transport.on('exit', onExit);
    this.detach.push(() => session.transport.off('framing', onFraming), () => session.transport.off('exit', onExit));
  }

  /** The case's bytes with fresh ids of this connection, and what may come back. */
  render(spec: CaseSpec, index: number): CaseRun {
    return hasBulk(spec) ? this.renderBulk(spec, index) : this.renderWith(spec, index, (bytes) => bytes, expectFor);
  }

  /**
   * A case with bulk as the pieces the pipe takes, its repeated content a view of this
   * connection's shared units; what may come back is read off a miniature with the same ids.
   * Its whole bytes are joined only if something reads them (a failure's report, a crash's judge).
   */
  private renderBulk(spec: CaseSpec, index: number): CaseRun {
    const mark = this.ids.mark;
    const expect = expectFor(caseBytes(spec, this.ids, true), spec.lenient);
    this.ids.rewind(mark);
    const pieces = casePieces(spec, this.ids, this.repeats);
    let joined: Buffer | undefined;
    return {
      index,
      spec,
      pieces,
      expect,
      responses: [],
      get bytes() {
        return (joined ??= Buffer.concat(pieces));
      },
    };
  }

  /** Writes the cases and a ping in one write; resolves when the batch has settled. */
  send(runs: CaseRun[], timing: BatchTiming): { batch: Batch; settled: Promise<Batch> } {
    return this.sendAll([{ runs, timing }])[0];
  }

  /** Opens each batch, then writes them all, each batch's cases followed by its ping, in one write. */
  override sendAll(groups: ReadonlyArray<BatchGroup>): Array<{ batch: Batch; settled: Promise<Batch> }> {
    const sent = groups.map(({ runs, timing }) => this.open(runs, timing));
    const batches = sent.filter((s) => s.open).map((s) => s.batch);
    if (batches.length) {
      this.write(batches).catch((err: Error) => {
        // The pipe broke: the server is gone (its exit may not have been reported yet).
        this.exitReason ??= `the server stopped reading its input (${err.message})`;
        for (const batch of batches) batch.undelivered = !batch.pingAnswered && batch.runs.every((r) => r.responses.length === 0);
        this.onClosed(this.exitReason);
      });
    }
    return sent.map(({ batch, settled }) => ({ batch, settled }));
  }

  /**
   * A batch in flight, its deadline set; `open` is false when the connection is already gone
   * (nothing to write). The ping waits, besides the deadline, for the costly requests queued ahead
   * of it on the pipe: those of the batches still in flight and its own (queue-cost.ts).
   */
  private open(runs: CaseRun[], given: BatchTiming): { batch: Batch; settled: Promise<Batch>; open: boolean } {
    const looseKeys = new Set(runs.flatMap((r) => r.expect.looseIds.map(keyOf)));
    const ahead = this.live.flatMap((l) => l.batch.runs);
    const timing = { ...given, deadlineMs: pingWaitMs(given.deadlineMs, this.queuedMs([...ahead, ...runs])) };
    const { live, settled, open } = this.openBatch(runs, timing, timing.deadlineMs, (flight) => ({ ...flight, looseKeys }));
    live.batch.wait = { deadlineMs: given.deadlineMs, queuedMs: timing.deadlineMs - given.deadlineMs };
    if (open) {
      this.live.push(live);
      live.timers.push(setTimeout(() => this.atDeadline(live, () => this.afterLatePing(live)), timing.deadlineMs));
    }
    return { batch: live.batch, settled, open };
  }

  /**
   * The batches' cases, each batch's ping behind its cases, in one write on the pipe. Small cases
   * are joined; a large one (a megabyte string) is a piece of the write as it is, not copied again.
   */
  protected async write(batches: Batch[]): Promise<void> {
    const pieces: Buffer[] = [];
    let small: Buffer[] = [];
    const add = (bytes: Buffer) => {
      if (bytes.length < WRITE_AS_IS_BYTES) return void small.push(bytes);
      if (small.length) pieces.push(Buffer.concat(small));
      pieces.push(bytes);
      small = [];
    };
    // The ids of every message written, read off each case already (expect.ts): the session need not parse the bytes again.
    const ids: unknown[] = [];
    for (const batch of batches) {
      for (const run of batch.runs) {
        for (const piece of run.pieces ?? [run.bytes]) add(piece);
        for (const ref of run.expect.refs) ids.push(ref.id);
        ids.push(...run.expect.looseIds);
      }
      add(Buffer.from(`${JSON.stringify(batch.ping)}\n`));
      ids.push(batch.pingId);
    }
    if (small.length) pieces.push(Buffer.concat(small));
    await this.session.sendRaw(pieces.length === 1 ? pieces[0] : pieces, { ids });
  }

  /**
   * Where answers without a usable id go: the oldest batch whose ping is unanswered (else the
   * newest in flight). A server answers in order far more often than not; one that answers
   * invalid input late (asynchronously) shows up as misbehaviour no single case reproduces.
   */
  private current(): Live | undefined {
    return this.live.find((l) => !l.batch.pingAnswered) ?? this.live.at(-1);
  }

  protected onPingAnswer(ping: Live, key: string): void {
    this.pings.delete(key);
    this.progress(ping);
  }

  protected onResponse(r: Received, id: unknown, key: string): void {
    const hit = this.byId.get(key);
    if (hit) {
      if (!this.countAnswer(hit, r)) return;
      const live = this.live.find((l) => l.batch === hit.batch);
      if (live) this.progress(live);
      return;
    }
    const target = this.current();
    if (!target) return; // nothing in flight: a stray answer between campaigns is not ours to judge
    const idless = id === null || id === undefined || target.looseKeys.has(key);
    (idless ? target.batch.loose : target.batch.unexpected).push(r);
    if (r.validation.problems.length) target.batch.malformed.push({ received: r });
  }

  /** Settles a batch once its ping and every expected answer are in (after a short grace). */
  private progress(live: Live): void {
    const { batch, timing } = live;
    if (batch.settled || !batch.pingAnswered) return;
    const complete = batch.runs.every((run) => run.expect.answer.every((id) => this.answered(id)));
    // Something is certainly wrong: no point waiting for missing answers (replays will tell).
    const troubled = batch.unexpected.length > 0 || batch.framing.length > 0 || batch.malformed.length > 0;
    if (complete || troubled) {
      if (!timing.graceMs) {
        this.settle(live);
        return;
      }
      // A late answer ends the wait after the ping: only the grace is left.
      if (live.armed === 'grace') return;
      live.armed = 'grace';
      live.timers.push(setTimeout(() => this.settle(live), timing.graceMs));
      return;
    }
    const wait = this.afterPing(live);
    if (wait === undefined || live.armed) return;
    live.armed = 'after-ping';
    live.timers.push(setTimeout(() => this.settle(live), wait));
  }

  /** The ping came after the deadline: what is missing gets the wait after a ping, if any, else the batch settles now. */
  private afterLatePing(live: Live): void {
    this.progress(live);
    if (!live.batch.settled && !live.armed) this.settle(live);
  }

  /** How long a missing answer is still waited for once the ping is in (see BatchTiming). */
  private afterPing({ batch, timing }: Live): number | undefined {
    if (timing.afterPingMs === undefined) return undefined;
    const roundTrip = performance.now() - batch.sentAt;
    return Math.max(timing.afterPingMs, (timing.afterPingRoundTrips ?? 0) * roundTrip);
  }

  protected onClosed(reason: string): void {
    this.exitReason ??= reason;
    for (const live of [...this.live]) {
      live.batch.closed ??= reason;
      this.settle(live);
    }
  }

  protected onSettle(live: Live): void {
    const i = this.live.indexOf(live);
    if (i >= 0) this.live.splice(i, 1);
  }
}
