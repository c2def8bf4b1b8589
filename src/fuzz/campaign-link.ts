// The campaign's connection to the server: the fuzz link for its wire, a new connection (a new
// process on stdio) when the server went away, within the campaign's restarts, and one case sent
// alone and judged (replays, shrinking, confirming).
import type { Session } from '../session/index.js';
import type { CampaignOptions } from './campaign-types.js';
import { caseTiming, type TimingMode } from './case-timing.js';
import { HttpLink } from './http-link.js';
import { Link, type FuzzLink } from './link.js';
import type { CaseRun } from './observation.js';
import type { CostOf } from './queue-cost.js';
import { judge, type Anomaly, type AnomalyKind } from './oracle.js';
import { SseLink } from './sse-link.js';
import type { CaseSpec } from './wire-case.js';

/** The campaign cannot go on: the check's time is up, or no connection is to be had. */
export class Stop extends Error {}

/** One case sent alone: as rendered, what the oracle saw, and the server's last stderr lines if it went away. */
export interface SingleOutcome {
  run: CaseRun;
  anomalies: Anomaly[];
  stderr?: string[];
}

// A pipe (stdio) takes cases back to back; Streamable HTTP takes one POST per case, and so does
// legacy HTTP+SSE, whose answers come on one stream as on a pipe.
function linkOn(session: Session, tag: string, priorCost?: CostOf): FuzzLink {
  const kind = session.transport.kind;
  return kind === 'http' ? new HttpLink(session, tag, priorCost) : kind === 'sse' ? new SseLink(session, tag, priorCost) : new Link(session, tag, priorCost);
}

export class CampaignConnection {
  /** New connections opened after the first one went away. */
  restarts = 0;
  private link?: FuzzLink;

  constructor(private readonly opts: CampaignOptions) {
    this.link = opts.first ? linkOn(opts.first, opts.tag, opts.costOf) : undefined;
  }

  /** The link in use, if any (it may be closed). */
  get current(): FuzzLink | undefined {
    return this.link;
  }

  /** The open link, or a new connection's; throws Stop when there is to be none. */
  async ensure(): Promise<FuzzLink> {
    const { opts } = this;
    if (this.link && !this.link.closed) return this.link;
    this.link?.dispose();
    if (opts.signal.aborted) throw new Stop('the check ran out of time');
    if (this.restarts >= opts.maxRestarts) throw new Stop(`the server needed more than ${opts.maxRestarts} restarts`);
    if (this.link) this.restarts++;
    try {
      this.link = linkOn(await opts.connect(), opts.tag, opts.costOf);
    } catch (err) {
      throw new Stop(`a new connection failed: ${(err as Error).message}`);
    }
    return this.link;
  }

  /** Sends one case alone and judges what came back. */
  async single(spec: CaseSpec, index: number, mode: Exclude<TimingMode, 'search'>, lookingFor?: AnomalyKind): Promise<SingleOutcome> {
    let l = await this.ensure();
    let run = l.render(spec, index);
    let batch = await l.send([run], caseTiming(this.opts, [run], mode, lookingFor)).settled;
    if (batch.undelivered) {
      // The server died before this case reached it: try once more on a new connection.
      l = await this.ensure();
      run = l.render(spec, index);
      batch = await l.send([run], caseTiming(this.opts, [run], mode, lookingFor)).settled;
    }
    const stderr = batch.closed ? l.session.transport.stderrTail().slice(-8) : undefined;
    return { run, anomalies: judge(batch, this.opts.oracle), stderr };
  }

  dispose(): void {
    this.link?.dispose();
  }
}
