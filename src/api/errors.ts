// The error a library request rejects with. Inside the suite, outcomes are values that checks
// grade; a library user calling `request()` wants the result or an exception that says why not.
import { absence } from '../session/carried.js';
import type { Outcome } from '../session/index.js';

/** How a request ended without a result. */
export type RequestFailure = Exclude<Outcome, { kind: 'result' }>;

/**
 * A request got no result: the server answered with a JSON-RPC error (`kind: 'error'`, with
 * `code`, `data`), an HTTP error status (`'http-error'`), nothing in time (`'timeout'`), or the
 * connection ended first (`'closed'`).
 */
export class McpRequestError extends Error {
  readonly kind: RequestFailure['kind'];
  /** The JSON-RPC error code (for `kind: 'error'`). */
  readonly code?: unknown;
  /** The JSON-RPC error data (for `kind: 'error'`). */
  readonly data?: unknown;
  constructor(
    /** The method requested. */
    readonly method: string,
    /** The full outcome, including the response message when there was one. */
    readonly outcome: RequestFailure,
  ) {
    super(`${method}: ${describeFailure(outcome)}`);
    this.name = 'McpRequestError';
    this.kind = outcome.kind;
    if (outcome.kind === 'error') {
      this.code = outcome.error.code;
      this.data = outcome.error.data;
    }
  }
}

function describeFailure(o: RequestFailure): string {
  switch (o.kind) {
    case 'error':
      return `error ${String(o.error.code)}: ${String(o.error.message)}`;
    case 'http-error':
      return `HTTP ${o.status}${o.body ? `: ${o.body.slice(0, 200)}` : ''}`;
    case 'timeout':
      return absence(`no response within ${o.ms} ms`, o.carried);
    case 'closed':
      return `the connection ended before a response (${o.reason})`;
  }
}
