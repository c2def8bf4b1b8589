// Runs the suite against one target: at one revision; by default in every era the server serves
// (every-era.ts), at the newest revision of each; or (`all`) at every revision the server
// accepts — stateful ones via initialize, 2026-07-28 via server/discover — one run each.
import type { Eras, Report, RunResult } from '../checks/types.js';
import { summarize } from '../checks/summary.js';
import { mapLimited } from '../checks/index.js';
import { isStateless, LATEST_STATEFUL, REVISIONS, type Revision } from '../schema/index.js';
import { discover, initialize, openSession } from '../session/index.js';
import { runRevision, type RunOptions } from './run.js';
import { targetOf } from './check-record.js';
import { distinctCauses } from './causes.js';
import { obtainClientCredentialsTokens } from './client-credentials.js';
import { refusedForAuth } from './auth-gate.js';
import { envSecrets, SecretSet, secretsOf } from '../auth/index.js';
import { runStop, STOPPED, stopReason, unlessStopped } from './stop.js';
import { mayServeMore, probeStateful } from './every-era.js';

export interface TargetRunOptions extends Omit<RunOptions, 'protocolVersion'> {
  protocolVersion?: Revision | 'all';
  tool: Report['tool'];
}

/** Which revisions the server accepts: stateful ones it echoes at initialize, 2026-07-28 if server/discover answers. */
export async function acceptedRevisions(opts: Pick<RunOptions, 'target' | 'requestTimeoutMs' | 'startTimeoutMs'>): Promise<Revision[]> {
  return (await probeRevisions(opts)).accepted;
}

/** The accepted revisions, and whether every probe was refused with 401 (the server wants a token). */
async function probeRevisions(opts: Pick<RunOptions, 'target' | 'requestTimeoutMs' | 'startTimeoutMs'>): Promise<{ accepted: Revision[]; allRefusedForAuth: boolean }> {
  // Over HTTP a probe is a request, not a process: all five go at once.
  const outcomes = await mapLimited(REVISIONS, opts.target.transport === 'stdio' ? 1 : REVISIONS.length, (revision) => probeRevision(opts, revision));
  const accepted = REVISIONS.filter((_, i) => outcomes[i].accepted);
  const refusals = outcomes.filter((o) => o.refusedForAuth).length;
  return { accepted, allRefusedForAuth: refusals === REVISIONS.length };
}

/** One revision's probe: server/discover for a stateless one, initialize (echoed version) for the others. */
async function probeRevision(opts: Pick<RunOptions, 'target' | 'requestTimeoutMs' | 'startTimeoutMs'>, revision: Revision): Promise<{ accepted: boolean; refusedForAuth: boolean }> {
  const session = await openSession(opts.target, { revision, requestTimeoutMs: opts.requestTimeoutMs, startTimeoutMs: opts.startTimeoutMs });
  try {
    if (isStateless(revision)) {
      // A stateful server may ignore it: its silence is an answer, not worth the start bound.
      const found = await discover(session, { timeoutMs: Math.min(opts.requestTimeoutMs, 3000), silenceIsAnswer: true });
      return { accepted: found.outcome.kind === 'result' && (found.supportedVersions?.includes(revision) ?? true), refusedForAuth: refusedForAuth(found.outcome) };
    }
    const h = await initialize(session, { protocolVersion: revision, capabilities: {}, sendInitialized: false });
    return { accepted: h.negotiated === revision, refusedForAuth: refusedForAuth(h.outcome) };
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * The report with every secret of the run (tokens given or derived, client secrets) replaced by
 * its fingerprint, wherever a server or an error put it: every report format renders this.
 */
export async function runTarget(opts: TargetRunOptions): Promise<Report> {
  const secrets = opts.secrets ?? new SecretSet();
  for (const s of secretsOf(opts.auth)) secrets.add(s);
  if (opts.target.transport === 'stdio') for (const s of envSecrets(opts.target.env)) secrets.add(s);
  // The deadline counts from here, tokens and version probes included; each revision's run listens too.
  const stop = runStop(opts.deadlineMs, opts.signal);
  try {
    const obtained = await unlessStopped(obtainClientCredentialsTokens(opts.target, opts.auth, opts.requestTimeoutMs), stop.signal);
    // Stopped meanwhile: the runs below end at once, every check not run.
    const { target, auth } = obtained === STOPPED ? { target: opts.target, auth: opts.auth } : obtained;
    for (const s of secretsOf(auth)) secrets.add(s);
    return secrets.scrub(await runTargetUnscrubbed({ ...opts, target, auth, secrets, signal: stop.signal }));
  } catch (err) {
    // Error lines too (an unreachable URL may carry a token the user put in its query).
    if (err instanceof Error) err.message = secrets.scrubText(err.message);
    throw err;
  } finally {
    stop.dispose();
  }
}

async function runTargetUnscrubbed(opts: TargetRunOptions): Promise<Report> {
  const { tool, protocolVersion, ...rest } = opts;
  if (protocolVersion === 'all') return runMatrix(tool, rest);
  if (protocolVersion === undefined) return runEveryEra(tool, rest);
  const run = await runRevision({ ...rest, protocolVersion });
  return { tool, ...run };
}

type Rest = Omit<TargetRunOptions, 'tool' | 'protocolVersion'>;

/** `all`: one run per revision the server accepts. */
async function runMatrix(tool: Report['tool'], rest: Rest): Promise<Report> {
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const probing = await unlessStopped(probeRevisions(rest), rest.signal);
  const probed = probing === STOPPED ? undefined : probing;
  // Over HTTP the runs share no process and nothing on the server but its sessions: side by side.
  const runs: RunResult[] = await mapLimited(probed?.accepted ?? [], rest.target.transport === 'stdio' ? 1 : REVISIONS.length, (revision) => runRevision({ ...rest, protocolVersion: revision }));
  // A server that answers 401 to every revision accepts none without a token: one run (at the
  // revision the main session detects) reports the auth checks, and every other check skips with that reason.
  // One that accepts none at all gets that run too: its failures (or, for a URL that is no MCP
  // server, the one line saying so) instead of an empty report that passes. Stopped while
  // probing: one run too, which ends at once with every check not run.
  if (!probed || probed.allRefusedForAuth || probed.accepted.length === 0) runs.push(await runRevision(rest));
  const eras = probed ? { stateless: probed.accepted.some(isStateless), stateful: probed.accepted.some((r) => !isStateless(r)) } : undefined;
  return combined(tool, rest, runs, { startedAt, t0, protocolVersion: runs.map((r) => r.protocolVersion).join(','), eras });
}

/**
 * No revision asked for: the era detection finds, then, when that was 2026-07-28, the stateful
 * era too if initialize is served (every-era.ts). Two eras: one report with both under `runs`,
 * the newest first and at the top, as CONTRACT.md says.
 */
async function runEveryEra(tool: Report['tool'], rest: Rest): Promise<Report> {
  const t0 = performance.now();
  const detected = await runRevision(rest);
  if (!mayServeMore(detected, rest)) return { tool, ...detected };
  const probing = await unlessStopped(probeStateful(rest, detected), rest.signal);
  // One run still, its duration the probe's too.
  const durationMs = Math.round(performance.now() - t0);
  if (probing === STOPPED) return { tool, ...detected, durationMs, stopped: stopReason(rest.signal) };
  if (!probing.served) return { tool, ...detected, durationMs, eras: { ...detected.eras!, stateful: false, initializeProbe: probing.why } };
  // Asked for as detection asks a stateful server: the newest, whatever the server agrees to.
  const stateful = await runRevision({ ...rest, protocolVersion: LATEST_STATEFUL });
  const eras = { ...detected.eras!, stateful: true };
  return combined(tool, rest, [detected, stateful], { startedAt: detected.startedAt, t0, protocolVersion: detected.protocolVersion, eras });
}

/** Several runs as one report: totals over all, each run under `runs`. */
function combined(tool: Report['tool'], rest: Rest, runs: RunResult[], top: { startedAt: string; t0: number; protocolVersion: string; eras?: Eras }): Report {
  const checks = runs.flatMap((r) => r.checks);
  return {
    tool,
    target: runs[0]?.target ?? targetOf(rest.target),
    protocolVersion: top.protocolVersion,
    seed: rest.seed,
    startedAt: top.startedAt,
    durationMs: Math.round(performance.now() - top.t0),
    summary: { ...summarize(checks), causes: distinctCauses(checks) },
    checks: [],
    ...(top.eras ? { eras: top.eras } : {}),
    runs,
    ...(rest.signal?.aborted ? { stopped: stopReason(rest.signal) } : {}),
  };
}
