// The assertion the conformance campaigns share (stdio and HTTP): the fixture gave the oracle
// nothing to report. Kept out of campaign-fixture.ts, which bench/ loads outside vitest.
import { expect } from 'vitest';
import type { CampaignResult } from '../../src/fuzz/campaign.js';

/**
 * The campaign ran all `runs` cases and found nothing: no failure, no stop, no restart. A stall
 * no replay reproduced is slowness of a loaded machine, which the verdict only notes, so it is
 * tolerated here too.
 */
export function expectClean(result: CampaignResult, runs: number): void {
  const unattributed = result.unattributed.filter((a) => a.kind !== 'unresponsive');
  const findings = [...result.failures.map((f) => `${f.anomaly.kind} ${f.strategy}: ${f.anomaly.summary}`), ...unattributed.map((a) => `${a.kind}: ${a.summary}`)];
  expect(findings).toEqual([]);
  expect(result.stopped).toBeUndefined();
  expect(result.restarts).toBe(0);
  expect(result.cases).toBe(runs);
}
