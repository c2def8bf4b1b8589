// One legacy HTTP+SSE session (2024-11-05) used for fuzzing. Every case is a POST of its own,
// which the server only acknowledges: the answers come on the one SSE stream, so they are
// attributed as on stdio (by id, else to the oldest batch whose ping is unanswered). The POSTs
// go one after another, in order, so the server reads the cases as sent and the ping after them.
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
  /** One POST at a time: fewer cases ahead than on a pipe. */
  override readonly pipelining = { batchSize: 8, maxInFlight: 4 };
  private queue: Promise<unknown> = Promise.resolve();

  override render(spec: CaseSpec, index: number): CaseRun {
    // A POST body holds one JSON text: the stdio delimiter is no part of it.
    return this.renderWith(spec, index, (bytes) => bytes.subarray(0, bytes.length - 1), expectForBody);
  }

  protected override write(batch: Batch): Promise<void> {
    const posted = this.queue.then(async () => {
      for (const run of batch.runs) {
        if (this.closed) return;
        run.posted = postedOf((await this.session.sendRaw(run.bytes)).http);
      }
      if (!this.closed) await this.session.sendMessage(batch.ping);
    });
    this.queue = posted.catch(() => undefined);
    return posted;
  }
}
