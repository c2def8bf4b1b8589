// Whole sessions: which revision a log is checked against, how bare lines are attributed and
// paired, and what counts as a warning rather than an error.
import { describe, expect, it } from 'vitest';
import { errorsOf, runJson, warningsOf } from './helpers.js';

describe('validate: clean sessions', () => {
  it('a handshake and tools session (bare and wrapped lines, a cancelled call, a blank line) is clean: exit 0', async () => {
    const { code, report } = await runJson('clean-session.jsonl');
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      file: 'clean-session.jsonl',
      protocolVersion: '2025-11-25',
      protocolVersionSource: 'initialize',
      lines: 18,
      messages: 17,
      summary: { errors: 0, warnings: 0, omitted: 0 },
    });
  });

  it('pairs a nested server request with the same id as the client request around it (inner answered first)', async () => {
    // Pairing the inner result with tools/call would make it a CallToolResult without content.
    const { code, report } = await runJson('nested-same-ids.jsonl');
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('accepts batches in 2025-03-26 and pairs each response inside them', async () => {
    const { code, report } = await runJson('batch-2025-03.jsonl');
    expect(report.findings).toEqual([]);
    expect(report.messages).toBe(8);
    expect(code).toBe(0);
  });
});

describe('validate: the revision a log is checked against', () => {
  it('is the one the initialize result chose, not the one requested', async () => {
    // The server picked 2024-11-05, which has no audio content.
    const { code, report } = await runJson('session-2024-audio.jsonl');
    expect(report.protocolVersion).toBe('2024-11-05');
    expect(errorsOf(report)).toMatchObject([{ line: 5, kind: 'schema', requirement: 'TOOLS-14', pointer: '/result/content/0/type' }]);
    expect(code).toBe(1);
  });

  it('--protocol-version wins over the log', async () => {
    const { code, report } = await runJson('session-2024-audio.jsonl', '--protocol-version', '2025-11-25');
    expect(report).toMatchObject({ protocolVersion: '2025-11-25', protocolVersionSource: 'option', findings: [] });
    expect(code).toBe(0);
  });

  it('without an initialize exchange only envelopes are checked, with a warning saying so', async () => {
    const { code, report } = await runJson('no-initialize.jsonl');
    expect(report.protocolVersion).toBeNull();
    expect(errorsOf(report)).toEqual([]);
    expect(warningsOf(report)).toMatchObject([{ line: 0, message: expect.stringContaining('--protocol-version') }]);
    expect(code).toBe(0);

    const forced = await runJson('no-initialize.jsonl', '--protocol-version', '2025-11-25');
    expect(errorsOf(forced.report)).toMatchObject([{ line: 2, requirement: 'TOOLS-2', pointer: '/result/tools' }]);
    expect(forced.code).toBe(1);
  });

  it('a 2026-07-28 log names its revision in each request\'s _meta', async () => {
    const { code, report } = await runJson('stateless-2026.jsonl');
    expect(report).toMatchObject({ protocolVersion: '2026-07-28', protocolVersionSource: 'request-meta' });
    // Line 2 is a complete 2026 result; line 4 lacks the fields 2026-07-28 requires.
    expect(new Set(errorsOf(report).map((f) => f.line))).toEqual(new Set([4]));
    expect(errorsOf(report).map((f) => f.pointer).sort()).toEqual(['/result/cacheScope', '/result/resultType', '/result/ttlMs']);
    expect(code).toBe(1);
  });
});

describe('validate: warnings', () => {
  it('a request never answered is a warning on its own line: exit 0, or 1 with --strict', async () => {
    const { code, report } = await runJson('mistakes/unanswered-request.jsonl');
    expect(errorsOf(report)).toEqual([]);
    expect(warningsOf(report)).toMatchObject([{ line: 4, kind: 'correlation', requirement: 'RPC-25', subject: 'tools/list #1' }]);
    expect(code).toBe(0);
    expect((await runJson('mistakes/unanswered-request.jsonl', '--strict')).code).toBe(1);
  });

  it('--strict does not turn a clean log into a failure', async () => {
    expect((await runJson('clean-session.jsonl', '--strict')).code).toBe(0);
  });
});
