// The official conformance suite's client half, as the benches drive it: its client scenarios
// listed by its CLI, run against a client command and each scenario's checks.json read back into
// one verdict. Two ways: its own (`--suite all --spec-version R`: one start of its CLI, every
// scenario's client at once) and one scenario per start of its CLI, one at a time (no scenario
// slowed by the others, but each start costs its CLI's load: 1,652 files, 12-15 s at a load of 14).
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OfficialTool } from './vs-official.js';

export interface OfficialScenario {
  name: string;
  /** The spec revisions it applies to, as `list` prints them (`extension` for the extensions). */
  tags: string[];
}

/** Its client scenarios, from `conformance list`. */
export async function listClientScenarios(tool: OfficialTool): Promise<OfficialScenario[]> {
  const r = await execa(tool.node, [tool.cli, 'list'], { reject: false, timeout: 60_000 });
  const lines = String(r.stdout).split('\n');
  const start = lines.findIndex((l) => /^Client scenarios/.test(l));
  const scenarios: OfficialScenario[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^\s+- (\S+) \[([^\]]*)\]/.exec(line);
    if (!m) break;
    scenarios.push({ name: m[1], tags: m[2].split(',') });
  }
  return scenarios;
}

export interface OfficialCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  description?: string;
  details?: { message?: unknown };
}

/**
 * pass/warn/fail as theirs; `not exercised`: every failure says the client never took the
 * scenario's step (a tool it did not call, a flow it did not start): what a client that does not
 * read MCP_CONFORMANCE_SCENARIO gets, no finding about an obligation. `none`: no check judged.
 */
export type OfficialVerdict = 'pass' | 'warn' | 'fail' | 'not exercised' | 'none';

export interface OfficialResult {
  scenario: string;
  verdict: OfficialVerdict;
  checks: OfficialCheck[];
  wallMs: number;
  clientExit?: number;
}

/**
 * Its runner hands its environment to the client: our fixture client then waits 45 s (not 15 s)
 * for an answer, as the runner's clients all start at once on a busy machine; its per-client
 * timeout is raised to 60 s to match (DEFAULT_TIMEOUT_MS).
 */
const RUNNER_ENV = { NO_COLOR: '1', MCP_CONFORM_FIXTURE_CLIENT_WAIT_MS: '45000' };
const DEFAULT_TIMEOUT_MS = 60_000;

const NOT_EXERCISED = /was not called|did not (send|call|make|complete|perform|echo|proceed)|never (completed|presented|retrieved|called|made|held)|Expected Check Missing|Not testable|could not be performed|no .* request was observed/i;

export const judged = (c: OfficialCheck) => c.status === 'FAILURE' || c.status === 'WARNING';
export const messageOf = (c: OfficialCheck) => (c.errorMessage ?? (typeof c.details?.message === 'string' ? c.details.message : undefined) ?? c.description ?? '').replace(/\s+/g, ' ');

export function verdictOf(checks: OfficialCheck[]): OfficialVerdict {
  const failures = checks.filter((c) => c.status === 'FAILURE');
  if (failures.length > 0) return failures.every((c) => NOT_EXERCISED.test(messageOf(c))) ? 'not exercised' : 'fail';
  if (checks.some((c) => c.status === 'WARNING')) return 'warn';
  return checks.some((c) => c.status === 'SUCCESS' && !/^(incoming|outgoing)-/.test(c.id)) ? 'pass' : 'none';
}

/** Every checks.json under `dir`, by scenario: its runner writes `<scenario>-<timestamp>/checks.json`. */
function readResults(dir: string, found = new Map<string, OfficialCheck[]>(), prefix = ''): Map<string, OfficialCheck[]> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    const file = join(path, 'checks.json');
    if (existsSync(file)) found.set(prefix + entry.replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, ''), JSON.parse(readFileSync(file, 'utf8')) as OfficialCheck[]);
    else readResults(path, found, `${prefix}${entry}/`);
  }
  return found;
}

/**
 * One official client scenario against `command` (its words joined by spaces: its runner splits
 * the command on spaces and appends the URL, so no word may hold one).
 */
export async function runOfficialScenario(tool: OfficialTool, command: string[], scenario: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<OfficialResult> {
  if (command.some((w) => /\s/.test(w))) throw new Error(`the official runner splits its --command on spaces: ${JSON.stringify(command)}`);
  const out = mkdtempSync(join(tmpdir(), 'mcp-conform-official-client-'));
  try {
    const t0 = performance.now();
    const r = await execa(tool.node, [tool.cli, 'client', '--command', command.join(' '), '--scenario', scenario, '--timeout', String(timeoutMs), '-o', out], {
      reject: false,
      timeout: timeoutMs + 60_000,
      cwd: out,
      env: RUNNER_ENV,
    });
    const wallMs = performance.now() - t0;
    const checks = readResults(out).get(scenario) ?? [];
    const clientExit = /Client exited with code (\d+)/.exec(String(r.stderr))?.[1];
    return { scenario, verdict: verdictOf(checks), checks, wallMs, clientExit: clientExit === undefined ? undefined : Number(clientExit) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Its own way: `client --suite all --spec-version <revision>`, one start of its CLI, every
 * scenario at once. `wallMs` is the whole run's; each result's is that too.
 */
export async function runOfficialSuite(tool: OfficialTool, command: string[], revision: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ results: OfficialResult[]; wallMs: number }> {
  if (command.some((w) => /\s/.test(w))) throw new Error(`the official runner splits its --command on spaces: ${JSON.stringify(command)}`);
  const out = mkdtempSync(join(tmpdir(), 'mcp-conform-official-suite-'));
  try {
    const t0 = performance.now();
    await execa(tool.node, [tool.cli, 'client', '--command', command.join(' '), '--suite', 'all', '--spec-version', revision, '--timeout', String(timeoutMs), '-o', out], {
      reject: false,
      timeout: timeoutMs + 120_000,
      cwd: out,
      env: RUNNER_ENV,
    });
    const wallMs = performance.now() - t0;
    const results = [...readResults(out)].map(([scenario, checks]) => ({ scenario, verdict: verdictOf(checks), checks, wallMs }));
    return { results: results.sort((a, b) => a.scenario.localeCompare(b.scenario)), wallMs };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One scenario per start of its CLI, `jobs` at a time. */
export async function runOfficialScenarios(tool: OfficialTool, command: string[], scenarios: string[], jobs = 1): Promise<OfficialResult[]> {
  const results: OfficialResult[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const i = next++;
      results[i] = await runOfficialScenario(tool, command, scenarios[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

/** The scenarios a client asking for `revision` is judged by: those tagged with it. */
export function applicableAt(scenarios: OfficialScenario[], revision: string): string[] {
  return scenarios.filter((s) => s.tags.includes(revision)).map((s) => s.name);
}
