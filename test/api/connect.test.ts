// connect(): a handshaken session against the fixture server over stdio and HTTP, requests that
// resolve to results or reject with McpRequestError, findings, and input errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, McpRequestError, TargetUnreachable, type McpConnection, type Rev20251125 } from '../../src/index.js';
import { fixtureCommand, startHttpFixture, type HttpFixture } from '../fixtures/launch.js';

describe('connect over stdio', () => {
  let conn: McpConnection;
  beforeAll(async () => {
    conn = await connect(fixtureCommand());
  });
  afterAll(() => conn?.close());

  it('negotiates the newest stateful revision and exposes what the server declared', () => {
    expect(conn.protocolVersion).toBe('2025-11-25');
    expect(conn.serverCapabilities).toHaveProperty('tools');
    expect(conn.serverInfo?.name).toEqual(expect.any(String));
    expect(conn.initializeResult.protocolVersion).toBe('2025-11-25');
  });

  it('request() resolves with the result', async () => {
    const list = await conn.request<Rev20251125.ListToolsResult>('tools/list');
    expect(list.tools.map((t) => t.name)).toContain('echo');
    const call = await conn.request<Rev20251125.CallToolResult>('tools/call', { name: 'echo', arguments: { text: 'héllo' } });
    expect(call.content).toEqual([{ type: 'text', text: 'héllo' }]);
    await expect(conn.notify('notifications/cancelled', { requestId: 999 })).resolves.toBeUndefined();
  });

  it('request() rejects with McpRequestError carrying the JSON-RPC error', async () => {
    const err = await conn.request('no/such/method').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpRequestError);
    expect(err).toMatchObject({ kind: 'error', code: -32601, method: 'no/such/method' });
    expect((err as Error).message).toMatch(/^no\/such\/method: error -32601: /);
  });

  it('records no findings against a conformant server', () => {
    expect(conn.findings).toEqual([]);
  });
});

describe('connect', () => {
  it('requests the revision asked for', async () => {
    const conn = await connect(fixtureCommand(), { protocolVersion: '2024-11-05' });
    try {
      expect(conn.protocolVersion).toBe('2024-11-05');
      expect(await conn.request('ping')).toEqual({});
    } finally {
      await conn.close();
    }
    expect(conn.closed).toBe(true);
    await expect(conn.request('ping')).rejects.toMatchObject({ kind: 'closed' });
  });

  it('records what the server sends that breaks the schema as findings', async () => {
    const conn = await connect(fixtureCommand({ fault: 'null-result' }));
    try {
      await conn.request('ping');
      expect(conn.findings.map((f) => f.requirement)).toContain('RPC-4');
      expect(conn.findings[0].message).toMatch(/ping result: \/result: expected an object, found null/);
    } finally {
      await conn.close();
    }
  });

  it('rejects with McpRequestError (timeout) when initialize is never answered', async () => {
    const err = await connect(fixtureCommand({ fault: 'hang-on-initialize' }), { timeout: 300, startTimeout: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpRequestError);
    expect(err).toMatchObject({ method: 'initialize', kind: 'timeout' });
    // It says what arrived meanwhile, not only that the answer did not: nothing, or the answer to
    // the liveness ping the session sent when the wait ran out (answered at once: not busy, so the silence stands).
    expect((err as Error).message).toMatch(/^initialize: no response within \d+ ms; (nothing else arrived meanwhile|meanwhile the server sent 1 line: `\{"jsonrpc":"2.0","id":\d+,"result":\{\}\}` \(the answer to our liveness ping, sent to see whether the server was busy\))$/);
  });

  it('rejects with TargetUnreachable when the command cannot start or nothing listens', async () => {
    await expect(connect(['/nonexistent/mcp-server-binary'])).rejects.toBeInstanceOf(TargetUnreachable);
    await expect(connect('http://127.0.0.1:1/mcp', { timeout: 1000 })).rejects.toBeInstanceOf(TargetUnreachable);
  });

  it('rejects bad input with a TypeError before starting anything', async () => {
    await expect(connect([])).rejects.toThrow(TypeError);
    await expect(connect('ftp://127.0.0.1/mcp')).rejects.toThrow(/must be http/);
    await expect(connect('node server.js')).rejects.toThrow(/pass a command as an array/);
    await expect(connect(fixtureCommand(), { timeout: 0 })).rejects.toThrow(/positive/);
  });
});

describe('connect with the stateless revision 2026-07-28', () => {
  it('discovers instead of initializing, and every request carries its own _meta', async () => {
    const conn = await connect(fixtureCommand({ args: ['--era', 'stateless'] }), { protocolVersion: '2026-07-28' });
    try {
      expect(conn.protocolVersion).toBe('2026-07-28');
      expect(conn.initializeResult.supportedVersions).toContain('2026-07-28');
      expect(conn.serverCapabilities).toHaveProperty('tools');
      expect(conn.serverInfo?.name).toEqual(expect.any(String));
      const listed = await conn.request<{ tools: unknown[]; resultType: string }>('tools/list');
      expect(listed.resultType).toBe('complete');
      expect(listed.tools.length).toBeGreaterThan(0);
      expect(conn.findings).toEqual([]);
    } finally {
      await conn.close();
    }
  });

  it('rejects with McpRequestError when the server does not answer server/discover', async () => {
    await expect(connect(fixtureCommand(), { protocolVersion: '2026-07-28' })).rejects.toBeInstanceOf(McpRequestError);
  });
});

describe('connect over Streamable HTTP', () => {
  let server: HttpFixture;
  beforeAll(async () => {
    server = await startHttpFixture();
  });
  afterAll(() => server?.close());

  it('takes a URL, handshakes and answers requests', async () => {
    const conn = await connect(new URL(server.url), { headers: { 'X-Test': '1' } });
    try {
      expect(conn.protocolVersion).toBe('2025-11-25');
      const list = await conn.request<Rev20251125.ListPromptsResult>('prompts/list');
      expect(list.prompts.length).toBeGreaterThan(0);
    } finally {
      await conn.close();
    }
  });
});
