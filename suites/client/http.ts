// Streamable HTTP obligations of a client: the session id echoed, the negotiated revision named in
// MCP-Protocol-Version, Accept listing both reply forms.
import { defineClientCheck } from '../../src/client/check.js';
import { toEvidence, type WireEvent } from '../../src/client/record.js';
import { expected } from './support.js';

/** The HTTP requests after our initialize reply went out (the initialize POST itself excluded). */
function laterRequests(events: readonly WireEvent[], initializedAt: number | undefined): WireEvent[] {
  if (initializedAt === undefined) return [];
  return events.filter((e) => e.dir === 'in' && e.http && e.at > initializedAt && (e.message as { method?: unknown } | undefined)?.method !== 'initialize');
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
    const wrong = later.find((e) => e.http!.headers['mcp-session-id'] !== record.sessionId);
    if (!wrong) return { status: 'pass', evidence: [{ type: 'note', text: `${later.length} request(s) after initialize, each with Mcp-Session-Id ${record.sessionId}` }] };
    return { status: 'fail', message: `a ${wrong.http!.method} after initialize ${wrong.http!.headers['mcp-session-id'] ? 'carried another session id' : 'carried no Mcp-Session-Id'}`, evidence: [toEvidence(wrong), expected(`Mcp-Session-Id: ${record.sessionId}`, wrong.http!.headers['mcp-session-id'] ?? 'no header')] };
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
    const requests = record.events.filter((e) => e.dir === 'in' && (e.http?.method === 'POST' || e.http?.method === 'GET'));
    if (requests.length === 0) return { status: 'skip', message: 'the client sent no POST or GET' };
    for (const e of requests) {
      const types = acceptedTypes(e.http!.headers.accept);
      const needed = e.http!.method === 'POST' ? ['application/json', 'text/event-stream'] : ['text/event-stream'];
      const missing = needed.filter((t) => !types.includes(t));
      if (missing.length) return { status: 'fail', message: `a ${e.http!.method}'s Accept lacks ${missing.join(' and ')}`, evidence: [toEvidence(e), expected(`Accept listing ${needed.join(' and ')}`, e.http!.headers.accept ?? 'no Accept header')] };
    }
    return { status: 'pass', evidence: [{ type: 'note', text: `${requests.length} request(s), Accept as required` }] };
  },
});

export const httpChecks = [sessionIdEchoed, protocolVersionHeader, acceptHeader];
