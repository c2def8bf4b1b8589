// The fixture runs that prove the checks (proof.ts), and how they share a fixture: the checks
// on the main connection that rely on the same fault in the same setting are judged by one run,
// one fixture process serving them all, as they would be in a user's run; a check on
// connections of its own (fresh, disposable) gets a run of its own, so what another check did
// to the server cannot decide its verdict. Runs are independent of each other: the proof tests
// run them concurrently.
import type { Check } from '../../src/checks/index.js';
import type { Report } from '../../src/checks/types.js';
import { allChecks } from '../../suites/index.js';
import { runAgainstFixture, runAgainstHttpFixture, runAgainstLegacySseFixture } from '../suites/harness.js';
import { PROOFS } from './index.js';
import type { FaultCase, Verdict } from './proof.js';

export type RunSetting = Omit<FaultCase, 'expect'>;

export interface ProofRun {
  setting: RunSetting;
  /** The verdict each check of the run must get. */
  expected: Record<string, Verdict>;
}

/**
 * The quiet period of a proof run. Proofs run side by side, so the fixture's reply to a fault
 * (an answered notification, a late progress) can take longer than the harness's 300 ms on two
 * busy cores; a fault missed for that is a flaky proof, not a finding.
 */
export const PROOF_QUIET_MS = 1000;

const byId = new Map<string, Check>(allChecks.map((c) => [c.id, c]));

/** The runs of the stateful proofs (each proof's fault, wire, era and revision). */
export function statefulRuns(proofs: Readonly<Record<string, FaultCase>> = PROOFS): ProofRun[] {
  const shared = new Map<string, ProofRun>();
  const runs: ProofRun[] = [];
  for (const [id, { expect, ...setting }] of Object.entries(proofs)) {
    const key = JSON.stringify([setting.fault, setting.transport ?? 'stdio', setting.sse ?? false, setting.protocolVersion, setting.era, setting.auth]);
    const own = byId.get(id)?.connection !== 'shared';
    const run = own ? undefined : shared.get(key);
    if (run) {
      run.expected[id] = expect;
      continue;
    }
    const fresh: ProofRun = { setting, expected: { [id]: expect } };
    runs.push(fresh);
    if (!own) shared.set(key, fresh);
  }
  return runs;
}

/** What a run is, for a test's name: `ids → verdicts with FAULT=name (wire, era)`. */
export function describeRun({ setting, expected }: ProofRun): string {
  const ids = Object.keys(expected);
  const verdicts = ids.length === 1 ? `${ids[0]} → ${expected[ids[0]]}` : ids.map((id) => `${id} → ${expected[id]}`).join(', ');
  const where = [
    setting.transport === 'http' ? (setting.sse ? 'HTTP, SSE replies' : 'HTTP') : setting.transport === 'sse' ? 'legacy HTTP+SSE' : undefined,
    setting.era,
    setting.protocolVersion,
    setting.auth ? `auth ${setting.auth === true ? 'tokens' : setting.auth}` : undefined,
  ].filter(Boolean);
  return `${verdicts} with FAULT=${setting.fault}${where.length ? ` (${where.join(', ')})` : ''}`;
}

/** One fixture of the run's setting, the run limited to its checks. */
export function runProof({ setting: s, expected }: ProofRun): Promise<Report> {
  const only = Object.keys(expected);
  const quietMs = PROOF_QUIET_MS;
  if (s.transport === 'http') return runAgainstHttpFixture({ fault: s.fault, sse: s.sse, only, protocolVersion: s.protocolVersion, era: s.era, auth: s.auth, quietMs });
  if (s.transport === 'sse') return runAgainstLegacySseFixture({ fault: s.fault, only, quietMs });
  return runAgainstFixture({ fault: s.fault, only, protocolVersion: s.protocolVersion, era: s.era, quietMs });
}
