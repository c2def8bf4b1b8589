// What the server did while a group of cases was in flight: the records the link fills in and
// the oracle judges.
import type { Received, RequestId } from '../session/index.js';
import type { Expect } from './expect.js';
import type { CaseSpec } from './wire-case.js';

/** One case as sent on one connection. */
export interface CaseRun {
  /** Position in the generated sequence (the fast-check run index), or -1 for a one-off. */
  index: number;
  spec: CaseSpec;
  bytes: Buffer;
  expect: Expect;
  /** Responses carrying one of the case's `answer` or `optional` ids. */
  responses: Received[];
  /** Unanswered soft case: cancelled after the soft deadline and left unjudged. */
  slow?: boolean;
}

/** Cases sent together, followed by one ping that proves the server still serves. */
export interface Batch {
  runs: CaseRun[];
  pingId: RequestId;
  /** ms (performance.now) when the bytes were written. */
  sentAt: number;
  pingAnswered: boolean;
  /** Responses without an id (or echoing an id that is not a valid MCP id), by arrival. */
  loose: Received[];
  /** Responses carrying an id none of our in-flight messages used. */
  unexpected: Received[];
  /** stdout lines that were not JSON-RPC messages. */
  framing: Array<{ problem: string; raw: string }>;
  /** Responses that failed schema validation (attributed to a case when their id says so). */
  malformed: Array<{ received: Received; run?: CaseRun }>;
  /** Why the connection ended while the batch was in flight. */
  closed?: string;
  /** The bytes could not be written: the server was gone before they reached it (nothing here caused that). */
  undelivered?: boolean;
  /** Responses that arrived after the batch settled and broke a rule (late duplicates). */
  late: Array<{ received: Received; run: CaseRun }>;
  settled: boolean;
}
