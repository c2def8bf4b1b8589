// A fuzz campaign on one server: generate cases from a seed (seeded-cases.ts), send them
// pipelined in batches (each batch followed by a ping), judge every batch, and when one breaks a
// rule, investigate (investigate.ts): find the case responsible, shrink it to a minimal input,
// confirm it with a longer wait, and carry on (on a new connection when the server crashed:
// campaign-link.ts), or stop there (a plain run). Each distinct failure (kind of misbehaviour x
// strategy) is shrunk and reported once.
//
// The steps, in order: search (fill the pipeline, settle its head, judge it), investigate when a
// batch misbehaved, finish (the result's counts and times).
import { CampaignConnection, Stop } from './campaign-link.js';
import type { CampaignOptions, CampaignResult } from './campaign-types.js';
import { caseTiming } from './case-timing.js';
import { Enough, Investigation, type Judged } from './investigate.js';
import type { Batch, CaseRun } from './observation.js';
import { judge, type Anomaly } from './oracle.js';
import { SeededCases, turnTaker } from './seeded-cases.js';

export type { CampaignOptions, CampaignResult, FoundFailure, FuzzProgress } from './campaign-types.js';
export { CHUNK, chunkSeed } from './seeded-cases.js';

export async function runCampaign(opts: CampaignOptions): Promise<CampaignResult> {
  return new Campaign(opts).run();
}

/** Batches written and not yet settled. */
type InFlight = Array<{ batch: Batch; settled: Promise<Batch> }>;

/** Resolves on the event loop's next turn, after pending I/O. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const idKeys = (run: CaseRun) => run.expect.refs.map((r) => `${typeof r.id}:${String(r.id)}`);

class Campaign {
  private readonly t0 = performance.now();
  private readonly result: CampaignResult;
  private readonly cases: SeededCases;
  private readonly connection: CampaignConnection;
  private readonly investigation: Investigation;
  /** The next case to send. */
  private index = 0;
  /** Cases judged in the search. */
  private reached = 0;
  private prefixDoneAt?: number;
  /** The last batch that settled without trouble (a crash noticed only on the next write belongs to it). */
  private previous?: Batch;

  constructor(private readonly opts: CampaignOptions) {
    this.result = { cases: 0, prefix: opts.prefix?.length ?? 0, searchMs: 0, elapsedMs: 0, restarts: 0, slow: 0, failures: [], unexplored: 0, unattributed: [], byStrategy: new Map() };
    this.cases = new SeededCases(opts.cases, opts.prefix, opts.seed, opts.runs, turnTaker());
    this.connection = new CampaignConnection(opts);
    this.investigation = new Investigation(opts, this.result, this.cases, this.connection);
  }

  async run(): Promise<CampaignResult> {
    try {
      await this.search();
    } catch (err) {
      if (!(err instanceof Stop) && !(err instanceof Enough)) throw err;
      this.result.stopped = err.message;
      if (err instanceof Enough) this.result.stoppedAtFirstFailure = true;
    } finally {
      this.connection.dispose();
    }
    return this.finish();
  }

  /** Whether to send more: cases left, and (time-boxed) time left, the time spent investigating not counted. */
  private searching(): boolean {
    const { opts } = this;
    const investigated = this.investigation.clock.spent();
    if (this.prefixDoneAt === undefined && this.index >= this.cases.prefix.length) this.prefixDoneAt = performance.now();
    const generatedEnd = this.prefixDoneAt !== undefined && opts.generatedMs ? this.prefixDoneAt + opts.generatedMs : 0;
    const end = this.prefixDoneAt === undefined ? this.t0 + Math.max(opts.searchMs, opts.prefixMs ?? 0) + investigated : Math.max(this.t0 + opts.searchMs, generatedEnd) + investigated;
    return this.index < this.cases.total && (opts.timeBoxed === false || performance.now() < end) && !opts.signal.aborted;
  }

  /** Sends the cases in pipelined batches and judges each as it settles, in order; a batch that misbehaved is investigated. */
  private async search(): Promise<void> {
    const { pipelining } = await this.connection.ensure();
    const width = { batchSize: this.opts.batchSize ?? pipelining.batchSize, maxInFlight: this.opts.maxInFlight ?? pipelining.maxInFlight };
    // Nothing restarts an HTTP (or HTTP+SSE) server that died, so no replay can find which of several open
    // POSTs killed it: the prefix (each entry aimed at one argument) goes one POST at a time.
    const serialUntil = this.connection.current?.session.transport.kind === 'stdio' ? 0 : this.cases.prefix.length;
    const serial = (open: InFlight) => this.index < serialUntil || open.some((f) => f.batch.runs.some((r) => r.index < serialUntil));
    search: while (this.searching()) {
      const inFlight: InFlight = [];
      const openKeys = new Set<string>();
      for (;;) {
        while (this.searching() && inFlight.length < (serial(inFlight) ? 1 : width.maxInFlight)) {
          if (!(await this.sendNext(inFlight, openKeys, serial(inFlight) ? 1 : width.batchSize))) break;
          // Let the pipe take the bytes and the answers come in while the next batch is made:
          // otherwise the server waits for a whole window to be generated, then we for it.
          await nextTurn();
        }
        const head = inFlight.shift();
        if (!head) break search; // nothing left to send: runs done, time up or aborted
        const batch = await head.settled;
        for (const run of batch.runs) idKeys(run).forEach((k) => openKeys.delete(k));
        const anomalies = this.account([batch])[0];
        this.opts.onProgress?.({ cases: this.reached, failures: this.result.failures.length, elapsedMs: performance.now() - this.t0 });
        if (anomalies.length === 0) {
          this.previous = batch;
          continue;
        }
        await this.investigateFrom({ batch, anomalies }, inFlight);
        continue search;
      }
    }
  }

  /**
   * Fills the pipeline with the next cases, up to `size` of them. Cases that allow no answer
   * without an id (requests, notifications) go in batches of their own: there, any such answer is
   * misbehaviour, never masked by invalid input that the server may or may not answer. Returns
   * false when nothing could be sent (a literal id in flight waits for an empty pipeline).
   */
  private async sendNext(inFlight: InFlight, openKeys: Set<string>, size: number): Promise<boolean> {
    const l = await this.connection.ensure();
    const end = Math.min(this.index + size, this.cases.total);
    const strict: CaseRun[] = [];
    const tolerant: CaseRun[] = [];
    while (this.index < end) {
      const spec = await this.cases.at(this.index);
      // The rest of a fixed series that already crashed the server would cost a restart each, to show the same failure.
      if (this.index < this.cases.prefix.length && this.investigation.crashed(spec.strategy)) {
        this.index++;
        continue;
      }
      const run = l.render(spec, this.index);
      const keys = idKeys(run);
      // A literal id (e.g. 0) must not be in flight twice: it waits for an empty pipeline.
      if (keys.some((k) => openKeys.has(k)) && (inFlight.length || strict.length || tolerant.length)) break;
      keys.forEach((k) => openKeys.add(k));
      (run.expect.extra === 0 ? strict : tolerant).push(run);
      this.result.byStrategy.set(run.spec.strategy, (this.result.byStrategy.get(run.spec.strategy) ?? 0) + 1);
      this.index++;
    }
    const groups = [strict, tolerant].filter((runs) => runs.length).map((runs) => ({ runs, timing: caseTiming(this.opts, runs, 'search') }));
    if (groups.length === 0) return false;
    inFlight.push(...l.sendAll(groups));
    return true;
  }

  /** Counts settled batches as reached (and their slow cases), and judges them. */
  private account(batches: Batch[]): Anomaly[][] {
    for (const batch of batches) this.result.slow += batch.runs.filter((r) => r.slow).length;
    this.reached = Math.max(this.reached, ...batches.map((b) => (b.runs.at(-1)?.index ?? -1) + 1));
    return batches.map((b) => judge(b, this.opts.oracle));
  }

  /** A batch misbehaved: let the rest land, judge it too, then find the cases behind what went wrong, and resume where that says. */
  private async investigateFrom(first: Judged, inFlight: InFlight): Promise<void> {
    const rest = await Promise.all(inFlight.map((f) => f.settled));
    const judged = [first, ...rest.map((batch) => ({ batch, anomalies: this.account([batch])[0] }))].filter((j) => j.anomalies.length);
    this.index = (await this.investigation.investigate(judged, this.previous)) ?? this.index;
    this.previous = undefined;
  }

  /** The result's counts and times, once the search is over. */
  private finish(): CampaignResult {
    const { result } = this;
    if (!result.stopped && this.opts.signal.aborted) result.stopped = 'the check ran out of time';
    this.investigation.noteNotReplayed();
    const investigated = this.investigation.clock.spent();
    result.restarts = this.connection.restarts;
    result.cases = this.reached;
    result.elapsedMs = Math.round(performance.now() - this.t0);
    result.searchMs = Math.round(performance.now() - this.t0 - investigated);
    return result;
  }
}
