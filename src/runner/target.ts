// Runs the suite against one target: at one revision, or (`all`) at every stateful
// revision the server accepts, one run each.
import type { Report, RunResult } from '../checks/types.js';
import { summarize } from '../checks/summary.js';
import { REVISIONS, type Revision } from '../schema/index.js';
import { initialize, openSession } from '../session/index.js';
import { runRevision, type RunOptions } from './run.js';

export interface TargetRunOptions extends Omit<RunOptions, 'protocolVersion'> {
  protocolVersion?: Revision | 'all';
  tool: Report['tool'];
}

/** Which stateful revisions the server accepts as requested (it echoes them). */
export async function acceptedRevisions(opts: Pick<RunOptions, 'target' | 'requestTimeoutMs'>): Promise<Revision[]> {
  const accepted: Revision[] = [];
  for (const revision of REVISIONS.filter((r) => r !== '2026-07-28')) {
    const session = await openSession(opts.target, { revision, requestTimeoutMs: opts.requestTimeoutMs });
    try {
      const h = await initialize(session, { protocolVersion: revision, capabilities: {}, sendInitialized: false });
      if (h.negotiated === revision) accepted.push(revision);
    } finally {
      await session.close().catch(() => undefined);
    }
  }
  return accepted;
}

export async function runTarget(opts: TargetRunOptions): Promise<Report> {
  const { tool, protocolVersion, ...rest } = opts;
  if (protocolVersion !== 'all') {
    const run = await runRevision({ ...rest, protocolVersion });
    return { tool, ...run };
  }
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const revisions = await acceptedRevisions(rest);
  const runs: RunResult[] = [];
  for (const revision of revisions) runs.push(await runRevision({ ...rest, protocolVersion: revision }));
  const checks = runs.flatMap((r) => r.checks);
  return {
    tool,
    target: runs[0]?.target ?? (rest.target.transport === 'stdio' ? { transport: 'stdio', command: rest.target.command } : { transport: 'http', url: rest.target.url }),
    protocolVersion: revisions.join(','),
    seed: rest.seed,
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    summary: summarize(checks),
    checks: [],
    runs,
  };
}
