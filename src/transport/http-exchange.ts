// One bounded HTTP exchange: send, record request and response, and turn JSON or SSE bodies
// into messages. Shared by the Streamable HTTP and the legacy HTTP+SSE transports.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventSourceMessage } from 'eventsource-parser';
import { TargetUnreachable, type HttpExchange, type MessageContext } from './types.js';
import type { Inbox } from './inbox.js';
import type { TraceRecorder } from './trace.js';
import { pumpSse, readBounded } from './body-reader.js';
import { ExchangeClosed, ExchangeTimeout, describeHttpError } from './http-errors.js';
import type { HttpClient, HttpResponse, ResponseHead } from './http-client.js';
import { isJsonMedia, mediaType, redactHeaders } from './headers.js';
import { BoundedText, RECORDED_BODY_CHARS, head, oneLine, truncate } from './limits.js';
import { LiveJsonBody } from './json-body.js';

/** full: read the whole body; headers-only: cancel the body; background: stream it after returning. */
export type ExchangeMode = 'full' | 'headers-only' | 'background';

export interface ExchangeSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** `body` as text, when the caller decoded it already (raw bytes are decoded once, not twice). */
  bodyText?: string;
  /** Bounds the whole exchange; in background mode only the wait for the response headers. */
  timeoutMs: number;
  /** Aborted by close() of the transport. */
  closeSignal: AbortSignal;
  /** Aborted by the caller to drop this one exchange (closing its stream is cancellation in 2026-07-28). */
  cancelSignal?: AbortSignal;
  mode: ExchangeMode;
  /** Parse JSON and SSE bodies into messages. */
  parseBody: boolean;
  /** Emit 'message'/'framing' events; otherwise only return the messages (raw exchanges). */
  emit: boolean;
  onHeaders?: (response: ResponseHead) => void;
  /** Gets the exchange record when it is created (it fills in as the exchange runs). */
  onExchange?: (exchange: HttpExchange) => void;
  /** Replaces the default handling of SSE events (the legacy transport needs 'endpoint'). */
  onSseEvent?: (event: EventSourceMessage) => void;
  /** Told of every SSE event's id (undefined for an event without one), for the run's ledger of streams. */
  onSseEventId?: (id: string | undefined, exchange: HttpExchange) => void;
}

export interface ExchangeContext {
  client: HttpClient;
  inbox: Inbox;
  trace: TraceRecorder;
  maxMessageBytes: number;
}

export interface ExchangeResult {
  exchange: HttpExchange;
  messages: object[];
  /** Background mode with an SSE body: settles when the stream ends (never rejects). */
  streaming?: Promise<void>;
}

export async function runExchange(ctx: ExchangeContext, spec: ExchangeSpec): Promise<ExchangeResult> {
  const exchange: HttpExchange = {
    request: { method: spec.method, url: spec.url, headers: redactHeaders(spec.headers) },
  };
  if (spec.body !== undefined) exchange.request.body = truncate(spec.bodyText ?? bodyText(spec.body), RECORDED_BODY_CHARS);
  spec.onExchange?.(exchange);
  const messages: object[] = [];
  const abort = abortFor(spec);

  let response: HttpResponse;
  try {
    response = await sendPacedByServer(ctx, spec, abort.signal);
  } catch (error) {
    const { unreachable, text } = describeHttpError(error);
    exchange.error = text;
    abort.release();
    ctx.trace.add({ kind: 'http', exchange });
    if (unreachable) throw new TargetUnreachable(oneLine(`cannot reach ${spec.url}: ${text}`));
    return { exchange, messages };
  }
  exchange.response = { status: response.status, headers: redactHeaders(response.headers) };
  if (response.redirected) ctx.trace.note(`${spec.method} ${spec.url} was redirected to ${response.url}`);
  spec.onHeaders?.(response);
  const media = mediaType(response.headers['content-type'] ?? null);
  const context: MessageContext = { http: { status: response.status, sse: media === 'text/event-stream' } };
  const body = { ctx, spec, exchange, messages, context, response, media };

  if (spec.mode === 'headers-only') {
    response.body.destroy(); // a stream that never ends must not hold its socket
  } else if (media === 'text/event-stream') {
    const pumping = readSseBody(body);
    if (spec.mode === 'background') {
      abort.stopTimer(); // the stream may stay open for as long as the session lives
      ctx.trace.add({ kind: 'http', exchange });
      const streaming = pumping.finally(() => {
        abort.release();
        ctx.trace.note(`${spec.method} ${spec.url} stream ended${exchange.error ? `: ${exchange.error}` : ''}`);
      });
      return { exchange, messages, streaming };
    }
    await pumping;
  } else {
    await readJsonBody(body);
  }
  abort.release();
  ctx.trace.add({ kind: 'http', exchange });
  return { exchange, messages };
}

/**
 * HTTP 429 says the request was not served and when to ask again: asking again, after the
 * server's Retry-After (capped), a few times within the exchange's own timeout, keeps a rate
 * limit from being taken for the server's answer. The last 429 is the answer if it persists.
 */
const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 2000;
/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 250;

async function sendPacedByServer(ctx: ExchangeContext, spec: ExchangeSpec, signal: AbortSignal): Promise<HttpResponse> {
  for (let retry = 0; ; retry++) {
    const response = await ctx.client.request({ url: spec.url, method: spec.method, headers: spec.headers, body: spec.body, signal });
    if (response.status !== 429 || retry === RATE_LIMIT_RETRIES) return response;
    response.body.destroy();
    const waitMs = retryAfterMs(response.headers['retry-after']);
    ctx.trace.note(`${spec.method} ${spec.url}: HTTP 429 (rate limited), sent again after ${waitMs} ms`);
    try {
      await sleep(waitMs, undefined, { signal });
    } catch {
      throw signal.reason;
    }
  }
}

/** Retry-After as delay-seconds or an HTTP date, within 0…MAX_RETRY_AFTER_MS. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RETRY_AFTER_MS;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : DEFAULT_RETRY_AFTER_MS;
}

/** One signal for the exchange: the transport's close, the caller's cancel, or the timeout. */
function abortFor(spec: ExchangeSpec): { signal: AbortSignal; stopTimer(): void; release(): void } {
  const controller = new AbortController();
  const abortOnClose = () => controller.abort(new ExchangeClosed());
  if (spec.closeSignal.aborted) abortOnClose();
  else spec.closeSignal.addEventListener('abort', abortOnClose, { once: true });
  const abortOnCancel = () => controller.abort(new ExchangeClosed('the client cancelled the request'));
  if (spec.cancelSignal?.aborted) abortOnCancel();
  else spec.cancelSignal?.addEventListener('abort', abortOnCancel, { once: true });
  const timer = setTimeout(() => controller.abort(new ExchangeTimeout(spec.timeoutMs)), spec.timeoutMs);
  return {
    signal: controller.signal,
    stopTimer: () => clearTimeout(timer),
    release: () => {
      clearTimeout(timer);
      spec.closeSignal.removeEventListener('abort', abortOnClose);
      spec.cancelSignal?.removeEventListener('abort', abortOnCancel);
    },
  };
}

interface BodyRead {
  ctx: ExchangeContext;
  spec: ExchangeSpec;
  exchange: HttpExchange;
  messages: object[];
  context: MessageContext;
  response: HttpResponse;
  /** The response's media type, without parameters. */
  media: string;
}

/** Emits each SSE event as it completes; settles at the end of the stream (never rejects). */
function readSseBody({ ctx, spec, exchange, messages, context, response }: BodyRead): Promise<void> {
  const recorded = new BoundedText(RECORDED_BODY_CHARS);
  const collect = spec.mode !== 'background'; // a long-lived stream must not accumulate
  const handle =
    spec.onSseEvent ??
    ((event: EventSourceMessage) => {
      if (!spec.parseBody) return;
      if (event.event !== undefined && event.event !== 'message') {
        ctx.trace.note(`SSE event of type '${event.event}' is not a message`);
        return;
      }
      if (event.data === '') return; // priming or keep-alive event (HTTP-14), not a message
      const found = ctx.inbox.deliver(event.data, 'sse-malformed', 'sse-malformed', spec.emit, context);
      if (collect) messages.push(...found);
    });
  const onEvent = (event: EventSourceMessage) => {
    exchange.sseEvents = (exchange.sseEvents ?? 0) + 1;
    if (event.id !== undefined && event.id !== '') exchange.sseLastEventId = event.id;
    spec.onSseEventId?.(event.id === '' ? undefined : event.id, exchange);
    handle(event);
  };
  return pumpSse(
    response.body,
    {
      onEvent,
      onText: (text) => {
        recorded.append(text);
        exchange.response!.body = recorded.value;
      },
      onProblem: (problem, raw) => ctx.inbox.framing(problem, raw, spec.emit),
      onRetry: (ms) => (exchange.sseRetryMs = ms),
    },
    ctx.maxMessageBytes,
  ).catch((error: unknown) => {
    exchange.error = describeHttpError(error).text;
  });
}

/** Reads a JSON (or any other) body up to the message cap, delivering it live or at its end. */
async function readJsonBody({ ctx, spec, exchange, messages, context, response, media }: BodyRead): Promise<void> {
  const recorded = new BoundedText(RECORDED_BODY_CHARS);
  const parse = spec.parseBody && isJsonMedia(media);
  const live = new LiveJsonBody(
    (text) => {
      recorded.append(text);
      exchange.response!.body = recorded.value;
    },
    parse ? (text) => messages.push(...ctx.inbox.deliver(text, 'not-json', 'not-jsonrpc', spec.emit, context)) : undefined,
  );
  try {
    const { bytes, overflow } = await readBounded(response.body, ctx.maxMessageBytes, (chunk) => live.chunk(chunk));
    live.end();
    let text: string;
    let validUtf8 = true;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = bytes.toString('utf8');
      validUtf8 = false;
    }
    exchange.response!.body = truncate(text, RECORDED_BODY_CHARS) + (overflow ? `…[body cut at ${bytes.length} bytes]` : '');
    if (parse && text.trim() !== '' && !live.wasDelivered(text)) {
      if (overflow) ctx.inbox.framing('too-large', head(text, 256), spec.emit);
      else if (!validUtf8) ctx.inbox.framing('invalid-utf8', text, spec.emit);
      else messages.push(...ctx.inbox.deliver(text, 'not-json', 'not-jsonrpc', spec.emit, context));
    }
  } catch (error) {
    live.end();
    exchange.error = describeHttpError(error).text;
  }
}

function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
}
