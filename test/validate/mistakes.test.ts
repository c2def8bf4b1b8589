// One log per mistake: each must be reported on the exact line, with the catalog requirement
// it breaks, and fail the run (exit 1). The first three lines of each log are a clean handshake.
import { describe, expect, it } from 'vitest';
import { errorsOf, runJson } from './helpers.js';

interface Expected {
  line: number;
  kind: string;
  requirement?: string;
  pointer?: string;
}

const CASES: Record<string, Expected[]> = {
  'wrong-jsonrpc': [{ line: 5, kind: 'envelope', requirement: 'RPC-1', pointer: '/jsonrpc' }],
  'request-without-id': [{ line: 4, kind: 'envelope', requirement: 'RPC-9', pointer: '/id' }],
  'notification-with-id': [{ line: 4, kind: 'envelope', requirement: 'RPC-8', pointer: '/id' }],
  'response-to-unknown-id': [{ line: 6, kind: 'correlation', requirement: 'RPC-2' }],
  'duplicate-response': [{ line: 6, kind: 'correlation', requirement: 'RPC-25' }],
  'result-and-error': [{ line: 5, kind: 'envelope', requirement: 'RPC-3', pointer: '' }],
  // A server notification of another revision (2025-11-25) in a 2025-06-18 session. (One that no
  // revision defines is only a warning: see undefined-methods.test.ts.)
  'unknown-method': [{ line: 4, kind: 'unknown-method', requirement: 'LIFE-10', pointer: '/method' }],
  // The client may ask for an undefined method; the server accepting it is the mistake.
  'unknown-method-accepted': [{ line: 5, kind: 'correlation', requirement: 'RPC-13' }],
  // tools/call with {tool, args}: the client's mistake, then the server's for accepting it.
  'params-not-fitting': [
    { line: 4, kind: 'schema', pointer: '/params/name' },
    { line: 5, kind: 'correlation', requirement: 'RPC-14' },
  ],
  'result-not-fitting': [{ line: 5, kind: 'schema', requirement: 'TOOLS-2', pointer: '/result/tools' }],
  'reused-in-flight-id': [{ line: 6, kind: 'correlation', requirement: 'RPC-10' }],
  'non-json-line': [{ line: 2, kind: 'framing', requirement: 'STDIO-3' }],
  'completion-101-values': [{ line: 5, kind: 'schema', requirement: 'COMP-3', pointer: '/result/completion/values' }],
  'id-type-changed': [{ line: 5, kind: 'correlation', requirement: 'RPC-2' }],
  // An invalid request is owed an error (-32600): one answered with a result is the server's mistake.
  'invalid-requests': [
    { line: 4, kind: 'envelope', requirement: 'RPC-12', pointer: '/method' },
    { line: 6, kind: 'envelope', requirement: 'RPC-12', pointer: '' },
    { line: 8, kind: 'envelope', requirement: 'RPC-12', pointer: '/method' },
    { line: 9, kind: 'correlation', requirement: 'RPC-12' },
  ],
  'batch-not-allowed': [{ line: 4, kind: 'envelope', requirement: 'RPC-24', pointer: '' }],
};

describe('validate: each mistake in a log', () => {
  for (const [name, expected] of Object.entries(CASES)) {
    it(`${name}: reported on line ${expected.map((e) => e.line).join(', ')}, exit 1`, async () => {
      const { code, report } = await runJson(`mistakes/${name}.jsonl`);
      expect(code).toBe(1);
      const found = errorsOf(report).map((f) => ({
        line: f.line,
        kind: f.kind,
        ...(f.requirement ? { requirement: f.requirement } : {}),
        ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
      }));
      expect(found).toEqual(expected);
      expect(report.summary.errors).toBe(expected.length);
      // Nothing else is wrong with these logs: no stray warnings either.
      expect(report.summary.warnings).toBe(0);
    });
  }

  it('attributes the finding to the sender: the reused id was the server\'s', async () => {
    const { report } = await runJson('mistakes/reused-in-flight-id.jsonl');
    const [reuse] = errorsOf(report);
    expect(reuse).toMatchObject({ direction: 'server->client', subject: 'ping #"s-1"' });
    expect(reuse.message).toContain('line 5');
  });

  it('names the request a response answers in its subject', async () => {
    const { report } = await runJson('mistakes/result-not-fitting.jsonl');
    expect(errorsOf(report)[0]).toMatchObject({ subject: 'result #1 (tools/list)', direction: 'server->client' });
  });
});
