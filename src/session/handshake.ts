// The stateful handshake: initialize, then notifications/initialized.
import { isRevision, type Revision } from '../schema/index.js';
import type { Session } from './session.js';
import type { ClientIdentity, Outcome } from './types.js';

export const CLIENT_INFO: ClientIdentity = { name: 'mcp-conform', version: '0.1.0' };

export interface HandshakeOptions {
  protocolVersion: string;
  capabilities?: Record<string, unknown>;
  clientInfo?: ClientIdentity;
  /** Send notifications/initialized after a successful result (default true). */
  sendInitialized?: boolean;
  tag?: string;
  timeoutMs?: number;
}

export interface HandshakeResult {
  outcome: Outcome;
  /** The revision the server answered with, when it is one we know. */
  negotiated?: Revision;
  /** The server's answer as sent (it may be a revision we do not know). */
  answeredVersion?: unknown;
  capabilities?: Record<string, unknown>;
}

export async function initialize(session: Session, opts: HandshakeOptions): Promise<HandshakeResult> {
  const outcome = await session.request(
    'initialize',
    {
      protocolVersion: opts.protocolVersion,
      capabilities: opts.capabilities ?? session.options.clientCapabilities ?? {},
      clientInfo: opts.clientInfo ?? session.options.clientInfo ?? CLIENT_INFO,
    },
    { tag: opts.tag, timeoutMs: opts.timeoutMs },
  );
  if (outcome.kind !== 'result') return { outcome };
  const answeredVersion = outcome.result.protocolVersion;
  const negotiated = isRevision(answeredVersion) ? answeredVersion : undefined;
  if (negotiated) session.setRevision(negotiated);
  const caps = outcome.result.capabilities;
  if (opts.sendInitialized !== false) await session.notify('notifications/initialized').catch(() => undefined);
  return {
    outcome,
    negotiated,
    answeredVersion,
    capabilities: typeof caps === 'object' && caps !== null && !Array.isArray(caps) ? (caps as Record<string, unknown>) : undefined,
  };
}
