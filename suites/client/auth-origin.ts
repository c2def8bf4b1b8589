// The 2025-03-26 OAuth discovery (CLIENT-AUTH-15…18), judged in runs with --protocol-version
// 2025-03-26, whose OAuth scenarios play that revision's server: no protected-resource metadata,
// the authorization server at the MCP server's own origin, its RFC 8414 metadata at
// `/.well-known/oauth-authorization-server` there (naming endpoints under /oauth, not the
// defaults), or (auth-no-metadata) none, and the default /authorize, /token and /register.
// The discovery happens before initialize, so the run's revision decides what we serve; a client
// that asked for a later revision is not bound by this one's discovery: what it fails is info.
import { defineClientCheck } from '../../src/client/check.js';
import { asRequests, flowRequests, type AuthExchange, type AuthLog } from '../../src/client/auth-record.js';
import type { ScenarioRecord } from '../../src/client/record.js';
import type { Verdict } from '../../src/checks/types.js';
import { describeEnd, expected, note } from './support.js';
import { authorizeRequests, notAuthorizing, shown } from './auth-support.js';

const RUN: readonly ['2025-03-26'] = ['2025-03-26'];
const SPEC = 'basic/authorization';
const METADATA_PATH = '/.well-known/oauth-authorization-server';
const DEFAULT_PATHS = ['/authorize', '/token', '/register'];

/** The protocolVersion of the client's first initialize (a refused one counts: the 401 answered it). */
function askedRevision(record: ScenarioRecord): unknown {
  const init = record.events.find((e) => e.dir === 'in' && (e.message as { method?: unknown } | undefined)?.method === 'initialize');
  return (init?.message as { params?: { protocolVersion?: unknown } } | undefined)?.params?.protocolVersion;
}

/** A client that asked for another revision owes 2025-03-26's discovery nothing: its shortfall is info. */
function forItsRevision(record: ScenarioRecord, verdict: Verdict): Verdict {
  const asked = askedRevision(record);
  if (asked === '2025-03-26' || asked === undefined || (verdict.status !== 'fail' && verdict.status !== 'warn')) return verdict;
  return { ...verdict, status: 'info', message: `not required of it (it asked for ${JSON.stringify(asked)}, whose discovery goes through protected-resource metadata, which a 2025-03-26 server does not serve): ${verdict.message}` };
}

const gaveUp = (record: ScenarioRecord): string => {
  const end = record.ends.find((e) => !e.byUs);
  return end ? `ended (${describeEnd(end)})` : 'sent nothing more';
};

/** GETs of the authorization server metadata at the MCP server's origin (the path discarded). */
const originMetadataGets = (log: AuthLog): AuthExchange[] => asRequests(log, METADATA_PATH, 'GET');

export const serverOriginMetadata = defineClientCheck({
  id: 'client-auth/server-origin-metadata',
  title: "2025-03-26: the authorization server's metadata is read at the MCP server's origin before its endpoints are used, and its endpoints are used",
  level: 'MUST',
  requirements: ['CLIENT-AUTH-15'],
  spec: `${SPEC}#server-metadata-discovery`,
  scenario: 'auth',
  transports: ['http'],
  runRevisions: RUN,
  judge(record) {
    const log = record.auth!;
    const meta = originMetadataGets(log).find((x) => x.status === 200);
    const flow = flowRequests(log);
    if (!meta && flow.length === 0) return notAuthorizing(record);
    const url = `${log.issuer}${METADATA_PATH}`;
    if (!meta || flow[0].at < meta.at) return forItsRevision(record, { status: 'fail', message: `the client used ${flow[0].method} ${flow[0].path} without reading the metadata at ${url} first`, evidence: [shown(log, flow[0]), expected(`GET ${url} first`, `${flow[0].method} ${flow[0].path}`)] });
    const named = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'].map((k) => meta.response?.[k]).filter((v): v is string => typeof v === 'string').map((v) => new URL(v).pathname);
    const elsewhere = flow.find((x) => !named.includes(x.path));
    if (elsewhere) return forItsRevision(record, { status: 'fail', message: `the client read the metadata, then used ${elsewhere.method} ${elsewhere.path}, an endpoint it does not name (it names ${named.join(', ')})`, evidence: [shown(log, meta), shown(log, elsewhere)] });
    if (flow.length === 0) return { status: 'pass', message: `GET ${url} (the MCP server's origin, its path discarded); the client then ${gaveUp(record)} without using the endpoints`, evidence: [shown(log, meta)] };
    return { status: 'pass', message: `GET ${url} (the MCP server's origin, its path discarded) before the endpoints, then ${[...new Set(flow.map((x) => x.path))].join(', ')} as it names them`, evidence: [shown(log, meta)] };
  },
});

export const defaultEndpoints = defineClientCheck({
  id: 'client-auth/default-endpoints',
  title: '2025-03-26: without authorization server metadata (404), the default /authorize, /token and /register at the MCP server origin are used',
  level: 'MUST',
  requirements: ['CLIENT-AUTH-16'],
  spec: `${SPEC}#fallbacks-for-servers-without-metadata-discovery`,
  scenario: 'auth-no-metadata',
  transports: ['http'],
  runRevisions: RUN,
  judge(record) {
    const log = record.auth!;
    const lookup = originMetadataGets(log)[0];
    const flow = flowRequests(log);
    if (!lookup && flow.length === 0) return notAuthorizing(record);
    const said = note(`the MCP server's origin ${log.issuer} serves no authorization server metadata (404 at ${METADATA_PATH})`);
    if (!lookup || flow[0]?.at < lookup.at) return forItsRevision(record, { status: 'fail', message: `the client used ${flow[0].method} ${flow[0].path} without first trying the metadata at ${log.issuer}${METADATA_PATH}`, evidence: [said, shown(log, flow[0]), expected(`GET ${METADATA_PATH} first`, `${flow[0].method} ${flow[0].path}`)] });
    if (flow.length === 0) return forItsRevision(record, { status: 'fail', message: `after the metadata's ${lookup.status} the client ${gaveUp(record)}, without using the default endpoints`, evidence: [said, shown(log, lookup), expected(`GET ${log.issuer}/authorize (and POST /token)`, 'none')] });
    const elsewhere = flow.find((x) => !DEFAULT_PATHS.includes(x.path));
    if (elsewhere) return forItsRevision(record, { status: 'fail', message: `the client used ${elsewhere.method} ${elsewhere.path}, not a default endpoint at the authorization base URL (the MCP server's origin, its path discarded: ${DEFAULT_PATHS.join(', ')})`, evidence: [said, shown(log, elsewhere)] });
    if (authorizeRequests(log).length === 0) return forItsRevision(record, { status: 'fail', message: `the client used ${[...new Set(flow.map((x) => x.path))].join(', ')} but never the default /authorize`, evidence: [said, ...flow.slice(0, 2).map((x) => shown(log, x))] });
    return { status: 'pass', message: `after the metadata's ${lookup.status}, ${[...new Set(flow.map((x) => x.path))].join(', ')} at ${log.issuer}`, evidence: [said, shown(log, flow[0])] };
  },
});

export const dynamicRegistration = defineClientCheck({
  id: 'client-auth/dynamic-registration',
  title: '2025-03-26: the client registers dynamically (RFC 7591) at the registration endpoint the metadata names',
  level: 'SHOULD',
  requirements: ['CLIENT-AUTH-17'],
  spec: `${SPEC}#dynamic-client-registration`,
  scenario: 'auth',
  transports: ['http'],
  runRevisions: RUN,
  judge(record) {
    const log = record.auth!;
    const first = authorizeRequests(log)[0];
    if (!first) return notAuthorizing(record);
    const endpoint = originMetadataGets(log).find((x) => typeof x.response?.registration_endpoint === 'string')?.response?.registration_endpoint as string | undefined;
    const path = endpoint ? new URL(endpoint).pathname : '/register';
    const registration = asRequests(log, path, 'POST').find((x) => x.at < first.at && x.status < 300);
    if (registration) return { status: 'pass', message: `POST ${path} (registered) before authorizing with ${registration.response?.client_id === first.query.client_id ? 'the client id it was issued' : `client id ${JSON.stringify(first.query.client_id ?? null)}`}`, evidence: [shown(log, registration)] };
    const where = endpoint ? `at ${path}, which the metadata names` : `at the default ${path}`;
    return forItsRevision(record, { status: 'warn', message: `the client authorized as client id ${JSON.stringify(first.query.client_id ?? null)} without a registration accepted ${where} (a client id configured beforehand is allowed: baseline this check if so)`, evidence: [shown(log, first), expected(`POST ${log.issuer}${path} before authorizing`, 'none')] });
  },
});

export const metadataVersionHeader = defineClientCheck({
  id: 'client-auth/metadata-version-header',
  title: "2025-03-26: the authorization server metadata request carries MCP-Protocol-Version",
  level: 'SHOULD',
  requirements: ['CLIENT-AUTH-18'],
  spec: `${SPEC}#server-metadata-discovery-headers`,
  scenario: 'auth',
  transports: ['http'],
  runRevisions: RUN,
  judge(record) {
    const log = record.auth!;
    // The lookup it acted on: the last before its first registration, authorization or token
    // request (a client may probe first on its own: mcp-remote does, without the header).
    const lookups = originMetadataGets(log);
    const firstFlow = flowRequests(log)[0];
    const lookup = lookups.filter((x) => !firstFlow || x.at < firstFlow.at).at(-1) ?? lookups.at(-1);
    if (!lookup) return notAuthorizing(record);
    const version = lookup.headers['mcp-protocol-version'];
    const probes = lookups.filter((x) => x.at < lookup.at && !x.headers['mcp-protocol-version']).length;
    if (version) return { status: 'pass', message: `GET ${METADATA_PATH} with MCP-Protocol-Version: ${version}${firstFlow ? ' before using the endpoints' : ''}${probes ? ` (${probes} earlier probe(s) of it without)` : ''}`, evidence: [shown(log, lookup)] };
    return forItsRevision(record, { status: 'warn', message: `GET ${METADATA_PATH} without MCP-Protocol-Version: the server cannot answer for the client's revision`, evidence: [shown(log, lookup), expected('MCP-Protocol-Version: 2025-03-26', 'no such header')] });
  },
});

export const authOriginChecks = [serverOriginMetadata, defaultEndpoints, dynamicRegistration, metadataVersionHeader];
