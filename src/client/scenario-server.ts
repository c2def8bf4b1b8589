// The protocol side of our test server for one scenario: answers the client's requests, records
// everything, and plays the scenario's script while the client's first request after
// `notifications/initialized` is in progress. Transport-free: an endpoint (stdio bridge or HTTP)
// hands it each message with a channel for what goes back.
import { isStateless, type Revision } from '../schema/index.js';
import { ABANDON_AFTER_MS, askParams, CANCEL_REASON, SCENARIO_TABLE, servedVersion, STREAM_RETRY_MS, type Scenario, type ScenarioName, type Step } from './scenarios.js';
import type { FuzzCase } from './fuzz.js';
import { newRecord, type Ask, type ClientTransport, type HttpRequestSeen, type ScenarioRecord } from './record.js';
import { answerModern, META, MODERN_VERSION, requestMeta } from './modern.js';

/** Where our messages to the client go: a stdio line, or an event of a POST's SSE stream. */
export interface Channel {
  write(text: string): void;
}

/** A standalone GET stream as the endpoint hands it over: where our messages go, and how we end it. */
export interface OpenStream {
  channel: Channel;
  drop(): void;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ScenarioServerOptions {
  transport: ClientTransport;
  requestTimeoutMs: number;
  serverInfo: { name: string; version: string };
  /** The fuzz scenario's cases. */
  fuzzCases?: readonly FuzzCase[];
  /** The era our server speaks: the run's revision decides (2026-07-28: modern, no handshake). */
  era?: 'initialize' | 'modern';
}

export class ScenarioServer {
  readonly record: ScenarioRecord;
  private readonly scenario: Scenario;
  private readonly t0 = performance.now();
  private nextId = 1;
  private readonly pending = new Map<number, (response: Obj | undefined, outcome: Ask['outcome']) => void>();
  private initializedSeen = false;
  private initializeId: unknown;
  private scriptStarted = false;
  private scriptDone = false;
  /** Requests of ours whose response the script does not wait for step by step (askThenCancel). */
  private readonly inFlight: Promise<Ask>[] = [];
  /** Standalone GET streams still open, by their index in record.streams. */
  private readonly live = new Map<number, OpenStream>();
  /** Listeners woken by any activity (the run's end conditions watch it). */
  private readonly watchers = new Set<() => void>();
  lastActivity = 0;
  /** Set when the run stops the client: an exit from then on is ours, not the client's doing. */
  stopping = false;
  /** 2026-07-28: the HTTP status of each response we gave (errors are 400 or 404 there). */
  private readonly statuses = new WeakMap<Obj, number>();

  constructor(
    name: ScenarioName,
    private readonly options: ScenarioServerOptions,
  ) {
    this.scenario = SCENARIO_TABLE[name];
    this.record = newRecord(name, options.transport);
    if (options.era === 'modern') this.record.era = 'modern';
  }

  /** Our server speaks 2026-07-28 in this run. */
  get modern(): boolean {
    return this.options.era === 'modern';
  }

  /** HTTP: the status a response of ours goes out with (200 but for 2026-07-28's errors). */
  httpStatus(response: Obj): number {
    return this.statuses.get(response) ?? 200;
  }

  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  /** The negotiated revision, when we answered with one we speak. */
  get revision(): Revision | undefined {
    if (this.modern) return this.record.answered === MODERN_VERSION ? MODERN_VERSION : undefined;
    const v = this.record.answered;
    return v && servedVersion(v) === v && !isStateless(v as Revision) ? (v as Revision) : undefined;
  }

  /** Our script has run (or will never run: nothing of ours is outstanding). */
  get settled(): boolean {
    return this.pending.size === 0 && (this.scriptDone || !this.scriptStarted);
  }

  get scriptFinished(): boolean {
    return this.scriptDone;
  }

  onActivity(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** Activity outside the MCP messages (the authorization server's traffic) keeps the scenario alive too. */
  touch(): void {
    this.lastActivity = this.now();
    for (const w of this.watchers) w();
  }

  /** HTTP: whether a GET of the endpoint opens a standalone SSE stream in this scenario. */
  get offersStream(): boolean {
    return this.scenario.offersStream === true;
  }

  /** A GET opened a standalone stream: its index in record.streams. */
  streamOpened(stream: OpenStream, lastEventId: string | undefined, http: HttpRequestSeen): number {
    this.record.events.push({ at: this.now(), dir: 'in', raw: '', http });
    this.record.streamRetryMs = STREAM_RETRY_MS;
    const session = http.headers['mcp-session-id'];
    const index = this.record.streams.push({ openedAt: this.now(), ...(session !== undefined ? { session } : {}), ...(lastEventId !== undefined ? { lastEventId } : {}), eventIds: [] }) - 1;
    this.live.set(index, stream);
    this.touch();
    return index;
  }

  /** An event of ours went out on stream `index` with this id. */
  streamEvent(index: number, id: string): void {
    this.record.streams[index]?.eventIds.push(id);
  }

  /** Stream `index` closed: by the client, unless we dropped it. */
  streamClosed(index: number): void {
    const stream = this.record.streams[index];
    this.live.delete(index);
    if (stream && stream.droppedAt === undefined) stream.closedAt ??= this.now();
    this.touch();
  }

  /** Records bytes that did not parse (the client's) and moves on. */
  receivedRaw(raw: string, http?: HttpRequestSeen): void {
    this.record.events.push({ at: this.now(), dir: 'in', raw, ...(http ? { http } : {}) });
    this.touch();
  }

  /**
   * HTTP, a scenario that expires its session: whether a request carrying `session` is answered
   * 404. The first request after notifications/initialized that carries our session id ends the
   * session; from then on everything carrying that id is refused. initialize never is.
   */
  sessionGone(message: unknown, session: string | undefined): boolean {
    if (!this.scenario.expireSession || session === undefined) return false;
    if (isObject(message) && message.method === 'initialize') return false;
    if (this.record.expiredSession !== undefined) return session === this.record.expiredSession;
    const isRequest = isObject(message) && typeof message.method === 'string' && 'id' in message;
    if (!isRequest || !this.initializedSeen || session !== this.record.sessionId) return false;
    this.record.expiredSession = session;
    this.record.expiredAt = this.now();
    return true;
  }

  /** Records a message we refused without reading it (a POST to the session we ended). */
  receivedRefused(message: unknown, raw: string, http: HttpRequestSeen): void {
    this.record.events.push({ at: this.now(), dir: 'in', message, raw, http });
    this.touch();
  }

  /** Records a request that carried no message (HTTP GET or DELETE). */
  receivedHttp(http: HttpRequestSeen): void {
    this.record.events.push({ at: this.now(), dir: 'in', raw: '', http });
    if (http.method === 'DELETE') this.clientEnded('closed');
    this.touch();
  }

  /** The client's side ended: every request of ours still waiting is over. */
  clientEnded(how: 'exit' | 'closed', code?: number | null, signal?: string | null): void {
    this.record.ends.push({ how, at: this.now(), ...(how === 'exit' ? { code, signal } : {}), ...(this.stopping ? { byUs: true } : {}) });
    for (const [, settle] of this.pending) settle(undefined, 'gone');
    this.pending.clear();
    this.touch();
  }

  /**
   * One message from the client. For a request, resolves with our response (the endpoint sends it
   * last, after whatever the script wrote to `channel`); otherwise with undefined.
   */
  async receive(message: unknown, raw: string, channel: Channel, http?: HttpRequestSeen): Promise<Obj | undefined> {
    this.record.events.push({ at: this.now(), dir: 'in', message, raw, ...(http ? { http } : {}) });
    this.touch();
    if (!isObject(message)) return undefined;
    if (typeof message.method === 'string') {
      if (!('id' in message)) {
        if (message.method === 'notifications/initialized') this.initializedSeen = true;
        return undefined;
      }
      return this.answer(message, channel, http);
    }
    this.settleAsk(message);
    return undefined;
  }

  /** Sends one of our messages (and records it). */
  send(channel: Channel, message: Obj): void {
    const raw = JSON.stringify(message);
    this.noteSent(message, raw);
    channel.write(raw);
  }

  /** Records a message of ours as it goes out; the initialize result marks the handshake's answer. */
  noteSent(message: Obj, raw: string): void {
    this.record.events.push({ at: this.now(), dir: 'out', message, raw });
    if (message.id !== undefined && message.id === this.initializeId && 'result' in message) this.record.initializedAt ??= this.now();
  }

  private sendRaw(channel: Channel, raw: string): void {
    this.record.events.push({ at: this.now(), dir: 'out', raw });
    channel.write(raw);
  }

  /** Our response to a request: undefined for the one the scenario withholds (never answered). */
  private async answer(request: Obj, channel: Channel, http?: HttpRequestSeen): Promise<Obj | undefined> {
    if (this.modern) return this.answerModern(request, http);
    const method = request.method as string;
    const params = isObject(request.params) ? request.params : {};
    if (method === 'initialize') {
      this.record.requested = params.protocolVersion;
      this.record.capabilities = isObject(params.capabilities) ? params.capabilities : undefined;
      const answer = this.scenario.initialize(params.protocolVersion, this.options.serverInfo);
      this.record.answered = answer.answered;
      this.initializeId = request.id;
      // A new session (after the one we ended) starts its handshake afresh.
      this.initializedSeen = false;
      return { jsonrpc: '2.0', id: request.id, result: answer.result };
    }
    if (this.initializedSeen && !this.scriptStarted && this.record.initializedAt !== undefined) {
      this.scriptStarted = true;
      this.record.trigger = method;
      this.record.triggerSession = http?.headers['mcp-session-id'];
      this.record.triggerId = request.id;
      await this.play(channel);
      this.scriptDone = true;
      this.touch();
      if (this.record.withheldAt !== undefined) return undefined;
    }
    return { jsonrpc: '2.0', id: request.id, ...this.resultFor(method) };
  }

  /** 2026-07-28: each request on its own; in input-required, the first tools/call gets an InputRequiredResult. */
  private answerModern(request: Obj, http?: HttpRequestSeen): Obj {
    const meta = requestMeta(request.params);
    if (meta?.[META.version] === MODERN_VERSION) this.record.answered = MODERN_VERSION;
    const inputRequired = this.scenario.inputRequired === true && request.method === 'tools/call' && this.record.inputRequired === undefined;
    const answer = answerModern(request, { serverInfo: this.options.serverInfo, headers: http?.headers, inputRequired });
    if (answer.asked) this.record.inputRequired = { requestId: request.id, asked: answer.asked, at: this.now() };
    // Nothing of ours is left to play once a request was answered (in input-required: once the
    // retry came), so the scenario may end after --quiet-ms rather than a request timeout.
    const retried = this.record.inputRequired !== undefined && !answer.asked && request.method === 'tools/call';
    if (!this.scenario.inputRequired || retried) this.scriptStarted = this.scriptDone = true;
    if (http) http.status = answer.status;
    this.statuses.set(answer.response, answer.status);
    return answer.response;
  }

  private resultFor(method: string): { result: Obj } | { error: Obj } {
    switch (method) {
      case 'ping':
        return { result: {} };
      case 'tools/list':
        return { result: { tools: [{ name: 'echo', description: 'Returns its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] } };
      case 'tools/call':
        return { result: { content: [{ type: 'text', text: 'mcp-conform test server' }] } };
      default:
        return { error: { code: -32601, message: `Method not found: ${method}` } };
    }
  }

  private async play(channel: Channel): Promise<void> {
    for (const step of this.scenario.script) {
      if (this.record.ends.length) break;
      await this.playStep(step, channel);
    }
    await Promise.all(this.inFlight);
  }

  private async playStep(step: Step, channel: Channel): Promise<void> {
    if ('raw' in step) return this.sendRaw(channel, step.raw);
    if ('message' in step) return this.send(channel, step.message);
    if ('fuzz' in step) return this.playFuzz(channel);
    if ('standaloneStream' in step) return this.playStandaloneStream();
    if ('withhold' in step) return this.withhold();
    if ('askThenCancel' in step) {
      this.inFlight.push(this.ask(channel, this.declared('sampling') || !this.declared('roots') ? 'sampling/createMessage' : 'roots/list', { cancel: true }));
      return;
    }
    const revision = this.revision;
    if (step.since && (!revision || revision < step.since)) return;
    await this.ask(channel, step.ask);
  }

  /** Each case, then a ping; the first ping not answered ends the cases (the client crashed, hung or left). */
  private async playFuzz(channel: Channel): Promise<void> {
    const cases = this.options.fuzzCases ?? [];
    this.record.fuzzSent = 0;
    for (const [i, c] of cases.entries()) {
      if (this.record.ends.length || this.stopping) return;
      this.sendRaw(channel, c.text);
      this.record.fuzzSent = i + 1;
      const ping = await this.ask(channel, 'ping');
      if (ping.outcome !== 'answered') {
        this.record.fuzzStoppedAt = i;
        return;
      }
    }
  }

  /**
   * The client's standalone stream on the session at work, when it opens one within the request timeout: a ping on it;
   * once answered, the stream ended (its events carried our retry) and a resuming GET awaited.
   */
  private async playStandaloneStream(): Promise<void> {
    // A client may have several sessions (mcp-remote's transport test): the stream of the one at work.
    const ofSession = (i: number) => this.record.streams[i].session === this.record.triggerSession;
    const first = await this.until(() => [...this.live.keys()].find(ofSession), this.options.requestTimeoutMs);
    if (first === undefined) return;
    this.record.streamUsed = first;
    const ping = await this.ask(this.live.get(first)!.channel, 'ping', { onStream: first });
    const stream = this.live.get(first);
    if (ping.outcome !== 'answered' || !stream) return;
    this.record.streams[first].droppedAt = this.now();
    this.live.delete(first);
    stream.drop();
    await this.until(() => (this.record.streams.some((_, i) => i > first && ofSession(i)) ? true : undefined), STREAM_RETRY_MS + this.options.requestTimeoutMs);
  }

  /** The request in progress goes unanswered; we wait for the client to cancel it (or to end its side). */
  private async withhold(): Promise<void> {
    this.record.withheldAt = this.now();
    const id = this.record.triggerId;
    const cancelled = () =>
      this.record.events.some((e) => {
        const m = e.message as Obj | undefined;
        return e.dir === 'in' && m?.method === 'notifications/cancelled' && isObject(m.params) && m.params.requestId === id;
      }) || undefined;
    await this.until(cancelled, ABANDON_AFTER_MS + 2 * this.options.requestTimeoutMs);
  }

  /** Waits until `value` gives something, the client's side ends, or `ms` pass; resolves with the value. */
  private until<T>(value: () => T | undefined, ms: number): Promise<T | undefined> {
    return new Promise((resolve) => {
      let stop: () => void = () => undefined;
      const done = (v: T | undefined) => {
        clearTimeout(timer);
        stop();
        resolve(v);
      };
      const timer = setTimeout(() => done(value()), ms);
      const check = () => {
        const v = value();
        if (v !== undefined || this.record.ends.length || this.stopping) done(v);
      };
      stop = this.onActivity(check);
      check();
    });
  }

  private declared(capability: string): boolean {
    return isObject(this.record.capabilities?.[capability]);
  }

  /**
   * Sends a request to the client and waits for its response, bounded by the request timeout;
   * with `cancel`, our notifications/cancelled for it follows at once.
   */
  ask(channel: Channel, method: string, options: { cancel?: boolean; onStream?: number } = {}): Promise<Ask> {
    const id = this.nextId++;
    const params = askParams(method);
    const ask: Ask = { method, id, sentAt: this.now(), outcome: 'timeout', ...(options.onStream !== undefined ? { onStream: options.onStream } : {}) };
    this.record.asks.push(ask);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined, 'timeout'), this.options.requestTimeoutMs);
      const settle = (response: Obj | undefined, outcome: Ask['outcome']) => {
        clearTimeout(timer);
        this.pending.delete(id);
        Object.assign(ask, { outcome, endedAt: this.now(), ...(response ? { response } : {}) });
        resolve(ask);
      };
      this.pending.set(id, settle);
      this.send(channel, { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
      if (!options.cancel) return;
      ask.cancelledAt = this.now();
      this.send(channel, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: CANCEL_REASON } });
    });
  }

  private settleAsk(response: Obj): void {
    const id = response.id;
    if (typeof id !== 'number') return;
    this.pending.get(id)?.(response, 'answered');
  }
}
