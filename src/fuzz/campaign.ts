// A fuzz campaign on one server: generate cases from a seed, send them pipelined in batches
// (each batch followed by a ping), judge every batch, and when one breaks a rule, find the
// case responsible by replaying the batch's cases one at a time, shrink it with fast-check to
// a minimal input, confirm that input with a longer wait, and carry on (on a new connection
// when the server crashed), or stop there (a plain run). Each distinct failure (kind of
// misbehaviour x strategy) is shrunk and reported once.
//
// Determinism: generated cases come in chunks of CHUNK; case i = c*CHUNK + j is fast-check's run j for the
// chunk's seed (derived from the campaign seed), whatever happened before it. So
// `--seed S --fuzz-runs i+1` replays it, and (chunk seed, shrink path) names the minimal input.
// Chunks keep every lookup cheap: fast-check reaches run j by skipping j values.
// A fixed prefix (the hostile-text dictionary) comes before them: case i < P is prefix[i], and
// the generated case numbers above start after it (`--fuzz-runs` counts generated cases only).
import fc from 'fast-check';
import type { Session } from '../session/index.js';
import { HttpLink } from './http-link.js';
import { Link, type BatchTiming, type FuzzLink } from './link.js';
import { SseLink } from './sse-link.js';
import type { Batch, CaseRun } from './observation.js';
import { judge, type Anomaly, type AnomalyKind, type OracleOptions } from './oracle.js';
import type { CaseSpec } from './wire-case.js';

export interface FuzzProgress {
  cases: number;
  failures: number;
  elapsedMs: number;
}

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

class Stop extends Error {}
/** A hard failure is confirmed and the campaign was asked to stop there. */
class Enough extends Error {}
/** The budget for investigating is spent: further misbehaviour is counted, not chased. */
class OutOfTime extends Error {}

/**
 * What makes two failures the same: the kind of misbehaviour and the strategy that caused it;
 * for answers that fail the schema, the method answered and where (the same broken result
 * reached through several strategies is one failure).
 */
function failureKey(anomaly: Anomaly, run: CaseRun): string {
  if (anomaly.kind !== 'bad-response') return `${anomaly.kind}|${run.spec.strategy}`;
  const r = anomaly.received[0];
  const where = (anomaly.problems ?? []).map((p) => p.pointer.replace(/\/\d+/g, '/*')).sort().join(',');
  return `${anomaly.kind}|${r?.validation.method ?? ''}|${where}|${anomaly.warnOnly ? 'warn' : 'fail'}`;
}

/** Cases per seed chunk. */
export const CHUNK = 256;

/** The fast-check seed of chunk `c` of a campaign (a 32-bit mix of both). */
export function chunkSeed(seed: number, c: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(c + 1, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return h | 0;
}

/** Listening for stray answers after a single case (isolation, shrinking). */
const SINGLE_GRACE_MS = 15;
/** Anomalies of one kind that no single case reproduced, before such anomalies stop being replayed. */
const MAX_FRUITLESS_HUNTS = 3;
const CONFIRM_GRACE_MS = 60;
/** See confirmAfterPingMs: a missing answer is waited for at least this many ping round trips. */
const CONFIRM_ROUND_TRIPS = 20;
/** In the search: how long after the ping a missing answer is waited for before the batch is replayed. */
const SEARCH_AFTER_PING_MS = 250;
/** In the search: how long a batch stays open after its last expected answer, for late answers without an id. */
const SEARCH_GRACE_MS = 0;
/** In replays and while shrinking: how long after the ping a missing answer counts as missing. */
const QUICK_MS = 100;
/**
 * fast-check draws a chunk of cases, and walks the shrink candidates a predicate passes at once,
 * with nothing but microtasks in between: no timer, I/O or signal handler (SIGTERM) would run.
 * Such work gives the event loop a turn at least this often.
 */
const YIELD_EVERY_MS = 20;

/** Resolves at once, or on the event loop's next turn when `YIELD_EVERY_MS` have passed since the last. */
function turnTaker(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < YIELD_EVERY_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignResult> {
  const t0 = performance.now();
  const result: CampaignResult = { cases: 0, prefix: opts.prefix?.length ?? 0, searchMs: 0, elapsedMs: 0, restarts: 0, slow: 0, failures: [], unexplored: 0, unattributed: [], byStrategy: new Map() };
  let predicate: (spec: CaseSpec) => Promise<boolean> = async () => true;
  // One property object for sampling and shrinking, so run i is the same value in both.
  const property = fc.asyncProperty(opts.cases, (spec) => predicate(spec));
  const known = new Map<string, FoundFailure>();
  const takeTurn = turnTaker();
  /** Anomalies seen after their kind stopped being hunted (see MAX_FRUITLESS_HUNTS). */
  const unattributedCount = new Map<string, number>();
  const dismissed = new Map<string, number>();
  // Investigating failures has its own budget; the search's clock stops meanwhile.
  let investigated = 0;
  let investigatingSince: number | undefined;
  const investigating = () => investigated + (investigatingSince === undefined ? 0 : performance.now() - investigatingSince);
  const shrinkTimeLeft = () => opts.shrinkMs - investigating();
  // A pipe (stdio) takes cases back to back; Streamable HTTP takes one POST per case, and so does
  // legacy HTTP+SSE, whose answers come on one stream as on a pipe.
  const linkOn = (session: Session): FuzzLink => {
    const kind = session.transport.kind;
    return kind === 'http' ? new HttpLink(session, opts.tag) : kind === 'sse' ? new SseLink(session, opts.tag) : new Link(session, opts.tag);
  };
  let link: FuzzLink | undefined = opts.first ? linkOn(opts.first) : undefined;

  const ensureLink = async (): Promise<FuzzLink> => {
    if (link && !link.closed) return link;
    link?.dispose();
    if (opts.signal.aborted) throw new Stop('the check ran out of time');
    if (result.restarts >= opts.maxRestarts) throw new Stop(`the server needed more than ${opts.maxRestarts} restarts`);
    if (link) result.restarts++;
    try {
      link = linkOn(await opts.connect());
    } catch (err) {
      throw new Stop(`a new connection failed: ${(err as Error).message}`);
    }
    return link;
  };

  /**
   * search: pipelined batches; quick: one case, missing answers waited for briefly (replays,
   * shrinking); probe: one case, only to see whether the server survives it (crash hunts);
   * confirm: one case with the full timeout. `lookingFor`: the only kind of anomaly that matters
   * (shrinking).
   */
  const timing = (runs: CaseRun[], mode: 'search' | 'quick' | 'probe' | 'confirm', lookingFor?: AnomalyKind): BatchTiming => {
    const soft = runs.some((r) => r.spec.soft);
    const deadlineMs = soft ? Math.max(opts.softTimeoutMs, opts.caseTimeoutMs) : opts.caseTimeoutMs;
    // In the search a missing answer waits a little after the ping (servers answer in order far
    // more often than not); replays then decide, and a failure is confirmed with a longer wait.
    if (mode === 'search') {
      return soft
        ? { deadlineMs: opts.softTimeoutMs, graceMs: SEARCH_GRACE_MS }
        : { deadlineMs: opts.caseTimeoutMs, afterPingMs: Math.min(opts.caseTimeoutMs, opts.afterPingMs ?? SEARCH_AFTER_PING_MS), graceMs: SEARCH_GRACE_MS };
    }
    if (mode === 'quick') {
      // A missing answer is settled once it comes: what might follow it cannot make it missing.
      const graceMs = lookingFor === 'no-response' ? 0 : SINGLE_GRACE_MS;
      return { deadlineMs, afterPingMs: soft ? opts.softTimeoutMs : (opts.quickMs ?? QUICK_MS), graceMs };
    }
    if (mode === 'probe') return { deadlineMs, afterPingMs: SINGLE_GRACE_MS, graceMs: SINGLE_GRACE_MS };
    const full = Math.max(deadlineMs, opts.confirmTimeoutMs ?? 0);
    if (soft || opts.confirmAfterPingMs === undefined) return { deadlineMs: full, graceMs: CONFIRM_GRACE_MS };
    return { deadlineMs: full, afterPingMs: opts.confirmAfterPingMs, afterPingRoundTrips: CONFIRM_ROUND_TRIPS, graceMs: CONFIRM_GRACE_MS };
  };

  /** Sends one case alone and judges what came back. */
  const single = async (spec: CaseSpec, index: number, mode: 'quick' | 'probe' | 'confirm', lookingFor?: AnomalyKind) => {
    let l = await ensureLink();
    let run = l.render(spec, index);
    let batch = await l.send([run], timing([run], mode, lookingFor)).settled;
    if (batch.undelivered) {
      // The server died before this case reached it: try once more on a new connection.
      l = await ensureLink();
      run = l.render(spec, index);
      batch = await l.send([run], timing([run], mode, lookingFor)).settled;
    }
    const stderr = batch.closed ? l.session.transport.stderrTail().slice(-8) : undefined;
    return { run, anomalies: judge(batch, opts.oracle), stderr };
  };

  const prefix = opts.prefix ?? [];
  const total = prefix.length + opts.runs;
  /** Where a generated case comes from: the fast-check seed of its chunk and its run there (undefined for the prefix). */
  const origin = (index: number): { caseSeed: number; path: string } | undefined => {
    const g = index - prefix.length;
    return g < 0 ? undefined : { caseSeed: chunkSeed(opts.seed, Math.floor(g / CHUNK)), path: String(g % CHUNK) };
  };

  let chunk: { c: number; specs: CaseSpec[] } | undefined;
  /**
   * Case i, exactly as fast-check's check() draws run i % CHUNK (fc.sample biases differently).
   * Only the runs the campaign will reach are drawn: run k of a seed does not depend on how many
   * follow it, so a plain run's 100 cases cost 100 draws, not 256.
   */
  const caseAt = async (index: number): Promise<CaseSpec> => {
    if (index < prefix.length) return prefix[index];
    const i = index - prefix.length;
    const c = Math.floor(i / CHUNK);
    if (chunk?.c !== c || chunk.specs.length <= i % CHUNK) {
      const specs: CaseSpec[] = [];
      predicate = async (spec) => {
        specs.push(spec);
        await takeTurn();
        return true;
      };
      const numRuns = Math.min(CHUNK, Math.max(opts.runs - c * CHUNK, (i % CHUNK) + 1));
      await fc.check(property, { seed: chunkSeed(opts.seed, c), numRuns });
      predicate = async () => true;
      chunk = { c, specs };
    }
    return chunk.specs[i % CHUNK];
  };

  /** Shrinks the case at `index` towards a smaller input showing the same kind of anomaly, then confirms it. */
  const shrinkAndConfirm = async (original: CaseRun, anomaly: Anomaly): Promise<FoundFailure | undefined> => {
    const kind = anomaly.kind;
    predicate = async (spec) => {
      await takeTurn();
      if (opts.signal.aborted || shrinkTimeLeft() <= 0) return true;
      try {
        const mode = kind === 'crash' || kind === 'unresponsive' ? 'probe' : 'quick';
        return !(await single(spec, original.index, mode, kind)).anomalies.some((a) => a.kind === kind);
      } catch (err) {
        if (err instanceof Stop) return true;
        throw err;
      }
    };
    let minimal = original.spec;
    const from = origin(original.index);
    // A prefix case is a fixed dictionary entry: there is nothing to shrink it along.
    const caseSeed = from?.caseSeed ?? 0;
    let path = from?.path ?? '';
    const generatedPath = path;
    let shrinks = 0;
    const left = Math.max(1, Math.round(Math.min(shrinkTimeLeft(), opts.shrinkEachMs ?? Infinity)));
    const details = from ? await fc.check(property, { seed: caseSeed, path, numRuns: 1, interruptAfterTimeLimit: left, markInterruptAsFailure: false }) : undefined;
    predicate = async () => true;
    if (details?.failed && details.counterexample && details.counterexamplePath) {
      minimal = details.counterexample[0];
      path = details.counterexamplePath;
      shrinks = details.numShrinks;
    }
    // Confirm with the full timeout: the quick timing of shrinking may mistake slowness for a drop.
    for (const [spec, p] of minimal === original.spec ? [[minimal, path] as const] : [[minimal, path] as const, [original.spec, generatedPath] as const]) {
      if (opts.signal.aborted) break;
      const confirmed = await single(spec, original.index, 'confirm');
      const seen = confirmed.anomalies.find((a) => a.kind === kind);
      if (seen) {
        return { anomaly: seen, strategy: original.spec.strategy, index: original.index, caseSeed, path: p, shrinks: spec === original.spec ? 0 : shrinks, shrunk: spec !== original.spec && shrinks > 0, run: confirmed.run, originalBytes: original.bytes.length, occurrences: 1, stderr: confirmed.stderr };
      }
    }
    return undefined;
  };

  /** A failure reported as first seen, when the server cannot be asked again. */
  const unconfirmedFailure = (run: CaseRun, anomaly: Anomaly, why: string): FoundFailure => ({
    anomaly,
    strategy: run.spec.strategy,
    index: run.index,
    caseSeed: origin(run.index)?.caseSeed ?? 0,
    path: origin(run.index)?.path ?? '',
    shrinks: 0,
    shrunk: false,
    run,
    originalBytes: run.bytes.length,
    occurrences: 1,
    unconfirmed: why,
  });

  /** One case showed `anomaly`: count it if its kind of failure is known, else shrink and confirm it. */
  const record = async (suspect: CaseRun, anomaly: Anomaly): Promise<void> => {
    const key = failureKey(anomaly, suspect);
    const seen = known.get(key);
    if (seen) seen.occurrences++;
    else if (dismissed.has(key)) dismissed.set(key, dismissed.get(key)! + 1);
    else if (known.size >= opts.maxFailures) result.unexplored++;
    else {
      let failure: FoundFailure | undefined;
      try {
        failure = await shrinkAndConfirm(suspect, anomaly);
      } catch (err) {
        // The server cannot be asked again (an HTTP server that died): report the input as it was seen.
        if (err instanceof Stop) {
          const f = unconfirmedFailure(suspect, anomaly, err.message);
          known.set(key, f);
          result.failures.push(f);
        }
        throw err;
      }
      if (failure) {
        known.set(key, failure);
        result.failures.push(failure);
        if (opts.stopAtFirstFailure && !failure.anomaly.warnOnly) throw new Enough('the first failure settles the verdict; `mcp-conform fuzz` looks for more');
      } else {
        // Not there with the full timeout (a slow answer, or something that depends on timing): noted once, not chased again.
        dismissed.set(key, 1);
        result.unattributed.push({ ...anomaly, summary: `${anomaly.summary} (input ${suspect.index}, strategy ${suspect.spec.strategy}; not reproduced with the full timeout)` });
      }
    }
  };

  /** Replays runs one at a time until one misbehaves; records it. A crash hunt only probes for survival. */
  const replayUntilCulprit = async (runs: CaseRun[], mode: 'quick' | 'probe' = 'quick'): Promise<CaseRun | undefined> => {
    for (const suspect of runs) {
      if (opts.signal.aborted) throw new Stop('the check ran out of time');
      if (shrinkTimeLeft() <= 0) throw new OutOfTime();
      const { anomalies } = await single(suspect.spec, suspect.index, mode);
      if (anomalies.length === 0) continue;
      await record(suspect, anomalies[0]);
      return suspect;
    }
    return undefined;
  };

  const unattributed = (anomaly: Anomaly, inFlight: number) =>
    result.unattributed.push({ ...anomaly, run: undefined, summary: `${anomaly.summary}, while ${inFlight} inputs were in flight; none of them alone reproduced it` });

  /**
   * Finds the cases behind the anomalies of settled batches. Anomalies the ids pin on one case
   * need no search (and no replay at all when that kind of failure is known); the others are
   * replayed one case at a time. Returns where to resume: after the culprit of a crash (the
   * cases behind it never reached a live server), else undefined (everything sent was judged).
   */
  const investigate = async (judged: Array<{ batch: Batch; anomalies: Anomaly[] }>): Promise<number | undefined> => {
    investigatingSince = performance.now();
    try {
      const runs = judged.flatMap((j) => j.batch.runs);
      // HTTP names the one POST that was open when the server went away, when there was only one.
      const crash = judged.find((j) => j.anomalies[0]?.kind === 'crash' && j.anomalies[0].run) ?? judged.find((j) => j.anomalies[0]?.kind === 'crash');
      const blamed = crash?.anomalies[0].run;
      if (blamed) {
        await record(blamed, crash.anomalies[0]);
        return blamed.index + 1;
      }
      if (crash) {
        // The server reads in order: the culprit is in the first batch whose ping went unanswered
        // (a batch that never reached the server did not crash it: the one before it did).
        const suspects = crash.batch.undelivered ? [...(previous?.runs ?? []), ...crash.batch.runs] : crash.batch.runs;
        // The same strategy crashed it before: count it without another restart.
        const again = suspects.find((s) => known.has(`crash|${s.spec.strategy}`));
        if (again) {
          known.get(`crash|${again.spec.strategy}`)!.occurrences++;
          return again.index + 1;
        }
        // No room (or time) for another distinct failure: skip the batch rather than hunt with restarts.
        if (known.size >= opts.maxFailures || shrinkTimeLeft() <= 0) {
          result.unexplored++;
          return suspects.at(-1)!.index + 1;
        }
        let culprit: CaseRun | undefined;
        try {
          culprit = (await replayUntilCulprit(suspects, 'probe')) ?? (await replayUntilCulprit(runs.filter((r) => !suspects.includes(r)), 'probe'));
        } catch (err) {
          // No new connection to hunt on: the crash still happened.
          if (err instanceof Stop) result.unattributed.push({ ...crash.anomalies[0], summary: `${crash.anomalies[0].summary}; not narrowed down to one input: ${err.message}` });
          throw err;
        }
        if (!culprit) unattributed(crash.anomalies[0], runs.length);
        return (culprit ?? suspects.at(-1))!.index + 1;
      }
      for (const { batch, anomalies } of judged) {
        const precise = [...new Map(anomalies.filter((a) => a.run && batch.runs.length > 1).map((a) => [a.run!, a])).values()];
        for (const a of precise) {
          const key = failureKey(a, a.run!);
          if (known.has(key) || dismissed.has(key)) await record(a.run!, a);
          else if (!(await replayUntilCulprit([a.run!]))) unattributed(a, batch.runs.length);
        }
        if (anomalies.some((a) => !a.run || batch.runs.length === 1)) {
          const vague = anomalies.find((a) => !a.run) ?? anomalies[0];
          // A server that answers out of order makes id-less answers land in the wrong batch:
          // after a few fruitless hunts, such anomalies are only counted.
          const fruitless = result.unattributed.filter((u) => u.kind === vague.kind).length;
          if (fruitless >= MAX_FRUITLESS_HUNTS) {
            unattributedCount.set(vague.kind, (unattributedCount.get(vague.kind) ?? 0) + 1);
            continue;
          }
          if (!(await replayUntilCulprit(batch.runs.filter((r) => !precise.some((a) => a.run === r))))) unattributed(vague, batch.runs.length);
        }
      }
      return undefined;
    } catch (err) {
      if (!(err instanceof OutOfTime)) throw err;
      result.unexplored++;
      const last = judged.at(-1)?.batch.runs.at(-1);
      return judged.some((j) => j.batch.closed) && last ? last.index + 1 : undefined;
    } finally {
      investigated = investigating();
      investigatingSince = undefined;
    }
  };

  let index = 0;
  let reached = 0;
  let prefixDoneAt: number | undefined;
  const searchEnd = () => Math.max(t0 + opts.searchMs, prefixDoneAt !== undefined && opts.generatedMs ? prefixDoneAt + opts.generatedMs : 0) + investigated;
  const searching = () => {
    if (prefixDoneAt === undefined && index >= prefix.length) prefixDoneAt = performance.now();
    const end = prefixDoneAt === undefined ? t0 + Math.max(opts.searchMs, opts.prefixMs ?? 0) + investigated : searchEnd();
    return index < total && (opts.timeBoxed === false || performance.now() < end) && !opts.signal.aborted;
  };
  /** The last batch that settled without trouble (a crash noticed only on the next write belongs to it). */
  let previous: Batch | undefined;
  const idKeys = (run: CaseRun) => run.expect.refs.map((r) => `${typeof r.id}:${String(r.id)}`);
  try {
    const { pipelining } = await ensureLink();
    const batchSize = opts.batchSize ?? pipelining.batchSize;
    const maxInFlight = opts.maxInFlight ?? pipelining.maxInFlight;
    // Nothing restarts an HTTP (or HTTP+SSE) server that died, so no replay can find which of several open
    // POSTs killed it: the prefix (each entry aimed at one argument) goes one POST at a time.
    const serialUntil = link?.session.transport.kind === 'stdio' ? 0 : prefix.length;
    const serial = (open: ReadonlyArray<{ batch: Batch }>) => index < serialUntil || open.some((f) => f.batch.runs.some((r) => r.index < serialUntil));
    search: while (searching()) {
      const inFlight: Array<{ batch: Batch; settled: Promise<Batch> }> = [];
      const openKeys = new Set<string>();
      for (;;) {
        // Fill the pipeline. Cases that allow no answer without an id (requests, notifications)
        // go in batches of their own: there, any such answer is misbehaviour, never masked by
        // invalid input that the server may or may not answer.
        while (searching() && inFlight.length < (serial(inFlight) ? 1 : maxInFlight)) {
          const l = await ensureLink();
          const end = serial(inFlight) ? index + 1 : Math.min(index + batchSize, total);
          const strict: CaseRun[] = [];
          const tolerant: CaseRun[] = [];
          while (index < end) {
            const spec = await caseAt(index);
            // The rest of a fixed series that already crashed the server would cost a restart each, to show the same failure.
            if (index < prefix.length && known.has(`crash|${spec.strategy}`)) {
              index++;
              continue;
            }
            const run = l.render(spec, index);
            const keys = idKeys(run);
            // A literal id (e.g. 0) must not be in flight twice: it waits for an empty pipeline.
            if (keys.some((k) => openKeys.has(k)) && (inFlight.length || strict.length || tolerant.length)) break;
            keys.forEach((k) => openKeys.add(k));
            (run.expect.extra === 0 ? strict : tolerant).push(run);
            result.byStrategy.set(run.spec.strategy, (result.byStrategy.get(run.spec.strategy) ?? 0) + 1);
            index++;
          }
          if (strict.length === 0 && tolerant.length === 0) break;
          for (const runs of [strict, tolerant]) if (runs.length) inFlight.push(l.send(runs, timing(runs, 'search')));
        }
        const head = inFlight.shift();
        if (!head) break search; // nothing left to send: runs done, time up or aborted
        const batch = await head.settled;
        for (const run of batch.runs) idKeys(run).forEach((k) => openKeys.delete(k));
        result.slow += batch.runs.filter((r) => r.slow).length;
        reached = Math.max(reached, (batch.runs.at(-1)?.index ?? -1) + 1);
        const anomalies = judge(batch, opts.oracle);
        opts.onProgress?.({ cases: reached, failures: result.failures.length, elapsedMs: performance.now() - t0 });
        if (anomalies.length === 0) {
          previous = batch;
          continue;
        }
        // Let the rest land, judge it too, then find the cases behind what went wrong.
        const rest = await Promise.all(inFlight.map((f) => f.settled));
        const judged = [{ batch, anomalies }, ...rest.map((b) => ({ batch: b, anomalies: judge(b, opts.oracle) }))].filter((j) => j.anomalies.length);
        reached = Math.max(reached, ...rest.map((b) => (b.runs.at(-1)?.index ?? -1) + 1));
        result.slow += rest.reduce((n, b) => n + b.runs.filter((r) => r.slow).length, 0);
        index = (await investigate(judged)) ?? index;
        previous = undefined;
        continue search;
      }
    }
  } catch (err) {
    if (!(err instanceof Stop) && !(err instanceof Enough)) throw err;
    result.stopped = err.message;
    if (err instanceof Enough) result.stoppedAtFirstFailure = true;
  } finally {
    link?.dispose();
  }
  if (!result.stopped && opts.signal.aborted) result.stopped = 'the check ran out of time';
  for (const [kind, n] of unattributedCount) {
    const last = result.unattributed.filter((u) => u.kind === kind).at(-1);
    if (last) last.summary += ` (and ${n} more batch(es) like it, not replayed)`;
  }
  result.cases = reached;
  result.elapsedMs = Math.round(performance.now() - t0);
  result.searchMs = Math.round(performance.now() - t0 - investigated);
  return result;
}
