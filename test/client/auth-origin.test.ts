// The 2025-03-26 discovery checks bind a client that asked for 2025-03-26: one that asked for a
// later revision (whose discovery goes through protected-resource metadata) and does not fall
// back gets info, not a failure; one that asked for 2025-03-26 fails. Judged on a record built by
// hand: the client's initialize (refused 401), our metadata's 404, then its exit.
import { describe, expect, it } from 'vitest';
import { newRecord } from '../../src/client/record.js';
import type { AuthLog } from '../../src/client/auth-record.js';
import { defaultEndpoints, metadataVersionHeader } from '../../suites/client/auth-origin.js';

function gaveUpAfter404(asked: string) {
  const record = newRecord('auth-no-metadata', 'http');
  const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'c', version: '1' } } };
  record.events.push({ at: 1, dir: 'in', message: initialize, raw: JSON.stringify(initialize), http: { method: 'POST', path: '/mcp', headers: {}, status: 401 } });
  const origin = 'http://127.0.0.1:9999';
  const log: AuthLog = { mode: 'no-metadata', discovery: 'server-origin', resource: `${origin}/mcp`, advertisedResource: `${origin}/mcp`, resourceMetadataUrl: '', issuer: origin, metadataIssuer: origin, scope: [], stepUpScope: [], issued: [], challenges: [{ at: 1, status: 401, reason: 'no-token', header: 'Bearer' }], exchanges: [] };
  log.exchanges.push({ at: 2, side: 'as', method: 'GET', path: '/.well-known/oauth-authorization-server', query: {}, headers: {}, status: 404 });
  record.auth = log;
  record.ends.push({ how: 'exit', at: 3, code: 1 });
  return defaultEndpoints.judge(record, { requestTimeoutMs: 1000 });
}

describe('client-auth/default-endpoints', () => {
  it('fails a client that asked for 2025-03-26 and gave up after the metadata 404', () => {
    expect(gaveUpAfter404('2025-03-26')).toMatchObject({ status: 'fail', message: "after the metadata's 404 the client ended (code 1), without using the default endpoints" });
  });

  it('is info for a client that asked for a later revision: the fallback is not required of it', () => {
    const verdict = gaveUpAfter404('2025-11-25');
    expect(verdict.status).toBe('info');
    expect(verdict.message).toMatch(/^not required of it \(it asked for "2025-11-25", whose discovery goes through protected-resource metadata/);
  });
});

describe('what counts as the authorization code flow', () => {
  it('leaves out metadata lookups under the MCP path (mcp-remote asks /mcp/.well-known/openid-configuration): a lookup, not an endpoint used', () => {
    const record = newRecord('auth-no-metadata', 'http');
    const origin = 'http://127.0.0.1:9999';
    const log: AuthLog = { mode: 'no-metadata', discovery: 'server-origin', resource: `${origin}/mcp`, advertisedResource: `${origin}/mcp`, resourceMetadataUrl: '', issuer: origin, metadataIssuer: origin, scope: [], stepUpScope: [], issued: [], challenges: [], exchanges: [] };
    const x = (at: number, method: string, path: string, status: number, query: Record<string, string> = {}) => log.exchanges.push({ at, side: 'as', method, path, query, headers: {}, status });
    x(1, 'GET', '/.well-known/oauth-authorization-server', 404);
    x(2, 'GET', '/mcp/.well-known/openid-configuration', 404);
    x(3, 'POST', '/register', 201);
    x(4, 'GET', '/authorize', 302, { response_type: 'code' });
    record.auth = log;
    expect(defaultEndpoints.judge(record, { requestTimeoutMs: 1000 })).toMatchObject({ status: 'pass', message: `after the metadata's 404, /register, /authorize at ${origin}` });
  });
});

describe('client-auth/metadata-version-header', () => {
  it('judges the metadata lookup the client acted on, not an earlier probe of its own (mcp-remote probes without the header, then its SDK asks with it)', () => {
    const record = newRecord('auth', 'http');
    const origin = 'http://127.0.0.1:9999';
    const log: AuthLog = { mode: 'basic', discovery: 'server-origin', resource: `${origin}/mcp`, advertisedResource: `${origin}/mcp`, resourceMetadataUrl: '', issuer: origin, metadataIssuer: origin, scope: [], stepUpScope: [], issued: [], challenges: [], exchanges: [] };
    const x = (at: number, method: string, path: string, headers: Record<string, string> = {}) => log.exchanges.push({ at, side: 'as', method, path, query: {}, headers, status: 200 });
    x(1, 'GET', '/.well-known/oauth-authorization-server');
    x(2, 'GET', '/.well-known/oauth-authorization-server', { 'mcp-protocol-version': '2025-11-25' });
    x(3, 'POST', '/oauth/register');
    record.auth = log;
    expect(metadataVersionHeader.judge(record, { requestTimeoutMs: 1000 })).toMatchObject({ status: 'pass', message: 'GET /.well-known/oauth-authorization-server with MCP-Protocol-Version: 2025-11-25 before using the endpoints (1 earlier probe(s) of it without)' });
    log.exchanges.splice(1, 1);
    expect(metadataVersionHeader.judge(record, { requestTimeoutMs: 1000 }).status).toBe('warn');
  });
});
