// fast-check's arb.filter(pred) draws until a value fits, forever if none does (a date-time
// under a maxLength, a multipleOf nothing in range meets). A generator that spins blocks the
// event loop, so no deadline, timer or signal handler runs again (issue 27). Every filter in
// src/fuzz goes through here and gives up after a bounded number of draws.
import fc from 'fast-check';

/**
 * When no draw fits: `keep-last` lets the last one through (best effort, for schemas we do not
 * control: the server then sees one more invalid input); `throw` fails the generation with a
 * message naming `what` (our own schemas: a value that does not fit would be our bug).
 */
export type OnMiss = 'keep-last' | 'throw';

/**
 * Draws before giving up. Best effort gives up soon (a rare fit is not worth the time: a
 * `multipleOf: 0.01` or a `not`); our own schemas' filters fit often, so the bound is generous.
 */
export const FILTER_TRIES: Record<OnMiss, number> = { 'keep-last': 20, throw: 1000 };

export interface BoundedFilterOptions {
  onMiss: OnMiss;
  /** Default FILTER_TRIES[onMiss]. */
  tries?: number;
  /** What the predicate asks for, for the error of `throw`. */
  what?: string;
}

/** Like arb.filter(pred), but gives up after `tries` draws (see OnMiss). */
export class BoundedFilter<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly pred: (v: T) => boolean,
    private readonly o: BoundedFilterOptions,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const tries = this.o.tries ?? FILTER_TRIES[this.o.onMiss];
    let v = this.arb.generate(mrng, biasFactor);
    for (let i = 1; i < tries && !this.pred(v.value); i++) v = this.arb.generate(mrng, biasFactor);
    if (this.o.onMiss === 'throw' && !this.pred(v.value)) throw new Error(`no generated value fit ${this.o.what ?? 'the filter'} in ${tries} tries`);
    return v;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arb.canShrinkWithoutContext(value);
  }

  /** Shrinks that fit, when the value fits; any shrink of a value let through unfitting. */
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    const ok = this.pred(value);
    return this.arb.shrink(value, context).filter((v) => !ok || this.pred(v.value));
  }
}

export function boundedFilter<T>(arb: fc.Arbitrary<T>, pred: (v: T) => boolean, o: BoundedFilterOptions): fc.Arbitrary<T> {
  return new BoundedFilter(arb, pred, o);
}
