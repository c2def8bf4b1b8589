// Streamable HTTP obligations of a client: the session id echoed, the negotiated revision named in
// MCP-Protocol-Version, Accept listing both reply forms, a new session after a 404.
import { defineClientCheck } from '../../src/client/check.js';
import { atMcpEndpoint, toEvidence, type WireEvent } from '../../src/client/record.js';
import { describeEnd, expected, isRequest, methodOf, note } from './support.js';

/** The HTTP requests to the MCP endpoint after our first initialize reply went out (initialize POSTs excluded). */
function laterRequests(events: readonly WireEvent[], initializedAt: number | undefined): WireEvent[] {
  if (initializedAt === undefined) return [];
  return events.filter((e) => e.dir === 'in' && atMcpEndpoint(e) && e.at > initializedAt && (e.message as { method?: unknown } | undefined)?.method !== 'initialize');
}

export const sessionIdEchoed = defineClientCheck({
  id: 'client-http/session-id',
  title: 'Every request after initialize carries the Mcp-Session-Id we issued',
  level: 'MUST',
  requirements: ['CLIENT-HTTP-4'],
  spec: 'basic/transports#session-management',
  scenario: 'basic',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record) {
    const later = laterRequests(record.events, record.initializedAt);
    if (!record.sessionId || later.length === 0) return { status: 'skip', message: 'the client sent no HTTP request after the initialize reply' };
    // A client may open several sessions (mcp-remote tests the transport with one first): each
    // request carries the id of one we issued before it.
    const issuedBy = (at: number) => new Set(record.events.filter((e) => e.http?.issuedSession && e.at <= at).map((e) => e.http!.issuedSession!));
    const wrong = later.find((e) => !issuedBy(e.at).has(e.http!.headers['mcp-session-id'] ?? ''));
    const ids = record.sessions.join(', ');
    if (!wrong) return { status: 'pass', evidence: [{ type: 'note', text: `${later.length} request(s) after initialize, each with an Mcp-Session-Id we issued (${ids})` }] };
    return { status: 'fail', message: `a ${wrong.http!.method} after initialize ${wrong.http!.headers['mcp-session-id'] ? 'carried a session id we never issued' : 'carried no Mcp-Session-Id'}`, evidence: [toEvidence(wrong), expected(`Mcp-Session-Id: ${record.sessions.length > 1 ? `one of ${ids}` : record.sessionId}`, wrong.http!.headers['mcp-session-id'] ?? 'no header')] };
  },
});

export const protocolVersionHeader = defineClientCheck({
  id: 'client-http/protocol-version-header',
  title: 'Every request after initialize names the negotiated revision in MCP-Protocol-Version',
  level: 'MUST',
  requirements: ['CLIENT-HTTP-7'],
  spec: 'basic/transports#protocol-version-header',
  scenario: 'basic',
  transports: ['http'],
  revisions: ['2025-06-18', '2025-11-25'],
  judge(record) {
    const later = laterRequests(record.events, record.initializedAt);
    if (later.length === 0) return { status: 'skip', message: 'the client sent no HTTP request after the initialize reply' };
    const wrong = later.find((e) => e.http!.headers['mcp-protocol-version'] !== record.answered);
    if (!wrong) return { status: 'pass', evidence: [{ type: 'note', text: `${later.length} request(s) after initialize, each with MCP-Protocol-Version ${record.answered}` }] };
    return { status: 'fail', message: `a ${wrong.http!.method} after initialize carried MCP-Protocol-Version ${JSON.stringify(wrong.http!.headers['mcp-protocol-version'] ?? null)}`, evidence: [toEvidence(wrong), expected(`MCP-Protocol-Version: ${record.answered}`, wrong.http!.headers['mcp-protocol-version'] ?? 'no header')] };
  },
});

/** The media types an Accept header lists, lowercased, parameters dropped. */
export function acceptedTypes(header: string | undefined): string[] {
  return (header ?? '').split(',').map((p) => p.split(';')[0].trim().toLowerCase()).filter(Boolean);
}

export const acceptHeader = defineClientCheck({
  id: 'client-http/accept',
  title: 'POST lists application/json and text/event-stream in Accept; GET lists text/event-stream',
  level: 'MUST',
  requirements: ['CLIENT-HTTP-2', 'CLIENT-HTTP-8'],
  spec: 'basic/transports#sending-messages-to-the-server',
  scenario: 'basic',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record) {
    const requests = record.events.filter((e) => e.dir === 'in' && atMcpEndpoint(e) && (e.http?.method === 'POST' || e.http?.method === 'GET'));
    if (requests.length === 0) return { status: 'skip', message: 'the client sent no POST or GET' };
    for (const e of requests) {
      const types = acceptedTypes(e.http!.headers.accept);
      const needed = e.http!.method === 'POST' ? ['application/json', 'text/event-stream'] : ['text/event-stream'];
      const missing = needed.filter((t) => !types.includes(t));
      if (missing.length) return { status: 'fail', message: `a ${e.http!.method}'s Accept lacks ${missing.join(' and ')}`, evidence: [toEvidence(e), expected(`Accept listing ${needed.join(' and ')}`, e.http!.headers.accept ?? 'no Accept header')] };
    }
    // Requests elsewhere (OAuth discovery: /.well-known/…) are no MCP traffic; we answer them 404.
    const elsewhere = record.events.filter((e) => e.dir === 'in' && e.http && !atMcpEndpoint(e)).map((e) => `${e.http!.method} ${e.http!.path} (${e.http!.status})`);
    const other = elsewhere.length ? [{ type: 'note' as const, text: `not judged, outside the MCP endpoint: ${[...new Set(elsewhere)].join(', ')}` }] : [];
    return { status: 'pass', evidence: [{ type: 'note', text: `${requests.length} request(s), Accept as required` }, ...other] };
  },
});


/** The session id an HTTP event carried. */
const sessionHeader = (e: WireEvent): string | undefined => e.http?.headers['mcp-session-id'];

export const reinitializeAfter404 = defineClientCheck({
  id: 'client-http/reinitialize-after-404',
  title: 'A request answered 404 for its session makes the client start a new session with initialize',
  level: 'MUST',
  requirements: ['CLIENT-HTTP-5'],
  spec: 'basic/transports#session-management',
  scenario: 'session-expired',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record) {
    const dead = record.expiredSession;
    if (dead === undefined || record.expiredAt === undefined) return { status: 'skip', message: 'no request after the handshake carried our session id, so none was answered 404' };
    const refused = record.events.filter((e) => e.dir === 'in' && e.http?.status === 404 && isRequest(e));
    const after = record.events.filter((e) => e.dir === 'in' && e.message !== undefined && e.at > record.expiredAt!);
    const said = note(`we answered a request carrying session ${dead} with 404, as for a session the server ended`);
    const evidence = [said, ...refused.slice(0, 3).map(toEvidence)];
    const init = after.findIndex((e) => isRequest(e) && methodOf(e) === 'initialize');
    // Only a request sent again after its own 404 surely left the client after it read a 404:
    // another one on the dead session may have been on its way already (concurrent POSTs).
    const idOf = (e: WireEvent) => JSON.stringify((e.message as { id?: unknown }).id);
    const retried = refused.find((e, i) => refused.slice(0, i).some((r) => idOf(r) === idOf(e) && methodOf(r) === methodOf(e)));
    if (retried) return { status: 'fail', message: `after the 404 the client sent ${methodOf(retried)} (id ${idOf(retried)}) again on the session it was told is gone`, evidence: [...evidence, toEvidence(retried), expected('a new initialize without Mcp-Session-Id', `${methodOf(retried)} again with Mcp-Session-Id ${dead}`)] };
    if (init >= 0) {
      const fresh = after[init];
      if (sessionHeader(fresh) !== undefined) return { status: 'fail', message: `the new initialize carried Mcp-Session-Id ${sessionHeader(fresh)}`, evidence: [...evidence, toEvidence(fresh), expected('initialize without Mcp-Session-Id', `Mcp-Session-Id: ${sessionHeader(fresh)}`)] };
      return { status: 'pass', message: `a new initialize without a session id ${Math.round(fresh.at - record.expiredAt)} ms after the 404`, evidence: [...evidence, toEvidence(fresh)] };
    }
    // A client that stops using the session (it exits, or reports the error and waits) is not
    // using a dead session; the rule asks those that go on to start a new one.
    const end = record.ends.find((e) => !e.byUs);
    const more = refused.length > 1 ? `; ${refused.length} of its requests were refused 404` : '';
    return {
      status: 'info',
      message: `after the 404 the client ${end ? `ended (${describeEnd(end)})` : 'sent nothing more'} instead of starting a new session${more}: it gave up on its work rather than going on with the dead session (one that goes on must send a new initialize)`,
      evidence,
    };
  },
});

export const httpChecks = [sessionIdEchoed, protocolVersionHeader, acceptHeader, reinitializeAfter404];
