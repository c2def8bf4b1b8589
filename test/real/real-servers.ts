// The real servers the integration tests run the whole suite against: reference servers from
// npm (stdio) and our small servers on third-party frameworks (stdio and Streamable HTTP).
// Tests and print-expected.ts start them through here, so both see the same targets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TargetSpec } from '../../src/session/index.js';
import type { AuthOptions } from '../../src/auth/index.js';
import { startAuthorizationServer } from '../support/authorization-server.js';
import { ROOT, startHttpServer } from './servers.js';
import { destructiveCall, destructiveMarkerEnv, sdkV2Command, type SdkV2Posture } from './servers/sdk-v2/launch.js';
import { tmcp2026Command } from './servers/tmcp-2026-launch.js';
import { csharpFabricCommand, goSdkPrometheusCommand, mcpGoTimeCommand, rmcpCortexEnv, rmcpCortexCommand, startMcpGoTimeHttp } from './servers/other-sdks.js';

export const REAL_SERVERS = [
  'everything/stdio',
  'everything/http',
  'filesystem',
  'memory',
  'sequential-thinking',
  'tmcp/stdio',
  'tmcp/http',
  'mcp-lite/stdio',
  'mcp-lite/http',
  'fastmcp/stdio',
  'fastmcp/http',
  'tmcp-2026/stdio',
  'tmcp-2026/http',
  'sdk-v2/stdio',
  'sdk-v2/http',
  'sdk-v2-modern/stdio',
  'sdk-v2-modern/http',
  'sdk-v2-2025/stdio',
  'sdk-v2-2025/http',
  'sdk-v1-auth/http',
  'sdk-v2-auth/http',
  'fastmcp-auth/http',
  'go-sdk/stdio',
  'mcp-go/stdio',
  'mcp-go/http',
  'rmcp/stdio',
  'csharp/stdio',
] as const;
export type RealServer = (typeof REAL_SERVERS)[number];

/** Our servers that carry a destructiveHint tool the suite must never call (StartedTarget.destructiveCall). */
export const hasDestructiveTool = (name: RealServer): boolean => name.startsWith('sdk-v2');

export interface StartedTarget {
  target: TargetSpec;
  /** Protected servers: the client credentials of the test authorization server they trust. */
  auth?: AuthOptions;
  /** Ends the server (HTTP: its whole process group) and removes its temp dir. */
  stop(): Promise<void>;
  /** Servers with a destructiveHint tool: what it recorded if it was ever called (it must not be). */
  destructiveCall?(): string | undefined;
}

const pkg = (name: string) => join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
const ours = (framework: string) => join(ROOT, 'test', 'real', 'servers', framework, 'server.mjs');

function tempDir(prefix: string): { dir: string; remove: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-conform-${prefix}-`));
  return { dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

function stdio(command: string[], env?: Record<string, string>, remove = async () => {}): StartedTarget {
  return { target: { transport: 'stdio', command, ...(env ? { env } : {}) }, stop: remove };
}

/** Starts (HTTP) or prepares (stdio: the suite spawns it per session) one real server. */
export async function startRealServer(name: RealServer): Promise<StartedTarget> {
  switch (name) {
    case 'filesystem': {
      // The only directory it may touch; the suite calls read-only tools only.
      const tmp = tempDir('fs');
      return stdio(['node', pkg('server-filesystem'), tmp.dir], undefined, tmp.remove);
    }
    case 'memory': {
      const tmp = tempDir('memory');
      return stdio(['node', pkg('server-memory')], { MEMORY_FILE_PATH: join(tmp.dir, 'memory.jsonl') }, tmp.remove);
    }
    case 'sequential-thinking':
      return stdio(['node', pkg('server-sequential-thinking')]);
    case 'everything/stdio':
      return stdio(['node', pkg('server-everything'), 'stdio']);
    case 'everything/http': {
      // It listens on every interface; servers.ts preloads loopback.cjs to keep it on 127.0.0.1.
      const server = await startHttpServer([pkg('server-everything'), 'streamableHttp']);
      return { target: { transport: 'http', url: server.url }, stop: () => server.stop() };
    }
    case 'tmcp/stdio':
    case 'mcp-lite/stdio':
    case 'fastmcp/stdio':
      return stdio(['node', ours(name.split('/')[0]!), 'stdio']);
    case 'tmcp/http':
    case 'mcp-lite/http':
    case 'fastmcp/http': {
      const server = await startHttpServer([ours(name.split('/')[0]!), 'http']);
      return { target: { transport: 'http', url: server.url }, stop: () => server.stop() };
    }
    // A 2026-07-28 server on tmcp (dual-era): detection picks the stateless revision.
    case 'tmcp-2026/stdio':
      return stdio(tmcp2026Command('stdio'));
    case 'tmcp-2026/http': {
      const server = await startHttpServer(tmcp2026Command('http').slice(1));
      return { target: { transport: 'http', url: server.url }, stop: () => server.stop() };
    }
    // Official SDK v2: the default posture is dual-era (sdk-v2-2025 runs its initialize side),
    // legacy: 'reject' is 2026-07-28 only.
    case 'sdk-v2/stdio':
    case 'sdk-v2-2025/stdio':
    case 'sdk-v2-modern/stdio':
    case 'sdk-v2/http':
    case 'sdk-v2-2025/http':
    case 'sdk-v2-modern/http':
      return startSdkV2(name.endsWith('/http') ? 'http' : 'stdio', name.startsWith('sdk-v2-modern/') ? 'modern' : 'dual');
    // Protected servers: each trusts a test authorization server of its own (oidc-provider).
    case 'sdk-v1-auth/http':
      return startProtected([join(ROOT, 'test', 'real', 'servers', 'sdk-v1-auth', 'server.mjs')]);
    case 'sdk-v2-auth/http': {
      // The SDK v2 surface has a destructiveHint tool: the marker tells if it was ever called.
      const tmp = tempDir('sdk-v2-auth');
      const env = destructiveMarkerEnv(tmp.dir);
      const started = await startProtected([join(ROOT, 'test', 'real', 'servers', 'sdk-v2', 'auth-server.mjs')], env);
      return { ...started, stop: () => started.stop().then(tmp.remove), destructiveCall: () => destructiveCall(env) };
    }
    case 'fastmcp-auth/http':
      return startProtected([ours('fastmcp'), 'http-auth']);
    // Published servers built on the other SDKs (servers/other-sdks.ts says which and why).
    case 'go-sdk/stdio':
      return stdio(goSdkPrometheusCommand());
    case 'mcp-go/stdio':
      return stdio(mcpGoTimeCommand());
    case 'mcp-go/http': {
      const server = await startMcpGoTimeHttp();
      return { target: { transport: 'http', url: server.url }, stop: () => server.stop() };
    }
    case 'rmcp/stdio': {
      const tmp = tempDir('rmcp');
      return stdio(rmcpCortexCommand(), rmcpCortexEnv(tmp.dir), tmp.remove);
    }
    case 'csharp/stdio': {
      const tmp = tempDir('csharp');
      const { command, env } = csharpFabricCommand(tmp.dir);
      return stdio(command, env, tmp.remove);
    }
  }
}

/** The server and the authorization server it trusts; the run gets that server's client credentials. */
async function startProtected(args: string[], extraEnv: Record<string, string> = {}): Promise<StartedTarget> {
  const as = await startAuthorizationServer();
  try {
    const env = { ...extraEnv, AUTH_ISSUER: as.issuer, AUTH_JWKS: as.jwksUri, AUTH_SCOPES: as.scopes.join(' ') };
    // Started once it listens: a GET /mcp without a token is answered (401) like any other.
    const server = await startHttpServer(args, '/mcp', env);
    return {
      target: { transport: 'http', url: server.url },
      auth: { tokenSource: 'none', clientId: as.client.id, clientSecret: as.client.secret },
      stop: async () => {
        await server.stop();
        await as.close();
      },
    };
  } catch (err) {
    await as.close();
    throw err;
  }
}

async function startSdkV2(transport: 'stdio' | 'http', posture: SdkV2Posture): Promise<StartedTarget> {
  const tmp = tempDir('sdk-v2');
  const env = destructiveMarkerEnv(tmp.dir);
  const destructive = { destructiveCall: () => destructiveCall(env) };
  if (transport === 'stdio') return { ...stdio(sdkV2Command('stdio', posture), env, tmp.remove), ...destructive };
  const server = await startHttpServer(sdkV2Command('http', posture).slice(1), '/mcp', env);
  const stop = async () => {
    await server.stop();
    await tmp.remove();
  };
  return { target: { transport: 'http', url: server.url }, stop, ...destructive };
}
