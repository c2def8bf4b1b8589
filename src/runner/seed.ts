// The seed behind a run's generated inputs (fuzz cases, tool arguments).

/**
 * Used when none is given: fixed, so two runs against the same server draw the same inputs and
 * agree. A CI gate or a baseline (where a stale entry fails too) must not flip with the draw;
 * exploring is asked for (`--seed random`, `mcp-conform fuzz`).
 */
export const DEFAULT_SEED = 1;

/** A fresh seed, printed in every report so its run can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
