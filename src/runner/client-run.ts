// `mcp-conform client`: one client run per scenario the selected checks need (the basic one
// always, as the others' control), each against our scenario server over stdio or HTTP, bounded
// and ended by killing the client's process group; then every check judges its scenario's record.
import { setTimeout as delay } from 'node:timers/promises';
import type { CheckResult, Report, Status } from '../checks/types.js';
import { eraOf, playedIn, SCENARIO_TABLE, SCENARIOS, servedVersion, type ScenarioName } from '../client/scenarios.js';
import { ScenarioServer } from '../client/scenario-server.js';
import { listenHttp, listenStdio, type ListenAt } from '../client/endpoints.js';
import { launchClient, type LaunchOptions } from '../client/launch.js';
import type { ClientCheck, JudgeContext } from '../client/check.js';
import { eraProbes, type ScenarioRecord } from '../client/record.js';
import { summarize } from '../report/summary.js';
import type { Revision } from '../schema/index.js';
import { TargetUnreachable } from '../transport/types.js';
import { describeExit } from '../transport/spawn-errors.js';
import { signalGroup } from '../transport/process-group.js';
import { fuzzCases, type FuzzCase } from '../client/fuzz.js';
import { fuzzFailure, fuzzReplay, shrinkFuzzFailure } from './client-fuzz.js';
import { DEFAULT_SEED } from './seed.js';
import { matchesAny } from './select.js';
import { stopReason } from './stop.js';
import { prepareAuth } from '../client/auth-setup.js';
import { authSecrets, type AuthDiscovery } from '../client/auth-record.js';
import type { AuthorizationServerFactory } from '../client/auth-server.js';
import { SecretSet } from '../auth/secrets.js';

export interface ClientRunOptions extends LaunchOptions {
  checks: readonly ClientCheck[];
  only?: readonly string[];
  skip?: readonly string[];
  requestTimeoutMs: number;
  startTimeoutMs: number;
  quietMs: number;
  listen: ListenAt;
  /** Aborted at the deadline or on SIGINT/SIGTERM (runStop): the scenario under way ends, the rest do not run. */
  signal?: AbortSignal;
  tool: { name: 'mcp-conform'; version: string };
  /** The fuzz scenario's seed (default 1) and number of generated cases (default 100). */
  seed?: number;
  fuzzRuns?: number;
  onScenario?: (name: ScenarioName, index: number, total: number) => void;
  /** The OAuth scenarios' authorization server (default ours, src/client/auth-server.ts); tests put oidc-provider there. */
  authorizationServer?: AuthorizationServerFactory;
}

const POLL_MS = 20;
/** After the client exits, its last bytes may still be on their way to us. */
const DRAIN_MS = 100;
/** How long a killed client's process group may take to vanish before the next scenario starts anyway. */
const GROUP_GONE_MS = 1000;

async function groupGone(pgid: number, boundMs: number): Promise<void> {
  for (const end = performance.now() + boundMs; signalGroup(pgid, 0) && performance.now() < end; ) await delay(5);
}

const DEFAULT_FUZZ_RUNS = 100;
/** Shrinking a fuzz failure, each try a fresh client: at least this long, or 10 request timeouts. */
const SHRINK_BUDGET_MS = 30_000;

/** Stdin-close and SIGTERM graces for a client whose scenario the run's stop cut short. */
const STOPPED_GRACE_MS = 100;

interface ScenarioRun {
  record: ScenarioRecord;
  revision?: Revision;
  /** The run stopped (deadline, SIGINT) while the scenario was under way: its record is partial. */
  cutShort: boolean;
  ms: number;
}

/** A check that applies to another run's --protocol-version than this one's (it is skipped, and its scenario not run for it). */
const otherRun = (check: ClientCheck, options: ClientRunOptions): boolean => check.runRevisions !== undefined && !check.runRevisions.includes(options.protocolVersion as Revision);
/** The OAuth discovery our scenarios play: 2025-03-26's (no protected-resource metadata) when the run asks for that revision. */
const discoveryOf = (options: ClientRunOptions): AuthDiscovery => (options.protocolVersion === '2025-03-26' ? 'server-origin' : 'protected-resource');

export function selectClientChecks(checks: readonly ClientCheck[], opts: { only?: readonly string[]; skip?: readonly string[] }): ClientCheck[] {
  return checks.filter((c) => (!opts.only?.length || matchesAny(c.id, opts.only)) && !(opts.skip?.length && matchesAny(c.id, opts.skip)));
}

export async function runClient(options: ClientRunOptions): Promise<Report> {
  const startedAt = new Date();
  const begin = performance.now();
  const selected = selectClientChecks(options.checks, options);
  const wanted = new Set<ScenarioName>(['basic', ...selected.filter((c) => !otherRun(c, options)).map((c) => c.scenario)]);
  const era = eraOf(options.protocolVersion);
  const scenarios = SCENARIOS.filter((s) => wanted.has(s) && playedIn(SCENARIO_TABLE[s], era) && (SCENARIO_TABLE[s].transports ?? [options.transport]).includes(options.transport));
  const records = new Map<ScenarioName, ScenarioRun>();
  for (const [i, name] of scenarios.entries()) {
    if (options.signal?.aborted) break;
    options.onScenario?.(name, i, scenarios.length);
    const t = performance.now();
    const { record, revision, cutShort } = await runScenario(name, options);
    records.set(name, { record, revision, cutShort, ms: Math.round(performance.now() - t) });
    if (name === 'basic') assertConnected(record, options);
  }
  await shrinkFuzzFinding(records, options);
  const basic = records.get('basic');
  const stopped = stopReason(options.signal);
  const checks = selected.map((check) => judgeCheck(check, records, options, stopped));
  // Tokens, codes and client secrets of the OAuth scenarios appear in reports only as fingerprints.
  const secrets = new SecretSet([...records.values()].flatMap((r) => authSecrets(r.record)));
  return secrets.scrub({
    tool: options.tool,
    target: { transport: options.transport, command: [...options.command], role: 'client' },
    protocolVersion: basic?.revision ?? (era === 'modern' ? options.protocolVersion : servedVersion(basic?.record.requested)),
    seed: seedOf(options),
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - begin),
    summary: summarize(checks),
    checks,
    ...(basic?.record.stderrTail.length ? { stderrTail: [...basic.record.stderrTail] } : {}),
    ...(stopped ? { stopped } : {}),
  } satisfies Report);
}

/** A client that never reached our server is not tested: exit 4 with what it said. */
function assertConnected(record: ScenarioRecord, options: ClientRunOptions): void {
  if (record.events.some((e) => e.dir === 'in') || options.signal?.aborted) return;
  const end = record.ends.find((e) => e.how === 'exit' && !e.byUs);
  const how = end ? `it exited (${describeExit({ code: end.code ?? null, signal: end.signal ?? null })})` : `nothing came within ${options.startTimeoutMs} ms`;
  const said = record.stderrTail.length ? `; its stderr ends: ${record.stderrTail.slice(-2).join(' | ').slice(0, 300)}` : '';
  const hint = options.transport === 'http' ? 'it is given our URL as its last argument' : 'it must start the server command of MCP_CONFORM_SERVER_COMMAND, or take {server} in its arguments';
  throw new TargetUnreachable(`the client never reached our ${options.transport} server: ${how}${said} (${hint})`);
}

const seedOf = (options: ClientRunOptions): number => options.seed ?? DEFAULT_SEED;
const FUZZ_CHECK = 'client-robustness/fuzz';

/**
 * A crash or hang the fuzz search found: confirmed on a fresh client with the case alone and
 * shrunk, within a time budget and the run's stop; the record carries the finding for the check.
 */
async function shrinkFuzzFinding(records: Map<ScenarioName, ScenarioRun>, options: ClientRunOptions): Promise<void> {
  const run = records.get('fuzz');
  if (!run || run.cutShort || run.record.fuzzStoppedAt === undefined) return;
  const failure = fuzzFailure(run.record, records.get('basic')?.record);
  if (!failure) return;
  const seed = seedOf(options);
  const runs = options.fuzzRuns ?? DEFAULT_FUZZ_RUNS;
  const index = run.record.fuzzStoppedAt;
  const found = { index, case: fuzzCases(seed, index + 1)[index], failure };
  const replay = fuzzReplay({ transport: options.transport, command: options.command, seed, index, timeoutMs: options.requestTimeoutMs, checkId: FUZZ_CHECK });
  if (failure.kind === 'left') {
    run.record.fuzzFinding = { index, original: found.case, failure, shrinks: 0, interrupted: false, replay, stderrTail: run.record.stderrTail };
    return;
  }
  run.record.fuzzFinding = await shrinkFuzzFailure({
    seed,
    runs,
    found,
    control: records.get('basic')?.record,
    runCases: async (cases) => (await runScenario('fuzz', options, cases)).record,
    budgetMs: Math.max(SHRINK_BUDGET_MS, 10 * options.requestTimeoutMs),
    signal: options.signal,
    replay,
  });
}

async function runScenario(name: ScenarioName, options: ClientRunOptions, cases?: readonly FuzzCase[]): Promise<Omit<ScenarioRun, 'ms'>> {
  const fuzz = name === 'fuzz' ? (cases ?? fuzzCases(seedOf(options), options.fuzzRuns ?? DEFAULT_FUZZ_RUNS)) : undefined;
  const server = new ScenarioServer(name, { transport: options.transport, requestTimeoutMs: options.requestTimeoutMs, serverInfo: { name: 'mcp-conform', version: options.tool.version }, fuzzCases: fuzz, era: eraOf(options.protocolVersion) });
  const mode = SCENARIO_TABLE[name].auth;
  const auth = mode ? prepareAuth(mode, server, discoveryOf(options)) : undefined;
  const endpoint = options.transport === 'http' ? await listenHttp(server, options.listen, auth?.gate) : await listenStdio(server, options.listen);
  let cutShort = false;
  try {
    await auth?.start(endpoint.address, options.listen.host, options.authorizationServer);
    const client = await launchClient(options, server, endpoint.address);
    try {
      cutShort = (await scenarioEnd(server, () => client.process.exitInfo !== undefined, options, fuzz?.length)) === 'stopped';
    } finally {
      server.stopping = true;
      // A stopped run judges no exit, and must hand over its report within the wind-down bound.
      await (cutShort ? client.process.stop(STOPPED_GRACE_MS, STOPPED_GRACE_MS) : client.process.stop(200, 1000));
      // The group was sent SIGKILL; the next scenario starts once its processes are gone.
      await groupGone(client.process.pid, cutShort ? STOPPED_GRACE_MS : GROUP_GONE_MS);
    }
  } finally {
    await endpoint.close();
    await auth?.close();
  }
  return { record: server.record, revision: server.revision, cutShort };
}

/**
 * Waits until the scenario is over: the client exited; or it went quiet with nothing of ours
 * outstanding (--quiet-ms once our script ran, --timeout before: time for its first request); or
 * it sent nothing within --start-timeout; or the overall bound passed; or the run stopped.
 */
async function scenarioEnd(server: ScenarioServer, exited: () => boolean, options: ClientRunOptions, fuzzCaseCount = 0): Promise<'stopped' | 'over'> {
  // Each fuzz case is followed by a ping the client has --timeout to answer.
  const bound = options.startTimeoutMs + options.requestTimeoutMs * (6 + fuzzCaseCount) + options.quietMs;
  for (;;) {
    if (options.signal?.aborted) return 'stopped';
    if (exited()) {
      await delay(DRAIN_MS);
      return 'over';
    }
    const t = server.now();
    // An era probe (server/discover before initialize) is no start of the session: the client
    // still has --start-timeout to come back with it (a dual-era client starts a new server first).
    const probes = new Set(eraProbes(server.record));
    const heard = server.record.events.some((e) => e.dir === 'in' && !probes.has(e));
    if (!heard && t > options.startTimeoutMs) return 'over';
    if (heard && server.settled && t - server.lastActivity >= idleLimit(server.record, server.scriptFinished, options)) return 'over';
    if (t > bound) {
      server.record.boundHit = true;
      return 'over';
    }
    await delay(POLL_MS);
  }
}

/**
 * How long a settled scenario waits for the client's next message: the quiet period once our
 * script ran, else a request timeout; after we ended its session (404) and before it started a new
 * one, the start bound: a new initialize is a client starting again, and a busy machine slows that.
 */
function idleLimit(record: ScenarioRecord, scriptFinished: boolean, options: ClientRunOptions): number {
  if (scriptFinished) return options.quietMs;
  const expired = record.expiredAt;
  const restarted = expired !== undefined && record.events.some((e) => e.dir === 'in' && e.at > expired && (e.message as { method?: unknown } | undefined)?.method === 'initialize');
  return expired !== undefined && !restarted ? Math.max(options.requestTimeoutMs, options.startTimeoutMs) : options.requestTimeoutMs;
}

/** A check of the other era than the run's: why it does not apply. */
function wrongEra(check: ClientCheck, protocolVersion: string): string | undefined {
  const modernCheck = check.revisions.includes('2026-07-28');
  if (eraOf(protocolVersion) === 'modern') return modernCheck ? undefined : 'applies to the initialize-based revisions (2024-11-05 … 2025-11-25); this run served 2026-07-28';
  return modernCheck ? 'applies to 2026-07-28 clients: run with --protocol-version 2026-07-28' : undefined;
}

function judgeCheck(check: ClientCheck, records: Map<ScenarioName, ScenarioRun>, options: ClientRunOptions, stopped: string): CheckResult {
  const base = { id: check.id, title: check.title, level: check.level, requirements: [...check.requirements], evidence: [] as CheckResult['evidence'] };
  const basic = records.get('basic');
  const revision = basic?.revision;
  // A check of one run revision's server (2025-03-26's OAuth discovery) cites that revision's page;
  // a 2026-07-28 check that revision's pages, whatever the client spoke.
  const pageRevision = check.runRevisions?.length === 1 ? check.runRevisions[0] : check.revisions.includes('2026-07-28') ? '2026-07-28' : (revision ?? '2025-11-25');
  const spec = `https://modelcontextprotocol.io/specification/${pageRevision}/${check.spec}`;
  const skip = (message: string): CheckResult => ({ ...base, spec, status: 'skip' as Status, message, durationMs: 0 });
  const run = records.get(check.scenario);
  if (check.transports && !check.transports.includes(options.transport)) return skip(`applies to ${check.transports.join('/')} clients only; this one was tested over ${options.transport}`);
  const eraSkip = wrongEra(check, options.protocolVersion);
  if (eraSkip) return skip(eraSkip);
  if (otherRun(check, options)) return skip(`applies to runs with --protocol-version ${check.runRevisions!.join(', ')}, whose server we then play; this run played ${options.protocolVersion}`);
  if (!run) return skip(`not run: ${stopped || 'the run stopped'}`);
  if (revision && !check.revisions.includes(revision)) return skip(`applies to ${check.revisions.join(', ')}; the client negotiated ${revision}`);
  // What a scenario cut short recorded is no evidence either way (a pass on nothing is no pass).
  if (run.cutShort) return skip(`not finished: ${stopped || 'the run stopped'}`);
  const ctx: JudgeContext = { revision: run.revision, control: basic?.record, requestTimeoutMs: options.requestTimeoutMs };
  const verdict = check.judge(run.record, ctx);
  return { ...base, spec, status: verdict.status, ...(verdict.message ? { message: verdict.message } : {}), evidence: verdict.evidence ?? [], durationMs: run.ms };
}
