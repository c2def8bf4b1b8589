// Transports turn bytes into JSON-RPC messages and back, and record a timestamped wire trace.
// They know nothing of MCP semantics: ids, correlation and timeouts live in src/session.

/** One entry of the wire trace. `at` is ms since the transport was created. */
export type TraceEntry =
  | { at: number; kind: 'send'; message?: unknown; raw: string }
  | { at: number; kind: 'recv'; message: unknown; raw: string }
  | { at: number; kind: 'framing'; problem: FramingProblem; raw: string }
  | { at: number; kind: 'stderr'; text: string }
  | { at: number; kind: 'http'; exchange: HttpExchange }
  | { at: number; kind: 'exit'; code: number | null; signal: string | null }
  | { at: number; kind: 'note'; text: string };

export type FramingProblem =
  | 'not-json' // a stdout line that is not JSON at all (banner, log line, half of a pretty-printed object)
  | 'not-jsonrpc' // valid JSON, but not a JSON-RPC message object or batch
  | 'too-large' // a line longer than the maximum message size; its content is discarded
  | 'invalid-utf8' // bytes that do not decode as UTF-8
  | 'sse-malformed'; // an SSE event whose data is not one JSON-RPC message

export interface HttpExchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  /** Set once the headers are in; `body` grows (bounded) while the body is still being read. */
  response?: { status: number; headers: Record<string, string>; body?: string };
  /** SSE bodies: how many events arrived (priming and keep-alive events included). */
  sseEvents?: number;
  /** SSE bodies: the last `retry:` field (ms), if the server sent one (HTTP-15). */
  sseRetryMs?: number;
  /** SSE bodies: the last event id, if any event had one (a client may resume after it, HTTP-15). */
  sseLastEventId?: string;
  error?: string;
}

/**
 * Streamable HTTP: which response carried a message. A POST's reply belongs to the one request it
 * carried, so a server request arriving there is related to that request; the standalone GET
 * stream carries messages related to none.
 */
export type HttpStream = { kind: 'get' } | { kind: 'post'; requestId: string | number };

/** Where a received message came from, for transports where that is observable (HTTP). */
export interface MessageContext {
  /** `stream` is absent where it is not known (a POST that carried no single request). */
  http?: { status: number; sse: boolean; stream?: HttpStream };
}

/** Per-message options of send(). */
export interface SendOptions {
  /** HTTP: extra request headers for this message only (e.g. Mcp-Param-* of 2026-07-28). */
  headers?: Record<string, string>;
  /** HTTP: aborting closes this message's response stream (2026-07-28 cancellation). */
  signal?: AbortSignal;
  /** HTTP: bounds this exchange instead of the transport's default (a slow tool's request). */
  timeoutMs?: number;
  /**
   * HTTP: gets this message's exchange record as soon as it exists; the record fills in while the
   * exchange runs, so a waiter that gives up can still say what it carried.
   */
  onExchange?: (exchange: HttpExchange) => void;
}

/** What the server sent back to one send(), for transports where that is observable (HTTP). */
export interface SendOutcome {
  http?: HttpExchange;
}

export interface CloseInfo {
  /** How the process ended (stdio): after stdin close, after SIGTERM, or SIGKILL. */
  how?: 'exited' | 'stdin-close' | 'sigterm' | 'sigkill' | 'already-exited';
  code?: number | null;
  signal?: string | null;
  /** ms from the start of close() until the process was gone. */
  closeMs?: number;
  /**
   * stdio, a process that exited before it wrote anything to stdout (it never started): what its
   * stderr says about why, or where to look when it said nothing (exit-reason.ts).
   */
  atStart?: string;
}

export interface CloseOptions {
  /**
   * stdio: how long to wait for an exit after closing stdin, before signals (overrides the
   * transport's default). On a transport already closing, a shorter grace cuts its wait short;
   * both count from the moment stdin closed.
   */
  graceMs?: number;
}

export interface TransportEvents {
  message: (message: unknown, raw: string, context?: MessageContext) => void;
  framing: (problem: FramingProblem, raw: string) => void;
  /** The connection or process ended without close() being called. */
  exit: (info: CloseInfo) => void;
}

/**
 * Bytes to write as they are: text, a buffer, or pieces written in order as one write (on stdio
 * without joining them first: a fuzz batch holding a megabyte case is not copied again).
 */
export type RawBytes = string | Uint8Array | readonly Uint8Array[];

/** The bytes as one text or buffer: pieces joined (for a wire that needs one body). */
export function joinRaw(bytes: RawBytes): string | Uint8Array {
  return isPieces(bytes) ? Buffer.concat(bytes) : bytes;
}

/** How long the bytes are: characters of a text, else bytes (pieces not joined to count them). */
export function rawLength(bytes: RawBytes): number {
  return isPieces(bytes) ? bytes.reduce((sum, piece) => sum + piece.length, 0) : bytes.length;
}

export function isPieces(bytes: RawBytes): bytes is readonly Uint8Array[] {
  return Array.isArray(bytes);
}

export interface Transport {
  readonly kind: 'stdio' | 'http' | 'sse';
  /** Starts the process or connects. Rejects with TargetUnreachable if it cannot. */
  start(): Promise<void>;
  /** Sends one message (or a batch array) serialised as JSON. */
  send(message: unknown, options?: SendOptions): Promise<SendOutcome>;
  /** Sends bytes as they are (malformed-message tests). On stdio no newline is added; `options.headers` and `options.timeoutMs` only count over Streamable HTTP. */
  sendRaw(bytes: RawBytes, options?: Pick<SendOptions, 'headers' | 'timeoutMs'>): Promise<SendOutcome>;
  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void;
  off<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void;
  /** Ends the connection; for stdio: close stdin, wait, SIGTERM, SIGKILL the process group. */
  close(opts?: CloseOptions): Promise<CloseInfo>;
  readonly trace: TraceEntry[];
  /** Last lines of stderr (stdio), bounded. */
  stderrTail(): string[];
  readonly closed: boolean;
  /**
   * HTTP only: the negotiated revision to send as MCP-Protocol-Version (undefined: none). With a
   * stateless revision (2026-07-28) the transport also adds Mcp-Method / Mcp-Name and adopts no session id.
   */
  setProtocolVersion?(version: string | undefined): void;
  /**
   * stdio: the process behind the connection may end and start again while the connection stays,
   * for a server that cannot run two copies at once. `alive`: a process runs now.
   */
  readonly alive?: boolean;
  /** Ends the process but not the connection (no 'exit' event). */
  park?(): Promise<void>;
  /** Starts the process again once the last one has ended (parked, or exited at start); rejects like start(). */
  respawn?(): Promise<void>;
}

/** The target could not be started or reached: the CLI maps this to exit code 4. */
export class TargetUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetUnreachable';
  }
}
