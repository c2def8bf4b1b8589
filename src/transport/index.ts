// Transports: bytes <-> JSON-RPC messages, with a bounded, timestamped wire trace.
// What every transport promises its listeners:
// - 'message' gets one JSON object at a time; a batch (JSON array) is split into its elements,
//   each emitted with the whole wire text as `raw` (so a batch is visible as raw starting '[').
//   The trace keeps one 'recv' entry per wire unit, holding the whole batch.
// - 'framing' gets wire text that is not a message: non-JSON, JSON that is not an object or
//   batch, oversized, invalid UTF-8, or a bad SSE event. A blank stdout line is 'not-json' with a
//   blank raw. raw is cut to a short prefix.
// - 'exit' fires only when the process (stdio) or the SSE stream (legacy) ends without close().
// - send() rejects with TargetUnreachable when nothing listens (HTTP) and TransportClosed after
//   close() or exit; HTTP status problems are data in SendOutcome.http, not exceptions.
export * from './types.js';
export { TransportClosed } from './errors.js';
export { createStdioTransport, type StdioTransport, type StdioTransportOptions } from './stdio.js';
export { createHttpTransport, type HttpTransport, type HttpTransportOptions, type RawRequestInit } from './http.js';
export { createLegacySseTransport, type LegacySseTransport, type LegacySseTransportOptions } from './legacy-sse.js';
export { encodeHeaderValue, decodeHeaderValue, routingHeaders } from './mcp-headers.js';
export { within } from './within.js';
export { SseLedger, sseLedgerFor, type SseStreamRecord } from './sse-ledger.js';
