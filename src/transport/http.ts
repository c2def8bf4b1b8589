import { setMaxListeners } from 'node:events';
// Streamable HTTP client transport (HTTP-1..38): every message is a POST to one endpoint; the
// reply is JSON, an SSE stream (messages are emitted as each event arrives) or 202. The session
// id and protocol version headers are added once known. Extra methods serve HTTP-rule checks.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { TargetUnreachable, joinRaw, type CloseInfo, type HttpExchange, type HttpStream, type RawBytes, type SendOptions, type SendOutcome, type Transport, type TransportEvents } from './types.js';
import { routingHeaders } from './mcp-headers.js';
import { isStateless, isRevision } from '../schema/revisions.js';
import { DEFAULT_MAX_MESSAGE_BYTES, oneLine } from './limits.js';
import { Inbox } from './inbox.js';
import { toJson } from './classify.js';
import { Listeners } from './listeners.js';
import { TraceRecorder } from './trace.js';
import { TransportClosed } from './errors.js';
import { mergeHeaders, withoutHeaders } from './headers.js';
import { runExchange, type ExchangeContext, type ExchangeMode } from './http-exchange.js';
import { HttpClient } from './http-client.js';
import { probeTcp } from './tcp-probe.js';
import type { SseLedger } from './sse-ledger.js';

export interface HttpTransportOptions {
  /** The MCP endpoint. */
  url: string;
  /** Sent with every request (e.g. Authorization); they override our defaults of the same name. */
  headers?: Record<string, string>;
  /** Bounds each exchange, body included (default 30000 ms). */
  requestTimeoutMs?: number;
  /** Largest JSON body or SSE event accepted (default 4 MiB). */
  maxMessageBytes?: number;
  /** Where the SSE streams read and their event ids are recorded (shared by a run's connections). */
  sseLedger?: SseLedger;
}

export interface RawRequestInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** Leave out Mcp-Session-Id even when the server issued one. */
  omitSessionId?: boolean;
  /** Leave out MCP-Protocol-Version even when it is set. */
  omitProtocolVersion?: boolean;
  /** Header names to leave out entirely (defaults and configured headers too), e.g. ['Accept']. */
  omitHeaders?: string[];
  timeoutMs?: number;
  /** Return once the response headers are in and cancel the body (e.g. a GET stream probe). */
  headersOnly?: boolean;
  /** Another URL than the endpoint (same defaults apply). */
  url?: string;
  /** Aborting it closes the exchange (2026-07-28 cancellation by closing the stream). */
  signal?: AbortSignal;
  /** Gets the exchange record as soon as it exists; its response body fills in as it arrives (e.g. to drop a stream mid-way). */
  onExchange?: (exchange: HttpExchange) => void;
}

export interface HttpTransport extends Transport {
  readonly kind: 'http';
  /** The Mcp-Session-Id issued by the server, once a send() response carried one. */
  readonly sessionId: string | undefined;
  setProtocolVersion(version: string | undefined): void;
  /** Overrides the remembered session id (e.g. to forget it after the server ended the session). */
  setSessionId(id: string | undefined): void;
  /**
   * One raw exchange for rule checks. Bodies are parsed into `messages` but not emitted as events,
   * and the session id in the response is not adopted.
   */
  request(init: RawRequestInit): Promise<HttpExchange & { messages: unknown[] }>;
  /**
   * Opens the GET stream for server-initiated messages. Resolves with the exchange once headers
   * arrive (a 405 is recorded and fine); an SSE body keeps being read in the background, its
   * messages emitted, until the stream ends or close(). response.body grows (bounded) meanwhile.
   */
  openGetStream(): Promise<HttpExchange>;
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  return new HttpTransportImpl(options);
}

const POST_ACCEPT = 'application/json, text/event-stream';
const CLOSE_DRAIN_MS = 1000;
const DELETE_TIMEOUT_MS = 5000;
const START_PROBE_MS = 10_000;

class HttpTransportImpl implements HttpTransport {
  readonly kind = 'http' as const;
  private readonly recorder = new TraceRecorder();
  private readonly listeners = new Listeners((text) => this.recorder.note(text));
  private readonly context: ExchangeContext;
  // Every in-flight exchange listens on it; dozens at once are normal (concurrent checks).
  private readonly closeController = unlimitedListeners(new AbortController());
  private readonly streams = new Set<Promise<void>>();
  private readonly timeoutMs: number;
  private session?: string;
  private protocolVersion?: string;
  private closing?: Promise<CloseInfo>;

  constructor(private readonly options: HttpTransportOptions) {
    this.timeoutMs = options.requestTimeoutMs ?? 30_000;
    this.context = {
      client: new HttpClient(),
      inbox: new Inbox(this.recorder, this.listeners),
      trace: this.recorder,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    };
  }

  get trace() {
    return this.recorder.entries;
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  get sessionId(): string | undefined {
    return this.session;
  }

  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version;
  }

  setSessionId(id: string | undefined): void {
    this.session = id;
  }

  stderrTail(): string[] {
    return [];
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  off<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    this.listeners.off(event, listener);
  }

  /**
   * Validates the URL and checks that something listens there (a bare TCP connect, no HTTP
   * request); the first POST (initialize) is what really talks to the server.
   */
  async start(): Promise<void> {
    const url = assertHttpUrl(this.options.url);
    await probeTcp(url, Math.min(this.timeoutMs, START_PROBE_MS));
  }

  async send(message: unknown, options: SendOptions = {}): Promise<SendOutcome> {
    const raw = toJson(message);
    const routing = this.stateless ? routingHeaders(message) : {};
    return this.post(raw, message, { ...routing, ...options.headers }, options);
  }

  /** 2026-07-28: no sessions, routing headers on every POST. */
  private get stateless(): boolean {
    return isRevision(this.protocolVersion) && isStateless(this.protocolVersion);
  }

  /** No routing headers are derived from raw bytes: the caller names them (fuzz cases do). */
  async sendRaw(bytes: RawBytes, options: Pick<SendOptions, 'headers' | 'timeoutMs'> = {}): Promise<SendOutcome> {
    return this.post(joinRaw(bytes), undefined, options.headers, { timeoutMs: options.timeoutMs });
  }

  async request(init: RawRequestInit): Promise<HttpExchange & { messages: unknown[] }> {
    this.assertOpen();
    const url = init.url ?? this.options.url;
    const headers = withoutHeaders(
      this.headers(
        defaultsFor(init),
        init.headers,
        { omitSessionId: init.omitSessionId, omitProtocolVersion: init.omitProtocolVersion },
      ),
      init.omitHeaders,
    );
    if (init.body !== undefined) this.recorder.add({ kind: 'send', message: tryParse(init.body), raw: init.body });
    const mode: ExchangeMode = init.headersOnly ? 'headers-only' : 'full';
    const { exchange, messages } = await runExchange(this.context, {
      url,
      method: init.method,
      headers,
      body: init.body,
      timeoutMs: init.timeoutMs ?? this.timeoutMs,
      closeSignal: this.closeController.signal,
      cancelSignal: init.signal,
      onExchange: init.onExchange,
      onSseEventId: this.ledgerHook(init.body === undefined ? `${init.method} stream` : `${init.method} ${labelOf(init.body)}`, headers),
      mode,
      parseBody: true,
      emit: false,
    });
    return { ...exchange, messages };
  }

  async openGetStream(): Promise<HttpExchange> {
    this.assertOpen();
    const headers = this.headers({ Accept: 'text/event-stream' });
    const { exchange, streaming } = await runExchange(this.onStream({ kind: 'get' }), {
      url: this.options.url,
      method: 'GET',
      headers,
      onSseEventId: this.ledgerHook('GET stream', headers),
      timeoutMs: this.timeoutMs,
      closeSignal: this.closeController.signal,
      mode: 'background',
      parseBody: true,
      emit: true,
    });
    if (streaming) {
      this.streams.add(streaming);
      void streaming.then(() => this.streams.delete(streaming));
    }
    return exchange;
  }

  close(): Promise<CloseInfo> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async post(body: string | Uint8Array, message?: unknown, extraHeaders?: Record<string, string>, options: SendOptions = {}): Promise<SendOutcome> {
    this.assertOpen();
    const raw = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    this.recorder.add(message === undefined ? { kind: 'send', raw } : { kind: 'send', message, raw });
    const requestId = requestIdOf(message);
    const context = requestId === undefined ? this.context : this.onStream({ kind: 'post', requestId });
    const headers = this.headers({ 'Content-Type': 'application/json', Accept: POST_ACCEPT }, extraHeaders);
    const { exchange } = await runExchange(context, {
      url: this.options.url,
      method: 'POST',
      headers,
      onSseEventId: this.ledgerHook(`POST ${labelOf(raw)}`, headers),
      body,
      bodyText: raw,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      closeSignal: this.closeController.signal,
      cancelSignal: options.signal,
      mode: 'full',
      parseBody: true,
      emit: true,
      onExchange: options.onExchange,
      // Adopt the session id as soon as headers arrive: the reply stream may still be open when
      // the session sends its next message.
      onHeaders: (response) => {
        const id = response.headers['mcp-session-id'];
        if (id !== undefined && this.stateless) {
          // 2026-07-28 has no sessions (S26-34): record it for the checks, never send it back.
          this.recorder.note(`server sent Mcp-Session-Id ${id} although the revision has no sessions`);
        } else if (id !== undefined && id !== this.session) {
          this.session = id;
          this.recorder.note(`server issued session id ${id}`);
        }
      },
    });
    return { http: exchange };
  }

  /** Records the exchange's SSE stream in the run's ledger at its first event (no record for JSON replies). */
  private ledgerHook(label: string, headers: Record<string, string>): ((id: string | undefined, exchange: HttpExchange) => void) | undefined {
    const ledger = this.options.sseLedger;
    if (!ledger) return undefined;
    let add: ((id: string) => void) | undefined;
    return (id, exchange) => {
      add ??= ledger.open({
        sessionId: headerIn(headers, 'mcp-session-id') ?? exchange.response?.headers['mcp-session-id'],
        revision: headerIn(headers, 'mcp-protocol-version'),
        label,
        resumedAfter: headerIn(headers, 'last-event-id'),
      });
      if (id !== undefined) add(id);
    };
  }

  /** The exchange context whose messages name the stream that carried them. */
  private onStream(stream: HttpStream): ExchangeContext {
    return { ...this.context, inbox: this.context.inbox.forStream(stream) };
  }

  /** Defaults, then configured headers, then session and version, then per-call headers (checks may override any). */
  private headers(
    defaults: Record<string, string>,
    extra?: Record<string, string>,
    omit: { omitSessionId?: boolean; omitProtocolVersion?: boolean } = {},
  ): Record<string, string> {
    return mergeHeaders(
      defaults,
      this.options.headers,
      {
        'Mcp-Session-Id': omit.omitSessionId ? undefined : this.session,
        'MCP-Protocol-Version': omit.omitProtocolVersion ? undefined : this.protocolVersion,
      },
      extra,
    );
  }

  private async shutDown(): Promise<CloseInfo> {
    const begin = performance.now();
    this.closeController.abort();
    await Promise.race([Promise.allSettled([...this.streams]), delay(CLOSE_DRAIN_MS, undefined, { ref: false })]);
    if (this.session !== undefined) {
      try {
        const { exchange } = await runExchange(this.context, {
          url: this.options.url,
          method: 'DELETE',
          headers: this.headers({}),
          timeoutMs: Math.min(this.timeoutMs, DELETE_TIMEOUT_MS),
          closeSignal: new AbortController().signal,
          mode: 'full',
          parseBody: false,
          emit: false,
        });
        this.recorder.note(`session DELETE answered ${exchange.response?.status ?? exchange.error}`);
      } catch (error) {
        this.recorder.note(`session DELETE failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.context.client.close(); // streams that outlived the drain, and the idle pool
    return { closeMs: Math.round(performance.now() - begin) };
  }

  private assertOpen(): void {
    if (this.closing) throw new TransportClosed('http transport is closed');
  }
}

export function assertHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TargetUnreachable(oneLine(`invalid URL: ${url}`));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TargetUnreachable(oneLine(`not an http(s) URL: ${url}`));
  }
  return parsed;
}

function defaultsFor(init: RawRequestInit): Record<string, string> {
  if (init.body !== undefined) return { 'Content-Type': 'application/json', Accept: POST_ACCEPT };
  if (init.method.toUpperCase() === 'GET') return { Accept: 'text/event-stream' };
  return {};
}

/** The id of the one request a message is (its POST's reply belongs to it); undefined for notifications, responses, batches. */
function requestIdOf(message: unknown): string | number | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { id, method } = message as Record<string, unknown>;
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}

/** A header's value whatever the case of its name. */
function headerIn(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

/** What a POST carried, for the ledger's labels: `tools/call (id 7)`, or nothing for a GET. */
function labelOf(body: string | Uint8Array | undefined): string {
  if (body === undefined) return '';
  const parsed = tryParse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return Array.isArray(parsed) ? 'a batch' : 'a body';
  const { method, id } = parsed as Record<string, unknown>;
  return `${typeof method === 'string' ? method : 'a message'}${id !== undefined ? ` (id ${JSON.stringify(id)})` : ''}`;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function unlimitedListeners(controller: AbortController): AbortController {
  setMaxListeners(0, controller.signal);
  return controller;
}
