// When a batch of the search misbehaved: find the case responsible by replaying the batch's cases
// one at a time, shrink it with fast-check to a minimal input showing the same misbehaviour,
// confirm that input with the full timeout, and keep each distinct failure (kind of misbehaviour
// x strategy) once. Investigating has its own time budget (shrinkMs); the search's clock stops
// meanwhile.
import { Stop, type CampaignConnection } from './campaign-link.js';
import type { CampaignOptions, CampaignResult, FoundFailure } from './campaign-types.js';
import type { Batch, CaseRun } from './observation.js';
import type { Anomaly } from './oracle.js';
import type { SeededCases } from './seeded-cases.js';

/** A hard failure is confirmed and the campaign was asked to stop there. */
export class Enough extends Error {}
/** The budget for investigating is spent: further misbehaviour is counted, not chased. */
class OutOfTime extends Error {}

/** Anomalies of one kind that no single case reproduced, before such anomalies stop being replayed. */
const MAX_FRUITLESS_HUNTS = 3;

/** A settled batch and what the oracle found wrong in it. */
export interface Judged {
  batch: Batch;
  anomalies: Anomaly[];
}

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

/** Time spent investigating, the current investigation included. */
export class InvestigationClock {
  private spentMs = 0;
  private since?: number;
  spent(): number {
    return this.spentMs + (this.since === undefined ? 0 : performance.now() - this.since);
  }
  start(): void {
    this.since = performance.now();
  }
  stop(): void {
    this.spentMs = this.spent();
    this.since = undefined;
  }
}

export class Investigation {
  readonly clock = new InvestigationClock();
  /** Distinct failures, by failureKey. */
  private readonly known = new Map<string, FoundFailure>();
  /** Failures that did not reproduce with the full timeout: counted, not chased again. */
  private readonly dismissed = new Map<string, number>();
  /** Anomalies seen after their kind stopped being hunted (see MAX_FRUITLESS_HUNTS). */
  private readonly notReplayed = new Map<string, number>();

  constructor(
    private readonly opts: CampaignOptions,
    private readonly result: CampaignResult,
    private readonly cases: SeededCases,
    private readonly connection: CampaignConnection,
  ) {}

  private timeLeft(): number {
    return this.opts.shrinkMs - this.clock.spent();
  }

  /** The strategy crashed the server before. */
  crashed(strategy: string): boolean {
    return this.known.has(`crash|${strategy}`);
  }

  /**
   * Finds the cases behind the anomalies of settled batches. Anomalies the ids pin on one case
   * need no search (and no replay at all when that kind of failure is known); the others are
   * replayed one case at a time. Returns where to resume: after the culprit of a crash (the
   * cases behind it never reached a live server), else undefined (everything sent was judged).
   * `previous`: the last batch that settled without trouble (a crash noticed only on the next
   * write belongs to it).
   */
  async investigate(judged: Judged[], previous: Batch | undefined): Promise<number | undefined> {
    this.clock.start();
    try {
      // HTTP names the one POST that was open when the server went away, when there was only one.
      const crash = judged.find((j) => j.anomalies[0]?.kind === 'crash' && j.anomalies[0].run) ?? judged.find((j) => j.anomalies[0]?.kind === 'crash');
      if (crash) return await this.huntCrash(crash, judged, previous);
      await this.huntInBatches(judged);
      return undefined;
    } catch (err) {
      if (!(err instanceof OutOfTime)) throw err;
      this.result.unexplored++;
      const last = judged.at(-1)?.batch.runs.at(-1);
      return judged.some((j) => j.batch.closed) && last ? last.index + 1 : undefined;
    } finally {
      this.clock.stop();
    }
  }

  /** The server went away: find the case that took it down, and resume after it. */
  private async huntCrash(crash: Judged, judged: Judged[], previous: Batch | undefined): Promise<number> {
    const anomaly = crash.anomalies[0];
    const blamed = anomaly.run;
    if (blamed) {
      await this.record(blamed, anomaly);
      return blamed.index + 1;
    }
    const runs = judged.flatMap((j) => j.batch.runs);
    // The server reads in order: the culprit is in the first batch whose ping went unanswered
    // (a batch that never reached the server did not crash it: the one before it did).
    const suspects = crash.batch.undelivered ? [...(previous?.runs ?? []), ...crash.batch.runs] : crash.batch.runs;
    // The same strategy crashed it before: count it without another restart.
    const again = suspects.find((s) => this.crashed(s.spec.strategy));
    if (again) {
      this.known.get(`crash|${again.spec.strategy}`)!.occurrences++;
      return again.index + 1;
    }
    // No room (or time) for another distinct failure: skip the batch rather than hunt with restarts.
    if (this.known.size >= this.opts.maxFailures || this.timeLeft() <= 0) {
      this.result.unexplored++;
      return suspects.at(-1)!.index + 1;
    }
    let culprit: CaseRun | undefined;
    try {
      culprit = (await this.replayUntilCulprit(suspects, 'probe')) ?? (await this.replayUntilCulprit(runs.filter((r) => !suspects.includes(r)), 'probe'));
    } catch (err) {
      // No new connection to hunt on: the crash still happened.
      if (err instanceof Stop) this.result.unattributed.push({ ...anomaly, summary: `${anomaly.summary}; not narrowed down to one input: ${err.message}` });
      throw err;
    }
    if (!culprit) this.unattributed(anomaly, runs.length);
    return (culprit ?? suspects.at(-1))!.index + 1;
  }

  /** The server lives: pin each anomaly on a case, by its ids where they tell, else by replaying the batch. */
  private async huntInBatches(judged: Judged[]): Promise<void> {
    for (const { batch, anomalies } of judged) {
      const precise = [...new Map(anomalies.filter((a) => a.run && batch.runs.length > 1).map((a) => [a.run!, a])).values()];
      for (const a of precise) {
        const key = failureKey(a, a.run!);
        if (this.known.has(key) || this.dismissed.has(key)) await this.record(a.run!, a);
        else if (!(await this.replayUntilCulprit([a.run!]))) this.unattributed(a, batch.runs.length);
      }
      if (!anomalies.some((a) => !a.run || batch.runs.length === 1)) continue;
      const vague = anomalies.find((a) => !a.run) ?? anomalies[0];
      // A server that answers out of order makes id-less answers land in the wrong batch:
      // after a few fruitless hunts, such anomalies are only counted.
      const fruitless = this.result.unattributed.filter((u) => u.kind === vague.kind).length;
      if (fruitless >= MAX_FRUITLESS_HUNTS) {
        this.notReplayed.set(vague.kind, (this.notReplayed.get(vague.kind) ?? 0) + 1);
        continue;
      }
      if (!(await this.replayUntilCulprit(batch.runs.filter((r) => !precise.some((a) => a.run === r))))) this.unattributed(vague, batch.runs.length);
    }
  }

  /** Replays runs one at a time until one misbehaves; records it. A crash hunt only probes for survival. */
  private async replayUntilCulprit(runs: CaseRun[], mode: 'quick' | 'probe' = 'quick'): Promise<CaseRun | undefined> {
    for (const suspect of runs) {
      if (this.opts.signal.aborted) throw new Stop('the check ran out of time');
      if (this.timeLeft() <= 0) throw new OutOfTime();
      const { anomalies } = await this.connection.single(suspect.spec, suspect.index, mode);
      if (anomalies.length === 0) continue;
      await this.record(suspect, anomalies[0]);
      return suspect;
    }
    return undefined;
  }

  /** One case showed `anomaly`: count it if its kind of failure is known, else shrink and confirm it. */
  private async record(suspect: CaseRun, anomaly: Anomaly): Promise<void> {
    const key = failureKey(anomaly, suspect);
    const seen = this.known.get(key);
    if (seen) seen.occurrences++;
    else if (this.dismissed.has(key)) this.dismissed.set(key, this.dismissed.get(key)! + 1);
    else if (this.known.size >= this.opts.maxFailures) this.result.unexplored++;
    else await this.explore(key, suspect, anomaly);
  }

  /** A new kind of failure: shrink and confirm it, and stop the campaign there when asked to. */
  private async explore(key: string, suspect: CaseRun, anomaly: Anomaly): Promise<void> {
    let failure: FoundFailure | undefined;
    try {
      failure = await this.shrinkAndConfirm(suspect, anomaly);
    } catch (err) {
      // The server cannot be asked again (an HTTP server that died): report the input as it was seen.
      if (err instanceof Stop) this.keep(key, this.unconfirmedFailure(suspect, anomaly, err.message));
      throw err;
    }
    if (!failure) {
      // Not there with the full timeout (a slow answer, or something that depends on timing): noted once, not chased again.
      this.dismissed.set(key, 1);
      this.result.unattributed.push({ ...anomaly, summary: `${anomaly.summary} (input ${suspect.index}, strategy ${suspect.spec.strategy}; not reproduced with the full timeout)` });
      return;
    }
    this.keep(key, failure);
    if (this.opts.stopAtFirstFailure && !failure.anomaly.warnOnly) throw new Enough('the first failure settles the verdict; `mcp-conform fuzz` looks for more');
  }

  private keep(key: string, failure: FoundFailure): void {
    this.known.set(key, failure);
    this.result.failures.push(failure);
  }

  /** Shrinks the case towards a smaller input showing the same kind of anomaly, then confirms it. */
  private async shrinkAndConfirm(original: CaseRun, anomaly: Anomaly): Promise<FoundFailure | undefined> {
    const { kind } = anomaly;
    const mode = kind === 'crash' || kind === 'unresponsive' ? 'probe' : 'quick';
    const stillFails = async (spec: CaseRun['spec']): Promise<boolean> => {
      if (this.opts.signal.aborted || this.timeLeft() <= 0) return false;
      try {
        return (await this.connection.single(spec, original.index, mode, kind)).anomalies.some((a) => a.kind === kind);
      } catch (err) {
        if (err instanceof Stop) return false;
        throw err;
      }
    };
    const from = this.cases.origin(original.index);
    const generatedPath = from?.path ?? '';
    const limit = Math.max(1, Math.round(Math.min(this.timeLeft(), this.opts.shrinkEachMs ?? Infinity)));
    const shrunk = await this.cases.shrink(original.index, stillFails, limit);
    const minimal = shrunk ?? { spec: original.spec, path: generatedPath, shrinks: 0 };
    // Confirm with the full timeout: the quick timing of shrinking may mistake slowness for a drop.
    const candidates = minimal.spec === original.spec ? [minimal] : [minimal, { spec: original.spec, path: generatedPath, shrinks: 0 }];
    for (const { spec, path, shrinks } of candidates) {
      if (this.opts.signal.aborted) break;
      const confirmed = await this.connection.single(spec, original.index, 'confirm');
      const seen = confirmed.anomalies.find((a) => a.kind === kind);
      if (!seen) continue;
      const reduced = spec !== original.spec;
      return { anomaly: seen, strategy: original.spec.strategy, index: original.index, caseSeed: from?.caseSeed ?? 0, path, shrinks: reduced ? shrinks : 0, shrunk: reduced && shrinks > 0, run: confirmed.run, originalBytes: original.bytes.length, occurrences: 1, stderr: confirmed.stderr };
    }
    return undefined;
  }

  /** A failure reported as first seen, when the server cannot be asked again. */
  private unconfirmedFailure(run: CaseRun, anomaly: Anomaly, why: string): FoundFailure {
    const from = this.cases.origin(run.index);
    return { anomaly, strategy: run.spec.strategy, index: run.index, caseSeed: from?.caseSeed ?? 0, path: from?.path ?? '', shrinks: 0, shrunk: false, run, originalBytes: run.bytes.length, occurrences: 1, unconfirmed: why };
  }

  private unattributed(anomaly: Anomaly, inFlight: number): void {
    this.result.unattributed.push({ ...anomaly, run: undefined, summary: `${anomaly.summary}, while ${inFlight} inputs were in flight; none of them alone reproduced it` });
  }

  /** Notes, on the last unattributed anomaly of each kind, how many more batches showed it without a replay. */
  noteNotReplayed(): void {
    for (const [kind, n] of this.notReplayed) {
      const last = this.result.unattributed.filter((u) => u.kind === kind).at(-1);
      if (last) last.summary += ` (and ${n} more batch(es) like it, not replayed)`;
    }
  }
}
