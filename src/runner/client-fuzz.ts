// Fuzzing a client: the search sends the run's cases in one session, each followed by a ping;
// the case after which the ping went unanswered is then sent alone to a fresh client, and shrunk
// with fast-check (from the same seed and run index) to the smallest case that fails it the same
// way, each try a fresh client. Bounded: the search by --fuzz-runs, shrinking by a time budget
// and the run's stop.
import fc from 'fast-check';
import { hostileMessage, type FuzzCase, type FuzzFailure, type FuzzFinding } from '../client/fuzz.js';
import type { ScenarioRecord } from '../client/record.js';
import { describeExit } from '../transport/spawn-errors.js';

/** How the client failed the last case it was sent, judged against the basic scenario's ping. */
export function fuzzFailure(record: ScenarioRecord, control: ScenarioRecord | undefined): FuzzFailure | undefined {
  if (record.fuzzStoppedAt === undefined) return undefined;
  const ping = record.asks.filter((a) => a.method === 'ping').at(-1);
  if (!ping) return undefined;
  if (ping.outcome === 'gone') {
    const exit = record.ends.find((e) => e.how === 'exit' && !e.byUs && (e.code !== 0 || e.signal));
    if (exit) return { kind: 'crash', detail: `it exited (${describeExit({ code: exit.code ?? null, signal: exit.signal ?? null })})` };
    return { kind: 'left', detail: `it ended the session (${record.ends[0]?.how === 'exit' ? 'exit code 0' : 'closed'})` };
  }
  if (ping.outcome === 'timeout' && (control ?? record).asks.find((a) => a.method === 'ping')?.outcome === 'answered') {
    return { kind: 'hang', detail: `the ping after it went unanswered for ${Math.round((ping.endedAt ?? ping.sentAt) - ping.sentAt)} ms while the client stayed connected` };
  }
  return undefined;
}

export interface ShrinkOptions {
  seed: number;
  runs: number;
  found: { index: number; case: FuzzCase; failure: FuzzFailure };
  control?: ScenarioRecord;
  /** One fresh client run of the fuzz scenario with these cases. */
  runCases(cases: readonly FuzzCase[]): Promise<ScenarioRecord>;
  budgetMs: number;
  signal?: AbortSignal;
  replay: string;
}

/** Confirms the case on a fresh client and shrinks it; fast-check replays run `index` of `seed`. */
export async function shrinkFuzzFailure(o: ShrinkOptions): Promise<FuzzFinding> {
  let stderrTail: string[] = [];
  let stopped = false;
  const fails = async (c: FuzzCase): Promise<boolean> => {
    if (o.signal?.aborted) {
      stopped = true;
      return false;
    }
    const record = await o.runCases([c]);
    const failure = fuzzFailure(record, o.control);
    if (failure?.kind !== o.found.failure.kind) return false;
    stderrTail = record.stderrTail;
    return true;
  };
  const property = fc.asyncProperty(hostileMessage(), async (c) => !(await fails(c)));
  const result = await fc.check(property, { seed: o.seed, path: String(o.found.index), numRuns: o.runs, interruptAfterTimeLimit: o.budgetMs, markInterruptAsFailure: false });
  const base = { index: o.found.index, original: o.found.case, failure: o.found.failure, replay: o.replay };
  if (!result.failed || !result.counterexample) return { ...base, shrinks: 0, interrupted: result.interrupted || stopped, stderrTail };
  return { ...base, shrunk: result.counterexample[0], shrinks: result.numShrinks, interrupted: result.interrupted || stopped, stderrTail };
}

const quote = (arg: string): string => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** `mcp-conform client … --seed S --fuzz-runs index+1 -- <client>`: the search up to the failing case. */
export function fuzzReplay(o: { transport: string; command: readonly string[]; seed: number; index: number; timeoutMs: number; checkId: string }): string {
  const parts = ['mcp-conform', 'client', ...(o.transport === 'stdio' ? ['--transport', 'stdio'] : []), '--only', o.checkId, '--seed', String(o.seed), '--fuzz-runs', String(o.index + 1), '--timeout', String(o.timeoutMs), '--', ...o.command];
  return parts.map(quote).join(' ');
}
