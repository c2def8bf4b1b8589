// A tool whose every valid call the server's own result validation refuses (issue 30 item 2):
// an SDK server whose tool returned {type: "text", txt: …} answers -32602 "Invalid tools/call
// result: …" with the path content[0].text deep in a zod issue list. That is the server failing
// TOOLS-6 (fail, at every revision), and the terminal shows the path and the whole message.
import { describe, expect, it } from 'vitest';
import { errorMessageText } from '../../src/checks/index.js';
import { toJson, toTerminal } from '../../src/report/index.js';
import { runAgainstFixture, statusOf } from './harness.js';

const ONLY = ['tools/call-result'];
const checkOf = (report: { checks: Array<Record<string, unknown>> }) => report.checks.find((c) => c.id === 'tools/call-result')!;

describe('tools/call-result on a server whose result validation refuses every call (fault tool-result-rejected)', () => {
  for (const protocolVersion of ['2025-11-25', '2025-06-18'] as const) {
    it(`fails at ${protocolVersion} (not a refusal of our arguments, whatever the revision)`, async () => {
      const report = await runAgainstFixture({ fault: 'tool-result-rejected', protocolVersion, only: ONLY });
      expect(statusOf(report, 'tools/call-result')).toBe('fail');
      expect(report.summary.fail).toBe(1);
    });
  }

  it('says which path, that the tool failed every call, and shows the server\'s message whole (bounded) without -v', async () => {
    const report = await runAgainstFixture({ fault: 'tool-result-rejected', only: ONLY });
    const c = checkOf(JSON.parse(toJson(report)));
    expect(c.message).toContain('at content[0].text: Invalid input: expected string, received undefined');
    expect(c.message).toMatch(/"echo"(, "[^"]+")* failed every call we made|failed every call we made/);
    const text = toTerminal(report, { color: false });
    expect(text).toContain('at content[0].text');
    // The whole message (compacted, up to 1 KB) is in the recap, wrapped rather than cut at 160.
    const actual = text.slice(text.indexOf('Actual:'), text.indexOf('Wire:'));
    expect(actual).toContain('at content[0].text');
    expect(actual).toContain('whole message: MCP error -32602: Invalid tools/call result:');
    expect(actual).toContain('[{"code":"invalid_union","errors":[[{"expected":"string","code":"invalid_type","path":["text"]');
    expect(actual.replace(/\n {5}/g, '').length).toBeGreaterThan(1000);
    for (const line of actual.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });
});

describe('a protocol error the server gives a valid call for other reasons still warns, and says why', () => {
  it('tool-arguments-protocol-error at 2025-11-25: warn, graded below MUST because TOOLS-9 and TOOLS-10 are SHOULDs', async () => {
    const report = await runAgainstFixture({ fault: 'tool-arguments-protocol-error', protocolVersion: '2025-11-25', only: ONLY });
    const c = checkOf(JSON.parse(toJson(report)));
    expect(c).toMatchObject({ status: 'warn', gradedAs: 'warn' });
    expect(c.gradedBecause).toContain('TOOLS-10');
  });
});

describe('errorMessageText', () => {
  const zod = `MCP error -32602: Invalid tools/call result: ${JSON.stringify(
    [{ code: 'invalid_union', errors: [[{ code: 'invalid_type', path: ['text'], message: 'expected string' }], [{ path: ['type'], message: 'expected "image"' }, { path: ['data'], message: 'expected string' }]], path: ['content', 0], message: 'Invalid input' }],
    null,
    2,
  )}`;

  it('names the closest alternative\'s path first, then the message compacted', () => {
    const text = errorMessageText(zod);
    expect(text.startsWith('MCP error -32602: Invalid tools/call result: at content[0].text: expected string — whole message: ')).toBe(true);
    expect(text).not.toContain('\n');
  });

  it('bounds what a server sends', () => {
    expect(errorMessageText('x'.repeat(5000)).length).toBe(1024);
    expect(errorMessageText(zod, 60).length).toBe(60);
  });

  it('keeps a plain message as it is', () => {
    expect(errorMessageText('Tool failed: disk full')).toBe('Tool failed: disk full');
  });
});
