// Starting the client under test for one scenario: its command (the URL appended over HTTP, our
// server command substituted over stdio), the environment of the official conformance suite's
// client runner, and its process group (src/transport), killed when the scenario ends.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../schema/package-root.js';
import { ServerProcess } from '../transport/server-process.js';
import type { ClientTransport } from './record.js';
import type { ScenarioServer } from './scenario-server.js';
import { SCENARIO_TABLE, type ScenarioName } from './scenarios.js';

/** An argument of the client command that stands for our server command's words (stdio). */
export const SERVER_PLACEHOLDER = '{server}';

/** The command a stdio client runs as its server: our relay, connecting back to `address`. */
export function serverCommand(address: string): string[] {
  const root = packageRoot();
  const relay = join(root, 'dist', 'src', 'client', 'stdio-bridge-main.js');
  if (existsSync(relay)) return [process.execPath, relay, '--connect', address];
  return [process.execPath, join(root, 'dist', 'cli.js'), 'client-stdio-server', '--connect', address];
}

export interface LaunchOptions {
  transport: ClientTransport;
  command: readonly string[];
  env: Record<string, string>;
  cwd?: string;
  /** What MCP_CONFORMANCE_SCENARIO names (a scenario the official suite's clients know). */
  scenarioEnv: string;
  protocolVersion: string;
}

export interface LaunchedClient {
  process: ServerProcess;
  command: string[];
}

/** The command line and environment for one scenario, as the official client runner builds them (plus ours). */
export function clientInvocation(options: LaunchOptions, scenario: string, address: string): { command: string[]; env: Record<string, string> } {
  const hint = SCENARIO_TABLE[scenario as ScenarioName]?.contextHint ?? {};
  const context = JSON.stringify({ name: options.scenarioEnv, mcpConform: { scenario, transport: options.transport, ...hint } });
  const env: Record<string, string> = {
    ...options.env,
    MCP_CONFORMANCE_SCENARIO: options.scenarioEnv,
    MCP_CONFORMANCE_PROTOCOL_VERSION: options.protocolVersion,
    MCP_CONFORMANCE_CONTEXT: context,
  };
  if (options.transport === 'http') return { command: [...options.command, address], env };
  const server = serverCommand(address);
  env.MCP_CONFORM_SERVER_COMMAND = JSON.stringify(server);
  return { command: options.command.flatMap((arg) => (arg === SERVER_PLACEHOLDER ? server : [arg])), env };
}

/** Spawns the client in a process group of its own; its stderr tail and exit go to the scenario's record. */
export async function launchClient(options: LaunchOptions, scenario: ScenarioServer, address: string): Promise<LaunchedClient> {
  const { command, env } = clientInvocation(options, scenario.record.scenario, address);
  const tail = scenario.record.stderrTail;
  const proc = await ServerProcess.spawn(
    { command, env, cwd: options.cwd },
    {
      stdoutLine: () => undefined,
      stdoutTooLarge: () => undefined,
      stderrLine: (text) => {
        tail.push(text);
        if (tail.length > 20) tail.shift();
      },
      note: (text) => scenario.record.notes.push(text),
      exit: (code, signal) => scenario.clientEnded('exit', code, signal),
    },
  );
  return { process: proc, command };
}
