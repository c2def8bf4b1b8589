// Trust: every check fails on its fault (its proof, test/proof/<area>.ts); that it passes on the
// conformant fixture is conformant-fixture.test.ts. The runs are independent, so they run
// concurrently (vitest's maxConcurrency bounds them); checks on the main connection that share
// a fault share a run (test/proof/runs.ts).
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';
import { isFault } from '../fixtures/faults.js';
import { describeRun, runProof, statefulRuns } from '../proof/runs.js';
import { FAULT_TABLE } from './fault-table.js';
import { statusOf } from './harness.js';

/** A run's own bound: the harness's run deadline, so a busy machine makes a run slow, not failed. */
const RUN_TIMEOUT_MS = 120_000;

describe('every check has a fault that breaks it', () => {
  it('covers every shipped check with a known fault', () => {
    const missing = allChecks.map((c) => c.id).filter((id) => !FAULT_TABLE[id]);
    expect(missing).toEqual([]);
    const unknownFaults = Object.values(FAULT_TABLE).map((c) => c.fault).filter((f) => !isFault(f));
    expect(unknownFaults).toEqual([]);
  });

  it('runs every proof, each check in one run', () => {
    const judged = statefulRuns(FAULT_TABLE).flatMap((run) => Object.keys(run.expected));
    expect([...judged].sort()).toEqual(Object.keys(FAULT_TABLE).sort());
  });
});

describe.concurrent('each fault breaks its checks', () => {
  for (const run of statefulRuns(FAULT_TABLE)) {
    const ids = Object.keys(run.expected);
    it(describeRun(run), { timeout: RUN_TIMEOUT_MS }, async ({ expect }) => {
      const report = await runProof(run);
      expect(Object.fromEntries(ids.map((id) => [id, statusOf(report, id)]))).toEqual(run.expected);
    });
  }
});
