// The 2026-07-28 core and HTTP checks beyond the fault table: the pure lints they rely on
// (extension ids, x-mcp-header), the second fault of checks that guard two rules, and the
// verdicts on a dual-era server (initialize still served).
import { describe, expect, it } from 'vitest';
import { extensionProblems, isExtensionId } from '../../suites/lib/stateless-extension-keys.js';
import { headerParams, lintInputSchema } from '../../suites/lib/stateless-x-mcp-header.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

describe('extension ids (S26-38)', () => {
  it('accepts prefixed _meta keys, an empty name included', () => {
    for (const id of ['io.modelcontextprotocol/tasks', 'com.example/ui-widgets', 'com.example.mcp/v1.2_beta', 'com.example/']) expect(isExtensionId(id), id).toBe(true);
  });

  it('rejects keys without a prefix or with malformed labels and names', () => {
    for (const id of ['tasks', '/tasks', 'com..example/x', '1com.example/x', 'com.example-/x', 'com.example/-x', 'com.example/x.', 'com example/x']) expect(isExtensionId(id), id).toBe(false);
  });

  it('reports each bad key and settings that are not objects; nothing without extensions', () => {
    expect(extensionProblems({ tools: {} })).toEqual([]);
    expect(extensionProblems({ extensions: { 'com.example/a': {} } })).toEqual([]);
    const problems = extensionProblems({ extensions: { tasks: {}, 'com.example/b': true } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"tasks"');
    expect(problems[1]).toContain('com.example/b');
    expect(extensionProblems({ extensions: [] })).toHaveLength(1);
  });
});

const region = { type: 'string', 'x-mcp-header': 'Region' };

describe('x-mcp-header lint (S26-30)', () => {
  it('accepts string, integer and boolean properties reached through properties, nested ones included', () => {
    const schema = {
      type: 'object',
      properties: { region, limit: { type: 'integer', 'x-mcp-header': 'Limit' }, nested: { type: 'object', properties: { flag: { type: 'boolean', 'x-mcp-header': 'Flag' } } } },
    };
    expect(lintInputSchema(schema)).toEqual([]);
    expect(headerParams(schema).map((p) => [p.property, p.name, p.type])).toEqual([
      ['region', 'Region', 'string'],
      ['limit', 'Limit', 'integer'],
    ]);
  });

  it('fails annotations on other types, outside properties chains, with bad tokens or repeated names', () => {
    const cases: Array<[string, unknown]> = [
      ['object type', { type: 'object', properties: { o: { type: 'object', 'x-mcp-header': 'Opts' } } }],
      ['no type', { type: 'object', properties: { o: { 'x-mcp-header': 'Opts' } } }],
      ['under items', { type: 'object', properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } } }],
      ['under anyOf', { type: 'object', properties: { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } } }],
      ['in $defs', { type: 'object', $defs: { r: region }, properties: {} }],
      ['on the root', { type: 'object', 'x-mcp-header': 'Root', properties: {} }],
      ['not a token', { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': 'Re gion' } } }],
      ['empty', { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': '' } } }],
      ['repeated ignoring case', { type: 'object', properties: { a: region, b: { type: 'string', 'x-mcp-header': 'REGION' } } }],
    ];
    for (const [what, schema] of cases) {
      expect(lintInputSchema(schema).some((f) => f.severity === 'fail'), what).toBe(true);
      expect(headerParams(schema), what).toEqual([]);
    }
  });

  it('only warns for number properties and for parameters that look secret', () => {
    const number = lintInputSchema({ type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } });
    const secret = lintInputSchema({ type: 'object', properties: { apiKey: { type: 'string', 'x-mcp-header': 'Key' } } });
    for (const findings of [number, secret]) expect(findings.map((f) => f.severity)).toEqual(['warn']);
  });
});

describe('second faults of two-rule checks', () => {
  it('http-stateless/routing-headers-validated fails when a correct base64 Mcp-Name is refused', async () => {
    const id = 'http-stateless/routing-headers-validated';
    const report = await runAgainstHttpFixture({ era: 'stateless', fault: 'base64-header-rejected', only: [id] });
    expect(statusOf(report, id)).toBe('fail');
  });

  it('http-stateless/no-sessions warns when replies carry Mcp-Session-Id', async () => {
    const id = 'http-stateless/no-sessions';
    const report = await runAgainstHttpFixture({ era: 'stateless', fault: 'issues-session-id', only: [id] });
    expect(statusOf(report, id)).toBe('warn');
  });

  it('stateless/discover-result fails when server/discover is unknown (2026-07-28 asked for)', async () => {
    const id = 'stateless/discover-result';
    const report = await runAgainstFixture({ era: 'stateless', fault: 'discover-missing', protocolVersion: '2026-07-28', only: [id] });
    expect(statusOf(report, id)).toBe('fail');
  });
});

describe('a dual-era server (initialize still served, S26-37)', () => {
  it('gets information, not a warning, for its answer to initialize', async () => {
    const id = 'stateless/initialize-error-names-versions';
    const report = await runAgainstFixture({ era: 'dual', only: [id] });
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(statusOf(report, id)).toBe('info');
  });

  it('passes the HTTP header checks', async () => {
    const ids = ['http-stateless/version-header-required', 'http-stateless/routing-headers-validated', 'http-stateless/no-sessions'];
    const report = await runAgainstHttpFixture({ era: 'dual', only: ids });
    expect(ids.map((id) => statusOf(report, id))).toEqual(['pass', 'pass', 'pass']);
  });
});
