// What a fuzz campaign is given and what it gives back (campaign.ts runs it).
import type fc from 'fast-check';
import type { FuzzProgress } from '../checks/context.js';
import type { Session } from '../session/index.js';
import type { CaseRun } from './observation.js';
import type { CostOf } from './queue-cost.js';
import type { Anomaly, OracleOptions } from './oracle.js';
import type { CaseSpec } from './wire-case.js';

export type { FuzzProgress };

export interface CampaignOptions {
  /** Tag for the session's correlated requests (the check id). */
  tag: string;
  cases: fc.Arbitrary<CaseSpec>;
  /** Cases sent first, in this order, before the `runs` generated ones (a fixed dictionary); not shrunk. */
  prefix?: readonly CaseSpec[];
  seed: number;
  runs: number;
  /** Time for sending cases (isolating and shrinking come on top, within shrinkMs), when the search is time-boxed. */
  searchMs: number;
  /**
   * The search ends when its time is up (searchMs, prefixMs, generatedMs): `mcp-conform fuzz
   * --duration`. Otherwise (a plain run) it sends every case the seed and `runs` decide, however
   * fast the server or the machine, so the same seed sends the same cases; only the check's
   * ceiling and the run's deadline (the signal) end it sooner.
   */
  timeBoxed?: boolean;
  /**
   * The prefix's own bound (default searchMs): over HTTP its cases go one POST at a time, and on
   * a loaded machine (runs side by side, a busy server) searchMs ended it half way.
   */
  prefixMs?: number;
  /** Time the generated cases get at least, counted from the end of the prefix, so a slow prefix does not leave them none. */
  generatedMs?: number;
  /** Time for isolating, shrinking and confirming failures, over the whole campaign. */
  shrinkMs: number;
  /** Most time spent shrinking one failure (default: whatever is left of shrinkMs). */
  shrinkEachMs?: number;
  /** Longest wait for an answer or for the ping behind a batch. */
  caseTimeoutMs: number;
  /** Confirming a failure: the run's full request timeout, so a loaded machine's slowness is not reported as a hang (default caseTimeoutMs). */
  confirmTimeoutMs?: number;
  /**
   * Confirming a missing answer on stdio: once the ping sent behind the case is answered, wait
   * this long (or CONFIRM_ROUND_TRIPS times the ping's round trip, if longer) rather than until
   * confirmTimeoutMs. Default: until confirmTimeoutMs. Tool calls always get the full time.
   */
  confirmAfterPingMs?: number;
  /** End the campaign at the first confirmed hard failure: the verdict is settled (a plain run; `mcp-conform fuzz` looks further). */
  stopAtFirstFailure?: boolean;
  /** Soft cases (tool calls): unanswered this long while the server still answers ping → cancelled, unjudged. */
  softTimeoutMs: number;
  /** In replays and while shrinking: how long after the ping a missing answer counts as missing. */
  quickMs?: number;
  /** In the search: how long after the ping a missing answer is waited for before the batch is replayed. */
  afterPingMs?: number;
  maxFailures: number;
  maxRestarts: number;
  batchSize?: number;
  maxInFlight?: number;
  oracle: OracleOptions;
  signal: AbortSignal;
  /** An initialized session to start on (else connect() is called). */
  first?: Session;
  /** A new initialized session (a new process on stdio). */
  connect(): Promise<Session>;
  /** What each method cost the server as measured before the campaign (the run's main session): a ping behind a costly request waits for it (queue-cost.ts). */
  costOf?: CostOf;
  onProgress?(p: FuzzProgress): void;
}

export interface FoundFailure {
  /** As confirmed on the reported input. */
  anomaly: Anomaly;
  strategy: string;
  /** Run index where it was first seen. */
  index: number;
  /** fast-check seed of the case's chunk, and path of the reported input under it. */
  caseSeed: number;
  path: string;
  shrinks: number;
  /** The reported input is smaller than the generated one. */
  shrunk: boolean;
  /** The reported input as last sent: bytes and what came back. */
  run: CaseRun;
  originalBytes: number;
  /** Times this kind of failure with this strategy was seen. */
  occurrences: number;
  /** The last lines the server wrote to stderr, when it crashed. */
  stderr?: string[];
  /** Why the input could be neither shrunk nor confirmed (e.g. an HTTP server that died cannot be asked again). */
  unconfirmed?: string;
}

export interface CampaignResult {
  /** Cases sent in the search (replays while isolating and shrinking not counted), the prefix included. */
  cases: number;
  /** Cases of the fixed prefix in the sequence: case i >= prefix is generated case i - prefix. */
  prefix: number;
  searchMs: number;
  elapsedMs: number;
  restarts: number;
  /** Soft cases cancelled as slow. */
  slow: number;
  failures: FoundFailure[];
  /** Failures seen but not shrunk: the cap on distinct failures was reached. */
  unexplored: number;
  /** Misbehaviour seen in a batch that no single case reproduced (or that did not reproduce with the full timeout). */
  unattributed: Anomaly[];
  /** Why the campaign ended before its runs, if it did. */
  stopped?: string;
  /** It ended at its first confirmed hard failure (stopAtFirstFailure): there may be more. */
  stoppedAtFirstFailure?: boolean;
  byStrategy: Map<string, number>;
}
