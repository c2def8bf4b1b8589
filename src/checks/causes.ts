// Wire behaviours behind failures, by stable key. The helper that produces a violation names
// its cause when it knows it; the runner then tells which failures share one (sameCauseAs, see
// src/runner/causes.ts), so one server behaviour seen by several checks reads as one finding.
// Keys are part of the JSON report (`causes`): scripts may group by them, so never rename one.
import type { SchemaCause } from '../session/finding-cause.js';

export const CAUSES = {
  'no-answer-to-non-json': 'no answer, not even an error, to input that is not JSON',
  'no-answer-to-invalid-request': 'no answer, not even an error, to a request it does not accept (an invalid or unexpected JSON-RPC envelope, or params that do not fit the method)',
  'http-error-instead-of-answer': 'an HTTP error status without a JSON-RPC answer to a well-formed request (e.g. a bare 400 for an unknown method), where its JSON-RPC error, carrying its id, was due',
  'ends-on-non-json': 'the server ends the connection (exits, or closes its stdout) on input that is not JSON, instead of answering -32700 and going on',
  'served-without-supported-version': 'a 2026-07-28 request whose _meta names no protocol version, or one the server does not support, is served instead of refused',
  'served-without-client-capabilities': 'a 2026-07-28 request whose _meta has no clientCapabilities object is served instead of refused',
  'error-without-http-400': 'a 2026-07-28 request refused with the right JSON-RPC error, but not with HTTP status 400 (e.g. 200 with the error inside an SSE stream)',
  'empty-array-answer': 'an empty JSON array [] sent back for a batch with no response to carry (the empty batch [], owed one -32600 error; a batch of notifications, owed nothing)',
  'batch-refused': 'a JSON-RPC batch refused as a whole (an error for the batch, or an HTTP error status) under 2025-03-26, the revision that has batches',
} as const satisfies Record<string, string>;

/** Families of keys with a parameter (the method): a schema problem in the server's answers to one method. */
const FAMILIES: Record<string, (method: string) => string> = {
  'invalid-result': (m) => `${m} results that do not fit the schema of the revision (whichever check's request, often a liveness probe, they answered)`,
  'invalid-error': (m) => `error responses to ${m} that do not fit the schema of the revision`,
};

export type CauseKey = keyof typeof CAUSES | SchemaCause;

/** The distinct causes of several violations, only when every one has a known cause: else none (it is not all explained). */
export function causesIfAllKnown(causes: ReadonlyArray<CauseKey | undefined>): CauseKey[] | undefined {
  return causes.every((c) => c !== undefined) ? [...new Set(causes as CauseKey[])] : undefined;
}

/** The cause in words; a key this version does not know (a newer report) reads as itself. */
export function describeCause(key: string): string {
  if (Object.prototype.hasOwnProperty.call(CAUSES, key)) return CAUSES[key as keyof typeof CAUSES];
  const colon = key.indexOf(':');
  const family = colon > 0 ? key.slice(0, colon) : '';
  return Object.prototype.hasOwnProperty.call(FAMILIES, family) && colon < key.length - 1 ? FAMILIES[family](key.slice(colon + 1)) : key;
}
