// Runs checks in-process against our fixture server (optionally with one fault injected).
import type { Check } from '../../src/checks/index.js';
import type { Report } from '../../src/checks/types.js';
import { runTarget } from '../../src/runner/index.js';
import type { Revision } from '../../src/schema/index.js';
import type { TargetSpec } from '../../src/session/index.js';
import { allChecks } from '../../suites/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

export interface FixtureRun {
  fault?: string;
  only?: string[];
  protocolVersion?: Revision | 'all';
  checks?: readonly Check[];
  target?: TargetSpec;
}

export async function runAgainstFixture(opts: FixtureRun = {}): Promise<Report> {
  const target: TargetSpec = opts.target ?? { transport: 'stdio', command: fixtureCommand({ fault: opts.fault }) };
  return runTarget({
    target,
    checks: opts.checks ?? allChecks,
    protocolVersion: opts.protocolVersion,
    only: opts.only,
    seed: 1,
    requestTimeoutMs: 10_000,
    quietMs: 300,
    deadlineMs: 120_000,
    callTools: [],
    tool: { name: 'mcp-conform', version: 'test' },
  });
}

export function statusOf(report: Report, id: string): string | undefined {
  return (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === id)?.status;
}

/** ids with a given status, for readable assertions. */
export function idsWith(report: Report, ...statuses: string[]): string[] {
  return (report.runs ?? [report]).flatMap((r) => r.checks).filter((c) => statuses.includes(c.status)).map((c) => c.id).sort();
}
