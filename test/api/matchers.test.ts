// The vitest matchers of mcp-conform/vitest: positive, negated and asymmetric uses, and the
// exact failure text (one line per problem: pointer, expected, found, requirement).
import { describe, expect, it } from 'vitest';
import { mcpMatchers } from '../../src/vitest/index.js';
import type { Report } from '../../src/index.js';

const revision = '2025-11-25';

/** The message of the assertion error `fn` throws. */
function failureOf(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the assertion to fail');
}

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const toolsResult = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };

describe('toBeValidMcpMessage', () => {
  it('passes for valid messages in either direction, and checks a response against the method answered', () => {
    expect(listTools).toBeValidMcpMessage({ revision, direction: 'client->server' });
    expect({ jsonrpc: '2.0', id: 1, result: toolsResult }).toBeValidMcpMessage({ revision, inReplyTo: 'tools/list' });
    expect({ jsonrpc: '2.0', id: 1, result: {} }).not.toBeValidMcpMessage({ revision, inReplyTo: 'tools/list' });
  });

  it('lists each problem with its pointer, expectation, finding and requirement', () => {
    const message = { jsonrpc: '1.0', id: 1, result: { tools: [{ inputSchema: { type: 'array' } }] } };
    expect(failureOf(() => expect(message).toBeValidMcpMessage({ revision, inReplyTo: 'tools/list' }))).toBe(
      [
        'expected the value to be a valid MCP 2025-11-25 message (server->client, answering tools/list), but it has 3 problems:',
        '  - /jsonrpc: expected "2.0", found "1.0" (RPC-1)',
        '  - /result/tools/0/name: expected a required member, found nothing (TOOLS-2)',
        '  - /result/tools/0/inputSchema/type: expected "object", found "array" (TOOLS-2)',
      ].join('\n'),
    );
  });

  it('says what the value is when negated', () => {
    expect(failureOf(() => expect(listTools).not.toBeValidMcpMessage({ revision, direction: 'client->server' }))).toBe(
      'expected the value not to be a valid MCP 2025-11-25 message (client->server), but it is (a request of tools/list)',
    );
  });

  it('judges direction: a server may not send tools/list', () => {
    expect(failureOf(() => expect(listTools).toBeValidMcpMessage({ revision }))).toMatch(/\/method: expected a method sent server->client, found "tools\/list" \(travels client->server\)/);
  });

  it('rejects a missing or unknown revision as a mistake in the test', () => {
    // @ts-expect-error: revision is required
    expect(() => expect(listTools).toBeValidMcpMessage({})).toThrow(TypeError);
    // @ts-expect-error: not a revision
    expect(() => expect(listTools).toBeValidMcpMessage({ revision: '2024-01-01' })).toThrow(/options.revision must be one of 2024-11-05/);
  });
});

describe('toMatchMcpResult', () => {
  it('passes for a valid result of the method, also as an asymmetric matcher', () => {
    expect(toolsResult).toMatchMcpResult('tools/list', { revision });
    expect({ content: [{ type: 'text', text: 'hi' }] }).toMatchMcpResult('tools/call', { revision: '2024-11-05' });
    expect({ jsonrpc: '2.0', id: 1, result: toolsResult }).toEqual({ jsonrpc: '2.0', id: 1, result: expect.toMatchMcpResult('tools/list', { revision }) });
    expect({ tools: 'none' }).not.toMatchMcpResult('tools/list', { revision });
  });

  it('points into the result object itself', () => {
    const result = { tools: [{ inputSchema: { type: 'array' } }], nextCursor: 3 };
    expect(failureOf(() => expect(result).toMatchMcpResult('tools/list', { revision }))).toBe(
      [
        'expected the value to be a valid tools/list result of MCP 2025-11-25, but it has 3 problems:',
        '  - /nextCursor: expected type string, found 3 (PAGE-1)',
        '  - /tools/0/name: expected a required member, found nothing (TOOLS-2)',
        '  - /tools/0/inputSchema/type: expected "object", found "array" (TOOLS-2)',
      ].join('\n'),
    );
    expect(failureOf(() => expect(null).toMatchMcpResult('ping', { revision }))).toBe(
      'expected the value to be a valid ping result of MCP 2025-11-25, but it has 1 problem:\n  - (root): expected an object, found null (RPC-4)',
    );
  });

  it('rejects a method that is not a request of the revision', () => {
    expect(() => expect({}).toMatchMcpResult('tools/lst', { revision })).toThrow('toMatchMcpResult: "tools/lst" is not a request method of MCP 2025-11-25');
    expect(() => expect({}).toMatchMcpResult('notifications/initialized', { revision })).toThrow(TypeError);
  });
});

function reportWith(checks: Array<Pick<Report['checks'][number], 'id' | 'level' | 'status' | 'requirements'> & { message?: string }>): Report {
  const count = (s: string) => checks.filter((c) => c.status === s).length;
  return {
    tool: { name: 'mcp-conform', version: '0.0.0' },
    target: { transport: 'stdio', command: ['node', 'server.js'] },
    protocolVersion: revision,
    seed: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    summary: { total: checks.length, pass: count('pass'), fail: count('fail'), warn: count('warn'), skip: count('skip'), info: count('info') },
    checks: checks.map((c) => ({ title: c.id, spec: 'https://example.test', evidence: [], durationMs: 1, ...c })),
  };
}

describe('toPassConformance', () => {
  const report = reportWith([
    { id: 'lifecycle/ping', level: 'MUST', status: 'pass', requirements: ['PING-1'] },
    { id: 'lifecycle/version-echo', level: 'MUST', status: 'fail', requirements: ['LIFE-2'], message: 'asked for 2025-11-25 but got 2025-06-18' },
    { id: 'errors/error-object', level: 'SHOULD', status: 'warn', requirements: ['RPC-6'], message: 'error.message spans lines' },
  ]);

  it('lists each failing check with id, level, requirements and message', () => {
    expect(failureOf(() => expect(report).toPassConformance())).toBe(
      [
        'expected the server to pass the conformance checks, but 1 of 3 checks did not pass (stdio: node server.js, 2025-11-25; 1 passed, 1 failed, 1 warned, 0 skipped):',
        '  ✗ lifecycle/version-echo [MUST] (LIFE-2): asked for 2025-11-25 but got 2025-06-18',
      ].join('\n'),
    );
  });

  it('counts warnings as failures with strict', () => {
    const message = failureOf(() => expect(report).toPassConformance({ strict: true }));
    expect(message).toMatch(/^expected the server to pass the conformance checks \(strict\), but 2 of 3 checks did not pass/);
    expect(message).toContain('\n  ! errors/error-object [SHOULD] (RPC-6): error.message spans lines');
  });

  it('names the revision of each failing check in a matrix report', () => {
    const at = (rev: string) => ({ ...reportWith([{ id: 'lifecycle/version-echo', level: 'MUST', status: 'fail', requirements: ['LIFE-2'], message: 'wrong' }]), protocolVersion: rev });
    const matrix: Report = { ...reportWith([]), protocolVersion: '2025-06-18,2025-11-25', summary: { total: 2, pass: 0, fail: 2, warn: 0, skip: 0, info: 0 }, runs: [at('2025-06-18'), at('2025-11-25')] };
    expect(failureOf(() => expect(matrix).toPassConformance()).split('\n').slice(1)).toEqual([
      '  ✗ lifecycle/version-echo @2025-06-18 [MUST] (LIFE-2): wrong',
      '  ✗ lifecycle/version-echo @2025-11-25 [MUST] (LIFE-2): wrong',
    ]);
  });

  it('passes when only warnings, skips and passes remain', () => {
    const clean = reportWith([{ id: 'lifecycle/ping', level: 'MUST', status: 'pass', requirements: ['PING-1'] }, { id: 'errors/error-object', level: 'SHOULD', status: 'warn', requirements: ['RPC-6'] }]);
    expect(clean).toPassConformance();
    expect(clean).not.toPassConformance({ strict: true });
    expect(() => expect({ checks: [] }).toPassConformance()).toThrow('toPassConformance: expected a report returned by runSuite()');
  });
});

describe('mcpMatchers', () => {
  it('exports the matcher functions for a manual expect.extend', () => {
    expect(Object.keys(mcpMatchers).sort()).toEqual(['toBeValidMcpMessage', 'toMatchMcpResult', 'toPassConformance']);
  });
});
