// SIGINT and SIGTERM during `run` and `fuzz`: the run stops in whatever phase it is in
// (runner/stop.ts), its partial report is written, and then mcp-conform ends by that same signal,
// as a program that had not caught it would (a shell shows 130 or 143). A second signal ends it
// at once. The transports' hooks kill the servers' process groups on the first.
import { RunStopped, stopReason } from '../runner/index.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * How long a stopped run may take to wind down and hand over its partial report (the promise is
 * 2 s from the signal to our exit; writing the report and exiting take the rest).
 */
export const WIND_DOWN_MS = 1500;

let received: NodeJS.Signals | undefined;

export interface Interrupts {
  /** Aborted by the first SIGINT or SIGTERM, with the reason the report gives. */
  signal: AbortSignal;
  dispose(): void;
}

/** Catches SIGINT and SIGTERM until disposed: the first stops the run, a second ends the process. */
export function catchInterrupts(): Interrupts {
  const controller = new AbortController();
  const dispose = () => {
    for (const s of SIGNALS) process.off(s, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      dispose();
      return endBy(signal);
    }
    received = signal;
    controller.abort(new RunStopped(`interrupted by ${signal}`));
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return { signal: controller.signal, dispose };
}

/** The signal that interrupted the command, if one did (the bin then ends by it: endBy). */
export function interruptedBy(): NodeJS.Signals | undefined {
  return received;
}

/**
 * Ends the process by `signal`, as its default action would have (our listeners are gone by
 * then). The transports' listeners, if still there, kill the servers first and raise it again.
 */
export function endBy(signal: NodeJS.Signals): void {
  process.kill(process.pid, signal);
}

/**
 * `work`, or an error once it is still pending WIND_DOWN_MS after `stop` aborted: a phase that
 * did not listen is our bug, and must not keep the process (and its servers) alive.
 */
export function windDownBound<T>(work: Promise<T>, stop: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onStop = () => {
      timer = setTimeout(() => reject(new Error(`the run did not wind down within ${WIND_DOWN_MS} ms once ${stopReason(stop)}`)), WIND_DOWN_MS);
    };
    if (stop.aborted) onStop();
    else stop.addEventListener('abort', onStop, { once: true });
    work
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        stop.removeEventListener('abort', onStop);
      });
  });
}
