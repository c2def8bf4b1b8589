// What the campaign needs from a connection used for fuzzing, and the helpers both kinds share:
// stdio (link.ts: cases pipelined on one pipe) and Streamable HTTP (http-link.ts: one POST per
// case). Their shared state and batch lifecycle are in link-base.ts.
import type { Session } from '../session/index.js';
import type { Outcome, RequestId } from '../session/index.js';
import type { Batch, CaseRun } from './observation.js';
import type { CaseSpec } from './wire-case.js';

export interface BatchTiming {
  /** Give up waiting for answers (and the ping) this long after writing. */
  deadlineMs: number;
  /** After the ping is answered, wait at most this long for missing answers (default: until the deadline). */
  afterPingMs?: number;
  /**
   * Stretches afterPingMs to this many times the ping's round trip (stdio), so a loaded machine,
   * where the server needs longer for everything, also waits longer for a missing answer.
   */
  afterPingRoundTrips?: number;
  /** Once everything expected has arrived, listen this long for extra responses. */
  graceMs?: number;
}

/** The cases of one batch and how long its answers are waited for. */
export interface BatchGroup {
  runs: CaseRun[];
  timing: BatchTiming;
}

export interface FuzzLink {
  readonly session: Session;
  /** The connection is gone (the process exited, the server stopped accepting connections or forgot the session). */
  readonly closed: boolean;
  /** How many cases go in one batch, and how many batches are in flight at once. */
  readonly pipelining: { batchSize: number; maxInFlight: number };
  /** The case's bytes with fresh ids of this connection, and what may come back. */
  render(spec: CaseSpec, index: number): CaseRun;
  /** Sends the cases and a ping behind them; `settled` resolves once the batch can be judged. */
  send(runs: CaseRun[], timing: BatchTiming): { batch: Batch; settled: Promise<Batch> };
  /** Several batches, each judged on its own, sent together (on a pipe: in one write). */
  sendAll(groups: ReadonlyArray<BatchGroup>): Array<{ batch: Batch; settled: Promise<Batch> }>;
  /** Stops listening (the session itself is closed by its owner). */
  dispose(): void;
}

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isResponse = (m: unknown): m is Obj => isObj(m) && !('method' in m) && ('result' in m || 'error' in m);

/** Whether an HTTP exchange error means the server broke the connection: our own timeout and our own close are not its doing. */
export function dropped(error: string): boolean {
  return !/^no complete response within \d+ ms$/.test(error) && !error.startsWith('aborted:');
}

export function isPing(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith('fz-ping-');
}

/** Received messages the session keeps for us; older ones are dropped (fuzz answers can be megabytes). */
const KEEP_RECEIVED = 200;

/** Bounds what the session remembers, however long the campaign. */
export function trimReceived(session: Session): void {
  const received = session.received;
  if (received.length > KEEP_RECEIVED * 2) received.splice(0, received.length - KEEP_RECEIVED);
}

/**
 * The liveness request sent behind every batch: ping, or server/discover with the per-request
 * `_meta` in 2026-07-28, which has no ping, or the run's stand-in for a refused ping (see session/liveness.ts).
 */
export function livenessMessage(session: Session, id: RequestId): Obj {
  const { method, params } = session.liveness;
  return session.buildRequest(method, params, { id });
}

/**
 * Registers the cases' readable ids (and the ping) with the session without writing anything
 * (the link writes the bytes itself), so it correlates their answers, validates them against the
 * method's result schema and never mistakes them for answers to nothing.
 */
export function registerAnswers(session: Session, runs: CaseRun[], ping: Obj | undefined, timeoutMs: number, tag: string): Promise<Outcome> | undefined {
  for (const run of runs) {
    for (const ref of run.expect.refs) {
      const message: Obj = { jsonrpc: '2.0', id: ref.id, method: ref.method };
      if (ref.params !== undefined) message.params = ref.params;
      void session.awaitAnswer(message, { tag, timeoutMs });
    }
  }
  // After the cases, as on the wire: their answers arriving are the queue ahead of the ping moving,
  // which keeps the session waiting for it on a server that works one request at a time.
  // The ping is untagged: problems with its answer belong to the whole-run checks.
  return ping && session.awaitAnswer(ping, { timeoutMs });
}

/**
 * The fuzz check reports what its own traffic caused, once per distinct failure, with the
 * input that caused it. The session also records each problem as a finding; those about our
 * answers (tagged with the check, or answers without a usable id) and about framing are removed
 * so they are not reported a thousand times over. Findings about messages the server sent on
 * its own (requests, notifications) stay for the whole-run checks. Returns the new count seen.
 */
export function claimFindings(session: Session, seen: number, tag: string): number {
  const findings = session.findings;
  let i = seen;
  while (i < findings.length) {
    const f = findings[i];
    const first = f.evidence[0];
    const message = first?.type === 'message' ? first.message : undefined;
    const framing = first?.type === 'message' && message === undefined;
    const ours = f.tag === tag || framing || (f.tag === undefined && isResponse(message) && !isPing(message.id));
    if (ours) findings.splice(i, 1);
    else i++;
  }
  return findings.length;
}
