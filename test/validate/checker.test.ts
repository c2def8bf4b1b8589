// The log checker through its API: framing, bounds, and logs that try to break it.
import { describe, expect, it } from 'vitest';
import { checkLog, type LogCheckOptions } from '../../src/schema/log/index.js';

const HANDSHAKE = [
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"probe","version":"1.0.0"}}}',
  '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"demo","version":"2.1.0"}}}',
];

async function* chunks(text: string | Buffer) {
  yield text;
}

const check = (lines: (string | object)[], options?: LogCheckOptions) =>
  checkLog(chunks(lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')), options);

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const ok = (id: number | string) => ({ jsonrpc: '2.0', id, result: {} });

describe('checkLog', () => {
  it('reports framing problems per line and keeps reading', async () => {
    const bad = Buffer.concat([Buffer.from(`${HANDSHAKE.join('\n')}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from('{"direction":"up","message":{}}\n'), Buffer.from(`${JSON.stringify(ping(1))}\n${JSON.stringify(ok(1))}\n`)]);
    const report = await checkLog(chunks(bad));
    expect(report.findings.map((f) => [f.line, f.kind, f.requirement])).toEqual([
      [3, 'framing', 'STDIO-1'],
      [3, 'framing', 'STDIO-3'],
      [4, 'framing', undefined],
    ]);
    expect(report.messages).toBe(4);
  });

  it('reports an over-long line instead of reading it', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(5000) } });
    const report = await check([...HANDSHAKE, huge, ping(1), ok(1)], { maxLineBytes: 1024 });
    expect(report.findings).toMatchObject([{ line: 3, kind: 'framing', severity: 'error', message: expect.stringContaining(`${Buffer.byteLength(huge)} bytes`) }]);
  });

  it('ignores blank lines and a byte-order mark', async () => {
    const report = await check([`\uFEFF${HANDSHAKE[0]}`, '', '   ', HANDSHAKE[1], '']);
    expect(report.findings).toEqual([]);
    expect(report.messages).toBe(2);
  });

  it('an empty log is a warning, not a pass in silence', async () => {
    const report = await check([]);
    expect(report.summary).toEqual({ errors: 0, warnings: 1, info: 0, omitted: 0 });
    expect(report.findings).toMatchObject([{ line: 0, severity: 'warning', message: 'the log holds no messages' }]);
  });

  it('counts every finding but keeps only maxFindings', async () => {
    const report = await check([...HANDSHAKE, ...Array.from({ length: 50 }, () => 'garbage')], { maxFindings: 5 });
    expect(report.findings).toHaveLength(5);
    expect(report.summary).toEqual({ errors: 50, warnings: 0, info: 0, omitted: 45 });
  });

  it('caps the pending-request table: the oldest request is dropped with a warning, and later strays are only warnings', async () => {
    const report = await check([...HANDSHAKE, ping(1), ping(2), ping(3), ok(3), ok(1)], { maxInFlight: 2 });
    expect(report.findings).toMatchObject([
      { line: 3, severity: 'warning', subject: 'ping #1', message: expect.stringContaining('no longer tracked') },
      { line: 4, severity: 'warning', subject: 'ping #2', message: expect.stringContaining('never answered') },
      { line: 7, severity: 'warning', requirement: 'RPC-2', message: expect.stringContaining('no longer tracked') },
    ]);
    expect(report.summary.errors).toBe(0);
  });

  it('a cancelled request owes no response', async () => {
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
    const report = await check([...HANDSHAKE, ping(1), cancel]);
    expect(report.findings).toEqual([]);
  });

  it('a one-sided log (direction given) does not pair responses with requests it cannot hold', async () => {
    const report = await check([ok(7), ping(8)], { direction: 'server->client', protocolVersion: '2025-11-25' });
    expect(report.findings).toEqual([]);
  });

  it('survives hostile names: Object.prototype keys and huge method names and ids', async () => {
    const longName = `x/${'y'.repeat(100_000)}`;
    const longId = 'i'.repeat(100_000);
    const report = await check([
      ...HANDSHAKE,
      { jsonrpc: '2.0', id: 1, method: 'constructor' },
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, method: longName },
      { jsonrpc: '2.0', id: longId, method: 'ping' },
      { jsonrpc: '2.0', id: longId, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    // The two undefined methods (lines 3 and 5) are the client's right to ask; serving them
    // with results (lines 4 and 8) is what is wrong.
    expect(report.findings.map((f) => f.line)).toEqual(expect.arrayContaining([4, 8]));
    for (const f of report.findings) {
      expect(f.message.length).toBeLessThanOrEqual(300);
      expect(f.subject.length).toBeLessThanOrEqual(120);
    }
    // Both long-id messages were paired: no unknown-id or unanswered finding mentions them.
    expect(report.findings.filter((f) => f.line === 6 || f.line === 7)).toEqual([]);
  });
});
