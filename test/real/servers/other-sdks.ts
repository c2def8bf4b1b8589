// Published MCP servers built on the SDKs of other languages, from their npm packages (prebuilt
// linux-x64 binaries, no Node inside). Chosen because they start offline, without credentials,
// and have read-only tools that answer without a backend:
//
//   go-sdk   mcp-prometheus-linux-amd64 2.1.1       (github.com/modelcontextprotocol/go-sdk v1.2.0)
//   mcp-go   mcp-time-linux-x64 0.4.0               (github.com/mark3labs/mcp-go v0.33.0)
//   rmcp     @temporal-cortex/cortex-mcp-linux-x64 0.9.1  (rmcp 1.1.1)
//   C#       @microsoft/fabric-mcp-linux-x64 1.4.0  (ModelContextProtocol 2.1.0)
//
// Tests talk only to 127.0.0.1, and some of these servers' tools would reach for a backend (a
// Prometheus URL, a calendar provider, Azure's metadata address). So over stdio each runs in a
// network namespace of its own (`unshare -n`): nothing it does can leave the process, and a tool
// that wanted the network fails fast instead. Where namespaces are not allowed the tests skip.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startListeningProcess, freePort, type RunningServer } from '../servers.js';

const modules = join(ROOT, 'node_modules');

/** Can this machine give a process a network namespace of its own (root, or user namespaces)? */
export const NETWORK_SANDBOX = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;

/** The command run with no network at all (not even loopback: these servers need none over stdio). */
function withoutNetwork(command: string[]): string[] {
  return ['unshare', '-n', ...command];
}

/** go-sdk: a Prometheus server pointed at a dead loopback port (it exits without --url). */
export function goSdkPrometheusCommand(): string[] {
  return withoutNetwork([join(modules, 'mcp-prometheus-linux-amd64', 'bin', 'mcp-prometheus-linux-amd64'), '--url', 'http://127.0.0.1:9']);
}

const MCP_TIME = join(modules, 'mcp-time-linux-x64', 'bin', 'mcp-time');

/** mcp-go: a time utility server, entirely local. */
export function mcpGoTimeCommand(): string[] {
  return withoutNetwork([MCP_TIME]);
}

/** mcp-go over Streamable HTTP, on the loopback address it is told. */
export async function startMcpGoTimeHttp(): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  return startListeningProcess([MCP_TIME, '--transport', 'stream', '--address', url], port, '/mcp');
}

/** rmcp: a calendar server in its local mode (no provider configured); it keeps a consent file under HOME. */
export function rmcpCortexCommand(): string[] {
  return withoutNetwork([join(modules, '@temporal-cortex', 'cortex-mcp-linux-x64', 'bin', 'cortex-mcp')]);
}

export function rmcpCortexEnv(home: string): Record<string, string> {
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
}

/**
 * C#: Microsoft's Fabric server in its `all` mode (the default mode lists no tools). .NET unpacks
 * native libraries under HOME and telemetry under TMPDIR: both go to the test's temp dir, and
 * telemetry is off.
 */
export function csharpFabricCommand(home: string): { command: string[]; env: Record<string, string> } {
  return {
    command: withoutNetwork([join(modules, '@microsoft', 'fabric-mcp-linux-x64', 'dist', 'fabmcp'), 'server', 'start', '--mode', 'all']),
    env: {
      HOME: home,
      TMPDIR: home,
      DOTNET_CLI_TELEMETRY_OPTOUT: '1',
      AZURE_MCP_COLLECT_TELEMETRY: 'false',
      AZURE_MCP_COLLECT_TELEMETRY_MICROSOFT: 'false',
    },
  };
}
