// What a run against a real server found: the failing and warning check ids, and where they
// differ from the pinned sets in expected.ts. Shared by the tests and print-expected.ts.
import type { Report, Revision, RunResult } from '../../src/checks/types.js';
import { EXPECTED } from './expected.js';
import { runAgainstFixture } from '../suites/harness.js';
import { startRealServer, type RealServer } from './real-servers.js';
import type { StartedTarget } from './real-servers.js';

/** One run's pinned verdicts. */
export interface EraExpected {
  /** The revision the suite negotiated. */
  protocolVersion: string;
  fail: string[];
  warn: string[];
  /**
   * Checks whose verdict on this server changes from run to run, left out of the comparison until
   * that is understood; each has a reason in `why` saying what varies. Kept short and visible.
   */
  unstable?: string[];
  /** One line per fail/warn id: the server's behaviour and why it is (or is not) a real finding. */
  why: Record<string, string>;
}

/** A server's pinned verdicts: of its run, or of the first of its two eras (2026-07-28) and `initializeEra`. */
export interface Expected extends EraExpected {
  /** The revision to ask for (default: detect, as the CLI does). */
  requested?: Revision;
  /** Tools besides read-only ones the suite may call (--call-tools), e.g. a harmless simulation that is not annotated readOnlyHint. */
  callTools?: string[];
  /**
   * A dual-era server run with no revision asked for is run in both eras: the verdicts of its
   * second run, through initialize (the fields above are its 2026-07-28 run's).
   */
  initializeEra?: EraExpected;
}

export interface EraFindings {
  protocolVersion: string;
  fail: string[];
  warn: string[];
}

export interface Findings extends EraFindings {
  initializeEra?: EraFindings;
}

/** What a report found, run by run as `expected` pins it: a two-era report's second run is `initializeEra`. */
export function findingsOf(report: Report, expected: Pick<Expected, 'unstable' | 'initializeEra'> = {}): Findings {
  const [first, second, ...more] = report.runs ?? [report];
  if (more.length) throw new Error(`${report.runs!.length} runs: real servers are pinned for one era or two`);
  const found = eraFindings(first!, expected.unstable);
  return second ? { ...found, initializeEra: eraFindings(second, expected.initializeEra?.unstable) } : found;
}

function eraFindings(run: RunResult, unstable: readonly string[] = []): EraFindings {
  const ids = (status: string) => [...new Set(run.checks.filter((c) => c.status === status && !unstable.includes(c.id)).map((c) => c.id))].sort();
  return { protocolVersion: run.protocolVersion, fail: ids('fail'), warn: ids('warn') };
}

/** The part of an entry a run's findings are compared with. */
export function comparable(expected: Expected): Findings {
  const era = (e: EraExpected): EraFindings => ({ protocolVersion: e.protocolVersion, fail: e.fail, warn: e.warn });
  return expected.initializeEra ? { ...era(expected), initializeEra: era(expected.initializeEra) } : era(expected);
}

/**
 * Runs the whole default suite against an already started target, less the fuzz checks: their
 * verdicts on third-party servers hinge on per-case deadlines that a loaded CI machine can miss,
 * so they are exercised against our fixture in test/fuzz, and their real-server findings are
 * recorded in README.md instead of pinned here.
 */
export function runSuite(started: StartedTarget, requested?: Revision, callTools?: string[]): Promise<Report> {
  return runAgainstFixture({ target: started.target, skip: ['fuzz/*'], protocolVersion: requested, callTools, ...(started.auth ? { authOptions: started.auth } : {}) });
}

/** Starts a real server, runs the whole default suite against it, stops it. */
export async function runRealServer(name: RealServer): Promise<Report> {
  const started = await startRealServer(name);
  try {
    const expected = (EXPECTED as Partial<typeof EXPECTED>)[name];
    return await runSuite(started, expected?.requested, expected?.callTools);
  } finally {
    await started.stop();
  }
}

/** why-entries that match no current fail/warn id, and fail/warn ids with no why-entry (of one era's entry). */
export function undocumented(expected: EraExpected): { missing: string[]; stale: string[] } {
  const graded = new Set([...expected.fail, ...expected.warn, ...(expected.unstable ?? [])]);
  return {
    missing: [...graded].filter((id) => !(id in expected.why)).sort(),
    stale: Object.keys(expected.why).filter((id) => !graded.has(id)).sort(),
  };
}
