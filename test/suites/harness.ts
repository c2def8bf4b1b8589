// Runs checks in-process against our fixture server (optionally with one fault injected).
import type { Check } from '../../src/checks/index.js';
import type { Report } from '../../src/checks/types.js';
import { runTarget } from '../../src/runner/index.js';
import type { Revision } from '../../src/schema/index.js';
import type { TargetSpec } from '../../src/session/index.js';
import { allChecks } from '../../suites/index.js';
import { fixtureCommand, startHttpFixture } from '../fixtures/launch.js';
import { AUTH_ARGS, AUTH_TOKENS } from '../fixtures/harness/auth-probes.js';
import { withBearer, type AuthOptions } from '../../src/auth/index.js';

/** What a user of the fixture's auth mode gives the run: all three tokens. */
export const FIXTURE_AUTH: AuthOptions = { tokenSource: 'flag', token: AUTH_TOKENS.token, lowScopeToken: AUTH_TOKENS.lowScope, wrongAudienceToken: AUTH_TOKENS.wrongAudience };

export interface FixtureRun {
  fault?: string;
  only?: string[];
  skip?: string[];
  protocolVersion?: Revision | 'all';
  checks?: readonly Check[];
  target?: TargetSpec;
  /** The slow tool for the progress and cancellation checks (default: the fixture's 'slow' when `target` is the fixture; false: none). */
  slowTool?: string | false;
  /** Tools the checks may call besides read-only ones (default none). */
  callTools?: 'all' | string[];
  /** Call every tool we may call, not the seeded sample a big catalog gets (--all-tools). */
  allTools?: boolean;
  /** The fixture's protocol era (default: stateful only). */
  era?: 'stateless' | 'dual';
  /**
   * HTTP: the fixture's auth mode with these tokens, given to the run as well (the valid one as
   * its Authorization header); 'jwt': its JWT mode against a test authorization server, the run
   * given that server's client credentials.
   */
  auth?: boolean | 'no-token' | 'jwt';
  /** Per-request timeout (default 10 s, generous for a busy machine) and the start bound (default the run's). */
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  /** How long a check watches for what must not come (default 300 ms). */
  quietMs?: number;
}

const eraArgs = (era: FixtureRun['era']) => (era ? ['--era', era] : []);

export async function runAgainstFixture(opts: FixtureRun & { authOptions?: AuthOptions } = {}): Promise<Report> {
  const plain: TargetSpec = opts.target ?? { transport: 'stdio', command: fixtureCommand({ fault: opts.fault, args: eraArgs(opts.era) }) };
  const token = opts.authOptions?.token;
  const target: TargetSpec = token && plain.transport === 'http' ? { ...plain, headers: withBearer(plain.headers, token) } : plain;
  return runTarget({
    target,
    auth: opts.authOptions,
    checks: opts.checks ?? allChecks,
    protocolVersion: opts.protocolVersion,
    only: opts.only,
    skip: opts.skip,
    seed: 1,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    ...(opts.startTimeoutMs !== undefined ? { startTimeoutMs: opts.startTimeoutMs } : {}),
    quietMs: opts.quietMs ?? 300,
    deadlineMs: 120_000,
    callTools: opts.callTools ?? [],
    allTools: opts.allTools,
    slowTool: opts.slowTool === false ? undefined : (opts.slowTool ?? (opts.target ? undefined : 'slow')),
    tool: { name: 'mcp-conform', version: 'test' },
  });
}

/** Like runAgainstFixture, over Streamable HTTP: starts the fixture (JSON replies, or SSE with `sse`) and stops it after. */
export async function runAgainstHttpFixture(opts: Omit<FixtureRun, 'target'> & { sse?: boolean; fixtureArgs?: string[] } = {}): Promise<Report> {
  // Loaded only when needed: oidc-provider warns on Node 20 as it loads, in every file that imports it.
  const support = opts.auth === 'jwt' ? await import('../support/authorization-server.js') : undefined;
  const as = support ? await support.startAuthorizationServer() : undefined;
  const authArgs = as && support ? support.fixtureJwtArgs(as) : opts.auth ? AUTH_ARGS : [];
  try {
    const server = await startHttpFixture({ fault: opts.fault, sse: opts.sse, args: [...eraArgs(opts.era), ...authArgs, ...(opts.fixtureArgs ?? [])] });
    const authOptions: AuthOptions | undefined = as ? { tokenSource: 'none', clientId: as.client.id, clientSecret: as.client.secret } : opts.auth === true ? FIXTURE_AUTH : undefined;
    try {
      return await runAgainstFixture({ slowTool: 'slow', ...opts, target: { transport: 'http', url: server.url }, ...(authOptions ? { authOptions } : {}) });
    } finally {
      await server.close();
    }
  } finally {
    await as?.close();
  }
}

/** Like runAgainstFixture, over the legacy HTTP+SSE transport of 2024-11-05. */
export async function runAgainstLegacySseFixture(opts: Omit<FixtureRun, 'target' | 'protocolVersion'> = {}): Promise<Report> {
  const server = await startHttpFixture({ fault: opts.fault, legacySse: true });
  try {
    return await runAgainstFixture({ slowTool: 'slow', ...opts, protocolVersion: '2024-11-05', target: { transport: 'sse', url: server.url } });
  } finally {
    await server.close();
  }
}

export function statusOf(report: Report, id: string): string | undefined {
  return (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === id)?.status;
}

/** ids with a given status, for readable assertions. */
export function idsWith(report: Report, ...statuses: string[]): string[] {
  return (report.runs ?? [report]).flatMap((r) => r.checks).filter((c) => statuses.includes(c.status)).map((c) => c.id).sort();
}
