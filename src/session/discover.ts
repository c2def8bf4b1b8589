// 2026-07-28 discovery (S26-1): `server/discover` replaces the initialize handshake; the
// answer lists the versions and capabilities the server offers.
import type { Session } from './session.js';
import type { Outcome } from './types.js';

export interface DiscoverOptions {
  tag?: string;
  timeoutMs?: number;
  /** RequestOptions.silenceIsAnswer: for a probe a server may leave unanswered. */
  silenceIsAnswer?: boolean;
}

export interface Discovery {
  outcome: Outcome;
  supportedVersions?: string[];
  capabilities?: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function discover(session: Session, opts: DiscoverOptions = {}): Promise<Discovery> {
  const outcome = await session.request('server/discover', {}, { tag: opts.tag, timeoutMs: opts.timeoutMs, silenceIsAnswer: opts.silenceIsAnswer });
  if (outcome.kind !== 'result') return { outcome };
  const { supportedVersions, capabilities } = outcome.result;
  return {
    outcome,
    supportedVersions: Array.isArray(supportedVersions) ? supportedVersions.filter((v): v is string => typeof v === 'string') : undefined,
    capabilities: isObject(capabilities) ? capabilities : undefined,
  };
}
