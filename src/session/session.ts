// A session over one transport: allocates ids, correlates responses, bounds every wait,
// validates every message the server sends, answers the server's own requests according
// to the capabilities we declared, and records what went wrong as findings.
import { serverCancellationProblem } from './server-cancellation.js';
import { blameServer } from './server-closed.js';
import { isStateless, validateMessage, type Revision, type RequestRef } from '../schema/index.js';
import { joinRaw, rawLength, type CloseInfo, type CloseOptions, type FramingProblem, type HttpExchange, type MessageContext, type RawBytes, type SendOptions, type SendOutcome, type Transport } from '../transport/types.js';
import { arrival, arrivalsSince, httpCarried, markProbeAnswer, type Arrival, type Carried } from './carried.js';
import { describeOurValue, ourValueBehind } from './our-values.js';
import { schemaCause } from './finding-cause.js';
import { statelessMeta } from './stateless-meta.js';
import { unmatchedResponse, type OurRequest, type UnmatchedResponse } from './unmatched-response.js';
import { livenessRequest, type LivenessRequest } from './liveness.js';
import { LATENCY_CEILING_FACTOR, LatencyBook, QUEUE_CEILING_FACTOR, type MethodCost, type TooSlow } from './latency.js';
import type { Evidence } from './evidence.js';
import { keptRecord } from './kept.js';
import type { ProcessLease } from './process-lease.js';
import { ConnectionProcess } from './connection-process.js';
import type { ClientIdentity, Finding, HttpContext, Outcome, Received, RequestId } from './types.js';

/** Raw inputs above this size are not read for ids (fuzz cases of megabytes). */
const MAX_NOTED_RAW_BYTES = 64 * 1024;
/** Uncorrelated ids remembered per session. */
const MAX_NOTED_IDS = 1000;

export interface SessionOptions {
  revision: Revision;
  requestTimeoutMs: number;
  /** Capabilities we declare as a client; decides how server->client requests are answered. */
  clientCapabilities?: Record<string, unknown>;
  clientInfo?: ClientIdentity;
  /**
   * Extra `_meta` merged into every request's params. Stateless revisions get protocol version,
   * client capabilities and client info by default (see stateless-meta.ts).
   */
  requestMeta?: () => Record<string, unknown>;
  /** Kept received messages (oldest dropped beyond this). */
  maxKept?: number;
  /**
   * The stateful revisions' liveness request when it is not ping: a request the server was seen
   * to serve after it refused ping (src/runner/liveness.ts). 2026-07-28 always uses server/discover.
   */
  liveness?: LivenessRequest;
  /**
   * Bound on the server's first answer on this connection, counted from opening it (default
   * DEFAULT_START_TIMEOUT_MS): a fresh process may take long to start, which is not a protocol
   * failure. Requests sent before it wait under this bound, not their own timeout.
   */
  startTimeoutMs?: number;
  /**
   * How long this connection's start is expected to take (ms), from the run's other connections:
   * what a request whose silence is an answer (RequestOptions.silenceIsAnswer) waits beyond its
   * own timeout before the server's first answer (default 0).
   */
  expectedStartMs?: number;
  /** stdio: the run's lease, when its server may not be able to run two copies at once (process-lease.ts). */
  lease?: ProcessLease;
}

/** A fresh process may take seconds to start (npx, a JIT warming up): generous by default. */
export const DEFAULT_START_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  id?: RequestId;
  timeoutMs?: number;
  /** The check that sends it; findings about its answer are attributed to that check. */
  tag?: string;
  /** `_meta` fields for this request only, merged over the session's (stateless revisions). */
  meta?: Record<string, unknown>;
  /** HTTP: extra headers for this request only. */
  headers?: Record<string, string>;
  /** HTTP: aborting closes the request's response stream (2026-07-28 cancellation). */
  signal?: AbortSignal;
  /**
   * The server may rightly leave it unanswered (a probe): before the server's first answer it waits
   * its own timeout plus the expected start (SessionOptions.expectedStartMs), not the whole start
   * bound, which a server right to stay silent would cost it.
   */
  silenceIsAnswer?: boolean;
  /** A liveness probe the session sends itself (probeFor), or a request whose bytes the caller writes (awaitAnswer): its silence is not probed. */
  probe?: boolean;
}

interface Pending {
  id: RequestId;
  method: string;
  params?: unknown;
  sentAt: number;
  /** sentAt on the session clock (now()), to find what arrived since. */
  sentNow: number;
  tag?: string;
  resolve: (o: Outcome) => void;
  timer?: NodeJS.Timeout;
  /** The request's own timeout, and when its wait ends (performance.now()). */
  timeoutMs: number;
  deadline: number;
  /** Sent before the server's first answer, so waited for under the start bound. */
  beforeStart: boolean;
  /** HTTP: the request's exchange record, filling in while it runs. */
  exchange?: HttpExchange;
  /** The transport's send() has settled (HTTP: the exchange is over). */
  sent: boolean;
  /** When its wait last ran out and was extended (performance.now()): the busy evidence since then decides the next step. */
  extendedAt?: number;
  /** Its wait is not to be stretched by a probe: a probe itself, or a request the server may rightly leave unanswered. */
  noProbe: boolean;
  /** A liveness probe was sent when its wait first ran out without evidence; `slowProbe`: it was answered only slowly. */
  probed?: boolean;
  /** The id of the liveness probe sent for it: its answer is ours, not the server's own output. */
  probeId?: RequestId;
  /**
   * A request whose silence is an answer, sent while the server was expected to be starting: if it
   * has answered nothing when the expected start runs out, a liveness probe asks whether it has
   * started at all (startProbe) before its silence counts.
   */
  probeStart?: boolean;
  slowProbe?: boolean;
}

type Listener = (r: Received) => void;

/** How we answer one server->client request: a result, or an error object. */
export type ServerRequestReply = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };
/**
 * Decides the answer to a server request the client may receive (one of its declared
 * capabilities); undefined: the default answer. It may answer later (a promise), e.g. after
 * asking the server something first.
 */
export type ServerRequestAnswerer = (request: { id: unknown; method: string; params: Record<string, unknown> }) => ServerRequestReply | undefined | Promise<ServerRequestReply | undefined>;

/** One of our requests still waiting for its answer. */
export interface InFlightRequest {
  id: RequestId;
  method: string;
  params?: unknown;
}

/** An HTTP exchange outlives its request's timeout a little, so the session reports the timeout. */
const EXCHANGE_MARGIN_MS = 1000;
/**
 * A wait's timer that fires this much late shows our own process was busy (compiling a thousand
 * schemas, a loaded machine): the answer may be sitting unread in the pipe, so the wait goes on.
 */
const OWN_LAG_MS = 100;
/** Wire units kept for saying what arrived while a request went unanswered. */
const ARRIVALS_KEPT = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A request we sent recently and its method, to validate late or duplicate answers. */
interface Answered {
  method: string;
  params?: unknown;
  tag?: string;
  count: number;
  /** A request whose wait ended unanswered: when it was sent (performance.now()), so its late answer still shows the queue moving. */
  gaveUpSentAt?: number;
}

export class Session {
  readonly transport: Transport;
  revision: Revision;
  readonly findings: Finding[] = [];
  readonly received: Received[] = [];
  /** Server-initiated request ids, to catch reuse (RPC-10). */
  private readonly serverRequestIds = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private readonly answered = new Map<string, Answered>();
  /**
   * Ids of messages sent as they are, without correlation (raw lines, deliberately invalid
   * requests such as one with id {"a":1}): a response naming one answers us, and the check that
   * sent it judges that answer; it is no response to an id we never used (RPC-2).
   */
  private readonly uncorrelatedIds = new Set<string>();
  private readonly listeners = new Set<Listener>();
  /** The latest wire units received (messages and framing), bounded. */
  private readonly arrivals: Arrival[] = [];
  private lastBatchRaw: string | undefined;
  private nextId = 1;
  private closedReason: string | undefined;
  private answerer: ServerRequestAnswerer | undefined;
  private readonly t0 = performance.now();
  /** What this connection's answers took: stretches waits while the server is busy (latency.ts). */
  private readonly latency = new LatencyBook();
  /** Session clock (now()) of the server's first answer on this connection, and the same on performance.now(). */
  private startedAt: number | undefined;
  private startedPerf = Infinity;
  /** performance.now() the start bound counts from: the spawn, or the spawn of a copy started again. */
  private startBase = this.t0;
  /** The process behind the connection, as the lease lets it run (connection-process.ts). */
  private readonly process: ConnectionProcess;
  private markEnded!: () => void;
  /** Settles once the connection is over (closed by us, or the server gone). */
  readonly ended = new Promise<void>((resolve) => (this.markEnded = resolve));
  private markSpoke!: () => void;
  /** Settles once the server has answered anything on the connection (see startMs). */
  readonly spoke = new Promise<void>((resolve) => (this.markSpoke = resolve));
  constructor(
    transport: Transport,
    readonly options: SessionOptions,
  ) {
    this.transport = transport;
    this.revision = options.revision;
    this.process = new ConnectionProcess(transport, options.lease, {
      session: this,
      newCopy: () => this.newCopy(),
      // A new copy: its first answer may take as long as a start.
      requestNow: (method, params) => this.dispatch(this.buildRequest(method, params), { timeoutMs: Math.max(this.options.requestTimeoutMs, this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) }),
      notifyNow: (method) => this.transmitNow({ jsonrpc: '2.0', method }),
      end: (reason) => this.shutdown(reason),
    });
    transport.on('message', (m, raw, context) => this.onMessage(m, raw, context));
    transport.on('framing', (p, raw) => this.onFraming(p, raw));
    transport.on('exit', (info) => this.onExit(info));
    // Stateless revisions have no negotiation: the version header goes out from the first request.
    if (isStateless(options.revision)) transport.setProtocolVersion?.(options.revision);
  }

  /** When we last sent anything on this session (session clock, see now()); undefined before the first message. */
  lastSentAt: number | undefined;

  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  /** The connection is gone: closed by us, or the server exited (even if its exit event is still on its way). */
  get closed(): boolean {
    return this.closedReason !== undefined || (!this.process.restarting && this.transport.closed);
  }

  /** Something is still expected on it: an answer, a listening period, or its process starting again. The lease parks only idle connections. */
  get busy(): boolean {
    return this.pending.size > 0 || this.endOfListening.size > 0 || this.process.busy;
  }

  /** Its process is being spawned or started again (the lease counts it as running). */
  get processStarting(): boolean {
    return this.process.starting;
  }

  /** Which process of the connection this is: it changes when the lease parks it, and what the server kept for the connection is gone then. */
  get processGeneration(): number {
    return this.process.generation;
  }

  /**
   * stdio: the process exited before it wrote anything to stdout, `afterMs` after the connection
   * was opened; `reason` is what its stderr said (CloseInfo.atStart).
   */
  exitedAtStart: { afterMs: number; reason: string } | undefined;

  /**
   * How long the server took to start: ms from opening the connection to the first thing it sent
   * (a message, or over stdio a line that is not one: it is running, if broken); undefined until then.
   */
  get startMs(): number | undefined {
    return this.startedAt;
  }

  /**
   * A wait of `ms` for something the server sends, made on this connection: before the server
   * first showed it runs, what is left of the start bound when that is longer (a slow start is
   * not silence).
   */
  startAwareWait(ms: number): number {
    if (this.startedAt !== undefined) return ms;
    return Math.max(ms, Math.round(this.startBase + (this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) - performance.now()));
  }

  async start(): Promise<void> {
    await this.process.start();
  }

  /** The lease stops this connection's process to let another copy run; the connection stays. */
  parkProcess(): Promise<void> {
    return this.process.park();
  }

  /** The lease lets this connection run again: its process is started again, and its handshake made again. */
  resumeProcess(): Promise<void> {
    return this.process.resume();
  }

  /** A new copy of the process: waits for the first answer count from now, and the server's request ids start afresh. */
  private newCopy(): void {
    this.startBase = performance.now();
    this.serverRequestIds.clear();
    const bound = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    if (this.startedAt === undefined) for (const [key, p] of this.pending) if (p.beforeStart) this.expireAfter(key, p, Math.max(bound, p.timeoutMs));
  }

  private chosenLiveness: LivenessRequest | undefined;

  /** What asks "does the server still serve?" on this session: ping (server/discover in 2026-07-28), or the run's stand-in for a refused ping. */
  get liveness(): LivenessRequest {
    const chosen = this.chosenLiveness ?? this.options.liveness;
    return chosen && !isStateless(this.revision) ? chosen : livenessRequest(this.revision);
  }

  /**
   * A fixed window (a quiet period, a straggler's grace, a liveness probe's wait) stretched with
   * this connection's measured latency: `ms` on a fast server, longer on one that answers slowly,
   * at most LATENCY_CEILING_FACTOR times `ms`. The pages of a big catalog count only while one may
   * still be on its way: a server slow to build them is not slow to send anything else.
   */
  scaled(ms: number): number {
    const bigInFlight = [...this.pending.values()].some((p) => this.latency.mayAnswerBig(p.method));
    return this.latency.scaled(ms, bigInFlight);
  }

  /** Wall time (ms) during which waits on this connection went on because the server was busy: a check's ceiling moves on by it. */
  get extendedMs(): number {
    return Math.round(this.latency.extendedMs);
  }

  /** A wait on this connection went on within the last `ms` because the server was busy. */
  busyWithin(ms: number): boolean {
    return this.latency.busyWithin(ms);
  }

  /** One of our requests on this connection (tagged `tag`, when given) was answered within the last `ms`: the server was still answering it then. */
  answeredWithin(ms: number, tag?: string): boolean {
    return this.latency.answeredWithin(ms, tag);
  }

  /** The connection's measured latency, ms: the quickest of its recent answers (0 before any). */
  get latencyMs(): number {
    return Math.round(this.latency.latencyMs());
  }

  /** What `method` costs this server on this connection (its quickest answer, its largest answer), once it has answered one. */
  costOf(method: string): MethodCost | undefined {
    return this.latency.costOf(method);
  }

  /** The run decided on a stand-in for ping after this session was opened. */
  useLiveness(request: LivenessRequest | undefined): void {
    this.chosenLiveness = request;
  }

  setRevision(revision: Revision): void {
    this.revision = revision;
    this.transport.setProtocolVersion?.(revision);
  }

  /** Back to a not-yet-negotiated stateful connection (after a stateless probe that failed). */
  prepareHandshake(revision: Revision): void {
    this.revision = revision;
    this.transport.setProtocolVersion?.(undefined);
  }

  /**
   * From now on, server requests this session may receive (roots, sampling, elicitation it
   * declared) are answered by `answerer` (undefined: the default answers again). Requests for
   * undeclared capabilities are still refused and recorded as findings.
   */
  answerServerRequestsWith(answerer: ServerRequestAnswerer | undefined): void {
    this.answerer = answerer;
  }

  /** Whether the request with this id is still waited for. */
  waiting(id: RequestId): boolean {
    return this.pending.has(keyOf(id));
  }

  /** Our requests still waiting for an answer, oldest first: which call a server request arrived during. */
  inFlight(): InFlightRequest[] {
    return [...this.pending.values()].map((p) => ({ id: p.id, method: p.method, ...(p.params === undefined ? {} : { params: p.params }) }));
  }

  /** Allocates a fresh id that is not in flight. */
  allocateId(style: 'number' | 'string' = 'number'): RequestId {
    const n = this.nextId++;
    return style === 'number' ? n : `req-${n}`;
  }

  request(method: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<Outcome> {
    return this.sendRequest(this.buildRequest(method, params, opts), opts);
  }

  /** The request message as it goes on the wire: a fresh id, and `_meta` where the revision wants it. */
  buildRequest(method: string, params?: Record<string, unknown>, opts: Pick<RequestOptions, 'id' | 'meta'> = {}): Record<string, unknown> {
    const id = opts.id ?? this.allocateId();
    const base = this.options.requestMeta?.() ?? (isStateless(this.revision) ? statelessMeta(this.revision, this.options) : undefined);
    const meta = base || opts.meta ? { ...base, ...opts.meta } : undefined;
    let p = params;
    if (meta) p = { ...(params ?? {}), _meta: { ...meta, ...((params?._meta as object) ?? {}) } };
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (p !== undefined) message.params = p;
    return message;
  }

  /** Sends any object carrying an id and waits for the answer to that id (malformed requests included). */
  sendRequest(message: Record<string, unknown>, opts: RequestOptions = {}): Promise<Outcome> {
    // Its timeout counts from when it goes out, not while another copy of the server runs.
    const turn = this.process.turn();
    return turn ? turn.then(() => this.sendRequest(message, opts)) : this.dispatch(message, opts);
  }

  /**
   * Waits for the answer to `message` as if it had been sent, without writing it: the caller writes
   * its bytes itself (coalesced or split stdio writes, a POST whose reply it inspects), and the
   * answer is still correlated, bounded and validated.
   */
  awaitAnswer(message: Record<string, unknown>, opts: RequestOptions = {}): Promise<Outcome> {
    // Whoever writes the bytes owns the wire (a fuzz link judges every response on it): no probe of ours goes between.
    return this.dispatch(message, { ...opts, probe: true }, false);
  }

  private dispatch(message: Record<string, unknown>, opts: RequestOptions, write = true): Promise<Outcome> {
    const id = message.id as RequestId;
    const key = keyOf(id);
    const sentAt = performance.now();
    const method = typeof message.method === 'string' ? message.method : '';
    return new Promise<Outcome>((resolve) => {
      if (this.closedReason) return resolve({ kind: 'closed', id, ms: 0, reason: this.closedReason });
      const timeoutMs = opts.timeoutMs ?? this.options.requestTimeoutMs;
      // Until the server first answers, it may still be starting: the wait is the start bound's, when longer.
      const startLeft = this.startBase + (this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) - sentAt;
      const startWait = opts.silenceIsAnswer ? Math.min(startLeft, timeoutMs + (this.options.expectedStartMs ?? 0)) : startLeft;
      const beforeStart = this.startedAt === undefined && startWait > timeoutMs;
      const waitMs = beforeStart ? startWait : timeoutMs;
      const noProbe = Boolean(opts.silenceIsAnswer || opts.probe);
      const probeStart = Boolean(opts.silenceIsAnswer && beforeStart && write);
      const entry: Pending = { id, method, params: message.params, sentAt, sentNow: this.now(), tag: opts.tag, resolve, timeoutMs, deadline: sentAt, beforeStart, sent: false, noProbe, probeStart };
      this.expireAfter(key, entry, waitMs);
      this.pending.set(key, entry);
      if (!write) {
        this.lastSentAt = this.now();
        entry.sent = true;
        return;
      }
      // The session's timer ends the wait, which may go on while the server is busy (expireAfter).
      const exchangeMs = Math.max(waitMs, QUEUE_CEILING_FACTOR * timeoutMs) + EXCHANGE_MARGIN_MS;
      const onExchange = (exchange: HttpExchange) => (entry.exchange = exchange);
      this.transmitNow(message, { headers: opts.headers, signal: opts.signal, timeoutMs: exchangeMs, onExchange }).then(
        (out) => {
          entry.sent = true;
          const status = out.http?.response?.status;
          const p = this.pending.get(key);
          if (status !== undefined && status >= 400 && p) {
            clearTimeout(p.timer);
            this.pending.delete(key);
            this.answered.set(key, { method, params: message.params, tag: opts.tag, count: 0 });
            resolve({ kind: 'http-error', id, ms: Math.round(performance.now() - sentAt), status, body: out.http?.response?.body ?? '' });
          }
        },
        (err: Error) => {
          // Its exit decides: a copy started again gets it again (ConnectionProcess).
          if (!this.mayStartAgain()) this.failPending(key, `send failed: ${err.message}`);
        },
      );
    });
  }

  /**
   * A send that fails before the server's first answer, with a lease that may start the process
   * again: the process exited at start (the write met a closed pipe before its exit was seen).
   */
  private mayStartAgain(): boolean {
    return this.options.lease !== undefined && this.startedAt === undefined && this.closedReason === undefined;
  }

  /**
   * Ends the wait for `p` with a timeout `ms` from now (replacing an earlier end). Once the server
   * has started, a wait that runs out while it is busy with our earlier requests, or with a method
   * it answers slowly, goes on in steps of its measured latency up to the ceiling (latency.ts);
   * ending there while it is still busy, the timeout says it was too slow to judge.
   */
  private expireAfter(key: string, p: Pending, ms: number): void {
    clearTimeout(p.timer);
    p.deadline = performance.now() + ms;
    p.timer = setTimeout(() => {
      const now = performance.now();
      const lag = now - p.deadline;
      if (lag > OWN_LAG_MS && now < p.sentAt + QUEUE_CEILING_FACTOR * p.timeoutMs) {
        this.expireAfter(key, p, lag);
        return;
      }
      const unstarted = p.beforeStart && this.startedAt === undefined;
      if (unstarted && p.probeStart && !p.probed && !this.closedReason && this.startProbe(key, p)) return;
      // A server whose output is a line past the maximum message size, with no line since (an
      // endless line), answers nothing we can read: p's silence stands at its timeout, with no
      // probe or extension (each would cost up to the ceiling).
      const decision = unstarted || this.inOversizeLine ? undefined : this.latency.decide(p, p.extendedAt ?? p.sentAt, now, p.slowProbe);
      if (decision && !decision.busy && !p.noProbe && !p.probed && !this.closedReason) {
        this.probeFor(key, p);
        return;
      }
      if (decision && decision.extendMs > 0) {
        p.extendedAt = now;
        this.expireAfter(key, p, decision.extendMs);
        return;
      }
      const carried = this.carried(p.id);
      this.pending.delete(key);
      this.answered.set(key, { method: p.method, params: p.params, tag: p.tag, count: 0, gaveUpSentAt: p.sentAt });
      const tooSlow = decision?.busy ? this.tooSlow(p, now, decision.answeredMeanwhile) : undefined;
      p.resolve({ kind: 'timeout', id: p.id, ms: Math.round(now - p.sentAt), ...(carried ? { carried } : {}), ...(unstarted ? { beforeStart: true as const } : {}), ...(tooSlow ? { tooSlow } : {}) });
    }, ms);
  }

  /**
   * `p`'s wait ran out with no sign of the server being busy: a liveness probe asks. Answered only
   * slowly (half p's timeout or more), the server is busy and p's wait goes on; answered quickly,
   * or not at all, p's silence stands and its wait ends.
   */
  private probeFor(key: string, p: Pending): void {
    p.probed = true;
    // The probe may take as long as p's own ceiling leaves: behind p on a server that works one request at a time, it comes after p.
    const timeoutMs = Math.max(p.timeoutMs, p.sentAt + LATENCY_CEILING_FACTOR * p.timeoutMs - performance.now());
    // Meanwhile p's wait is decided again at the probe's end at the latest (answers ahead of p may show the server busy first).
    this.expireAfter(key, p, timeoutMs);
    void this.sendProbe(p, timeoutMs).then((o) => {
      if (this.pending.get(key) !== p) return;
      const answered = o.kind === 'result' || o.kind === 'error';
      p.slowProbe = answered && o.ms >= p.timeoutMs / 2;
      this.expireAfter(key, p, 0);
    });
  }

  /**
   * `p`, whose silence may be an answer, ran out before the server answered anything on this
   * connection, though its start was expected by now (a run's other connections started that
   * fast): starts side by side on a loaded machine take longer. A liveness probe asks; p waits
   * until the server's first answer, then its own timeout from there (markStarted), up to the
   * latency ceiling over its first wait (a server silent to everything before initialize must not
   * cost the whole start bound), within the start bound. False: no time left, p's wait ends.
   */
  private startProbe(key: string, p: Pending): boolean {
    p.probed = true;
    const ceiling = p.sentAt + LATENCY_CEILING_FACTOR * (p.timeoutMs + (this.options.expectedStartMs ?? 0));
    const left = Math.min(ceiling, this.startBase + (this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS)) - performance.now();
    if (left < 1) return false;
    this.expireAfter(key, p, left);
    void this.sendProbe(p, left);
    return true;
  }

  /** Sends the liveness request as `p`'s probe: its answer is marked as ours in what p's timeout says arrived. */
  private sendProbe(p: Pending, timeoutMs: number): Promise<Outcome> {
    const probe = this.buildRequest(this.liveness.method, this.liveness.params);
    p.probeId = probe.id as RequestId;
    return this.sendRequest(probe, { timeoutMs, probe: true });
  }

  /** Waits that reached their ceiling while the server was still busy, with the check that sent them (bounded). */
  readonly tooSlowWaits: Array<{ tag?: string; method: string; tooSlow: TooSlow }> = [];

  private tooSlow(p: Pending, now: number, answeredMeanwhile: number): TooSlow {
    const method = this.latency.methodLatencyMs(p.method);
    const tooSlow: TooSlow = { waitedMs: Math.round(now - p.sentAt), timeoutMs: p.timeoutMs, latencyMs: Math.round(this.latency.latencyMs()), answeredMeanwhile, ...(method !== undefined ? { methodLatencyMs: Math.round(method) } : {}) };
    if (this.tooSlowWaits.length < 1000) this.tooSlowWaits.push({ tag: p.tag, method: p.method, tooSlow });
    return tooSlow;
  }

  /**
   * The server's first answer on this connection: it has started. Requests still waiting under the
   * start bound now wait their own timeout, from now, at most.
   */
  private markStarted(): void {
    if (this.startedAt !== undefined) return;
    this.startedAt = this.now();
    this.startedPerf = performance.now();
    this.markSpoke();
    this.process.firstAnswer();
    const now = performance.now();
    for (const [key, p] of this.pending) if (p.beforeStart && p.deadline - now > p.timeoutMs) this.expireAfter(key, p, p.timeoutMs);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<SendOutcome> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    if (method === 'notifications/initialized') this.process.initializedSent();
    return this.transmit(message);
  }

  /**
   * Writes bytes as they are (pieces in order, as one write). `ids`: the ids their messages carry, when the caller has read them
   * already (a fuzz link, thousands of cases a second); otherwise the session parses the bytes for them.
   */
  sendRaw(bytes: RawBytes, options?: Pick<SendOptions, 'headers' | 'timeoutMs'> & { ids?: readonly unknown[] }): Promise<SendOutcome> {
    const turn = this.process.turn();
    if (turn) return turn.then(() => this.sendRaw(bytes, options));
    this.lastSentAt = this.now();
    if (options?.ids) for (const id of options.ids) this.noteUncorrelatedId({ id });
    else this.noteUncorrelated(bytes);
    this.process.sent({ raw: bytes }, this.startedAt !== undefined);
    return this.transport.sendRaw(bytes, options && { headers: options.headers, timeoutMs: options.timeoutMs }).catch((err: unknown) => Promise.reject(blameServer(err, this.closing !== undefined)));
  }

  /** Sends a message as JSON without correlating anything (notifications, odd shapes). */
  sendMessage(message: unknown, options?: Pick<SendOptions, 'timeoutMs'>): Promise<SendOutcome> {
    this.noteUncorrelatedId(message);
    return this.transmit(message, options);
  }

  /** Raw bytes: the ids of the JSON lines among them (small inputs only; a huge one carries no id worth matching). */
  private noteUncorrelated(raw: RawBytes): void {
    // Measured before joining: a megabyte batch is not copied to be passed over.
    if (rawLength(raw) > MAX_NOTED_RAW_BYTES) return;
    const bytes = joinRaw(raw);
    const text = typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8');
    for (const line of text.split('\n')) {
      try {
        this.noteUncorrelatedId(JSON.parse(line));
      } catch {
        // not JSON: nothing a server could echo an id of
      }
    }
  }

  private noteUncorrelatedId(message: unknown): void {
    const items = Array.isArray(message) ? message : [message];
    for (const m of items) {
      if (!isObject(m) || !('id' in m) || m.id === null || m.id === undefined) continue;
      this.uncorrelatedIds.add(JSON.stringify(m.id));
      if (this.uncorrelatedIds.size > MAX_NOTED_IDS) this.uncorrelatedIds.delete(this.uncorrelatedIds.values().next().value!);
    }
  }

  /** Every message we send goes through here, so lastSentAt says when we last spoke. */
  private transmit(message: unknown, options?: SendOptions): Promise<SendOutcome> {
    const turn = this.process.turn();
    return turn ? turn.then(() => this.transmitNow(message, options)) : this.transmitNow(message, options);
  }

  private transmitNow(message: unknown, options?: SendOptions): Promise<SendOutcome> {
    this.lastSentAt = this.now();
    this.process.sent({ message }, this.startedAt !== undefined);
    return this.transport.send(message, options).then(
      (out) => {
        // Any HTTP response is the server answering: it has started.
        if (out.http?.response) this.markStarted();
        return out;
      },
      (err: unknown) => {
        // A write that met a closed pipe before the first answer: the lease may start the process again.
        if (this.mayStartAgain()) return {};
        throw blameServer(err, this.closing !== undefined);
      },
    );
  }

  onReceive(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What the exchange of request `id` (still unanswered) has carried so far: over HTTP its response
   * as far as it came; otherwise what the connection received since it was sent. Undefined when
   * `id` is not in flight.
   */
  carried(id: RequestId): Carried | undefined {
    const p = this.pending.get(keyOf(id));
    if (!p) return undefined;
    if (p.exchange) return { http: httpCarried(p.exchange, !p.sent) };
    const carried = this.arrivedSince(p.sentNow);
    return p.probeId === undefined ? carried : { ...carried, arrived: carried.arrived?.map((a) => markProbeAnswer(a, p.probeId!)) };
  }

  /** What the connection received from `since` (session clock, see now()) on: for waits that are not one request's. */
  arrivedSince(since: number): Carried {
    const arrived = arrivalsSince(this.arrivals, since);
    return this.transport.kind === 'stdio' ? { ...arrived, lines: true } : arrived;
  }

  private noteArrival(raw: string, problem?: FramingProblem): void {
    // A line after an oversize one ends it: the server writes lines again.
    this.inOversizeLine = problem === 'too-large';
    this.arrivals.push(arrival(this.now(), raw, problem));
    if (this.arrivals.length > ARRIVALS_KEPT) this.arrivals.shift();
  }

  /** Resolves with the first received message matching `pred` within `ms`, else undefined (at once if the session ends). */
  waitFor(pred: (r: Received) => boolean, ms: number): Promise<Received | undefined> {
    return new Promise((resolve) => {
      let off = () => {};
      const cancel = this.listenFor(ms, () => {
        off();
        resolve(undefined);
      });
      off = this.onReceive((r) => {
        if (!pred(r)) return;
        off();
        cancel();
        resolve(r);
      });
    });
  }

  /** Everything received during the next `ms` (a quiet period for "no response" checks), or until the session ends. */
  collect(ms: number, pred: (r: Received) => boolean = () => true): Promise<Received[]> {
    const got: Received[] = [];
    const off = this.onReceive((r) => {
      if (pred(r)) got.push(r);
    });
    return new Promise((resolve) => {
      this.listenFor(ms, () => {
        off();
        resolve(got);
      });
    });
  }

  /**
   * Calls `done` after `ms`, or as soon as the session ends (nothing more can arrive): a listening
   * period outliving its session would keep the process alive with its timer. Returns a function
   * that drops the period without calling `done`.
   */
  private listenFor(ms: number, done: () => void): () => void {
    const cancel = () => {
      clearTimeout(timer);
      this.endOfListening.delete(finish);
    };
    const finish = () => {
      cancel();
      done();
    };
    const timer = setTimeout(finish, ms);
    if (this.closedReason) queueMicrotask(finish);
    else this.endOfListening.add(finish);
    return cancel;
  }

  /** Findings recorded from `from` (an index into findings) on: lets a check see what its traffic caused. */
  findingsSince(from: number, tag?: string): Finding[] {
    return this.findings.slice(from).filter((f) => tag === undefined || f.tag === tag);
  }

  private closing: Promise<CloseInfo> | undefined;
  /** Listening periods (collect, waitFor) still running: they end with the session. */
  private readonly endOfListening = new Set<() => void>();

  /** Ends the transport (idempotent); pending requests resolve as closed. */
  close(opts?: CloseOptions): Promise<CloseInfo> {
    // Already closing: the transport may still shorten its grace (see CloseOptions).
    if (this.closing && opts?.graceMs !== undefined) void this.transport.close(opts).catch(() => undefined);
    this.closing ??= this.transport.close(opts).finally(() => this.shutdown('session closed'));
    return this.closing;
  }

  private addFinding(f: Omit<Finding, 'at'>): void {
    if (this.findings.length < 10_000) this.findings.push({ at: this.now(), ...f });
  }

  private onFraming(problem: FramingProblem, raw: string): void {
    // Output that is no message (a pretty-printed or endless line) still shows the server has
    // started: what it answers from now on waits the request timeout, not the start bound.
    this.markStarted();
    this.noteArrival(raw, problem);
    const requirement = problem === 'invalid-utf8' ? 'STDIO-1' : problem === 'too-large' ? undefined : 'STDIO-3';
    const where = this.transport.kind === 'stdio' ? 'on stdout' : 'in an HTTP body';
    const what: Record<FramingProblem, string> = {
      'not-json': `${this.transport.kind === 'stdio' ? 'a line' : 'text'} ${where} that is not JSON`,
      'not-jsonrpc': `JSON ${where} that is not a JSON-RPC message`,
      'too-large': 'a message larger than the maximum message size',
      'invalid-utf8': 'bytes that are not valid UTF-8',
      'sse-malformed': 'an SSE event whose data is not a JSON-RPC message',
    };
    // An empty line carries no message at all; it is sloppy framing, not a corrupt message.
    const blank = problem === 'not-json' && raw.trim() === '';
    this.addFinding({
      requirement: this.transport.kind === 'stdio' ? requirement : 'HTTP-8',
      severity: blank ? 'warn' : 'fail',
      message: blank ? 'server wrote an empty line on stdout' : `server sent ${what[problem]}`,
      evidence: [{ type: 'message', direction: 'received', at: this.now(), raw: raw.slice(0, 2000) }],
    });
  }

  private serverEnded: string | undefined;

  /** An answer to a request of ours, for the latency book; one sent before the server's first output also waited for its start: no measure. */
  private noteAnswer(method: string, sentAt: number, chars: number, tag?: string): void {
    if (sentAt >= this.startedPerf) this.latency.record(method, sentAt, performance.now(), chars, tag);
  }
  /** The last thing the server wrote is a line past the maximum message size (an endless line, maybe still going). */
  private inOversizeLine = false;

  /** Why the server ended this connection (its process exited while we were not closing it), if it did. */
  get endedByServer(): string | undefined {
    return this.serverEnded;
  }

  private onExit(info: CloseInfo): void {
    const exited = () => {
      if (info.atStart !== undefined) this.exitedAtStart = { afterMs: this.now(), reason: info.atStart };
      const ended = `server exited (code ${info.code ?? 'none'}${info.signal ? `, signal ${info.signal}` : ''})`;
      if (!this.closing) this.serverEnded = ended;
      this.shutdown(`${ended}${info.atStart ?? ''}`);
    };
    // An exit at start may have been another copy's doing: the lease may have it started again.
    if (info.atStart !== undefined && this.process.exitedAtStart(info, exited)) return;
    exited();
  }

  private shutdown(reason: string): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    this.markEnded();
    for (const key of [...this.pending.keys()]) this.failPending(key, reason);
    for (const end of [...this.endOfListening]) end();
  }

  private failPending(key: string, reason: string): void {
    const p = this.pending.get(key);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(key);
    p.resolve({ kind: 'closed', id: p.id, ms: Math.round(performance.now() - p.sentAt), reason });
  }

  private onMessage(message: unknown, raw: string, context?: MessageContext): void {
    this.markStarted();
    const at = this.now();
    // A batch is emitted once per element, all with the same raw: keep the wire unit once.
    const batch = raw.trimStart().startsWith('[');
    if (!batch || raw !== this.lastBatchRaw) this.noteArrival(raw);
    this.lastBatchRaw = batch ? raw : undefined;
    const items = Array.isArray(message) ? message : [message];
    for (const item of items) this.onSingle(item, raw, at, context?.http);
  }

  private onSingle(message: unknown, raw: string, at: number, http?: HttpContext): void {
    const isResponse = isObject(message) && !('method' in message) && ('result' in message || 'error' in message);
    let pending: Pending | undefined;
    let prior: Answered | undefined;
    let idTypeChanged = false;
    if (isResponse) {
      const id = (message as Record<string, unknown>).id;
      const key = keyOf(id);
      pending = this.pending.get(key);
      if (!pending && (typeof id === 'string' || typeof id === 'number')) {
        // The server may have changed the id's JSON type (RPC-2): match loosely and flag it.
        const loose = this.pending.get(keyOf(typeof id === 'string' ? Number(id) : String(id)));
        if (loose && String(loose.id) === String(id)) {
          pending = loose;
          idTypeChanged = true;
        }
      }
      if (!pending) prior = this.answered.get(key);
    }
    // A response with an id of none of ours: over HTTP it still answers the request its POST carried.
    const id = isObject(message) ? message.id : undefined;
    const ours = id !== null && id !== undefined && this.uncorrelatedIds.has(JSON.stringify(id));
    const unmatched = isResponse && !pending && !prior && !ours && id !== null && id !== undefined ? this.unmatched(id, http, at) : undefined;
    const asked = pending ?? prior ?? unmatched?.carrier;
    const ref: RequestRef | undefined = asked ? { method: asked.method, params: asked.params } : undefined;
    const validation = validateMessage(message, { revision: this.revision, direction: 'server->client', inReplyTo: ref });
    // Findings go to the check (or the runner's probe) whose request it answers, also when only guessed.
    const tag = asked?.tag ?? unmatched?.answers?.tag;
    const received: Received = { at, message, raw, validation, tag };
    if (ref) received.answers = ref.method;
    if (http) received.http = http;
    if (this.received.length >= (this.options.maxKept ?? 20_000)) this.received.shift();
    this.received.push(keptRecord(received));
    const evidence: Evidence[] = [{ type: 'message', direction: 'received', at, message }];

    for (const p of validation.problems) {
      // A value we invented that the server passed on is our input's fault: said, and only a warning.
      const ours = ref ? ourValueBehind(p, message, ref.method, ref.params) : undefined;
      const cause = ours ? undefined : schemaCause(p, ref?.method);
      this.addFinding({
        tag,
        requirement: p.requirement,
        severity: ours ? 'warn' : 'fail',
        message: `${ref ? `${ref.method} ` : ''}${validation.kind}: ${p.message}${ours ? `; ${describeOurValue(p.pointer, ours)}` : ''}`,
        evidence: [...evidence, { type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, requirement: p.requirement }],
        ...(cause ? { cause } : {}),
      });
    }

    if (isResponse) {
      const msg = message as Record<string, unknown>;
      if (pending) {
        this.pending.delete(keyOf(pending.id));
        clearTimeout(pending.timer);
        this.answered.set(keyOf(pending.id), { method: pending.method, params: pending.params, tag: pending.tag, count: 1 });
        if (this.answered.size > 5000) this.answered.delete(this.answered.keys().next().value!);
        if (idTypeChanged) {
          this.addFinding({
            tag,
            requirement: 'RPC-2',
            severity: 'fail',
            message: `response id ${JSON.stringify(msg.id)} has a different JSON type than the request id ${JSON.stringify(pending.id)}`,
            evidence,
          });
        }
        const ms = Math.round(performance.now() - pending.sentAt);
        this.noteAnswer(pending.method, pending.sentAt, raw.length, pending.tag);
        const via = http ? { http } : {};
        if (pending.method === 'initialize' && 'result' in msg) this.process.initializeAnswered(pending.params);
        if ('error' in msg && isObject(msg.error)) pending.resolve({ kind: 'error', id: pending.id, error: msg.error as never, message: msg, ms, ...via });
        else if ('error' in msg) pending.resolve({ kind: 'error', id: pending.id, error: { code: undefined, message: msg.error }, message: msg, ms, ...via });
        else pending.resolve({ kind: 'result', id: pending.id, result: (isObject(msg.result) ? msg.result : {}) as Record<string, unknown>, message: msg, ms, ...via });
      } else if (prior && prior.count >= 1) {
        prior.count++;
        this.addFinding({ tag, requirement: 'RPC-25', severity: 'fail', message: `a second response to request ${JSON.stringify(msg.id)} (${prior.method})`, evidence });
      } else if (prior) {
        prior.count++; // a late answer to a request we stopped waiting for: not a violation by itself
        // The server is working through its queue: the requests still waiting behind this one see it move.
        if (prior.gaveUpSentAt !== undefined) this.noteAnswer(prior.method, prior.gaveUpSentAt, raw.length, prior.tag);
      } else if (unmatched) {
        this.addFinding({ tag, requirement: 'RPC-2', severity: 'fail', message: unmatched.message, evidence: [...unmatched.evidence, ...evidence] });
      }
    } else if (isObject(message) && typeof message.method === 'string' && 'id' in message) {
      this.answerServerRequest(message, evidence);
    } else if (isObject(message) && message.method === 'notifications/cancelled') {
      const problem = serverCancellationProblem(message.params, this.revision, (id) => this.serverRequestIds.has(keyOf(id)));
      if (problem) this.addFinding({ tag, requirement: problem.requirement, severity: 'fail', message: problem.message, evidence });
    }
    for (const l of this.listeners) l(received);
  }

  /** What a response with `id`, which none of our requests carried, answers: the request its POST carried (HTTP), or a guess from those in flight. */
  private unmatched(id: unknown, http: HttpContext | undefined, at: number): UnmatchedResponse & { carrier?: OurRequest } {
    const key = http?.stream?.kind === 'post' ? keyOf(http.stream.requestId) : undefined;
    const request = key === undefined ? undefined : (this.pending.get(key) ?? this.answered.get(key));
    const carrier = request && http?.stream?.kind === 'post' ? { ...request, id: http.stream.requestId } : undefined;
    const said = unmatchedResponse(id, at, carrier, carrier ? [] : [...this.pending.values()]);
    return carrier ? { ...said, carrier } : said;
  }

  /** Answers a server->client request, and records a finding when the server had no right to send it. */
  private answerServerRequest(message: Record<string, unknown>, evidence: Evidence[]): void {
    const method = message.method as string;
    const id = message.id;
    const idKey = keyOf(id);
    if (this.serverRequestIds.has(idKey)) {
      this.addFinding({ requirement: 'RPC-10', severity: 'fail', message: `the server reused request id ${JSON.stringify(id)}`, evidence });
    }
    this.serverRequestIds.add(idKey);
    if (isStateless(this.revision)) {
      // 2026-07-28 servers ask for input inside results (InputRequiredResult), never by request.
      this.addFinding({ requirement: 'S26-13', severity: 'fail', message: `the server sent a JSON-RPC request (${method}), which ${this.revision} does not allow`, evidence });
      return;
    }
    const caps = this.options.clientCapabilities ?? {};
    const needs: Record<string, [string, string]> = {
      'roots/list': ['roots', 'ROOTS-1'],
      'sampling/createMessage': ['sampling', 'SAMP-1'],
      'elicitation/create': ['elicitation', 'ELIC-1'],
    };
    const reply = (body: Record<string, unknown>) => void this.transmit({ jsonrpc: '2.0', id, ...body }).catch(() => undefined);
    if (method === 'ping') return reply({ result: {} });
    const need = needs[method];
    if (need && !(need[0] in caps)) {
      this.addFinding({
        requirement: need[1],
        severity: 'fail',
        message: `the server sent ${method} although the client did not declare the ${need[0]} capability`,
        evidence,
      });
      return reply({ error: { code: -32601, message: `client did not declare ${need[0]}` } });
    }
    const chosen = need ? this.answerer?.({ id, method, params: isObject(message.params) ? message.params : {} }) : undefined;
    // An answerer may look before it answers (a check that asks the server something meanwhile).
    if (chosen instanceof Promise) {
      void chosen.then((c) => reply(c ?? defaultReply(method)), () => reply(defaultReply(method)));
      return;
    }
    reply(chosen ?? defaultReply(method));
  }
}

/** What we answer a server request nobody chose an answer for. */
function defaultReply(method: string): ServerRequestReply {
  if (method === 'roots/list') return { result: { roots: [] } };
  if (method === 'sampling/createMessage') return { result: { role: 'assistant', content: { type: 'text', text: 'mcp-conform' }, model: 'mcp-conform', stopReason: 'endTurn' } };
  if (method === 'elicitation/create') return { result: { action: 'decline' } };
  return { error: { code: -32601, message: `mcp-conform does not handle ${method}` } };
}

/** Map key that keeps the JSON type of an id: 1 and "1" are different requests. */
export function keyOf(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}
