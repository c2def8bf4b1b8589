// One Streamable HTTP session used for fuzzing. A POST body holds one JSON text, so every case
// is its own POST; the cases of a batch go out at once, and once they have all been answered
// (or their deadline has passed) a ping POST proves that the server still serves — unless every
// POST ended with every answer it was due, which proves as much. Answers that
// carry a case's id are matched by id, as on stdio; everything else (errors without an id,
// bodies that are not JSON-RPC, the status) is read off the exchange that carried it, so each
// case knows exactly what its own POST got back.
import { createParser } from 'eventsource-parser';
import { isStateless, validateMessage } from '../schema/index.js';
import { keyOf, type Received, type Session } from '../session/index.js';
import { isJsonMedia, mediaType } from '../transport/headers.js';
import type { FramingProblem, HttpExchange } from '../transport/types.js';
import { expectForBody } from './expect.js';
import { LinkBase, type InFlight, type Tracked } from './link-base.js';
import { dropped, isObj, isPing, isResponse, type BatchTiming } from './link-common.js';
import type { Batch, CaseRun } from './observation.js';
import { PING_CEILING_FACTOR, pingWaitMs, type CostOf } from './queue-cost.js';
import { caseHeaders } from './stateless-wire.js';
import type { CaseSpec } from './wire-case.js';

interface Live extends InFlight {
  /** Case POSTs still running (a case whose answers are all in counts as done: an SSE reply may stay open). */
  open: number;
  finished: Set<CaseRun>;
  pinging: boolean;
}

/** Recorded bodies end like this when the transport cut them (see transport/limits.ts). */
const CUT_BODY = /…\[(\+\d+ chars|body cut at \d+ bytes)\]$/;
const SHOWN_CHARS = 2000;
/** A POST's bound beyond the longest wait for it: its reply is read to the end first. */
const EXCHANGE_MARGIN_MS = 1000;


function mediaOf(x: HttpExchange | undefined): string | undefined {
  const type = x?.response?.headers['content-type'];
  return type === undefined ? undefined : mediaType(type);
}

/** The data of the message events of a recorded SSE body (priming and keep-alive events carry none). */
function sseData(text: string): string[] {
  const out: string[] = [];
  const parser = createParser({
    onEvent: (e) => {
      if ((e.event === undefined || e.event === 'message') && e.data !== '') out.push(e.data);
    },
  });
  parser.feed(text);
  return out;
}

export class HttpLink extends LinkBase<Live> {
  /**
   * One connection per POST in flight, so fewer than on a pipe; small batches, since a batch
   * waits for its slowest case (a slow tool call holds it until the soft deadline).
   */
  readonly pipelining = { batchSize: 8, maxInFlight: 8 };
  private readonly liveOf = new Map<Batch, Live>();
  private readonly live = new Set<Live>();
  /** Framing problems only the transport sees (bodies that are not UTF-8, or too large), for the next exchange to finish. */
  private readonly framing: Array<{ problem: FramingProblem; raw: string }> = [];

  constructor(session: Session, tag: string, priorCost?: CostOf) {
    super(session, tag, priorCost);
    const onFraming = (problem: FramingProblem, raw: string) => {
      if (problem === 'invalid-utf8' || problem === 'too-large') this.framing.push({ problem, raw });
    };
    session.transport.on('framing', onFraming);
    this.detach.push(() => session.transport.off('framing', onFraming));
  }

  /** 2026-07-28: every POST carries routing headers that match its body (or, on purpose, do not). */
  private get stateless(): boolean {
    return isStateless(this.session.revision);
  }

  render(spec: CaseSpec, index: number): CaseRun {
    // The stdio delimiter is no part of an HTTP body.
    return this.renderWith(spec, index, (bytes) => bytes.subarray(0, bytes.length - 1), expectForBody);
  }

  /**
   * POSTs the cases at once. Their time is the deadline plus the measured time of the costly
   * requests queued at the server ahead of them and among them (queue-cost.ts), as on a pipe: a
   * server that handles one request at a time answers a case behind a 1.2 s listing only after it.
   */
  send(runs: CaseRun[], timing: BatchTiming): { batch: Batch; settled: Promise<Batch> } {
    const casesMs = pingWaitMs(timing.deadlineMs, this.queuedMs([...this.runsInFlight(), ...runs]));
    const { live, settled, open } = this.openBatch(runs, timing, casesMs * 2, (flight) => ({ ...flight, open: runs.length, finished: new Set(), pinging: false }), true);
    const { batch } = live;
    batch.wait = { deadlineMs: timing.deadlineMs, queuedMs: casesMs - timing.deadlineMs };
    if (!open) return { batch, settled };
    this.live.add(live);
    this.liveOf.set(batch, live);
    // Time is up for the cases: what is still open counts as unanswered, and the ping decides whether the server lives.
    live.timers.push(setTimeout(() => this.ping(live), casesMs));
    for (const run of runs) {
      run.http = { pending: true, loose: [], unexpected: [] };
      const headers = this.stateless ? caseHeaders(run.spec, run.bytes) : undefined;
      this.session.sendRaw(run.bytes, { headers, timeoutMs: this.exchangeMs(timing) }).then(
        (out) => this.onPosted(live, run, out.http),
        (err: Error) => this.onRefused(run, err),
      );
    }
    return { batch, settled };
  }

  /** Nothing more: the batch settles when the ping's exchange is over. */
  protected onPingAnswer(): void {}

  protected onResponse(r: Received, _id: unknown, key: string): void {
    const hit = this.byId.get(key);
    if (!hit) return; // read off its exchange instead (readBody)
    if (!this.countAnswer(hit, r)) return;
    const { answer } = hit.run.expect;
    if (answer.length && answer.every((id) => this.answered(id))) this.finish(this.liveOf.get(hit.batch), hit.run);
  }

  /** One case is done with: once they all are, the ping goes out (unless the POSTs already show the server serves). */
  private finish(live: Live | undefined, run: CaseRun): void {
    if (!live || live.finished.has(run)) return;
    live.finished.add(run);
    if (--live.open !== 0) return;
    // An SSE reply's answer is read just before its stream ends: decide once that end is through.
    setImmediate(() => {
      if (live.pinging || live.batch.settled) return;
      if (!this.servedWhole(live)) return this.ping(live);
      live.batch.pingAnswered = true;
      this.settle(live);
    });
  }

  /**
   * Every POST of the batch is over, none broke, and every answer the cases expect came: nothing
   * more can arrive for them, and the server has just shown it serves, which is all a ping behind
   * the batch would show (a missing answer, an open or broken POST still get the ping).
   */
  private servedWhole(live: Live): boolean {
    return live.batch.runs.every((r) => r.http !== undefined && !r.http.pending && r.http.error === undefined && r.expect.answer.every((id) => this.answered(id)));
  }

  private onPosted(live: Live, run: CaseRun, x: HttpExchange | undefined): void {
    const { batch } = live;
    const framing = this.framing.splice(0);
    if (batch.settled) return;
    const post = run.http!;
    post.pending = false;
    post.status = x?.response?.status;
    post.media = mediaOf(x);
    post.error = x?.error;
    post.dropped = x?.error !== undefined && dropped(x.error);
    if (x) post.exchange = { request: { ...x.request, body: undefined }, response: x.response && { ...x.response, body: x.response.body?.slice(0, SHOWN_CHARS) }, error: x.error };
    for (const f of framing) batch.framing.push({ ...f, run });
    this.readBody(live, run, x?.response?.body);
    this.finish(live, run);
  }

  /** The POST could not even be made: the server no longer accepts connections (or we closed). */
  private onRefused(run: CaseRun, err: Error): void {
    const post = run.http!;
    post.pending = false;
    post.error = err.message;
    this.onClosed(`the server stopped accepting connections (${err.message})`);
  }

  /** Answers without a case's id, and bodies that are not JSON-RPC, belong to the POST that got them. */
  private readBody(live: Live, run: CaseRun, body: string | undefined): void {
    const post = run.http!;
    if (!body || CUT_BODY.test(body)) return; // too large to read again; answers with an id were matched already
    const units = post.media === 'text/event-stream' ? sseData(body) : post.media && isJsonMedia(post.media) ? [body] : [];
    const { batch } = live;
    for (const unit of units) {
      let value: unknown;
      try {
        value = JSON.parse(unit);
      } catch {
        batch.framing.push({ problem: 'not-json', raw: unit.slice(0, SHOWN_CHARS), run });
        continue;
      }
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isResponse(item)) {
          if (!isObj(item) || typeof item.method !== 'string') batch.framing.push({ problem: 'not-jsonrpc', raw: unit.slice(0, SHOWN_CHARS), run });
          continue; // a request or notification of the server's own: not ours to judge
        }
        const key = keyOf(item.id);
        if (this.pings.has(key) || isPing(item.id)) continue;
        const owner = this.byId.get(key);
        if (owner?.run === run) continue; // its own answer, matched by id
        // A reply answers the request of its own POST: the answer to another case's request here is misplaced.
        let received: Received | undefined;
        if (owner) received = this.unclaim(owner, unit);
        received ??= { at: this.session.now(), message: item, raw: unit, validation: validateMessage(item, { revision: this.session.revision, direction: 'server->client' }) };
        const idless = item.id === null || item.id === undefined || (!owner && run.expect.looseIds.some((id) => keyOf(id) === key));
        (idless ? post.loose : post.unexpected).push(received);
        (idless ? batch.loose : batch.unexpected).push(received);
        if (received.validation.problems.length) batch.malformed.push({ received, run });
      }
    }
  }

  /** Takes back an answer counted for the case whose id it carries, when it came in another case's reply. */
  private unclaim(owner: Tracked, raw: string): Received | undefined {
    const i = owner.batch.settled ? -1 : owner.run.responses.findIndex((r) => r.raw === raw);
    if (i < 0) return undefined; // already judged as the owner's
    const [received] = owner.run.responses.splice(i, 1);
    owner.count--;
    const m = owner.batch.malformed.findIndex((x) => x.received === received);
    if (m >= 0) owner.batch.malformed.splice(m, 1);
    return received;
  }

  /**
   * How long a case's (or a ping's) POST may stay open: as long as a wait for it may stretch
   * while the server works through our queued requests, at least the transport's own bound. The
   * batch is judged when its ping's wait ends, whatever is still open then; an exchange cut short
   * by our own bound would read as the server's failure.
   */
  private exchangeMs(timing: BatchTiming): number {
    return Math.max(this.session.options.requestTimeoutMs, timing.deadlineMs * PING_CEILING_FACTOR) + EXCHANGE_MARGIN_MS;
  }

  /** The cases of every batch still in flight. */
  private runsInFlight(): CaseRun[] {
    return [...this.live].flatMap((l) => l.batch.runs);
  }

  /**
   * The liveness probe: a ping POSTed once the cases are answered (or out of time). It waits the
   * deadline plus the costly requests still unanswered ahead of it; past that, while the session
   * sees the server busy with them (session latency.ts), it waits on, and a ping that reaches the
   * ceiling leaves the batch too slow to judge. A server that never answered a method gives it no
   * cost: one that does not answer at all still fails at the deadline.
   */
  private ping(live: Live): void {
    const { batch, timing } = live;
    if (live.pinging || batch.settled) return;
    live.pinging = true;
    const waitMs = pingWaitMs(timing.deadlineMs, this.queuedMs(this.runsInFlight()));
    if (batch.wait) batch.wait.ping = { sentAt: performance.now(), queuedMs: waitMs - timing.deadlineMs };
    live.pinged = this.session.awaitAnswer(batch.ping, { timeoutMs: waitMs });
    live.timers.push(setTimeout(() => this.atDeadline(live, () => this.settle(live)), waitMs));
    // As a message, so a stateless session adds its routing headers.
    this.session.sendMessage(batch.ping, { timeoutMs: this.exchangeMs(timing) }).then(
      (out) => {
        const x = out.http;
        const status = x?.response?.status;
        if (status === 404) this.onClosed('the server no longer knows the session (a ping got 404)');
        else if (x?.error && dropped(x.error) && !batch.pingAnswered) this.onClosed(`the connection broke on a ping (${x.error})`);
        else if (!batch.pingAnswered) batch.pingNote = x?.error ? `got no answer (${x.error})` : `was answered ${status ?? 'nothing'} without a response to it`;
        this.settle(live);
      },
      (err: Error) => this.onClosed(`the server stopped accepting connections (${err.message})`),
    );
  }

  private onClosed(reason: string): void {
    this.exitReason ??= reason;
    // The server went away while these POSTs were open (or broke them): one of them did it.
    const suspects = [...this.live].flatMap((l) => l.batch.runs).filter((r) => r.http?.pending || r.http?.dropped);
    for (const live of [...this.live]) {
      live.batch.closed ??= reason;
      live.batch.suspects = suspects;
      if (suspects.length === 1 && live.batch.runs.includes(suspects[0])) live.batch.culprit = suspects[0];
      this.settle(live);
    }
  }

  protected onSettle(live: Live): void {
    const { batch } = live;
    this.live.delete(live);
    this.liveOf.delete(batch);
    // An unanswered ping's wait is named by the oracle (the wait actually made, and why that long).
    if (!batch.pingAnswered && !live.pinging) batch.pingNote ??= 'was never sent: the cases took all the time';
  }
}
