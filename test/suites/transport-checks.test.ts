// The transport checks beyond their one fault each: stderr output never counts against a
// server, a second fault per stdio framing rule, a server broken from its first answer, and a
// server that runs without HTTP sessions.
import { describe, expect, it } from 'vitest';
import { runTarget } from '../../src/runner/index.js';
import { newlineDelimited } from '../../suites/stdio.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { idsWith, runAgainstFixture, runAgainstHttpFixture, runAgainstLegacySseFixture, statusOf } from './harness.js';

const STDIO_CHECKS = ['stdio/*'];

/** Preloaded into the fixture: log lines on stderr at start and every few ms while it runs. */
const STDERR_CHATTER =
  'data:text/javascript,' +
  encodeURIComponent(
    "const log = (m) => process.stderr.write(`${new Date().toISOString()} WARN ${m}\\n{\"level\":\"error\",\"msg\":\"${m}\"}\\n`);" +
      "log('starting'); let n = 0; setInterval(() => log(`tick ${n++}`), 5).unref();",
  );

/** A stdio server that pretty-prints every answer, its initialize result included. */
const PRETTY_SERVER = `
  const rl = require('node:readline').createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    let m; try { m = JSON.parse(line); } catch { return; }
    if (m.id === undefined) return;
    const result = m.method === 'initialize' ? { protocolVersion: m.params.protocolVersion, capabilities: {}, serverInfo: { name: 'pretty', version: '1' } } : {};
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }, null, 2) + '\\n');
  });
  rl.on('close', () => process.exit(0));`;

describe('stdio transport checks', () => {
  it('never count stderr output against a server (STDIO-4)', async () => {
    const [node, ...rest] = fixtureCommand();
    const report = await runAgainstFixture({ target: { transport: 'stdio', command: [node, '--import', STDERR_CHATTER, ...rest] }, only: STDIO_CHECKS });
    expect(idsWith(report, 'fail', 'warn', 'skip')).toEqual([]);
    expect(report.stderrTail?.some((line) => line.includes('WARN tick'))).toBe(true);
  });

  it('judge a line that never ends by the maximum message size', async () => {
    const report = await runAgainstFixture({ fault: 'endless-line', only: ['stdio/newline-delimited'] });
    const check = report.checks.find((c) => c.id === 'stdio/newline-delimited');
    expect(check?.status).toBe('fail');
    expect(check?.message).toMatch(/maximum message size \(4 MiB\)/);
    // The endless line starts at the era probe; the handshake's wait then ends at its timeout (no
    // liveness probe while the output is an oversize line: test/session/latency.test.ts).
  }, 60_000);

  it('leave a stdout banner to the whole-run check instead of reporting it twice', async () => {
    const report = await runAgainstFixture({ fault: 'stdout-banner', only: STDIO_CHECKS });
    expect(idsWith(report, 'fail', 'warn')).toEqual(['stdio/stdout-only-jsonrpc-whole-run']);
  });

  it('give a verdict on a server that pretty-prints even its initialize result', async () => {
    // A short request timeout: the main handshake cannot succeed, and waiting it out proves nothing.
    const report = await runTarget({
      target: { transport: 'stdio', command: [process.execPath, '-e', PRETTY_SERVER] },
      checks: [newlineDelimited],
      seed: 1,
      requestTimeoutMs: 1000,
      quietMs: 300,
      callTools: [],
      tool: { name: 'mcp-conform', version: 'test' },
    });
    const check = report.checks.find((c) => c.id === 'stdio/newline-delimited');
    expect(check?.status).toBe('fail');
    expect(check?.message).toMatch(/pieces of a JSON message/);
  });
});

describe('Streamable HTTP checks', () => {
  it('skip the session rules when the server issues no session id (HTTP-25)', async () => {
    const report = await runAgainstHttpFixture({ fault: 'http-no-session-id', only: ['http/*'] });
    expect(statusOf(report, 'http/session-id-visible-ascii')).toBe('info');
    expect(statusOf(report, 'http/session-id-required')).toBe('skip');
    expect(statusOf(report, 'http/ended-session-404')).toBe('skip');
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
  });
});

describe('legacy HTTP+SSE checks (2024-11-05)', () => {
  it('pass on the conformant legacy fixture', async () => {
    const report = await runAgainstLegacySseFixture({ only: ['sse/*', 'messages/*'] });
    expect(report.protocolVersion).toBe('2024-11-05');
    expect(idsWith(report, 'pass')).toEqual(['messages/all-server-messages', 'sse/answers-on-stream', 'sse/endpoint-event-first', 'sse/foreign-origin-rejected']);
  });
});
