// Sample reports for the report-writer tests: every status, every evidence type, a matrix
// run, and strings a hostile server could send.
import type { CheckResult, Report, RunResult } from '../../src/checks/types.js';
import { summarize } from '../../src/report/index.js';

/** Strings that must come out inert in every format. */
export const HOSTILE = {
  script: '</script><script>window.__pwned = 1; alert(1)</script>',
  img: '<img src=x onerror="window.__pwned = 2">',
  ansi: '\x1b[2J\x1b[31mrepainted',
  controls: 'bell\u0007 nul\u0000 vt\u000b esc\u001b del\u007f',
  surrogate: 'lone \ud800 half',
  bidi: 'safe\u202eevil',
  xml: ']]> & "quoted" \'single\' <tag>',
};

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';

export function check(partial: Partial<CheckResult> & Pick<CheckResult, 'id' | 'status'>): CheckResult {
  return {
    title: `Title of ${partial.id}`,
    level: 'MUST',
    requirements: [],
    spec: `${SPEC}/basic`,
    evidence: [],
    durationMs: 3,
    ...partial,
  };
}

export function sampleChecks(): CheckResult[] {
  return [
    check({
      id: 'lifecycle/initialize-result',
      title: 'initialize returns a well-formed result',
      status: 'pass',
      requirements: ['LIFE-2'],
      spec: `${SPEC}/basic/lifecycle#initialization`,
      evidence: [
        {
          type: 'message',
          direction: 'sent',
          at: 0,
          message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
        },
        {
          type: 'message',
          direction: 'received',
          at: 12,
          message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } },
        },
      ],
      durationMs: 14,
    }),
    check({
      id: 'lifecycle/version-negotiation',
      title: 'Server answers with a revision it supports',
      status: 'fail',
      requirements: ['LIFE-3', 'LIFE-4'],
      spec: `${SPEC}/basic/lifecycle#version-negotiation`,
      message: 'Server answered protocolVersion "1999-01-01", which is no MCP revision',
      evidence: [
        {
          type: 'expected',
          expected: 'the requested revision, or another revision the server supports',
          actual: 'protocolVersion "1999-01-01"',
        },
        {
          type: 'message',
          direction: 'sent',
          at: 1,
          message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } },
        },
        {
          type: 'message',
          direction: 'received',
          at: 12,
          message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '1999-01-01', padding: 'x'.repeat(400) } },
        },
        {
          type: 'message',
          direction: 'sent',
          at: 13,
          message: { jsonrpc: '2.0', method: 'notifications/initialized' },
        },
        { type: 'message', direction: 'sent', at: 14, message: { jsonrpc: '2.0', id: 2, method: 'ping' } },
        { type: 'message', direction: 'received', at: 15, raw: '{"jsonrpc":"2.0","id":2,"result":{}}' },
      ],
      durationMs: 16,
    }),
    check({
      id: 'tools/list-schema',
      title: `tools/list result matches the schema ${HOSTILE.script}`,
      status: 'fail',
      requirements: ['TOOL-1'],
      spec: `${SPEC}/server/tools#listing-tools`,
      message: `Tool name ${HOSTILE.script} ${HOSTILE.img} ${HOSTILE.ansi} ${HOSTILE.controls} ${HOSTILE.surrogate} ${HOSTILE.bidi} ${HOSTILE.xml}`,
      evidence: [
        {
          type: 'schema',
          pointer: '/result/tools/0/inputSchema',
          expected: 'object',
          found: 'string',
          requirement: 'TOOL-1',
          line: 3,
        },
        { type: 'schema', pointer: '', expected: 'JSONRPCResponse', found: 'extra property' },
        {
          type: 'message',
          direction: 'received',
          at: 20,
          raw: `{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"${HOSTILE.script}"}]}}`,
        },
        { type: 'message', direction: 'received', at: 21, raw: `not json ${HOSTILE.img}\nsecond line ${HOSTILE.ansi}` },
      ],
      durationMs: 5,
    }),
    check({
      id: 'rpc/error-code',
      title: 'Unknown method yields -32601',
      level: 'SHOULD',
      status: 'warn',
      requirements: ['RPC-7'],
      spec: `${SPEC}/basic#responses`,
      message: 'Answered with code -32603 instead of -32601',
      evidence: [
        { type: 'expected', expected: 'error -32601, or an error with any code (warn)', actual: 'error -32603' },
        {
          type: 'http',
          at: 30,
          request: {
            method: 'POST',
            url: 'http://127.0.0.1:8931/mcp',
            headers: { 'content-type': 'application/json', authorization: 'Bearer s3cr3t-token' },
            body: '{"jsonrpc":"2.0","id":4,"method":"nope"}',
          },
          response: {
            status: 200,
            headers: { 'content-type': 'application/json', 'mcp-session-id': 'abc' },
            body: '{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"internal"}}',
          },
        },
        {
          type: 'http',
          at: 31,
          request: { method: 'GET', url: 'http://127.0.0.1:8931/mcp', headers: { cookie: 'session=s3cr3t-cookie' } },
        },
      ],
      durationMs: 9,
    }),
    check({
      id: 'resources/subscribe',
      title: 'resources/subscribe is honoured',
      status: 'skip',
      requirements: ['RES-9'],
      spec: `${SPEC}/server/resources#subscriptions`,
      message: 'The server did not declare resources.subscribe',
      durationMs: 0,
    }),
    check({
      id: 'logging/levels',
      title: 'Log levels are accepted',
      level: 'MAY',
      status: 'info',
      requirements: [],
      spec: `${SPEC}/server/utilities/logging`,
      message: 'The server logs at debug level by default',
      evidence: [
        { type: 'note', text: 'Observed 3 notifications/message before any logging/setLevel' },
        { type: 'stderr', text: 'debug: starting\ndebug: ready' },
      ],
      durationMs: 2,
    }),
    check({
      id: 'lifecycle/ping',
      title: 'ping answers with an empty result',
      status: 'pass',
      requirements: ['LIFE-9'],
      spec: `${SPEC}/basic/utilities/ping`,
      message: 'Answered in time',
      durationMs: 1,
    }),
    check({
      id: 'hostile/spec-url',
      title: 'A check whose spec link is not http',
      level: 'SHOULD',
      status: 'warn',
      spec: 'javascript:window.__pwned=3',
      message: HOSTILE.img,
    }),
  ];
}

function run(protocolVersion: string, checks: CheckResult[], extra: Partial<RunResult> = {}): RunResult {
  return {
    target: { transport: 'stdio', command: ['node', 'server.js', '--flag'] },
    protocolVersion,
    seed: 42,
    startedAt: '2026-01-02T03:04:05.678Z',
    durationMs: 1234.5,
    summary: summarize(checks),
    checks,
    ...extra,
  };
}

export function sampleReport(): Report {
  return {
    tool: { name: 'mcp-conform', version: '0.1.0' },
    ...run('2025-11-25', sampleChecks(), { stderrTail: ['server booting', `panic: ${HOSTILE.ansi}`] }),
  };
}

/** Only passing and skipped checks: no failures, no warnings. */
export function cleanReport(): Report {
  const checks = sampleChecks().filter((c) => c.status === 'pass' || c.status === 'skip');
  return { tool: { name: 'mcp-conform', version: '0.1.0' }, ...run('2025-11-25', checks, { stderrTail: ['quiet'] }) };
}

/** A `--protocol-version all` report over two revisions; the top level sums them. */
export function matrixReport(): Report {
  const newer = run('2025-11-25', sampleChecks(), { stderrTail: ['newer run stderr'] });
  const older = run(
    '2025-06-18',
    sampleChecks().map((c) => (c.status === 'fail' ? { ...c, status: 'pass' as const, message: undefined } : c)),
  );
  const checks = [...newer.checks, ...older.checks];
  return {
    tool: { name: 'mcp-conform', version: '0.1.0' },
    ...run('2025-11-25', checks),
    target: { transport: 'http', url: 'http://127.0.0.1:8931/mcp' },
    durationMs: 2469,
    runs: [
      { ...newer, target: { transport: 'http', url: 'http://127.0.0.1:8931/mcp' } },
      { ...older, target: { transport: 'http', url: 'http://127.0.0.1:8931/mcp' } },
    ],
  };
}

/**
 * A report of a dual-era server run with no revision asked for: the detected 2026-07-28 run, then
 * the 2025-11-25 run through initialize, the only one with the sample's failures.
 */
export function twoErasReport(): Report {
  const stateless = run('2026-07-28', sampleChecks().map((c) => (c.status === 'fail' ? { ...c, status: 'pass' as const, message: undefined } : c)), { era: 'stateless', eras: { stateless: true } });
  const stateful = run('2025-11-25', sampleChecks(), { era: 'stateful', stderrTail: ['stateful run stderr'] });
  const checks = [...stateless.checks, ...stateful.checks];
  return {
    tool: { name: 'mcp-conform', version: '0.1.0' },
    ...run('2026-07-28', [], { summary: summarize(checks), eras: { stateless: true, stateful: true } }),
    durationMs: 2469,
    runs: [stateless, stateful],
  };
}

/**
 * The published SDKs' three failures of two causes: errors/parse-error and errors/invalid-request
 * each a cause of its own, fuzz/malformed-messages explained by errors/invalid-request.
 */
export function sameCauseReport(): Report {
  const checks = [
    check({ id: 'errors/parse-error', status: 'fail', message: 'input "x": no answer', causes: ['no-answer-to-non-json'] }),
    check({ id: 'errors/invalid-request', status: 'fail', message: 'a request with jsonrpc "1.0": no answer', causes: ['no-answer-to-invalid-request'] }),
    check({ id: 'errors/method-not-found', status: 'pass' }),
    check({
      id: 'fuzz/malformed-messages',
      status: 'fail',
      message: 'request 7 got no response',
      causes: ['no-answer-to-invalid-request'],
      sameCauseAs: ['errors/invalid-request'],
    }),
  ];
  return { tool: { name: 'mcp-conform', version: '0.1.0' }, ...run('2025-11-25', checks), summary: { ...summarize(checks), causes: 2 } };
}

/**
 * As many areas as the real catalog (24), five checks each, passing but for a failure and a
 * warning in late areas: the page must open on those, not on 100 passes.
 */
export function catalogSizedReport(): Report {
  const areas = Array.from({ length: 24 }, (_, i) => `area${String(i + 1).padStart(2, '0')}`);
  const checks = areas.flatMap((area, i) =>
    Array.from({ length: 5 }, (_, j) => {
      const status = i === 20 && j === 3 ? 'fail' : i === 12 && j === 1 ? 'warn' : i === 5 && j === 0 ? 'skip' : 'pass';
      return check({ id: `${area}/check-${j + 1}`, status, ...(status === 'pass' ? {} : { message: `${status} in ${area}` }) });
    }),
  );
  return { tool: { name: 'mcp-conform', version: '0.1.0' }, ...run('2025-11-25', checks) };
}
