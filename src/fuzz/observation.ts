// What the server did while a group of cases was in flight: the records the link fills in and
// the oracle judges.
import type { Received, RequestId, TooSlow } from '../session/index.js';
import type { HttpExchange } from '../transport/types.js';
import type { Expect } from './expect.js';
import type { CaseSpec } from './wire-case.js';

/** One case as sent on one connection. */
export interface CaseRun {
  /** Position in the generated sequence (the fast-check run index), or -1 for a one-off. */
  index: number;
  spec: CaseSpec;
  bytes: Buffer;
  /** stdio, a case with bulk (a megabyte string): its bytes as the pieces written, repeated content shared; `bytes` joins them only when read. */
  pieces?: readonly Buffer[];
  expect: Expect;
  /** Responses carrying one of the case's `answer` or `optional` ids. */
  responses: Received[];
  /** Unanswered soft case: cancelled after the soft deadline and left unjudged. */
  slow?: boolean;
  /** HTTP: the POST that carried the case (each case is one POST there). */
  http?: PostOutcome;
  /** Legacy HTTP+SSE: how the case's POST was acknowledged (its answers come on the stream). */
  posted?: { status?: number; error?: string; dropped?: boolean };
}

/** How the POST of one case ended, as far as the fuzz oracle cares. */
export interface PostOutcome {
  /** Still running when the batch settled (its deadline passed). */
  pending: boolean;
  status?: number;
  /** Media type of the response body, without parameters. */
  media?: string;
  /** Why the exchange failed without a complete response (a dropped connection, a timeout). */
  error?: string;
  /** The connection broke: neither a response nor a timeout of ours. */
  dropped?: boolean;
  /** Answers in its body with no usable id (errors with id null or absent, or an invalid id echoed). */
  loose: Received[];
  /** Answers in its body carrying an id this case did not send (another case's, or nobody's). */
  unexpected: Received[];
  /** The exchange as recorded (request body left out: the case's bytes are shown instead). */
  exchange?: HttpExchange;
}

/** What the wait for a batch was made of (queue-cost.ts, session latency.ts). */
export interface BatchWait {
  /** The deadline the campaign gave the batch: the case timeout, or a replay's or confirmation's own. */
  deadlineMs: number;
  /** Added to it: the server's measured time for the costly requests queued ahead of the batch's cases. */
  queuedMs: number;
  /** The wait went on past both while the session saw the server busy with earlier requests. */
  busy?: boolean;
  /** HTTP: when the ping was POSTed behind the cases, and what its own wait added for the costly requests still queued. */
  ping?: { sentAt: number; queuedMs: number };
}

/** Cases sent together, followed by one ping that proves the server still serves. */
export interface Batch {
  runs: CaseRun[];
  pingId: RequestId;
  /** The liveness request behind the cases (ping, or server/discover in 2026-07-28). */
  ping: Record<string, unknown>;
  /** ms (performance.now) when the bytes were written. */
  sentAt: number;
  /** ms (performance.now) when the batch settled: how long missing answers were waited for. */
  settledAt?: number;
  pingAnswered: boolean;
  /** The ping's wait reached its ceiling while the server was busy with earlier requests (session latency.ts): nothing in the batch can be judged. */
  tooSlow?: TooSlow;
  /** HTTP: what became of an unanswered ping's POST, when it was not simply left unanswered (broken, never sent). */
  pingNote?: string;
  /** How long the link waited for the batch, and why that long: the oracle names the wait actually made. */
  wait?: BatchWait;
  /** Responses without an id (or echoing an id that is not a valid MCP id), by arrival. */
  loose: Received[];
  /** Responses carrying an id none of our in-flight messages used. */
  unexpected: Received[];
  /** stdout lines (or HTTP bodies and SSE events) that were not JSON-RPC messages. */
  framing: Array<{ problem: string; raw: string; run?: CaseRun }>;
  /** Responses that failed schema validation (attributed to a case when their id says so). */
  malformed: Array<{ received: Received; run?: CaseRun }>;
  /** Why the connection ended while the batch was in flight. */
  closed?: string;
  /** The bytes could not be written: the server was gone before they reached it (nothing here caused that). */
  undelivered?: boolean;
  /** HTTP: the case whose POST broke first when the server went away (the likely cause, when it is the only suspect). */
  culprit?: CaseRun;
  /** HTTP: cases whose POST was still open, or broke, when the server went away. */
  suspects?: CaseRun[];
  /** Responses that arrived after the batch settled and broke a rule (late duplicates). */
  late: Array<{ received: Received; run: CaseRun }>;
  settled: boolean;
}
