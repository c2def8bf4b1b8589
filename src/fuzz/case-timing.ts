// How long a campaign waits for the answers to a group of cases, by what the group is for.
import type { CampaignOptions } from './campaign-types.js';
import type { BatchTiming } from './link-common.js';
import type { CaseRun } from './observation.js';
import type { AnomalyKind } from './oracle.js';

/**
 * search: pipelined batches; quick: one case, missing answers waited for briefly (replays,
 * shrinking); probe: one case, only to see whether the server survives it (crash hunts);
 * confirm: one case with the full timeout.
 */
export type TimingMode = 'search' | 'quick' | 'probe' | 'confirm';

/** Listening for stray answers after a single case (isolation, shrinking). */
const SINGLE_GRACE_MS = 15;
const CONFIRM_GRACE_MS = 60;
/** See confirmAfterPingMs: a missing answer is waited for at least this many ping round trips. */
const CONFIRM_ROUND_TRIPS = 20;
/** In the search: how long after the ping a missing answer is waited for before the batch is replayed. */
const SEARCH_AFTER_PING_MS = 250;
/** In the search: how long a batch stays open after its last expected answer, for late answers without an id. */
const SEARCH_GRACE_MS = 0;
/** In replays and while shrinking: how long after the ping a missing answer counts as missing. */
const QUICK_MS = 100;

type TimingOptions = Pick<CampaignOptions, 'caseTimeoutMs' | 'softTimeoutMs' | 'afterPingMs' | 'quickMs' | 'confirmTimeoutMs' | 'confirmAfterPingMs'>;

/** `lookingFor`: the only kind of anomaly that matters (shrinking). */
export function caseTiming(opts: TimingOptions, runs: readonly CaseRun[], mode: TimingMode, lookingFor?: AnomalyKind): BatchTiming {
  const soft = runs.some((r) => r.spec.soft);
  const deadlineMs = soft ? Math.max(opts.softTimeoutMs, opts.caseTimeoutMs) : opts.caseTimeoutMs;
  // In the search a missing answer waits a little after the ping (servers answer in order far
  // more often than not); replays then decide, and a failure is confirmed with a longer wait.
  if (mode === 'search') {
    return soft
      ? { deadlineMs: opts.softTimeoutMs, graceMs: SEARCH_GRACE_MS }
      : { deadlineMs: opts.caseTimeoutMs, afterPingMs: Math.min(opts.caseTimeoutMs, opts.afterPingMs ?? SEARCH_AFTER_PING_MS), graceMs: SEARCH_GRACE_MS };
  }
  if (mode === 'quick') {
    // A missing answer is settled once it comes: what might follow it cannot make it missing.
    const graceMs = lookingFor === 'no-response' ? 0 : SINGLE_GRACE_MS;
    return { deadlineMs, afterPingMs: soft ? opts.softTimeoutMs : (opts.quickMs ?? QUICK_MS), graceMs };
  }
  if (mode === 'probe') return { deadlineMs, afterPingMs: SINGLE_GRACE_MS, graceMs: SINGLE_GRACE_MS };
  const full = Math.max(deadlineMs, opts.confirmTimeoutMs ?? 0);
  if (soft || opts.confirmAfterPingMs === undefined) return { deadlineMs: full, graceMs: CONFIRM_GRACE_MS };
  return { deadlineMs: full, afterPingMs: opts.confirmAfterPingMs, afterPingRoundTrips: CONFIRM_ROUND_TRIPS, graceMs: CONFIRM_GRACE_MS };
}
