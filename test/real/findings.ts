// What a run against a real server found: the failing and warning check ids, and where they
// differ from the pinned sets in expected.ts. Shared by the tests and print-expected.ts.
import type { Report, Revision } from '../../src/checks/types.js';
import { EXPECTED } from './expected.js';
import { idsWith, runAgainstFixture } from '../suites/harness.js';
import { startRealServer, type RealServer } from './real-servers.js';
import type { StartedTarget } from './real-servers.js';

export interface Expected {
  /** The revision the suite negotiated. */
  protocolVersion: string;
  /** The revision to ask for (default: detect, as the CLI does). */
  requested?: Revision;
  /** Tools besides read-only ones the suite may call (--call-tools), e.g. a harmless simulation that is not annotated readOnlyHint. */
  callTools?: string[];
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

export interface Findings {
  protocolVersion: string;
  fail: string[];
  warn: string[];
}

export function findingsOf(report: Report, unstable: readonly string[] = []): Findings {
  const stable = (ids: string[]) => ids.filter((id) => !unstable.includes(id));
  return { protocolVersion: report.protocolVersion, fail: stable(idsWith(report, 'fail')), warn: stable(idsWith(report, 'warn')) };
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

/** why-entries that match no current fail/warn id, and fail/warn ids with no why-entry. */
export function undocumented(expected: Expected): { missing: string[]; stale: string[] } {
  const graded = new Set([...expected.fail, ...expected.warn, ...(expected.unstable ?? [])]);
  return {
    missing: [...graded].filter((id) => !(id in expected.why)).sort(),
    stale: Object.keys(expected.why).filter((id) => !graded.has(id)).sort(),
  };
}
