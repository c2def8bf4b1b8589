// Wire behaviours behind failures, by stable key. The helper that produces a violation names
// its cause when it knows it; the runner then tells which failures share one (sameCauseAs, see
// src/runner/causes.ts), so one server behaviour seen by several checks reads as one finding.
// Keys are part of the JSON report (`causes`): scripts may group by them, so never rename one.

export const CAUSES = {
  'no-answer-to-non-json': 'no answer, not even an error, to input that is not JSON',
  'no-answer-to-invalid-request': 'no answer, not even an error, to a request it does not accept (an invalid or unexpected JSON-RPC envelope, or params that do not fit the method)',
  'http-error-instead-of-answer': 'an HTTP error status without a JSON-RPC answer to a well-formed request (e.g. a bare 400 for an unknown method), where its JSON-RPC error, carrying its id, was due',
} as const satisfies Record<string, string>;

export type CauseKey = keyof typeof CAUSES;

/** The distinct causes of several violations, only when every one has a known cause: else none (it is not all explained). */
export function causesIfAllKnown(causes: ReadonlyArray<CauseKey | undefined>): CauseKey[] | undefined {
  return causes.every((c) => c !== undefined) ? [...new Set(causes as CauseKey[])] : undefined;
}

/** The cause in words; a key this version does not know (a newer report) reads as itself. */
export function describeCause(key: string): string {
  return Object.prototype.hasOwnProperty.call(CAUSES, key) ? CAUSES[key as CauseKey] : key;
}
