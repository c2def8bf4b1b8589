// Runs the fuzz checks in-process against our fixture server (optionally with one fault, over
// stdio or Streamable HTTP), with the seed, case count and budgets a test needs, and reads the
// failures back from the report.
import type { Report, CheckResult } from '../../src/checks/types.js';
import type { CheckOptions } from '../../src/checks/index.js';
import { runTarget, type TargetRunOptions } from '../../src/runner/target.js';
import type { Revision } from '../../src/schema/index.js';
import { fuzzChecks } from '../../suites/fuzz.js';
import type { TargetSpec } from '../../src/session/index.js';
import { fixtureCommand, startHttpFixture } from '../fixtures/launch.js';

export interface FuzzRun extends Pick<CheckOptions, 'fuzzTimeMs' | 'fuzzShrinkMs' | 'fuzzMaxFailures' | 'fuzzCommand' | 'onFuzzProgress' | 'checkTimeoutMs'> {
  fault?: string;
  only: string[];
  seed?: number;
  fuzzRuns?: number;
  protocolVersion?: Revision;
  callTools?: 'all' | string[];
  requestTimeoutMs?: number;
  /** Over Streamable HTTP (JSON replies, or SSE with `sse`) instead of stdio. */
  http?: { sse?: boolean };
  /** Over the legacy HTTP+SSE transport of 2024-11-05 instead of stdio. */
  legacySse?: boolean;
  /** The fixture's protocol era (default stateful): 'stateless' serves 2026-07-28 only. */
  era?: 'stateless' | 'dual';
  /** stdio: this command instead of the fixture's (e.g. the fixture behind a wrapper). */
  command?: string[];
}

export async function fuzzFixture(opts: FuzzRun): Promise<Report> {
  const args = opts.era ? ['--era', opts.era] : [];
  if (!opts.http && !opts.legacySse) return fuzzTarget({ transport: 'stdio', command: opts.command ?? fixtureCommand({ fault: opts.fault, args }) }, opts);
  const server = await startHttpFixture({ fault: opts.fault, sse: opts.http?.sse, legacySse: opts.legacySse, args });
  try {
    return await fuzzTarget({ transport: opts.legacySse ? 'sse' : 'http', url: server.url }, opts);
  } finally {
    await server.close();
  }
}

async function fuzzTarget(target: TargetSpec, opts: FuzzRun): Promise<Report> {
  const { fault: _fault, http: _http, legacySse: _legacySse, era: _era, command: _command, only, seed, fuzzRuns, protocolVersion, callTools, requestTimeoutMs, ...fuzz } = opts;
  const options: TargetRunOptions = {
    target,
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
