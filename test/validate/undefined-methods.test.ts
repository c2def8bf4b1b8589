// Methods the log's revision does not define (src/schema/log/undefined-methods.ts): asking for
// one is legal, so the answer is graded; sending one unasked is graded by who sent it.
import { describe, expect, it } from 'vitest';
import { checkLog, type LogCheckOptions } from '../../src/schema/log/index.js';
import { errorsOf, runJson, runValidate, warningsOf } from './helpers.js';

const handshake = (revision: string) => [
  { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } } },
  { jsonrpc: '2.0', id: 0, result: { protocolVersion: revision, capabilities: {}, serverInfo: { name: 'demo', version: '2.1.0' } } },
];
const META_2026 = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const fromServer = (message: object) => ({ direction: 'server->client', message });
const fromClient = (message: object) => ({ direction: 'client->server', message });

async function* chunks(text: string) {
  yield text;
}
const check = (lines: object[], options?: LogCheckOptions) => checkLog(chunks(lines.map((l) => JSON.stringify(l)).join('\n')), options);

describe('validate: a client request for a method the revision does not define', () => {
  it('answered -32601: one info finding, no problem, exit 0', async () => {
    const { code, report } = await runJson('methods/refused.jsonl');
    expect(code).toBe(0);
    expect(report.summary).toEqual({ errors: 0, warnings: 0, info: 1, omitted: 0 });
    expect(report.findings).toEqual([
      {
        line: 4,
        severity: 'info',
        kind: 'unknown-method',
        direction: 'client->server',
        subject: 'tools/col #1',
        message: 'the client asked for a method 2025-06-18 does not define; the server answered -32601 (line 5), as it should',
        requirement: 'RPC-13',
      },
    ]);
  });

  it('answered -32601: the terminal says so and calls the log clean', async () => {
    const { code, stdout } = await runValidate(['methods/refused.jsonl']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^methods\/refused\.jsonl:4 {2}info {2}tools\/col #1 {2}the client asked for a method 2025-06-18 does not define; the server answered -32601/m);
    expect(stdout).toMatch(/: no problems, 1 info\n$/);
  });

  it('served with a result: the server\'s error (RPC-13), and no schema error for the request', async () => {
    const { code, report } = await runJson('methods/served.jsonl');
    expect(code).toBe(1);
    expect(report.findings).toMatchObject([{ line: 5, severity: 'error', direction: 'server->client', requirement: 'RPC-13', subject: 'result #1 (tools/col)' }]);
    expect(report.summary).toEqual({ errors: 1, warnings: 0, info: 0, omitted: 0 });
  });

  it('answered with another error code: a warning on the server (RPC-13), exit 0 (1 with --strict)', async () => {
    const { code, report } = await runJson('methods/other-error.jsonl');
    expect(code).toBe(0);
    expect(report.findings).toMatchObject([{ line: 5, severity: 'warning', direction: 'server->client', requirement: 'RPC-13', message: expect.stringContaining('error -32603, not -32601') }]);
    expect((await runJson('methods/other-error.jsonl', '--strict')).code).toBe(1);
  });

  it('never answered: only the usual unanswered warning', async () => {
    const report = await check([...handshake('2025-06-18'), { jsonrpc: '2.0', id: 1, method: 'tools/col' }]);
    expect(report.findings).toMatchObject([{ line: 3, severity: 'warning', requirement: 'RPC-25', message: expect.stringContaining('never answered') }]);
    expect(report.summary.errors).toBe(0);
  });

  it('a client log alone (--direction client): an info finding, nothing to hold against anyone', async () => {
    const report = await check([{ jsonrpc: '2.0', id: 1, method: 'tools/col' }], { direction: 'client->server', protocolVersion: '2025-06-18' });
    expect(report.findings).toMatchObject([{ line: 1, severity: 'info', subject: 'tools/col #1' }]);
    expect(report.summary.errors + report.summary.warnings).toBe(0);
  });

  it('a method the revision defines only for the client to serve, asked of the server, is graded the same way', async () => {
    const roots = fromClient({ jsonrpc: '2.0', id: 1, method: 'roots/list' });
    const refused = await check([...handshake('2025-06-18'), roots, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } }]);
    expect(refused.findings).toMatchObject([{ line: 3, severity: 'info', message: expect.stringContaining('does not define for the server to serve') }]);
    const served = await check([...handshake('2025-06-18'), roots, { jsonrpc: '2.0', id: 1, result: { roots: [] } }]);
    expect(errorsOf(served)).toMatchObject([{ line: 4, requirement: 'RPC-13', direction: 'server->client' }]);
  });

  it('a structurally invalid request for an undefined method is graded as invalid (RPC-12), not as a fine -32601', async () => {
    const bad = { jsonrpc: '1.0', id: 1, method: 'tools/col' };
    const report = await check([...handshake('2025-06-18'), bad, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } }]);
    expect(report.findings).toMatchObject([{ line: 3, severity: 'error', kind: 'envelope', pointer: '/jsonrpc' }]);
    const served = await check([...handshake('2025-06-18'), bad, { jsonrpc: '2.0', id: 1, result: {} }]);
    expect(errorsOf(served).map((f) => [f.line, f.requirement])).toEqual([
      [3, 'RPC-12'],
      [4, 'RPC-12'],
    ]);
  });

  it('inside a 2025-03-26 batch, each item is paired and graded', async () => {
    const report = await check([
      ...handshake('2025-03-26'),
      [
        { jsonrpc: '2.0', id: 1, method: 'tools/col' },
        { jsonrpc: '2.0', id: 2, method: 'tools/bogus' },
      ],
      [
        { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } },
        { jsonrpc: '2.0', id: 2, result: {} },
      ],
    ]);
    expect(report.findings).toMatchObject([
      { line: 3, severity: 'info', subject: 'tools/col #1' },
      { line: 4, severity: 'error', requirement: 'RPC-13', subject: 'result #2 (tools/bogus)' },
    ]);
  });

  it('2026-07-28: a request with its own _meta for an undefined method, refused with -32601, is fine', async () => {
    const report = await check([
      { jsonrpc: '2.0', id: 'a', method: 'tasks/list', params: { _meta: META_2026 } },
      { jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 'b', method: 'server/discover', params: { _meta: META_2026 } },
    ]);
    expect(report.protocolVersion).toBe('2026-07-28');
    expect(report.findings).toMatchObject([
      { line: 1, severity: 'info', subject: 'tasks/list #"a"' },
      { line: 3, severity: 'warning', requirement: 'RPC-25' },
    ]);
  });
});

describe('validate: an undefined method sent unasked', () => {
  it('a notification no revision defines is a warning, from either side: exit 0', async () => {
    const { code, report } = await runJson('methods/unknown-notifications.jsonl');
    expect(code).toBe(0);
    expect(warningsOf(report)).toMatchObject([
      { line: 4, direction: 'server->client', kind: 'unknown-method', requirement: 'LIFE-10', message: expect.stringContaining('an extension, or a mistake') },
      { line: 5, direction: 'client->server', kind: 'unknown-method', message: expect.stringContaining('is not defined in 2025-06-18') },
    ]);
    expect(report.summary.errors).toBe(0);
  });

  it('a server notification of another revision breaks LIFE-10: an error', async () => {
    const { code, report } = await runJson('mistakes/unknown-method.jsonl');
    expect(code).toBe(1);
    expect(errorsOf(report)).toMatchObject([{ line: 4, requirement: 'LIFE-10', direction: 'server->client' }]);
  });

  it('a client notification of another revision is a warning (no requirement binds the client)', async () => {
    const report = await check([...handshake('2024-11-05'), fromClient({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: {} })]);
    expect(report.findings).toMatchObject([{ line: 3, severity: 'warning', message: expect.stringContaining('only 2025-11-25 defines it') }]);
  });

  it('a server request for a method no revision defines is a warning; for one of another revision, an error', async () => {
    const custom = await check([...handshake('2025-06-18'), fromServer({ jsonrpc: '2.0', id: 's1', method: 'x/custom' }), fromClient({ jsonrpc: '2.0', id: 's1', error: { code: -32601, message: 'no' } })]);
    expect(custom.findings).toMatchObject([{ line: 3, severity: 'warning', requirement: 'LIFE-10', direction: 'server->client' }]);
    const tasks = await check([...handshake('2025-06-18'), fromServer({ jsonrpc: '2.0', id: 's1', method: 'tasks/list' }), fromClient({ jsonrpc: '2.0', id: 's1', error: { code: -32601, message: 'no' } })]);
    expect(tasks.findings).toMatchObject([{ line: 3, severity: 'error', requirement: 'LIFE-10', direction: 'server->client' }]);
  });

  it('2026-07-28: any server request breaks S26-13', async () => {
    const report = await check([
      { jsonrpc: '2.0', id: 'a', method: 'server/discover', params: { _meta: META_2026 } },
      fromServer({ jsonrpc: '2.0', id: 's1', method: 'x/custom' }),
    ]);
    expect(errorsOf(report)).toMatchObject([{ line: 2, requirement: 'S26-13', message: expect.stringContaining('does not allow') }]);
  });
});

describe('validate: findings per direction, server->client first', () => {
  it('--json: each direction with its own counts, the server\'s first; the flat list stays by line', async () => {
    const { report } = await runJson('methods/both-sides.jsonl');
    expect(report.findings.map((f) => f.line)).toEqual([4, 5, 6]);
    expect(report.directions.map((g) => [g.direction, g.summary, g.findings.map((f) => f.line)])).toEqual([
      ['server->client', { errors: 2, warnings: 0, info: 0 }, [5, 6]],
      ['client->server', { errors: 1, warnings: 0, info: 0 }, [4]],
      [null, { errors: 0, warnings: 0, info: 0 }, []],
    ]);
  });

  it('terminal: a heading per direction with its counts, the server\'s block first', async () => {
    const { code, stdout } = await runValidate(['methods/both-sides.jsonl']);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/ {2}.*/, ''))).toEqual([
      'server->client: 2 errors, 0 warnings',
      'methods/both-sides.jsonl:5',
      'methods/both-sides.jsonl:6',
      'client->server: 1 error, 0 warnings',
      'methods/both-sides.jsonl:4',
      'methods/both-sides.jsonl: 6 lines, 6 messages, checked against 2025-06-18 (from the initialize result): 3 errors, 0 warnings',
    ]);
  });

  it('findings about the log itself come last, under their own heading', async () => {
    const { stdout } = await runValidate(['--protocol-version', '2025-06-18', '-'], chunks('not json\n{"jsonrpc":"2.0","id":9,"result":{}}\n'));
    expect(stdout.split('\n').filter((l) => !l.startsWith('<stdin>'))).toEqual(['server->client: 1 error, 0 warnings', 'the log itself: 1 error, 0 warnings', '']);
  });

  it('a full finding list keeps problems over info findings', async () => {
    const asks = Array.from({ length: 10 }, (_, i) => [
      { jsonrpc: '2.0', id: i + 1, method: 'tools/col' },
      { jsonrpc: '2.0', id: i + 1, error: { code: -32601, message: 'no' } },
    ]).flat();
    const report = await check([...handshake('2025-06-18'), ...asks, { jsonrpc: '2.0', id: 99, result: {} }], { maxFindings: 3 });
    expect(report.summary).toEqual({ errors: 1, warnings: 0, info: 10, omitted: 8 });
    expect(errorsOf(report)).toMatchObject([{ line: 23, requirement: 'RPC-2' }]);
  });
});
