// One stdio connection used for fuzzing: writes batches of cases in one go, each followed by a ping,
// and attributes everything the server sends back. Answers carrying a case's id belong to that
// case; answers without a usable id, or with an id nobody used, belong to the oldest batch whose
// ping is still unanswered (servers answer in order far more often than not; when one does not,
// isolating the cases one by one settles it).
import type { Session } from '../session/index.js';
import { keyOf, type Received } from '../session/index.js';
import type { CloseInfo, FramingProblem } from '../transport/types.js';
import { expectFor } from './expect.js';
import { claimFindings, isResponse, registerAnswers, trimReceived, type BatchTiming, type FuzzLink } from './link-common.js';
import type { Batch, CaseRun } from './observation.js';
import { caseBytes, hasBulk, IdAllocator, type CaseSpec } from './wire-case.js';

export type { BatchTiming, FuzzLink } from './link-common.js';

/** Settled ids remembered for late duplicates. */
export const RECENT_IDS = 20_000;

interface Tracked {
  run: CaseRun;
  batch: Batch;
  count: number;
}

interface Live {
  batch: Batch;
  timing: BatchTiming;
  done: () => void;
  timers: NodeJS.Timeout[];
  looseKeys: Set<string>;
  /** A settle timer is set for after the ping or the grace period. */
  armed: boolean;
}

export class Link implements FuzzLink {
  readonly ids = new IdAllocator();
  /** A pipe takes many cases per write, and several writes ahead. */
  readonly pipelining = { batchSize: 32, maxInFlight: 8 };
  private readonly byId = new Map<string, Tracked>();
  private readonly pings = new Map<string, Live>();
  private readonly live: Live[] = [];
  private exitReason?: string;
  private findingsSeen: number;
  private readonly detach: Array<() => void> = [];
  private nextPing = 0;

  constructor(
    readonly session: Session,
    /** Tag for correlated requests: schema findings on their answers are ours to report. */
    private readonly tag: string,
  ) {
    this.findingsSeen = session.findings.length;
    this.detach.push(session.onReceive((r) => this.onReceived(r)));
    const onFraming = (problem: FramingProblem, raw: string) => this.current()?.batch.framing.push({ problem, raw });
    const onExit = (info: CloseInfo) => this.onClosed(`server exited (${info.signal ? `signal ${info.signal}` : `code ${info.code ?? 'none'}`})`);
    session.transport.on('framing', onFraming);
    session.transport.on('exit', onExit);
    this.detach.push(() => session.transport.off('framing', onFraming), () => session.transport.off('exit', onExit));
  }

  get closed(): boolean {
    return this.exitReason !== undefined || this.session.closed;
  }

  /** Stops listening (the session itself is closed by its owner). */
  dispose(): void {
    for (const off of this.detach.splice(0)) off();
  }

  /** The case's bytes with fresh ids of this connection, and what may come back. */
  render(spec: CaseSpec, index: number): CaseRun {
    if (!hasBulk(spec)) {
      const bytes = caseBytes(spec, this.ids);
      return { index, spec, bytes, expect: expectFor(bytes, spec.lenient), responses: [] };
    }
    // Same ids, same structure: read the expectations off a miniature, not megabytes.
    const mark = this.ids.mark;
    const expect = expectFor(caseBytes(spec, this.ids, true), spec.lenient);
    this.ids.rewind(mark);
    return { index, spec, bytes: caseBytes(spec, this.ids), expect, responses: [] };
  }

  /** Writes the cases and a ping in one write; resolves when the batch has settled. */
  send(runs: CaseRun[], timing: BatchTiming): { batch: Batch; settled: Promise<Batch> } {
    const pingId = `fz-ping-${++this.nextPing}`;
    const batch: Batch = { runs, pingId, sentAt: performance.now(), pingAnswered: false, loose: [], unexpected: [], framing: [], malformed: [], late: [], settled: false };
    let done!: () => void;
    const settled = new Promise<Batch>((resolve) => (done = () => resolve(batch)));
    const looseKeys = new Set(runs.flatMap((r) => r.expect.looseIds.map(keyOf)));
    const live: Live = { batch, timing, done, timers: [], looseKeys, armed: false };
    if (this.closed) {
      batch.closed = this.exitReason ?? 'the connection was already closed';
      batch.undelivered = true;
      this.settle(live);
      return { batch, settled };
    }
    this.live.push(live);
    this.pings.set(keyOf(pingId), live);
    for (const run of runs) for (const ref of run.expect.refs) this.byId.set(keyOf(ref.id), { run, batch, count: 0 });
    registerAnswers(this.session, runs, pingId, timing.deadlineMs, this.tag);
    const ping = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: pingId, method: 'ping' })}\n`);
    live.timers.push(setTimeout(() => this.settle(live), timing.deadlineMs));
    this.session.sendRaw(Buffer.concat([...runs.map((r) => r.bytes), ping])).catch((err: Error) => {
      // The pipe broke: the server is gone (its exit may not have been reported yet).
      this.exitReason ??= `the server stopped reading its input (${err.message})`;
      batch.undelivered = !batch.pingAnswered && batch.runs.every((r) => r.responses.length === 0);
      this.onClosed(this.exitReason);
    });
    return { batch, settled };
  }

  /**
   * Where answers without a usable id go: the oldest batch whose ping is unanswered (else the
   * newest in flight). A server answers in order far more often than not; one that answers
   * invalid input late (asynchronously) shows up as misbehaviour no single case reproduces.
   */
  private current(): Live | undefined {
    return this.live.find((l) => !l.batch.pingAnswered) ?? this.live.at(-1);
  }

  private onReceived(r: Received): void {
    const m = r.message;
    if (!isResponse(m)) return;
    const key = keyOf(m.id);
    const ping = this.pings.get(key);
    if (ping) {
      ping.batch.pingAnswered = true;
      this.pings.delete(key);
      this.progress(ping);
      return;
    }
    const hit = this.byId.get(key);
    if (hit) {
      hit.count++;
      hit.run.responses.push(r);
      if (hit.batch.settled) {
        if (hit.count > 1) hit.batch.late.push({ received: r, run: hit.run });
        return;
      }
      if (r.validation.problems.length) hit.batch.malformed.push({ received: r, run: hit.run });
      const live = this.live.find((l) => l.batch === hit.batch);
      if (live) this.progress(live);
      return;
    }
    const target = this.current();
    if (!target) return; // nothing in flight: a stray answer between campaigns is not ours to judge
    const idless = m.id === null || m.id === undefined || target.looseKeys.has(key);
    (idless ? target.batch.loose : target.batch.unexpected).push(r);
    if (r.validation.problems.length) target.batch.malformed.push({ received: r });
  }

  /** Settles a batch once its ping and every expected answer are in (after a short grace). */
  private progress(live: Live): void {
    const { batch, timing } = live;
    if (batch.settled || !batch.pingAnswered) return;
    const complete = batch.runs.every((run) => run.expect.answer.every((id) => this.byId.get(keyOf(id))?.count));
    // Something is certainly wrong: no point waiting for missing answers (replays will tell).
    const troubled = batch.unexpected.length > 0 || batch.framing.length > 0 || batch.malformed.length > 0;
    if ((complete || troubled) && !timing.graceMs) {
      this.settle(live);
      return;
    }
    const wait = complete || troubled ? timing.graceMs : timing.afterPingMs;
    if (wait === undefined || live.armed) return;
    live.armed = true;
    live.timers.push(setTimeout(() => this.settle(live), wait));
  }

  private onClosed(reason: string): void {
    this.exitReason ??= reason;
    for (const live of [...this.live]) {
      live.batch.closed ??= reason;
      this.settle(live);
    }
  }

  private settle(live: Live): void {
    const { batch } = live;
    if (batch.settled) return;
    batch.settled = true;
    for (const t of live.timers) clearTimeout(t);
    const i = this.live.indexOf(live);
    if (i >= 0) this.live.splice(i, 1);
    this.pings.delete(keyOf(batch.pingId));
    if (!batch.closed && this.session.closed) batch.closed = this.exitReason ?? 'the connection closed';
    for (const run of batch.runs) {
      if (!run.spec.soft || batch.closed || !batch.pingAnswered) continue;
      const missing = run.expect.answer.filter((id) => !this.byId.get(keyOf(id))?.count);
      if (missing.length === 0) continue;
      run.slow = true; // alive but slow: ask it to stop, like a polite client (CANCEL-1)
      for (const requestId of missing) {
        void this.session.notify('notifications/cancelled', { requestId, reason: 'mcp-conform fuzz: soft deadline passed' }).catch(() => undefined);
      }
    }
    this.forget();
    this.claimFindings();
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

  private claimFindings(): void {
    this.findingsSeen = claimFindings(this.session, this.findingsSeen, this.tag);
  }
}
