// Fuzz settings from the run's options. `run` gives a modest budget (about a second for the
// three fuzz checks against a fast server) and stops a check at its first confirmed failure;
// `mcp-conform fuzz` sets the fuzz* fields of CheckOptions, which the runner hands to every
// check unchanged along with the rest.
import type { CheckOptions } from '../checks/index.js';
import type { FuzzProgress } from './campaign.js';
import type { CampaignOptions } from './campaign-types.js';

export interface FuzzSettings {
  runs: number;
  /** The search ends when its time is up (`mcp-conform fuzz --duration`); in a plain run, when its cases are sent (CampaignOptions.timeBoxed). */
  timeBoxed: boolean;
  searchMs: number;
  /** See CampaignOptions: in a plain run the fixed prefix is sent whole (within its bound), and the generated cases keep their time after it. */
  prefixMs?: number;
  generatedMs?: number;
  shrinkMs: number;
  caseTimeoutMs: number;
  /** Confirming a failure waits the run's whole request timeout (for the ping behind it, at least). */
  confirmTimeoutMs: number;
  /** See CampaignOptions: a plain run stops waiting for a missing answer sooner once the server answered the ping behind it. */
  confirmAfterPingMs?: number;
  /** See CampaignOptions: a plain run ends a campaign at its first confirmed hard failure. */
  stopAtFirstFailure: boolean;
  softTimeoutMs: number;
  /** See CampaignOptions: shorter in a plain run, where the time goes into the whole suite. */
  afterPingMs: number;
  quickMs: number;
  shrinkEachMs?: number;
  maxFailures: number;
  maxRestarts: number;
  command: 'run' | 'fuzz';
  /** Set by `mcp-conform fuzz` (seconds per check), for its replay lines. */
  durationS?: number;
  onProgress?: (checkId: string, progress: FuzzProgress) => void;
}

export const DEFAULT_RUNS = 300;
/** Longest wait for one answer while fuzzing (run / fuzz): long enough for a sane server, short enough for a campaign. */
const CASE_TIMEOUT_CAP_MS = { run: 750, fuzz: 2000 } as const;
/**
 * Shrinking one failure in a plain run: a few steps. A plain run needs the verdict and an input
 * that replays it; the smallest input is `mcp-conform fuzz`'s job (against server-everything a
 * second of shrinking was the run's last chain: 134 instead of 152 bytes for 0.45 s).
 */
const SHRINK_EACH_RUN_MS = 300;
/** Tool calls in a plain run: slower ones are cancelled and not judged. */
const SOFT_TIMEOUT_RUN_MS = 500;

/** `prefixCases`: fixed cases the campaign sends first; in a plain run they get a bound of their own, and the generated cases their time after them. */
export function fuzzSettings(o: CheckOptions, prefixCases = 0): FuzzSettings {
  const runs = o.fuzzRuns ?? DEFAULT_RUNS;
  const command = o.fuzzCommand ?? 'run';
  // Stay well inside the runner's ceiling for one check (see runner/run.ts).
  const ceiling = o.checkTimeoutMs ?? Math.max(10_000, o.requestTimeoutMs * 4);
  // The generated cases' time: 5 ms a case, at least half a second.
  const forCases = Math.max(500, runs * 5);
  const searchMs = o.fuzzTimeMs ?? Math.min(forCases, ceiling * 0.4);
  const shrinkMs = o.fuzzShrinkMs ?? Math.min(5000, ceiling * 0.3);
  // The prefix, the generated cases' own time after it and shrinking stay inside the ceiling.
  const ownTimes = o.fuzzTimeMs === undefined && prefixCases > 0;
  const prefixMs = ownTimes ? ceiling * 0.3 : undefined;
  const generatedMs = ownTimes ? Math.min(forCases, ceiling * 0.25) : undefined;
  const caseTimeoutMs = Math.min(o.requestTimeoutMs, CASE_TIMEOUT_CAP_MS[command]);
  return {
    runs,
    timeBoxed: o.fuzzTimeMs !== undefined,
    searchMs,
    prefixMs,
    generatedMs,
    shrinkMs,
    caseTimeoutMs,
    confirmTimeoutMs: o.requestTimeoutMs,
    // The ping behind the case was answered: a plain run waits the quiet period for the missing
    // answer, as every check that concludes from silence does (stretched on a loaded machine),
    // not the whole timeout.
    confirmAfterPingMs: command === 'run' ? o.quietMs : undefined,
    // A plain run needs one failure for its verdict; an explicit cap (tests, `fuzz`) means more are wanted.
    stopAtFirstFailure: command === 'run' && o.fuzzMaxFailures === undefined,
    afterPingMs: command === 'fuzz' ? 250 : 100,
    quickMs: command === 'fuzz' ? 100 : 60,
    // A plain run shrinks each failure briefly; `mcp-conform fuzz` (or an explicit shrink
    // budget) takes the time to finish, which also makes a replay shrink to the same input.
    shrinkEachMs: command === 'fuzz' || o.fuzzShrinkMs !== undefined ? undefined : SHRINK_EACH_RUN_MS,
    softTimeoutMs: command === 'fuzz' ? o.requestTimeoutMs : Math.min(o.requestTimeoutMs, SOFT_TIMEOUT_RUN_MS),
    maxFailures: o.fuzzMaxFailures ?? (command === 'fuzz' ? 20 : 3),
    // Restarts cost a process start each; the time budgets are what really bounds them.
    maxRestarts: command === 'fuzz' ? 500 : 40,
    command,
    durationS: command === 'fuzz' && o.fuzzTimeMs ? Math.ceil(o.fuzzTimeMs / 1000) : undefined,
    onProgress: o.onFuzzProgress,
  };
}

/** A check's own seed, from the run's seed and the check id, so checks draw different cases. */
export function checkSeed(runSeed: number, checkId: string): number {
  let h = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < checkId.length; i++) h = Math.imul(h ^ checkId.charCodeAt(i), 0x01000193);
  return h | 0;
}

type Budget = Pick<CampaignOptions, 'runs' | 'timeBoxed' | 'searchMs' | 'prefixMs' | 'generatedMs' | 'shrinkMs' | 'shrinkEachMs' | 'caseTimeoutMs' | 'confirmTimeoutMs' | 'confirmAfterPingMs' | 'stopAtFirstFailure' | 'softTimeoutMs' | 'afterPingMs' | 'quickMs' | 'maxFailures' | 'maxRestarts'>;

/** A campaign's budget and waits from the settings (the fuzz checks and the bench hand the same to a campaign); `quickConfirm`: the plan confirms a missing answer after the ping behind it. */
export function campaignBudget(s: FuzzSettings, quickConfirm: boolean | undefined): Budget {
  return {
    runs: s.runs,
    timeBoxed: s.timeBoxed,
    searchMs: s.searchMs,
    prefixMs: s.prefixMs,
    generatedMs: s.generatedMs,
    shrinkMs: s.shrinkMs,
    shrinkEachMs: s.shrinkEachMs,
    caseTimeoutMs: s.caseTimeoutMs,
    confirmTimeoutMs: s.confirmTimeoutMs,
    confirmAfterPingMs: quickConfirm ? s.confirmAfterPingMs : undefined,
    stopAtFirstFailure: s.stopAtFirstFailure,
    softTimeoutMs: s.softTimeoutMs,
    afterPingMs: s.afterPingMs,
    quickMs: s.quickMs,
    maxFailures: s.maxFailures,
    maxRestarts: s.maxRestarts,
  };
}
