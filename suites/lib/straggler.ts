// When to stop waiting for the last calls of a batch sent side by side: a slow tool (say one that
// sleeps for its sampled duration) must not hold up every verdict that waits on the batch. Once
// all other calls have answered, a straggler gets STRAGGLER_MS more, and every call at least
// BATCH_MIN_WAIT_MS from the start of the batch. On a loaded machine the others answer late too,
// so the allowance moves with them, and both windows stretch with the connection's measured
// latency (Session.scaled): a server that answers everything slowly is not one with a straggler.
import { delay } from './delay.js';

/** Once every other call has answered, how much longer a straggler gets (it is then cancelled, unjudged). */
export const STRAGGLER_MS = 750;
/** ...but every call gets at least this long from the start of the batch. */
export const BATCH_MIN_WAIT_MS = 1000;

export interface StragglerCutoff {
  /** Settles when the calls still running may be given up. */
  giveUp: Promise<void>;
  /** Tell the cutoff one call has ended. */
  ended(): void;
}

/** The cutoff for a batch of `count` calls, started now; `scaled` stretches a window with the connection's latency (Session.scaled). */
export function stragglerCutoff(count: number, scaled: (ms: number) => number = (ms) => ms): StragglerCutoff {
  let pending = count;
  let othersDone: () => void = () => {};
  const lastButOne = new Promise<void>((resolve) => (othersDone = resolve));
  if (pending <= 1) othersDone();
  const giveUp = Promise.all([lastButOne.then(() => delay(scaled(STRAGGLER_MS))), delay(scaled(BATCH_MIN_WAIT_MS))]).then(() => undefined);
  return {
    giveUp,
    ended() {
      if (--pending <= 1) othersDone();
    },
  };
}
