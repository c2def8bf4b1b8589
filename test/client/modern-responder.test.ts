// Our 2026-07-28 scenario server's answers (src/client/modern.ts) are valid for the revision's
// schema: a client that validates strictly must never be blamed for refusing what we sent. And
// the refusals are the ones the revision names, with its HTTP statuses.
import { describe, expect, it } from 'vitest';
import { answerModern, headerMismatch, inputRequestsFor, REQUEST_STATE } from '../../src/client/modern.js';
import { validateMessage } from '../../src/schema/index.js';

const serverInfo = { name: 'mcp-conform', version: 'test' };
const caps = { roots: { listChanged: true }, sampling: {}, elicitation: {} };
const meta = (extra: Record<string, unknown> = {}) => ({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': caps, ...extra });
const request = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta() } });

describe('the 2026-07-28 responder of mcp-conform client', () => {
  for (const [method, params] of [['server/discover', {}], ['tools/list', {}], ['resources/list', {}], ['resources/templates/list', {}], ['prompts/list', {}], ['tools/call', { name: 'echo', arguments: { text: 'x' } }]] as const) {
    it(`answers ${method} with a result valid for the 2026-07-28 schema`, () => {
      const { response, status } = answerModern(request(method, params), { serverInfo, inputRequired: false });
      expect(status).toBe(200);
      expect(validateMessage(response, { revision: '2026-07-28', direction: 'server->client', inReplyTo: method }).problems).toEqual([]);
    });
  }

  it('answers tools/call in input-required with a valid InputRequiredResult asking for each declared kind', () => {
    const { response, asked } = answerModern(request('tools/call', { name: 'echo' }), { serverInfo, inputRequired: true });
    expect(validateMessage(response, { revision: '2026-07-28', direction: 'server->client', inReplyTo: 'tools/call' }).problems).toEqual([]);
    expect(Object.keys(asked!)).toEqual(['conform_elicit', 'conform_sample', 'conform_roots']);
    expect((response.result as Record<string, unknown>).requestState).toBe(REQUEST_STATE);
    expect(inputRequestsFor({})).toEqual({});
  });

  it('refuses as the revision says: -32022 listing ours, -32602 without the envelope, 404 -32601 for initialize and ping', () => {
    const other = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta({ 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }) } };
    const unsupported = answerModern(other, { serverInfo, inputRequired: false });
    expect(unsupported.status).toBe(400);
    expect(unsupported.response.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '2025-11-25' } });
    expect(validateMessage(unsupported.response, { revision: '2026-07-28', direction: 'server->client', inReplyTo: 'tools/list' }).problems).toEqual([]);
    const bare = answerModern({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, { serverInfo, inputRequired: false });
    expect([bare.status, (bare.response.error as { code: number }).code]).toEqual([400, -32602]);
    for (const method of ['initialize', 'ping']) {
      const removed = answerModern(request(method), { serverInfo, inputRequired: false });
      expect([removed.status, (removed.response.error as { code: number }).code]).toEqual([404, -32601]);
    }
  });

  it('reads the routing headers as the transport page says: Mcp-Name in its Base64 form decoded', () => {
    const call = request('tools/call', { name: 'écho' });
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': `=?base64?${Buffer.from('écho').toString('base64')}?=` };
    expect(headerMismatch(call, headers)).toBeUndefined();
    expect(headerMismatch(call, { ...headers, 'mcp-name': 'echo' })).toMatch(/Mcp-Name/);
    expect(headerMismatch(call, { ...headers, 'mcp-protocol-version': '2025-11-25' })).toMatch(/MCP-Protocol-Version/);
    const answer = answerModern(call, { serverInfo, inputRequired: false, headers: { ...headers, 'mcp-method': 'tools/list' } });
    expect([answer.status, (answer.response.error as { code: number }).code]).toEqual([400, -32020]);
  });
});
