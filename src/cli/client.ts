// `mcp-conform client`: test an MCP client. We serve the scenarios (src/client), start the client
// once per scenario (src/runner/client-run.ts) and report as `run` does. Also
// `mcp-conform client-stdio-server`, the server command a stdio client is given.
import type { Check } from '../checks/index.js';
import { isRevision, LATEST_STATEFUL, REVISIONS, type Revision } from '../schema/index.js';
import { runClient, type ClientRunOptions } from '../runner/client-run.js';
import { runStop } from '../runner/stop.js';
import { DEFAULT_SEED, randomSeed } from '../runner/seed.js';
import { parseAddress, runStdioBridge } from '../client/stdio-bridge.js';
import { SERVER_PLACEHOLDER, serverCommand } from '../client/launch.js';
import type { ClientCheck } from '../client/check.js';
import { parseCommandArgs } from './args.js';
import { readBaseline } from './baseline.js';
import { EXIT, UsageError } from './errors.js';
import { catchInterrupts, windDownBound } from './interrupt.js';
import type { CliIO } from './io.js';
import { assertPatternsMatch, finishRun } from './run.js';
import { packageVersion } from './version.js';

export const CLIENT_HELP = `Usage:
  mcp-conform client [options] -- <client command> [args...]
  mcp-conform client --print-server-command --listen <host:port>

Tests an MCP client: we serve an MCP endpoint that plays one scenario at a time (the handshake,
requests of our own, hostile messages) and start the client once per scenario. Each check is
reported as pass / fail / warn / skip / info, as "mcp-conform run" reports a server.

  HTTP (default): the client gets our URL as its last argument and, as the official
    conformance suite's client runner sets them, MCP_CONFORMANCE_SCENARIO ("initialize" unless
    --scenario-env), MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT (JSON; our
    scenario under "mcpConform"). A client it expects to connect, list tools and close will do.
  stdio (--transport stdio): the client must start our server command: an argument ${SERVER_PLACEHOLDER}
    is replaced by its words, and MCP_CONFORM_SERVER_COMMAND holds it as a JSON list. With a fixed
    --listen address, a host's config can name it: mcp-conform client-stdio-server --connect <host:port>.
  OAuth (HTTP): five scenarios make our endpoint a protected resource (401, its metadata) with an
    authorization server of ours on another origin that approves at once; a headless client
    follows the authorization URL with a GET and reads the code from the redirect. Tokens and
    codes appear in reports only as fingerprints. A client that does not authorize skips them.
    With --protocol-version 2025-03-26 they play that revision's discovery: no protected-resource
    metadata, the authorization server at our origin (its metadata, or in a sixth scenario none
    and the default /authorize, /token, /register).
  2026-07-28 (--protocol-version 2026-07-28): our server speaks only the stateless revision: no
    initialize, server/discover listing 2026-07-28, every request judged by its own _meta (and,
    over HTTP, its MCP-Protocol-Version, Mcp-Method and Mcp-Name headers), no removed method
    (ping, initialize, ...); in scenario input-required the first tools/call gets an
    InputRequiredResult and the client's retry is judged (inputResponses, requestState echoed).
    The initialize-era checks skip in such a run, the 2026-07-28 ones in any other.

Options:
  --transport <http|stdio>    how the client reaches us (default http)
  --protocol-version <rev>    the revision we ask the client to use (MCP_CONFORMANCE_PROTOCOL_VERSION,
                              default ${LATEST_STATEFUL}); we answer the revision it requests;
                              2026-07-28 makes our server a 2026-07-28-only one
  --scenario-env <name>       the MCP_CONFORMANCE_SCENARIO value (default initialize)
  --listen <host:port>        where we listen (default 127.0.0.1, a free port per scenario)
  --print-server-command      print the stdio server command for --listen and exit
  --only <glob> / --skip <glob>   select checks by id (repeatable), e.g. --only 'client-http/*'
  --strict                    SHOULD violations (warnings) fail the run too
  --baseline <file>           expected failures (JSON list of check ids), as for run
  --json <file> / --junit <file> / --html <file>   reports (default all three in --out)
  --out <dir>                 folder for the reports when none is named (default reports)
  --no-reports                write no report files unless named
  --seed <n|random>           seed of the generated hostile messages (default 1; printed in reports)
  --fuzz-runs <n>             generated hostile messages, each followed by a ping (default 100);
                              a crash or hang is confirmed on a fresh client and shrunk
  --timeout <ms>              how long the client has to answer one request of ours (default 5000)
  --start-timeout <ms>        how long the client has to send its first message (default 30000)
  --quiet-ms <ms>             idle time that ends a scenario once our script has run (default 500)
  --deadline <ms>             ceiling for the whole run (default 300000): partial report
  --env NAME=value            extra environment for the client (repeatable)
  --cwd <dir>                 working directory for the client
  -v, --verbose               show passing checks' details too
  -h, --help                  this help

Exit codes: 0 no failure, 1 a check failed (or the baseline did not hold), 2 usage error,
4 the client could not be started or never reached our server, 5 internal error.
See docs/client.md.
`;

const OPTIONS = {
  transport: { type: 'string' },
  'protocol-version': { type: 'string' },
  'scenario-env': { type: 'string' },
  listen: { type: 'string' },
  'print-server-command': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  strict: { type: 'boolean' },
  baseline: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  out: { type: 'string' },
  'no-reports': { type: 'boolean' },
  timeout: { type: 'string' },
  seed: { type: 'string' },
  'fuzz-runs': { type: 'string' },
  'start-timeout': { type: 'string' },
  'quiet-ms': { type: 'string' },
  deadline: { type: 'string' },
  env: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

function whole(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} takes a whole number${min ? ` of at least ${min}` : ''}, got "${value}"`);
  return Number(value);
}

function envPairs(list: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const i = item.indexOf('=');
    if (i <= 0) throw new UsageError(`--env takes NAME=value, got "${item}"`);
    out[item.slice(0, i)] = item.slice(i + 1);
  }
  return out;
}

function listenAt(value: string | undefined): { host: string; port: number } {
  if (value === undefined) return { host: '127.0.0.1', port: 0 };
  const address = parseAddress(value);
  if (!address) throw new UsageError(`--listen takes host:port, e.g. 127.0.0.1:7777, got "${value}"`);
  return address;
}

export async function clientCommand(argv: string[], io: CliIO, checks: readonly ClientCheck[]): Promise<number> {
  const { values: v, positionals } = parseCommandArgs({ args: argv, options: OPTIONS, allowPositionals: true }, { command: 'client' });
  if (v.help) {
    io.stdout(CLIENT_HELP);
    return EXIT.ok;
  }
  if (v['print-server-command']) {
    if (!v.listen) throw new UsageError('--print-server-command needs --listen <host:port> (a fixed address a host config can name)');
    const address = listenAt(v.listen);
    io.stdout(`${JSON.stringify(serverCommand(`${address.host}:${address.port}`))}\n`);
    return EXIT.ok;
  }
  const transport = v.transport ?? 'http';
  if (transport !== 'http' && transport !== 'stdio') throw new UsageError(`--transport must be http or stdio, got "${transport}"`);
  if (positionals.length === 0) throw new UsageError('no client given: put its command after --, e.g. mcp-conform client -- node my-client.js');
  const pv = v['protocol-version'] ?? LATEST_STATEFUL;
  if (!isRevision(pv)) throw new UsageError(`--protocol-version must be one of ${REVISIONS.join(', ')}, got "${pv}"`);
  const only = v.only ?? [];
  const skip = v.skip ?? [];
  assertPatternsMatch(checks as unknown as Check[], { only, skip }, (o) => `--${o}`, 'mcp-conform client checks are listed in docs/client.md');
  const baseline = v.baseline ? await readBaseline(v.baseline) : undefined;
  const reports = v.json || v.junit || v.html ? { json: v.json, junit: v.junit, html: v.html } : v['no-reports'] ? {} : { json: `${v.out ?? 'reports'}/client-report.json`, junit: `${v.out ?? 'reports'}/client-report.xml`, html: `${v.out ?? 'reports'}/client-report.html` };

  const interrupts = catchInterrupts();
  const stop = runStop(whole('deadline', v.deadline, 300_000, 1), interrupts.signal);
  const options: ClientRunOptions = {
    transport,
    command: positionals,
    env: envPairs(v.env),
    cwd: v.cwd,
    protocolVersion: pv as Revision,
    scenarioEnv: v['scenario-env'] ?? 'initialize',
    checks,
    only,
    skip,
    requestTimeoutMs: whole('timeout', v.timeout, 5000, 1),
    seed: v.seed === 'random' ? randomSeed() : whole('seed', v.seed, DEFAULT_SEED),
    fuzzRuns: whole('fuzz-runs', v['fuzz-runs'], 100),
    startTimeoutMs: whole('start-timeout', v['start-timeout'], 30_000, 1),
    quietMs: whole('quiet-ms', v['quiet-ms'], 500),
    listen: listenAt(v.listen),
    signal: stop.signal,
    tool: { name: 'mcp-conform', version: packageVersion() },
    onScenario: io.interactive ? (name, i, total) => io.stderr(`\r[${i + 1}/${total}] scenario ${name}        `) : undefined,
  };
  try {
    const report = await windDownBound(runClient(options), stop.signal);
    if (io.interactive) io.stderr('\r\x1b[K');
    return await finishRun(report, { reports, strict: Boolean(v.strict), verbose: Boolean(v.verbose), github: false }, baseline, io);
  } finally {
    stop.dispose();
    interrupts.dispose();
  }
}

/** `mcp-conform client-stdio-server --connect <host:port>`: the relay a stdio client runs as its server. */
export async function clientStdioServerCommand(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout('Usage: mcp-conform client-stdio-server --connect <host:port>\n\nThe MCP server command a stdio client runs under "mcp-conform client": relays its stdio to the test run at <host:port>.\n');
    return EXIT.ok;
  }
  return runStdioBridge(argv, (text) => io.stderr(text));
}
