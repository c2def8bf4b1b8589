// A run stops early when its deadline passes or its caller aborts it (the CLI does on SIGINT and
// SIGTERM). Every phase listens: start-up, the checks (those running are cut short, the rest not
// started), the whole-run checks and closing; what is known by then becomes the partial report.
// The stop signal's reason is the sentence the report gives ("the run deadline passed").
import { setMaxListeners } from 'node:events';

/** A stop's reason, as the report words it. */
export class RunStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}

/** Aborted at the deadline (ms from now) or when `outer` is; `dispose` clears the timer. */
export function runStop(deadlineMs: number | undefined, outer?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  // Every check running listens while it runs: dozens at once is no leak.
  setMaxListeners(0, controller.signal);
  const stop = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason instanceof RunStopped ? reason : new RunStopped(reasonText(reason)));
  };
  // Kept referenced: should every other handle be gone (a promise nobody will settle), the
  // deadline still comes and the report with it, rather than the process quietly ending.
  const timer = deadlineMs === undefined ? undefined : setTimeout(() => stop(new RunStopped('the run deadline passed')), deadlineMs);
  const onOuter = () => stop(outer!.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return typeof reason === 'string' ? reason : 'the run was stopped';
}

/** Why the run stopped ('' while it has not). */
export function stopReason(signal: AbortSignal | undefined): string {
  if (!signal?.aborted) return '';
  return signal.reason instanceof RunStopped ? signal.reason.reason : reasonText(signal.reason);
}

export const STOPPED = Symbol('stopped');

/**
 * `work`'s value, or STOPPED as soon as the signal aborts (the work goes on unawaited). The
 * listener goes once the work settles: a closed session must not stay reachable from the run.
 */
export function unlessStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof STOPPED> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.resolve(STOPPED);
  }
  return new Promise((resolve, reject) => {
    const onStop = () => resolve(STOPPED);
    signal.addEventListener('abort', onStop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onStop));
  });
}
