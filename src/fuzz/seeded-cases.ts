// The cases of a campaign, as its seed decides them: a fixed prefix (the hostile-text dictionary),
// then generated cases in chunks of CHUNK. Generated case g = c*CHUNK + j is fast-check's run j for
// the chunk's seed (derived from the campaign seed), whatever happened before it. So
// `--seed S --fuzz-runs g+1` replays it, and (chunk seed, shrink path) names the minimal input.
// Chunks keep every lookup cheap: fast-check reaches run j by skipping j values.
//
// One fast-check property draws the cases and shrinks them, so run j is the same value in both.
import fc from 'fast-check';
import type { CaseSpec } from './wire-case.js';

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

/**
 * fast-check draws a chunk of cases, and walks the shrink candidates a predicate passes at once,
 * with nothing but microtasks in between: no timer, I/O or signal handler (SIGTERM) would run.
 * Such work gives the event loop a turn at least this often.
 */
const YIELD_EVERY_MS = 20;

/** Resolves at once, or on the event loop's next turn when `YIELD_EVERY_MS` have passed since the last. */
export function turnTaker(): () => Promise<void> | undefined {
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

/** What shrinking found: a smaller input showing the same misbehaviour, and its shrink path under the chunk seed. */
export interface Shrunk {
  spec: CaseSpec;
  path: string;
  shrinks: number;
}

export class SeededCases {
  readonly prefix: readonly CaseSpec[];
  /** The prefix and the generated runs. */
  readonly total: number;
  private predicate: (spec: CaseSpec) => Promise<boolean> = async () => true;
  private readonly property: fc.IAsyncPropertyWithHooks<[CaseSpec]>;
  private chunk?: { c: number; specs: CaseSpec[] };

  constructor(
    cases: fc.Arbitrary<CaseSpec>,
    prefix: readonly CaseSpec[] | undefined,
    private readonly seed: number,
    private readonly runs: number,
    private readonly takeTurn: () => Promise<void> | undefined,
  ) {
    this.prefix = prefix ?? [];
    this.total = this.prefix.length + runs;
    this.property = fc.asyncProperty(cases, (spec) => this.predicate(spec));
  }

  /** Where a generated case comes from: the fast-check seed of its chunk and its run there (undefined for the prefix). */
  origin(index: number): { caseSeed: number; path: string } | undefined {
    const g = index - this.prefix.length;
    return g < 0 ? undefined : { caseSeed: chunkSeed(this.seed, Math.floor(g / CHUNK)), path: String(g % CHUNK) };
  }

  /**
   * Case `index`, exactly as fast-check's check() draws run g % CHUNK (fc.sample biases differently).
   * Only the runs the campaign will reach are drawn: run k of a seed does not depend on how many
   * follow it, so a plain run's 100 cases cost 100 draws, not 256.
   */
  async at(index: number): Promise<CaseSpec> {
    if (index < this.prefix.length) return this.prefix[index];
    const g = index - this.prefix.length;
    const c = Math.floor(g / CHUNK);
    if (this.chunk?.c !== c || this.chunk.specs.length <= g % CHUNK) {
      const specs: CaseSpec[] = [];
      this.predicate = async (spec) => {
        specs.push(spec);
        await this.takeTurn();
        return true;
      };
      const numRuns = Math.min(CHUNK, Math.max(this.runs - c * CHUNK, (g % CHUNK) + 1));
      await fc.check(this.property, { seed: chunkSeed(this.seed, c), numRuns });
      this.predicate = async () => true;
      this.chunk = { c, specs };
    }
    return this.chunk.specs[g % CHUNK];
  }

  /**
   * Shrinks generated case `index` along fast-check's shrink tree, keeping candidates for which
   * `fails` holds, within `timeLimitMs`. Undefined for a prefix case (a fixed dictionary entry:
   * nothing to shrink it along) and when the case itself no longer fails.
   */
  async shrink(index: number, fails: (spec: CaseSpec) => Promise<boolean>, timeLimitMs: number): Promise<Shrunk | undefined> {
    const from = this.origin(index);
    if (!from) return undefined;
    this.predicate = async (spec) => {
      await this.takeTurn();
      return !(await fails(spec));
    };
    const details = await fc.check(this.property, { seed: from.caseSeed, path: from.path, numRuns: 1, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: false });
    this.predicate = async () => true;
    if (!details.failed || !details.counterexample || !details.counterexamplePath) return undefined;
    return { spec: details.counterexample[0], path: details.counterexamplePath, shrinks: details.numShrinks };
  }
}
