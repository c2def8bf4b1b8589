// The stdio proxy through the built CLI: bytes relayed exactly, findings live and in the
// recording at the same line, and every way a session can end bounded, with no process left.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { isAlive, stdioCommand } from '../transport/helpers.js';
import { INIT, INITIALIZED, Peer, proxyArgv, recordedLine, scratch, validateRecording } from './helpers.js';

const SESSION = [
  { jsonrpc: '2.0', id: 2, method: 'ping' },
  { jsonrpc: '2.0', id: 3, method: 'tools/list' },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'héllo' } } },
];

/** initialize, initialized, then the session's requests one by one; returns what came back. */
async function script(peer: Peer) {
  await peer.request(INIT);
  peer.write(`${JSON.stringify(INITIALIZED)}\n`);
  for (const request of SESSION) await peer.request(request);
  return peer.end();
}

// A server that echoes its stdin: what comes out is exactly what the proxy passed in.
const CAT = [process.execPath, '-e', 'process.stdin.pipe(process.stdout)'];

describe.concurrent('proxy over stdio', () => {
  it('gives a scripted client byte for byte what the fixture server gives it directly', async () => {
    const direct = await script(new Peer(fixtureCommand()));
    const proxied = await script(new Peer(proxyArgv([], fixtureCommand())));
    expect(direct.code).toBe(0);
    expect(proxied.stdout.equals(direct.stdout)).toBe(true);
    expect(proxied.code).toBe(direct.code);
    // A conformant session: no finding, only what it checks at the start and a summary at the end.
    const own = proxied.stderr.split('\n').filter((line) => line.startsWith('mcp-conform proxy:'));
    expect(own).toEqual([
      `mcp-conform proxy: checking the stdio server ${fixtureCommand().join(' ')}; findings on stderr, no recording (--record <file>)`,
      expect.stringMatching(/^mcp-conform proxy: ended: 1\d messages relayed, findings: 0$/),
    ]);
  });

  it('goes on, and records the whole session, when the client closes its stderr', async (ctx) => {
    const dir = scratch(ctx.onTestFinished);
    const record = join(dir, 'session.jsonl');
    const peer = new Peer(proxyArgv(['--record', record], fixtureCommand()));
    peer.child.stderr.destroy();
    await peer.request(INIT);
    peer.write(`${JSON.stringify(INITIALIZED)}\n`);
    // The fixture's delete-everything writes to its stderr, which the proxy passes on: into the closed pipe.
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'delete-everything', arguments: {} } };
    const ping = { jsonrpc: '2.0', id: 3, method: 'ping' };
    await peer.request(call);
    await peer.request(ping);
    const ended = await peer.end();
    expect(ended.code).toBe(0);
    const { report } = await validateRecording(record);
    expect(report.findings).toEqual([]);
    const last = readFileSync(record, 'utf8').trimEnd().split('\n').at(-1)!;
    expect(JSON.parse(last)).toMatchObject({ direction: 'server->client', message: { id: 3, result: {} } });
  });

  it('relays odd bytes both ways unchanged: CRLF, invalid UTF-8, no final newline, a line over the limit', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","method":"a"}\r\n  \n'),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
      Buffer.from(`${'x'.repeat(5000)}\n`),
      Buffer.from('{"jsonrpc":"2.0","method":"no-newline"}'),
    ]);
    const peer = new Peer(proxyArgv(['--max-line-bytes', '1024'], CAT));
    peer.write(bytes);
    const ended = await peer.end();
    expect(ended.stdout.equals(bytes)).toBe(true);
    expect(ended.code).toBe(0);
    // Each problem is reported per direction: the echo sends it back, so twice.
    expect(ended.stderr.match(/over the 1024-byte limit/g)).toHaveLength(2);
    expect(ended.stderr.match(/not valid UTF-8/g)).toHaveLength(2);
  });

  it('records a conformant session that validate finds clean', async (ctx) => {
    const dir = scratch(ctx.onTestFinished);
    const record = join(dir, 'session.jsonl');
    const ended = await script(new Peer(proxyArgv(['--record', record, '--json', join(dir, 'r.json')], fixtureCommand())));
    expect(ended.code).toBe(0);
    const { code, report } = await validateRecording(record);
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
    expect(report).toMatchObject({ protocolVersion: '2025-11-25', protocolVersionSource: 'initialize', messages: 10, lines: 10 });
    expect(recordedLine(record, 1)).toMatchObject({ direction: 'client->server', message: INIT, timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(json).toMatchObject({ target: { transport: 'stdio', command: fixtureCommand() }, file: record, exitCode: 0, findings: [], summary: { errors: 0, warnings: 0 } });
  });

  for (const [fault, requirement, subject] of [
    ['result-and-error', 'RPC-3', /ping/],
    ['string-ids', 'RPC-2', /initialize/],
    ['null-result', 'RPC-4', /ping/], // a schema violation: the ping result must be an object
  ] as const) {
    it(`flags the fault ${fault} live and at the same line of the recording as validate does`, async (ctx) => {
      const dir = scratch(ctx.onTestFinished);
      const record = join(dir, 'session.jsonl');
      const json = join(dir, 'findings.json');
      const peer = new Peer(proxyArgv(['--record', record, '--json', json, '--fail-on-finding'], fixtureCommand({ fault })));
      const ended = await script(peer);
      expect(ended.code).toBe(1); // --fail-on-finding; the fixture itself exits 0
      const live = JSON.parse(readFileSync(json, 'utf8')) as { findings: { line: number; requirement?: string; subject: string; direction?: string }[] };
      const { code, report } = await validateRecording(record);
      expect(code).toBe(1);
      expect(report.findings).toEqual(live.findings);
      const first = live.findings[0]!;
      expect(first).toMatchObject({ direction: 'server->client', subject: expect.stringMatching(subject) });
      if (requirement) expect(live.findings.some((f) => f.requirement === requirement)).toBe(true);
      // The flagged line is the server's message there, and stderr said so as it happened.
      expect(recordedLine(record, first.line)).toMatchObject({ direction: 'server->client' });
      expect(ended.stderr).toContain(`mcp-conform proxy: line ${first.line} server->client error`);
    });
  }

  it('a command that cannot start: one line, exit 4, the client sees its pipe close', async () => {
    const ended = await new Peer(proxyArgv([], ['/nonexistent/mcp-server'])).exit();
    expect(ended.code).toBe(4);
    expect(ended.stderr.trim().split('\n')).toEqual(['mcp-conform: command not found: /nonexistent/mcp-server']);
    expect(ended.stdout.length).toBe(0);
  });

  it('exits with the server\'s exit code when the server ends the session, its stderr passed through', async () => {
    const ended = await new Peer(proxyArgv([], stdioCommand('--exit-immediately=3'))).exit();
    expect(ended.code).toBe(3);
    expect(ended.stderr).toContain('fatal: missing configuration\n');
  });

  it('ends a server that ignores stdin close and SIGTERM, and its grandchild, in bounded time', async () => {
    const peer = new Peer(proxyArgv([], stdioCommand('--grandchild', '--ignore-stdin-close', '--ignore-sigterm')));
    let grandchild = 0;
    await peer.waitFor('the grandchild notification', () => {
      const out = (peer as unknown as { outText: string }).outText;
      grandchild = Number(/"pid":(\d+)/.exec(out)?.[1] ?? 0);
      return grandchild > 0;
    });
    const ended = await peer.end();
    expect(ended.code).toBe(128 + 9); // SIGKILL, as a shell reports it
    // 2 s stdin grace + 2 s SIGTERM grace, then SIGKILL; the rest is slack for a loaded machine.
    expect(ended.ms).toBeLessThan(15_000);
    expect(isAlive(grandchild)).toBe(false);
  });

  it('stays small and ends promptly while a server floods an endless line', async (ctx) => {
    const dir = scratch(ctx.onTestFinished);
    const record = join(dir, 'flood.jsonl');
    const peer = new Peer(proxyArgv(['--record', record, '--max-line-bytes', '65536'], stdioCommand('--endless')));
    let relayed = 0;
    peer.child.stdout.on('data', (chunk: Buffer) => (relayed += chunk.length));
    await peer.waitFor('100 MiB relayed', () => relayed > 100 * 2 ** 20, 30_000);
    const rss = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${peer.pid}/status`, 'utf8'))?.[1]) * 1024;
    expect(rss).toBeLessThan(150 * 2 ** 20);
    peer.child.kill('SIGTERM');
    const ended = await peer.exit();
    expect(ended.ms).toBeLessThan(60_000);
    expect(ended.stderr).toMatch(/line 1 error a line of \d+ bytes, over the 65536-byte limit/);
    const { report } = await validateRecording(record);
    expect(report.findings.find((f) => f.line === 1)).toMatchObject({ direction: 'server->client' });
    expect(recordedLine(record, 1)).toMatchObject({ direction: 'server->client', message: null, omitted: expect.stringContaining('over the line limit') });
  });
});
