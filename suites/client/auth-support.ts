// Helpers of the OAuth client checks: the OAuth log's exchanges as evidence, the requests of
// the authorization code flow, and the skip for a client that never authorized.
import { flowRequests, asRequests, type AuthExchange, type AuthLog } from '../../src/client/auth-record.js';
import { atMcpEndpoint, type ScenarioRecord, type WireEvent } from '../../src/client/record.js';
import type { Evidence, Verdict } from '../../src/checks/types.js';
import type { Revision } from '../../src/schema/index.js';
import { describeEnd } from './support.js';

/** An exchange of the OAuth log as report evidence (secrets are fingerprinted in the report). */
export function shown(log: AuthLog, x: AuthExchange): Evidence {
  const origin = x.side === 'as' ? log.issuer : new URL(log.resource).origin;
  const query = new URLSearchParams(x.query).toString();
  const body = x.form ? new URLSearchParams(x.form).toString() : x.body;
  return { type: 'http', at: x.at, request: { method: x.method, url: `${origin}${x.path}${query ? `?${query}` : ''}`, headers: x.headers, ...(body ? { body } : {}) }, response: { status: x.status, headers: x.location ? { location: x.location } : {} } };
}

/** Requests the client made to our MCP origin outside the endpoint (metadata lookups). */
export const rsMetadataGets = (record: ScenarioRecord): WireEvent[] => record.events.filter((e) => e.dir === 'in' && e.http && !atMcpEndpoint(e));
export const endpointRequests = (record: ScenarioRecord): WireEvent[] => record.events.filter((e) => e.dir === 'in' && atMcpEndpoint(e));

/** Why nothing can be judged: the client never authorized (authorization is optional), or never got that far. */
export function notAuthorizing(record: ScenarioRecord): Verdict {
  const log = record.auth!;
  const first = log.challenges[0];
  const end = record.ends.find((e) => !e.byUs);
  const after = end ? `it ended (${describeEnd(end)})` : 'it sent nothing more';
  const what = first ? `after our 401 (${first.header}) ${after}` : 'it was never challenged';
  const tried = rsMetadataGets(record).map((e) => `${e.http!.method} ${e.http!.path} (${e.http!.status})`);
  const stderr: Evidence[] = record.stderrTail.slice(-3).map((text) => ({ type: 'stderr', text }));
  return { status: 'skip', message: `the client did not authorize (authorization is optional): ${what}${tried.length ? `; it asked ${tried.join(', ')}` : ''}`, evidence: [...stderr, ...log.exchanges.slice(0, 4).map((x) => shown(log, x))] };
}

export const authorizeRequests = (log: AuthLog): AuthExchange[] => flowRequests(log).filter((x) => x.method === 'GET' && x.query.response_type !== undefined);
export const tokenRequests = (log: AuthLog): AuthExchange[] => flowRequests(log).filter((x) => x.method === 'POST' && x.form?.grant_type !== undefined);
export const asMetadataGets = (log: AuthLog): AuthExchange[] => asRequests(log).filter((x) => x.path.startsWith('/.well-known/'));

export const bearerOf = (e: WireEvent): string | undefined => /^Bearer\s+(\S+)/i.exec(e.http?.headers.authorization ?? '')?.[1];

/**
 * The runs whose OAuth scenarios serve protected-resource metadata (every --protocol-version but
 * 2025-03-26, whose style has none): checks of that discovery apply to them only.
 */
export const PRM_RUNS: readonly Revision[] = ['2024-11-05', '2025-06-18', '2025-11-25'];
