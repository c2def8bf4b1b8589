// runSuite(): the check catalog against one server, as a function. Same runner and defaults
// as `mcp-conform run`, minus the report files and exit codes: it returns the JSON report.
import type { Report } from '../checks/types.js';
import { DEFAULT_SEED, runTarget, unmatchedPatterns } from '../runner/index.js';
import { isRevision, REVISIONS, type Revision } from '../schema/index.js';
import { DEFAULT_START_TIMEOUT_MS } from '../session/index.js';
import { packageVersion } from '../schema/package-root.js';
import { DEFAULT_TIMEOUT_MS } from './connect.js';
import { toTargetSpec, type ServerTarget, type TargetOptions } from './target.js';

export interface RunSuiteOptions extends TargetOptions {
  /** Run only checks whose id matches one of these globs, e.g. `'lifecycle/*'` (default: all). */
  only?: string | readonly string[];
  /** Skip checks whose id matches one of these globs. */
  skip?: string | readonly string[];
  /**
   * Revision to request, or `'all'` for one run per revision the server accepts (the report then
   * holds them under `runs`). Default: every era the server serves, at the newest revision of
   * each, as `mcp-conform run` does: one run, or for a server that answers both server/discover
   * and initialize two, under `runs` (2026-07-28 first, and `report.protocolVersion`).
   */
  protocolVersion?: Revision | 'all';
  /** Per-request timeout in ms (default 5000). */
  timeout?: number;
  /** Bound in ms on a server's start, from spawning it (or connecting) to its first answer (default 30000); apart from `timeout`. */
  startTimeout?: number;
  /** Tools the checks may call besides those annotated `readOnlyHint` (names, or `'all'`; default none). */
  callTools?: 'all' | readonly string[];
  /** Call every tool we may call (default: past 50, a sample drawn by `seed`; the checks' `toolSample` says so). */
  allTools?: boolean;
  /** A slow, safe tool for the cancellation and progress checks. */
  slowTool?: string;
  /** Seed for generated inputs (default 1, so repeated runs agree; the report records it). */
  seed?: number;
  /** Number of fuzz cases for the fuzz checks (default 100). */
  fuzzRuns?: number;
  /** How long "no reply expected" checks listen, in ms (default 500). */
  quietMs?: number;
  /**
   * Ceiling for the whole run in ms (default 300000): checks still running then are cut short
   * and those not started are not run (both skipped); the report's `stopped` says so.
   */
  deadline?: number;
  /** Stops the run as the deadline does, whatever it is doing (the CLI's SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** Called after each check. */
  onProgress?: (done: number, total: number, checkId: string) => void;
}

const list = (v: string | readonly string[] | undefined): string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : [...v]);

function wholeNumber(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new TypeError(`mcp-conform: ${name} must be a whole number of at least ${min}, got ${String(value)}`);
  return value;
}

/**
 * Runs the conformance checks against one server and returns the JSON report (the shape of
 * `--json`; see CONTRACT.md). Never throws for a failing check: read `report.summary.fail`
 * or each `report.checks[i].status` (with `report.runs`, as for `protocolVersion: 'all'` or a
 * dual-era server, `report.runs[j].checks`).
 *
 * @throws TargetUnreachable when the command cannot be started or the URL cannot be reached.
 * @throws TypeError on invalid options.
 *
 * @example
 * const report = await runSuite(['node', 'build/index.js'], { only: 'lifecycle/*' });
 * if (report.summary.fail > 0) console.log(report.checks.filter((c) => c.status === 'fail'));
 */
export async function runSuite(target: ServerTarget, options: RunSuiteOptions = {}): Promise<Report> {
  const spec = toTargetSpec(target, options);
  const pv = options.protocolVersion;
  if (pv !== undefined && pv !== 'all' && !isRevision(pv)) throw new TypeError(`mcp-conform: protocolVersion must be one of ${REVISIONS.join(', ')} or 'all', got ${String(pv)}`);
  // Loaded on first use: importing the package for validateMessage alone stays light.
  const { allChecks } = await import('../../suites/index.js');
  const only = list(options.only);
  const skip = list(options.skip);
  // A pattern that names no check would quietly run (or skip) nothing.
  const [unmatched] = unmatchedPatterns(allChecks, { only, skip });
  if (unmatched) throw new TypeError(`mcp-conform: ${unmatched.option} pattern ${JSON.stringify(unmatched.pattern)} matches no check id`);
  return runTarget({
    target: spec,
    checks: allChecks,
    protocolVersion: pv,
    only,
    skip,
    seed: wholeNumber('seed', options.seed, DEFAULT_SEED, 0),
    requestTimeoutMs: wholeNumber('timeout', options.timeout, DEFAULT_TIMEOUT_MS, 1),
    startTimeoutMs: wholeNumber('startTimeout', options.startTimeout, DEFAULT_START_TIMEOUT_MS, 1),
    quietMs: wholeNumber('quietMs', options.quietMs, 500, 0),
    deadlineMs: wholeNumber('deadline', options.deadline, 300_000, 1),
    callTools: options.callTools === 'all' ? 'all' : list(options.callTools),
    allTools: Boolean(options.allTools),
    slowTool: options.slowTool,
    fuzzRuns: wholeNumber('fuzzRuns', options.fuzzRuns, 100, 0),
    onProgress: options.onProgress,
    signal: options.signal,
    tool: { name: 'mcp-conform', version: packageVersion() },
  });
}
