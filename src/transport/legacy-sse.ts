import { setMaxListeners } from 'node:events';
// Legacy HTTP+SSE transport of revision 2024-11-05 (SSE-1..5): a GET opens the SSE stream whose
// first event, 'endpoint', names the URL to POST messages to; replies arrive as 'message' events.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { EventSourceMessage } from 'eventsource-parser';
import { TargetUnreachable, joinRaw, type CloseInfo, type RawBytes, type SendOptions, type SendOutcome, type Transport, type TransportEvents } from './types.js';
import { DEFAULT_MAX_MESSAGE_BYTES, oneLine, truncate } from './limits.js';
import { Inbox } from './inbox.js';
import { toJson } from './classify.js';
import { Listeners } from './listeners.js';
import { TraceRecorder } from './trace.js';
import { TransportClosed } from './errors.js';
import { mediaType, mergeHeaders } from './headers.js';
import { runExchange, type ExchangeContext } from './http-exchange.js';
import { HttpClient } from './http-client.js';
import { assertHttpUrl } from './http.js';

export interface LegacySseTransportOptions {
  /** The SSE endpoint (GET). */
  url: string;
  headers?: Record<string, string>;
  /** Bounds each POST (default 30000 ms). */
  requestTimeoutMs?: number;
  /** How long start() waits for the stream and its 'endpoint' event (default 10000 ms). */
  endpointTimeoutMs?: number;
  maxMessageBytes?: number;
}

export interface LegacySseTransport extends Transport {
  readonly kind: 'sse';
  /** The POST URL announced by the 'endpoint' event, once start() resolved. */
  readonly endpoint: string | undefined;
}

export function createLegacySseTransport(options: LegacySseTransportOptions): LegacySseTransport {
  return new LegacySseTransportImpl(options);
}

class LegacySseTransportImpl implements LegacySseTransport {
  readonly kind = 'sse' as const;
  private readonly recorder = new TraceRecorder();
  private readonly listeners = new Listeners((text) => this.recorder.note(text));
  private readonly inbox = new Inbox(this.recorder, this.listeners);
  private readonly context: ExchangeContext;
  // Every in-flight exchange listens on it; dozens at once are normal (concurrent checks).
  private readonly closeController = unlimitedListeners(new AbortController());
  private postUrl?: string;
  private stream?: Promise<void>;
  private streamEnded = false;
  private started = false;
  private closing?: Promise<CloseInfo>;

  constructor(private readonly options: LegacySseTransportOptions) {
    this.context = {
      client: new HttpClient(),
      inbox: this.inbox,
      trace: this.recorder,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    };
  }

  get trace() {
    return this.recorder.entries;
  }

  get closed(): boolean {
    return this.closing !== undefined || this.streamEnded;
  }

  get endpoint(): string | undefined {
    return this.postUrl;
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

  async start(): Promise<void> {
    if (this.started) throw new Error('sse transport: start() called twice');
    this.started = true;
    const sseUrl = assertHttpUrl(this.options.url);
    const waitMs = this.options.endpointTimeoutMs ?? 10_000;
    const begin = performance.now();
    let announce!: (data: string) => void;
    const announced = new Promise<string>((resolve) => (announce = resolve));

    const onEvent = (event: EventSourceMessage) => {
      if (event.event === 'endpoint') {
        if (this.postUrl === undefined) announce(event.data);
        else this.recorder.note('a further endpoint event was ignored');
        return;
      }
      if (event.event !== undefined && event.event !== 'message') {
        this.recorder.note(`SSE event of type '${event.event}' is not a message`);
        return;
      }
      if (event.data === '') return;
      this.inbox.deliver(event.data, 'sse-malformed', 'sse-malformed');
    };

    const { exchange, streaming } = await runExchange(this.context, {
      url: this.options.url,
      method: 'GET',
      headers: mergeHeaders({ Accept: 'text/event-stream' }, this.options.headers),
      timeoutMs: waitMs,
      closeSignal: this.closeController.signal,
      mode: 'background',
      parseBody: true,
      emit: true,
      onSseEvent: onEvent,
    });
    const status = exchange.response?.status;
    const media = mediaType(exchange.response?.headers['content-type'] ?? null);
    if (!streaming) {
      const what = status === undefined ? exchange.error : `${status} with ${media || 'no content type'}`;
      throw new TargetUnreachable(oneLine(`GET ${this.options.url} did not open an SSE stream (${what})`));
    }
    this.stream = streaming.then(() => this.onStreamEnd());

    const remaining = Math.max(0, waitMs - (performance.now() - begin));
    const data = await Promise.race([
      announced,
      streaming.then(() => undefined),
      delay(remaining, undefined, { ref: false }),
    ]);
    if (data === undefined) {
      this.closeController.abort();
      throw new TargetUnreachable(oneLine(`no 'endpoint' event on ${this.options.url} within ${waitMs} ms`));
    }
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), sseUrl);
    } catch {
      this.closeController.abort();
      throw new TargetUnreachable(oneLine(`'endpoint' event data is not a URL: ${truncate(data, 100)}`));
    }
    if (endpoint.origin !== sseUrl.origin) {
      this.closeController.abort();
      throw new TargetUnreachable(oneLine(`endpoint ${endpoint.href} is not on the origin of ${sseUrl.href}`));
    }
    this.postUrl = endpoint.href;
    this.recorder.note(`endpoint: ${endpoint.href}`);
  }

  async send(message: unknown, _options?: SendOptions): Promise<SendOutcome> {
    const raw = toJson(message);
    return this.post(raw, message);
  }

  async sendRaw(bytes: RawBytes): Promise<SendOutcome> {
    return this.post(joinRaw(bytes));
  }

  close(): Promise<CloseInfo> {
    this.closing ??= (async () => {
      const begin = performance.now();
      this.closeController.abort();
      if (this.stream) await Promise.race([this.stream, delay(1000, undefined, { ref: false })]);
      this.context.client.close(); // a stream that outlived the drain, and the idle pool
      return { closeMs: Math.round(performance.now() - begin) };
    })();
    return this.closing;
  }

  private async post(body: string | Uint8Array, message?: unknown): Promise<SendOutcome> {
    if (this.postUrl === undefined) throw new TransportClosed('sse transport is not started');
    if (this.closed) throw new TransportClosed('sse transport is closed');
    const raw = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    this.recorder.add(message === undefined ? { kind: 'send', raw } : { kind: 'send', message, raw });
    const { exchange } = await runExchange(this.context, {
      url: this.postUrl,
      method: 'POST',
      headers: mergeHeaders({ 'Content-Type': 'application/json' }, this.options.headers),
      body,
      timeoutMs: this.options.requestTimeoutMs ?? 30_000,
      closeSignal: this.closeController.signal,
      mode: 'full',
      parseBody: false, // replies come on the SSE stream
      emit: false,
    });
    const status = exchange.response?.status;
    if (status !== undefined && (status < 200 || status > 299)) this.recorder.note(`POST answered ${status}, expected 202`);
    return { http: exchange };
  }

  private onStreamEnd(): void {
    this.streamEnded = true;
    if (this.closing || this.postUrl === undefined) return;
    this.listeners.emit('exit', { code: null, signal: null });
  }
}

function unlimitedListeners(controller: AbortController): AbortController {
  setMaxListeners(0, controller.signal);
  return controller;
}
