// A failure known to come from the server's framework says so in every report (issue 30 item 1);
// unknown frameworks get nothing, and no verdict changes.
import { describe, expect, it } from 'vitest';
import { attributeFramework } from '../../src/attribution/index.js';
import type { CheckResult, Report } from '../../src/checks/types.js';
import { summarize, toHtml, toJson, toJunit, toTerminal } from '../../src/report/index.js';
import { check } from './sample.js';

const received = (error: { code: number; message: string }) => ({ type: 'message' as const, direction: 'received' as const, at: 1, message: { jsonrpc: '2.0', id: 1, error } });

function sdkV1Checks(): CheckResult[] {
  return [
    check({ id: 'errors/parse-error', status: 'fail', message: 'no answer' }),
    check({ id: 'errors/invalid-request', status: 'fail', message: 'no answer' }),
    check({ id: 'capabilities/task-member-ignored', status: 'fail', evidence: [received({ code: -32603, message: 'Server does not support task creation (required for tools/call)' })] }),
    check({ id: 'tools/call-result', status: 'fail', message: 'the server\'s own bug' }),
    check({ id: 'pagination/invalid-cursor', status: 'warn', level: 'SHOULD' }),
  ];
}

function reportOf(checks: CheckResult[], extra: Partial<Report> = {}): Report {
  return { tool: { name: 'mcp-conform', version: '0.0.0' }, target: { transport: 'stdio', command: ['srv'] }, protocolVersion: '2025-11-25', seed: 1, startedAt: new Date(0).toISOString(), durationMs: 5, summary: summarize(checks), checks, ...extra };
}

describe('attributeFramework', () => {
  it('recognises the official TypeScript SDK 1.x by its wire text and attributes its known failures only', () => {
    const { checks, framework } = attributeFramework({ checks: sdkV1Checks() }, 'stdio');
    expect(framework?.name).toContain('@modelcontextprotocol/sdk 1.x');
    expect(framework?.recognisedBy).toContain('Server does not support task creation');
    expect(checks.filter((c) => c.attribution).map((c) => c.id)).toEqual(['errors/parse-error', 'errors/invalid-request', 'capabilities/task-member-ignored']);
    expect(checks.map((c) => c.status)).toEqual(sdkV1Checks().map((c) => c.status));
  });

  it('attributes by transport: the stdio drops are not known over HTTP', () => {
    const { checks } = attributeFramework({ checks: sdkV1Checks() }, 'http');
    expect(checks.filter((c) => c.attribution).map((c) => c.id)).toEqual(['capabilities/task-member-ignored']);
  });

  it('names nothing when no signature was seen (the serverInfo name alone says nothing)', () => {
    const plain = sdkV1Checks().map((c) => ({ ...c, evidence: [] }));
    const out = attributeFramework({ initializeResult: { serverInfo: { name: 'secure-filesystem-server', version: '0.2.0' } }, checks: plain }, 'stdio');
    expect(out.framework).toBeUndefined();
    expect(out.checks.some((c) => c.attribution)).toBe(false);
  });

  it('names nothing when two unrelated frameworks\' signatures are seen at once', () => {
    const mixed = [...sdkV1Checks(), check({ id: 'errors/method-not-found', status: 'fail', evidence: [received({ code: 0, message: 'JSON RPC not handled: "foo/bar" unsupported' })] })];
    expect(attributeFramework({ checks: mixed }, 'stdio').framework).toBeUndefined();
  });

  it('prefers the framework on top: fastmcp over the SDK 1.x underneath', () => {
    const checks = [...sdkV1Checks(), check({ id: 'tools/unknown-tool', status: 'warn', level: 'SHOULD', evidence: [received({ code: -32601, message: 'MCP error -32601: Unknown tool: x' })] })];
    expect(attributeFramework({ checks }, 'stdio').framework?.name).toMatch(/^fastmcp/);
  });

  it('recognises tmcp by the adapter member of its initialize result', () => {
    expect(attributeFramework({ initializeResult: { adapter: {} }, checks: [] }, 'stdio').framework?.name).toMatch(/^tmcp/);
  });
});

describe('the reports', () => {
  const attributed = attributeFramework({ checks: sdkV1Checks() }, 'stdio');
  const report = reportOf(attributed.checks, { framework: attributed.framework });

  it('terminal: each attributed failure says what the SDK does and what to do; the summary separates them', () => {
    const text = toTerminal(report, { color: false });
    expect(text).toContain('From your framework, @modelcontextprotocol/sdk 1.x');
    expect(text).toContain('Meanwhile:');
    expect(text).toMatch(/3 of 4 failures come from @modelcontextprotocol\/sdk 1\.x[^\n]*errors\/parse-error, errors\/invalid-request, capabilities\/task-member-ignored/);
  });

  it('JSON: an additive attribution field on the failure, the framework on the run', () => {
    const json = JSON.parse(toJson(report));
    const c = json.checks.find((x: { id: string }) => x.id === 'errors/parse-error');
    expect(Object.keys(c.attribution).sort()).toEqual(['does', 'fixed', 'framework', 'meanwhile', 'recognisedBy', 'versions']);
    expect(json.checks.find((x: { id: string }) => x.id === 'tools/call-result')).not.toHaveProperty('attribution');
    expect(json.framework.name).toContain('@modelcontextprotocol/sdk 1.x');
  });

  it('HTML and JUnit say it too', () => {
    expect(toHtml(report)).toContain('3 of 4 failures come from @modelcontextprotocol/sdk 1.x');
    expect(toHtml(report)).toContain('class="attribution"');
    expect(toJunit(report)).toContain('From your framework, @modelcontextprotocol/sdk 1.x');
  });
});
