// The command line: dispatches to a command and maps every error to one readable line
// and the contract's exit code. Kept thin: the work lives in the layers below.
import { allChecks } from '../../suites/index.js';
import { clientChecks } from '../../suites/client/index.js';
import { TargetUnreachable } from '../transport/types.js';
import { ClientCredentialsRefused } from '../auth/index.js';
import { ConfigError, EXIT, UsageError } from './errors.js';
import { processIO, type CliIO } from './io.js';
import { clientCommand, clientStdioServerCommand } from './client.js';
import { fuzzCommand } from './fuzz.js';
import { boundHeapGrowth } from './heap-policy.js';
import { endBy, interruptedBy } from './interrupt.js';
import { listCommand } from './list.js';
import { mergeCommand } from './merge.js';
import { diffCommand } from './diff.js';
import { badgeCommand } from './badge.js';
import { ReportInputError } from '../fleet/index.js';
import { proxyCommand } from './proxy.js';
import { runCommand } from './run.js';
import { validateCommand } from './validate.js';
import { packageVersion } from './version.js';

export const HELP = `mcp-conform — conformance and validation suite for MCP servers

Usage:
  mcp-conform run [options] -- <command> [args...]   test a server over stdio
  mcp-conform run [options] --url <url>              test a Streamable HTTP server
  mcp-conform run [options]                          test the targets of mcp-conform.config.json
  mcp-conform validate [options] <file.jsonl>        check a captured message log offline
  mcp-conform list [--coverage]                      the check catalog (and requirement coverage)
  mcp-conform list --plan [run options]              the run's schedule, before it runs
  mcp-conform proxy [options] -- <command> [args...] check a server live while a real client uses it
  mcp-conform proxy [options] --url <upstream>       the same, in front of a Streamable HTTP server
  mcp-conform fuzz [options] -- <command> [args...]  a long fuzz campaign (see mcp-conform fuzz --help)
  mcp-conform client [options] -- <client command>   test an MCP client (see mcp-conform client --help)
  mcp-conform merge [options] <report.json>...       one report (JSON, JUnit, HTML matrix) of many
  mcp-conform diff [options] <base.json> <head.json> what changed: new failures first
  mcp-conform badge <report.json> --out <prefix>     a MUST-checks badge (shields.io JSON + SVG)

Run "mcp-conform <command> --help" for a command's options.
Exit codes: 0 ok, 1 failures found, 2 usage error, 4 target unreachable, 5 internal error.
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        return await runCommand(rest, io, allChecks);
      case 'validate':
        return await validateCommand(rest, io);
      case 'list':
        return await listCommand(rest, io, allChecks);
      case 'fuzz':
        return await fuzzCommand(rest, io);
      case 'proxy':
        return await proxyCommand(rest, io);
      case 'client':
        return await clientCommand(rest, io, clientChecks);
      case 'client-stdio-server':
        return await clientStdioServerCommand(rest, io);
      case 'merge':
        return await mergeCommand(rest, io);
      case 'diff':
        return await diffCommand(rest, io);
      case 'badge':
        return await badgeCommand(rest, io);
      case '--version':
      case '-V':
        io.stdout(`${packageVersion()}\n`);
        return EXIT.ok;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout(HELP);
        return command === undefined ? EXIT.usage : EXIT.ok;
      default:
        throw new UsageError(`unknown command "${command}" (expected run, validate, list, proxy, fuzz, client, merge, diff or badge; see mcp-conform --help)`);
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof UsageError || err instanceof ClientCredentialsRefused || err instanceof ReportInputError) {
      io.stderr(`mcp-conform: ${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof TargetUnreachable) {
      io.stderr(`mcp-conform: ${err.message}\n`);
      return EXIT.unreachable;
    }
    io.stderr(internalError(err, Boolean(io.env.MCP_CONFORM_DEBUG)));
    return EXIT.internal;
  }
}

/** Our own bug, as one line (and its stack with MCP_CONFORM_DEBUG). */
function internalError(err: unknown, debug: boolean): string {
  return `mcp-conform: internal error: ${(err as Error)?.message ?? String(err)}\n${debug ? `${(err as Error)?.stack}\n` : ''}`;
}

/** Entry point of the bin: runs main and exits with its code once output is flushed. */
export async function cli(): Promise<void> {
  // A rejection nobody awaited is our bug: still one readable line and exit 5, never a stack
  // trace (the transports' exit hook kills the server processes on the way out). A reader that
  // closed our stdout or stderr (`| head`) ends that output only (see writerTo).
  const io = processIO();
  process.on('unhandledRejection', (err) => {
    io.stderr(internalError(err, Boolean(process.env.MCP_CONFORM_DEBUG)));
    process.exit(EXIT.internal);
  });
  const argv = process.argv.slice(2);
  if (argv[0] === 'run' || argv[0] === 'fuzz') boundHeapGrowth();
  const code = await main(argv, io);
  // SIGINT/SIGTERM stopped the run and its partial report is out: end as that signal would have.
  const signal = interruptedBy();
  if (signal) return endBy(signal);
  process.exitCode = code;
  // Transports kill their children on close; give stdout a moment to drain, then leave.
  setTimeout(() => process.exit(code), 50).unref();
}
