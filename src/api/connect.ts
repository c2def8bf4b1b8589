// connect(): a ready-to-use MCP client session for tests and scripts. It reuses the suite's
// own session (id allocation, bounded waits, schema validation of everything the server
// sends, canned answers to roots/sampling/elicitation), behind a small promise-based surface.
import { isRevision, isStateless, LATEST_STATEFUL, REVISIONS, type Revision } from '../schema/index.js';
import { DEFAULT_START_TIMEOUT_MS, discover, initialize, META_SERVER_INFO, openSession, type ClientIdentity, type Finding, type Session } from '../session/index.js';
import { packageVersion } from '../schema/package-root.js';
import { McpRequestError } from './errors.js';
import { toTargetSpec, type ServerTarget, type TargetOptions } from './target.js';

/** Default per-request timeout (ms), the same as the CLI's `--timeout`. */
export const DEFAULT_TIMEOUT_MS = 5000;

export interface ConnectOptions extends TargetOptions {
  /**
   * Revision to speak (default: the newest stateful revision, `2025-11-25`). With `2026-07-28`
   * there is no handshake: connect() sends `server/discover`, and every request carries the
   * revision, `capabilities` and `clientInfo` in its `_meta`.
   */
  protocolVersion?: Revision;
  /** Per-request timeout in ms (default 5000). */
  timeout?: number;
  /**
   * Bound in ms on the server's first answer, from spawning it (or connecting) (default 30000): the
   * handshake waits for a slow start this long, not `timeout`.
   */
  startTimeout?: number;
  /**
   * Client capabilities declared in `initialize` (default `{}`). They also decide how the server's
   * own requests are answered: `roots/list` gets an empty list, sampling and elicitation a canned
   * answer, but only when declared here; otherwise the server gets an error.
   */
  capabilities?: Record<string, unknown>;
  /** `clientInfo` sent in `initialize` (default `{ name: 'mcp-conform', version: <ours> }`). */
  clientInfo?: ClientIdentity;
}

/** An initialized MCP session. Close it when done: for stdio this ends the server's whole process group. */
export interface McpConnection {
  /** The revision the server agreed to. */
  readonly protocolVersion: Revision;
  /** `capabilities` from the server's initialize (or server/discover) result. */
  readonly serverCapabilities: Record<string, unknown>;
  /** `serverInfo` from the server's initialize result, when it sent one. */
  readonly serverInfo: { name: string; version: string; [key: string]: unknown } | undefined;
  /** The whole initialize result (2026-07-28: the server/discover result). */
  readonly initializeResult: Record<string, unknown>;
  /**
   * Sends a request and resolves with its `result`. Rejects with {@link McpRequestError} on a
   * JSON-RPC error, an HTTP error, a timeout or a closed connection. The result is not type-checked
   * here (the type parameter is a cast); schema problems in it are recorded in {@link McpConnection.findings}.
   */
  request<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, options?: { timeout?: number }): Promise<T>;
  /** Sends a notification. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * What the server did wrong so far on this connection: messages that break the negotiated
   * revision's schema, unknown or duplicate response ids, bad framing, requests it had no right to send.
   */
  readonly findings: readonly Finding[];
  /** True once closed by us or once the server went away. */
  readonly closed: boolean;
  /** Ends the session (idempotent): closes stdin, then SIGTERM/SIGKILL for stdio; ends the HTTP session. */
  close(): Promise<void>;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`mcp-conform: ${name} must be a positive number of milliseconds, got ${String(value)}`);
  return value;
}

/**
 * Opens a session to an MCP server (spawns the command, or connects to the URL) and performs the
 * initialize handshake, including `notifications/initialized`.
 *
 * @throws TargetUnreachable when the command cannot be started or the URL cannot be reached.
 * @throws McpRequestError when `initialize` gets no result.
 * @throws Error when the server answers with a protocol version mcp-conform does not know.
 *
 * @example
 * const conn = await connect(['node', 'build/index.js']);
 * try {
 *   const { tools } = await conn.request('tools/list');
 * } finally {
 *   await conn.close();
 * }
 */
export async function connect(target: ServerTarget, options: ConnectOptions = {}): Promise<McpConnection> {
  const spec = toTargetSpec(target, options);
  const revision = options.protocolVersion ?? LATEST_STATEFUL;
  if (!isRevision(revision)) throw new TypeError(`mcp-conform: protocolVersion must be one of ${REVISIONS.join(', ')}, got ${String(revision)}`);
  const timeout = positive('timeout', options.timeout, DEFAULT_TIMEOUT_MS);
  const capabilities = options.capabilities ?? {};
  const clientInfo = options.clientInfo ?? { name: 'mcp-conform', version: packageVersion() };

  const startTimeoutMs = positive('startTimeout', options.startTimeout, DEFAULT_START_TIMEOUT_MS);
  const session = await openSession(spec, { revision, requestTimeoutMs: timeout, startTimeoutMs, clientCapabilities: capabilities, clientInfo });
  if (isStateless(revision)) return discovered(session, revision, timeout);
  const handshake = await initialize(session, { protocolVersion: revision, capabilities, clientInfo, timeoutMs: timeout }).catch(async (err: unknown) => {
    await session.close().catch(() => undefined);
    throw err;
  });
  if (handshake.outcome.kind !== 'result' || !handshake.negotiated) {
    await session.close().catch(() => undefined);
    if (handshake.outcome.kind !== 'result') throw new McpRequestError('initialize', handshake.outcome);
    throw new Error(`mcp-conform: the server answered initialize with protocolVersion ${JSON.stringify(handshake.answeredVersion)}, which is not one of ${REVISIONS.join(', ')}`);
  }
  const initializeResult = handshake.outcome.result;
  const serverInfo = initializeResult.serverInfo;

  return connection(session, handshake.negotiated, handshake.capabilities ?? {}, serverInfo, initializeResult, timeout);
}

/** 2026-07-28 has no handshake: `server/discover` tells what the server offers; every request carries its own `_meta`. */
async function discovered(session: Session, revision: Revision, timeout: number): Promise<McpConnection> {
  const found = await discover(session, { timeoutMs: timeout });
  if (found.outcome.kind !== 'result') {
    await session.close().catch(() => undefined);
    throw new McpRequestError('server/discover', found.outcome);
  }
  const result = found.outcome.result;
  const meta = result._meta as Record<string, unknown> | undefined;
  return connection(session, revision, found.capabilities ?? {}, meta?.[META_SERVER_INFO], result, timeout);
}

function connection(
  session: Session,
  protocolVersion: Revision,
  serverCapabilities: Record<string, unknown>,
  serverInfo: unknown,
  initializeResult: Record<string, unknown>,
  timeout: number,
): McpConnection {
  return {
    protocolVersion,
    serverCapabilities,
    serverInfo: typeof serverInfo === 'object' && serverInfo !== null ? (serverInfo as McpConnection['serverInfo']) : undefined,
    initializeResult,
    async request<T>(method: string, params?: Record<string, unknown>, opts: { timeout?: number } = {}): Promise<T> {
      const outcome = await session.request(method, params, { timeoutMs: positive('timeout', opts.timeout, timeout) });
      if (outcome.kind !== 'result') throw new McpRequestError(method, outcome);
      return outcome.result as T;
    },
    async notify(method: string, params?: Record<string, unknown>): Promise<void> {
      await session.notify(method, params);
    },
    get findings() {
      return session.findings;
    },
    get closed() {
      return session.closed;
    },
    async close(): Promise<void> {
      await session.close();
    },
  };
}
