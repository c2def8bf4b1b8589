import type { Evidence } from './evidence.js';
import type { ValidationResult } from '../schema/index.js';
import type { Carried } from './carried.js';
import type { TooSlow } from './latency.js';
import type { HttpStream } from '../transport/types.js';
import type { SchemaCause } from './finding-cause.js';

export type RequestId = string | number;

export interface ErrorObject {
  code: unknown;
  message: unknown;
  data?: unknown;
}

/** HTTP: the status and body type of the response that carried a message, and which stream it was when known. */
export interface HttpContext {
  status: number;
  sse: boolean;
  stream?: HttpStream;
}

/** How one request ended. Protocol outcomes are values, never exceptions: checks grade them. */
export type Outcome =
  | { kind: 'result'; id: RequestId; result: Record<string, unknown>; message: Record<string, unknown>; ms: number; http?: HttpContext }
  | { kind: 'error'; id: RequestId; error: ErrorObject; message: Record<string, unknown>; ms: number; http?: HttpContext }
  /** `carried`: what the request's exchange (HTTP) or the connection (others) carried meanwhile. */
  /** `beforeStart`: the server had answered nothing on the connection yet, and the wait was the start bound. */
  /** `tooSlow`: the wait reached its ceiling while the server was still busy (latency.ts): no evidence of a missing answer. */
  | { kind: 'timeout'; id: RequestId; ms: number; carried?: Carried; beforeStart?: true; tooSlow?: TooSlow }
  | { kind: 'closed'; id: RequestId; ms: number; reason: string }
  /** HTTP: the server refused the POST with an error status and no JSON-RPC answer in the body. */
  | { kind: 'http-error'; id: RequestId; ms: number; status: number; body: string };

/** One message received, validated against the negotiated revision. */
export interface Received {
  at: number;
  message: unknown;
  /**
   * The message's text as it came. Listeners get it whole; `Session.received` keeps the start of
   * a long one (KEPT_RAW_CHARS), with its whole length in `rawChars`: the parsed message is there whole.
   */
  raw: string;
  /** Set when `raw` keeps only the start of the text: the whole text's length in characters. */
  rawChars?: number;
  validation: ValidationResult;
  /** Tag of the request this answers (the check that sent it), if any. */
  tag?: string;
  /** Method of the request of ours this answers (pending or already answered): a reply correlated by id. */
  answers?: string;
  /** HTTP: the response that carried it. */
  http?: HttpContext;
}

/** Something the server did wrong outside a single check's own assertions. */
export interface Finding {
  at: number;
  /** The check that caused the traffic, when known. */
  tag?: string;
  requirement?: string;
  /** 'fail' for a MUST-level breach (schema, envelope), 'warn' for a SHOULD or derived rule, or
   * for a schema problem in a value we sent that the server passed on (see our-values.ts). */
  severity: 'fail' | 'warn';
  message: string;
  evidence: Evidence[];
  /** The wire behaviour it shows, when a cause key names it (finding-cause.ts, src/checks/causes.ts). */
  cause?: SchemaCause;
}

export interface ClientIdentity {
  name: string;
  version: string;
}
