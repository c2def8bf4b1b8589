// One legacy HTTP+SSE session (2024-11-05) used for fuzzing. Every case is a POST of its own,
// which the server only acknowledges: the answers come on the one SSE stream, so they are
// attributed as on stdio (by id, else to the oldest batch whose ping is unanswered). Batches go
// one after another, each batch's ping once its cases are all acknowledged, so the server has
// read them before it reads the ping.
import type { HttpExchange } from '../transport/types.js';
import { expectForBody } from './expect.js';
import { Link } from './link.js';
import { dropped } from './link-common.js';
import type { Batch, CaseRun } from './observation.js';
import type { CaseSpec } from './wire-case.js';

function postedOf(x: HttpExchange | undefined): CaseRun['posted'] {
  const error = x?.error;
  return { status: x?.response?.status, error, dropped: error !== undefined && x?.response === undefined && dropped(error) };
}

export class SseLink extends Link {
  /** One connection per POST in flight: fewer cases ahead than on a pipe. */
  override readonly pipelining = { batchSize: 8, maxInFlight: 4 };
  private queue: Promise<unknown> = Promise.resolve();

  override render(spec: CaseSpec, index: number): CaseRun {
    // A POST body holds one JSON text: the stdio delimiter is no part of it.
    return this.renderWith(spec, index, (bytes) => bytes.subarray(0, bytes.length - 1), expectForBody);
  }

  protected override async write(batches: Batch[]): Promise<void> {
    await Promise.all(batches.map((batch) => this.post(batch)));
  }

  private post(batch: Batch): Promise<void> {
    const posted = this.queue.then(async () => {
      // The cases of a batch side by side (answers without an id go to the batch, whatever their order), the ping behind them all.
      await Promise.all(batch.runs.map(async (run) => (run.posted = postedOf((await this.session.sendRaw(run.bytes)).http))));
      if (!this.closed) await this.session.sendMessage(batch.ping);
    });
    this.queue = posted.catch(() => undefined);
    return posted;
  }
}
