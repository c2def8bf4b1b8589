// Runs the fuzz checks in-process against our fixture server (optionally with one fault), with
// the seed, case count and budgets a test needs, and reads the failures back from the report.
import type { Report, CheckResult } from '../../src/checks/types.js';
import type { FuzzRunOptions } from '../../src/fuzz/options.js';
import { runTarget, type TargetRunOptions } from '../../src/runner/target.js';
import type { Revision } from '../../src/schema/index.js';
import { fuzzChecks } from '../../suites/fuzz.js';
import { fixtureCommand } from '../fixtures/launch.js';

export interface FuzzRun extends FuzzRunOptions {
  fault?: string;
  only: string[];
  seed?: number;
  fuzzRuns?: number;
  protocolVersion?: Revision;
  callTools?: 'all' | string[];
  requestTimeoutMs?: number;
}

export async function fuzzFixture(opts: FuzzRun): Promise<Report> {
  const { fault, only, seed, fuzzRuns, protocolVersion, callTools, requestTimeoutMs, ...fuzz } = opts;
  const options: TargetRunOptions & FuzzRunOptions = {
    target: { transport: 'stdio', command: fixtureCommand({ fault }) },
    checks: fuzzChecks,
    only,
    protocolVersion,
    seed: seed ?? 1,
    fuzzRuns,
    requestTimeoutMs: requestTimeoutMs ?? 5_000,
    quietMs: 300,
    deadlineMs: 300_000,
    callTools: callTools ?? [],
    tool: { name: 'mcp-conform', version: 'test' },
    ...fuzz,
  };
  return runTarget(options);
}

export function checkOf(report: Report, id: string): CheckResult {
  const found = (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
}

/** Notes of a check's evidence, as text. */
export function notesOf(check: CheckResult): string[] {
  return check.evidence.flatMap((e) => (e.type === 'note' ? [e.text] : []));
}

export interface ReportedFailure {
  kind: string;
  strategy: string;
  /** The bytes sent, as shown (escaped) in the report. */
  sent: string;
  replay: { seed: number; fuzzRuns: number; command: string };
}

/** The failures a fuzz check reported, parsed back from its evidence blocks. */
export function failuresOf(check: CheckResult): ReportedFailure[] {
  const out: ReportedFailure[] = [];
  let current: Partial<ReportedFailure> | undefined;
  for (const e of check.evidence) {
    if (e.type === 'note') {
      const head = /^failure \d+ \[([a-z-]+)[^\]]*\] strategy (.+?): /.exec(e.text);
      if (head) current = { kind: head[1], strategy: head[2] };
      const replay = /^replay: (.*?--seed (\d+) --fuzz-runs (\d+).*?)  \(case/.exec(e.text);
      if (replay && current) {
        out.push({ ...(current as ReportedFailure), replay: { command: replay[1], seed: Number(replay[2]), fuzzRuns: Number(replay[3]) } });
        current = undefined;
      }
    } else if (e.type === 'message' && e.direction === 'sent' && current && current.sent === undefined) {
      current.sent = e.raw ?? JSON.stringify(e.message);
    }
  }
  return out;
}
