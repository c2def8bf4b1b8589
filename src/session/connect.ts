// Opens a session on a target: spawns the command (stdio) or connects to the URL (HTTP).
import { createHttpTransport, createLegacySseTransport, createStdioTransport, sseLedgerFor } from '../transport/index.js';
import type { Transport } from '../transport/types.js';
import { DEFAULT_START_TIMEOUT_MS, Session, type SessionOptions } from './session.js';

export type TargetSpec =
  | { transport: 'stdio'; command: string[]; env?: Record<string, string>; cwd?: string }
  | { transport: 'http'; url: string; headers?: Record<string, string> }
  | { transport: 'sse'; url: string; headers?: Record<string, string> };

export function createTransport(target: TargetSpec, requestTimeoutMs: number, startTimeoutMs = DEFAULT_START_TIMEOUT_MS): Transport {
  switch (target.transport) {
    case 'stdio':
      // Sessions end by closing stdin; a server slow to notice costs each check little, since the
      // one check that judges shutdown (LIFE-14) asks for the catalog's full 5 s itself.
      return createStdioTransport({ command: target.command, env: target.env, cwd: target.cwd, closeGraceMs: 500, termGraceMs: 1000 });
    case 'http':
      // The run's connections to one target share its ledger of SSE streams (HTTP-21 is judged across them).
      return createHttpTransport({ url: target.url, headers: target.headers, requestTimeoutMs, sseLedger: sseLedgerFor(target) });
    case 'sse':
      return createLegacySseTransport({ url: target.url, headers: target.headers, endpointTimeoutMs: startTimeoutMs });
  }
}

/** A started session; rejects with TargetUnreachable when the target cannot be started or reached. */
export async function openSession(target: TargetSpec, options: SessionOptions): Promise<Session> {
  const session = new Session(createTransport(target, options.requestTimeoutMs, options.startTimeoutMs), options);
  await session.start();
  return session;
}
