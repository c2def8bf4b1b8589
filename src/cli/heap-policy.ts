// The V8 heap policy of the CLI's run and fuzz commands (issue 17: peak RSS at most 150 MB).
// V8 sizes the heap for the machine's memory: on 24 GB the old generation may grow to 4× what
// survived the last full collection, and the young generation to 32 MB. A `--protocol-version
// all` run keeps 25–45 MB live, yet peaked at 170–190 MiB: mostly garbage waiting for a
// collection. Bounded here, in the process itself (the library's users keep their own heap
// settings, and a re-exec would cost a second Node start): the old generation grows by half of
// what survived, the young one to 8 MB. The cost, measured in docs/history/performance.md: more, shorter
// collections.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** After a full collection the old generation may grow to (1 + this/100) × what survived. */
const OLD_GENERATION_GROWTH_PERCENT = 50;
/** Both semi-spaces of the young generation together. */
const YOUNG_GENERATION_MAX_BYTES = 8 * 1024 * 1024;
/** V8's own defaults for the two flags (node --v8-options). */
const DEFAULT_FLAGS = '--heap-growing-percent=0 --semi-space-growth-factor=2';

let applied = false;
let observer: PerformanceObserver | undefined;

export function boundHeapGrowth(): void {
  if (applied) return;
  applied = true;
  // Both flags are read at each collection, so setting them now takes effect (the size flags,
  // --max-semi-space-size and --max-old-space-size, are read only when the heap is created).
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  // V8 doubles the young generation when enough survives its scavenges; growth factor 1 holds it
  // where it is. Checked after every collection, since V8 may also shrink it.
  let growing = true;
  observer = new PerformanceObserver(() => {
    const grow = youngGenerationBytes() < YOUNG_GENERATION_MAX_BYTES;
    if (grow === growing) return;
    growing = grow;
    setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`);
  });
  observer.observe({ entryTypes: ['gc'] });
}

/**
 * Puts both flags back to V8's defaults, at exit, before the CLI's loader writes its code cache:
 * V8 stamps a cache with a hash of the flags, and one written under flags changed at run time is
 * rejected by the next start, which has not changed them yet (every run compiled from scratch).
 */
export function restoreHeapDefaults(): void {
  if (!applied) return;
  observer?.disconnect();
  setFlagsFromString(DEFAULT_FLAGS);
}

function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
