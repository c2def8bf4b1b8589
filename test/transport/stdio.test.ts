import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStdioTransport, type StdioTransport, type StdioTransportOptions } from '../../src/transport/stdio.js';
import { TargetUnreachable } from '../../src/transport/types.js';
import { TransportClosed } from '../../src/transport/errors.js';
import { byId, byMethod, collect, isAlive, stdioCommand, waitFor } from './helpers.js';

const open: StdioTransport[] = [];
function server(flags: string[], options: Partial<StdioTransportOptions> = {}): StdioTransport {
  // Generous grace periods: a test that expects an early close step must not lose it to a busy
  // machine. Tests that expect escalation shorten the steps they expect to be skipped.
  const transport = createStdioTransport({ command: stdioCommand(...flags), closeGraceMs: 5000, termGraceMs: 5000, ...options });
  open.push(transport);
  return transport;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

describe('stdio transport: messages', () => {
  it('exchanges newline-delimited JSON-RPC and traces both directions', async () => {
    const t = server([]);
    const got = collect(t);
    await t.start();
    await t.send({ jsonrpc: '2.0', id: 1, method: 'echo', params: { text: 'héllo 世界 🚀' } });
    const reply = await waitFor('echo reply', () => byId(got, 1));
    expect(reply.result).toEqual({ echo: { text: 'héllo 世界 🚀' }, method: 'echo' });
    expect(got.framing).toEqual([]);
    const sent = t.trace.find((e) => e.kind === 'send');
    const recv = t.trace.find((e) => e.kind === 'recv' && (e.message as { id?: number }).id === 1);
    expect(sent).toMatchObject({ kind: 'send', raw: expect.stringContaining('"method":"echo"') });
    expect(typeof sent?.at).toBe('number');
    expect(recv!.at).toBeGreaterThanOrEqual(sent!.at);
  });

  it('splits a batch reply into messages that share the raw line', async () => {
    const t = server([]);
    const got = collect(t);
    await t.start();
    await t.send([
      { jsonrpc: '2.0', id: 'a', method: 'one' },
      { jsonrpc: '2.0', id: 'b', method: 'two' },
    ]);
    await waitFor('both replies', () => byId(got, 'a') && byId(got, 'b'));
    const rawA = got.raws[got.messages.indexOf(byId(got, 'a')!)];
    expect(rawA?.startsWith('[')).toBe(true);
    expect(t.trace.some((e) => e.kind === 'recv' && Array.isArray(e.message))).toBe(true);
  });

  it('sendRaw writes bytes as they are (no newline added)', async () => {
    const t = server([]);
    const got = collect(t);
    await t.start();
    await t.sendRaw('{"jsonrpc":"2.0","id":7,');
    await t.sendRaw(new TextEncoder().encode('"method":"split"}\nnot json\n'));
    await waitFor('reply to split write and parse error', () => byId(got, 7) && byId(got, null));
    expect(byId(got, null)).toMatchObject({ error: { code: -32700 } });
    expect(t.trace.filter((e) => e.kind === 'send').map((e) => (e as { raw: string }).raw)).toEqual([
      '{"jsonrpc":"2.0","id":7,',
      '"method":"split"}\nnot json\n',
    ]);
  });

  it('sendRaw writes pieces in order as one write, joined nowhere but on the pipe, and traces their start', async () => {
    // A fuzz batch holding a megabyte case hands it over as a piece of its own (src/fuzz/link.ts).
    const t = server([]);
    const got = collect(t);
    await t.start();
    const big = `{"jsonrpc":"2.0","id":9,"method":"big","params":{"s":"${'a'.repeat(100_000)}"}}\n`;
    const pieces = [Buffer.from('{"jsonrpc":"2.0","id":8,'), new TextEncoder().encode('"method":"pieces"}\n'), Buffer.from(big), Buffer.from('not json\n')];
    await t.sendRaw(pieces);
    await waitFor('replies to both requests and a parse error', () => byId(got, 8) && byId(got, 9) && byId(got, null));
    expect(byId(got, null)).toMatchObject({ error: { code: -32700 } });
    const [raw] = t.trace.filter((e) => e.kind === 'send').map((e) => (e as { raw: string }).raw);
    expect(raw.startsWith('{"jsonrpc":"2.0","id":8,"method":"pieces"}\n{"jsonrpc":"2.0","id":9,"method":"big"')).toBe(true);
    // Decoded no further than the trace keeps (64 K characters and its mark of the cut).
    expect(raw.length).toBeLessThan(65_600);
  });
});

describe('stdio transport: framing violations never crash it', () => {
  it('reports a banner and pretty-printed JSON as not-json, then still delivers messages', async () => {
    const t = server(['--banner', '--pretty']);
    const got = collect(t);
    await t.start();
    await waitFor('ready', () => byMethod(got, 'ready'));
    expect(got.framing[0]).toEqual({ problem: 'not-json', raw: 'Echo server v1.0 starting...' });
    // '{', '  "jsonrpc": "2.0",', '  "method": "pretty"', '}' are each not JSON on their own
    expect(got.framing.slice(1).map((f) => f.raw)).toEqual(['{', '  "jsonrpc": "2.0",', '  "method": "pretty"', '}']);
    expect(byMethod(got, 'pretty')).toBeUndefined();
    await t.send({ jsonrpc: '2.0', id: 2, method: 'after' });
    await waitFor('reply after violations', () => byId(got, 2));
  });

  it('reports JSON that is not a JSON-RPC object or batch as not-jsonrpc', async () => {
    const t = server(['--not-jsonrpc']);
    const got = collect(t);
    await t.start();
    await waitFor('ready', () => byMethod(got, 'ready'));
    expect(got.framing).toEqual([
      { problem: 'not-jsonrpc', raw: '42' },
      { problem: 'not-jsonrpc', raw: '"hello"' },
      { problem: 'not-jsonrpc', raw: '[]' },
      { problem: 'not-jsonrpc', raw: 'null' },
    ]);
  });

  it('reports invalid UTF-8 and keeps going', async () => {
    const t = server(['--invalid-utf8']);
    const got = collect(t);
    await t.start();
    await waitFor('ready', () => byMethod(got, 'ready'));
    expect(got.framing.map((f) => f.problem)).toEqual(['invalid-utf8']);
    expect(t.trace.some((e) => e.kind === 'framing' && e.problem === 'invalid-utf8')).toBe(true);
  });

  it('reports a line over the size cap once, skips it, and delivers the next message', async () => {
    const t = server(['--huge-line=24'], { maxMessageBytes: 1024 * 1024 });
    const got = collect(t);
    await t.start();
    await waitFor('message after the huge line', () => byMethod(got, 'huge/done'));
    expect(got.framing.map((f) => f.problem)).toEqual(['too-large']);
    expect(got.framing[0]!.raw.startsWith('bbbb')).toBe(true);
    expect(got.framing[0]!.raw.length).toBeLessThan(1000);
  });

  it('an unterminated last line the server left on exiting is judged; one cut short by our stop is not', async () => {
    const exiting = server(['--partial-line=exit']);
    const exited = collect(exiting);
    await exiting.start();
    await waitFor('exit', () => exited.exits.length > 0);
    expect(exited.framing.map((f) => f.problem)).toEqual(['not-json']);

    const stopped = server(['--partial-line']);
    const cut = collect(stopped);
    await stopped.start();
    await waitFor('the partial line written', () => stopped.stderrTail().includes('partial line written'));
    await stopped.close();
    expect(cut.framing).toEqual([]);
    expect(stopped.trace.some((e) => e.kind === 'note' && /cut short when we stopped the process: not judged/.test(e.text))).toBe(true);
  });

  it('keeps stderr as a bounded tail with truncated lines, and in the trace', async () => {
    const t = server(['--stderr'], { stderrTailLines: 10 });
    const got = collect(t);
    await t.start();
    await waitFor('ready', () => byMethod(got, 'ready'));
    await waitFor('stderr lines', () => t.stderrTail().at(-1) === 'log line 59');
    expect(t.stderrTail()).toHaveLength(10);
    const long = t.trace.find((e) => e.kind === 'stderr' && e.text.startsWith('log: yyy'));
    expect(long && long.kind === 'stderr' && long.text.length).toBeLessThan(2100);
    expect(long && long.kind === 'stderr' && long.text.endsWith('…[line truncated]')).toBe(true);
  });
});

describe('stdio transport: close() escalation and process tree', () => {
  it('ends a cooperative server by closing stdin', async () => {
    const t = server([]);
    await t.start();
    const info = await t.close();
    expect(info).toMatchObject({ how: 'stdin-close', code: 0 });
    expect(typeof info.closeMs).toBe('number');
    expect(t.closed).toBe(true);
    await expect(t.send({ jsonrpc: '2.0', method: 'x' })).rejects.toBeInstanceOf(TransportClosed);
  });

  it('escalates to SIGTERM when stdin close is ignored', async () => {
    const t = server(['--ignore-stdin-close'], { closeGraceMs: 300 });
    await t.start();
    expect(await t.close()).toMatchObject({ how: 'sigterm', signal: 'SIGTERM' });
  });

  it('cuts the wait for an exit short when closed again with a shorter grace', async () => {
    // A minute's grace would outlast the test's timeout: only the second close can end it in time.
    const t = server(['--ignore-stdin-close'], { closeGraceMs: 60_000 });
    await t.start();
    const first = t.close();
    const second = t.close({ graceMs: 0 });
    expect(second).toBe(first);
    expect(await first).toMatchObject({ how: 'sigterm', signal: 'SIGTERM' });
  });

  it('counts a shorter grace from when stdin closed, not from the second close', async () => {
    const t = server(['--ignore-stdin-close'], { closeGraceMs: 60_000 });
    await t.start();
    const first = t.close();
    await new Promise((r) => setTimeout(r, 1200));
    // stdin closed 1.2 s ago, so a 1 s grace is over: SIGTERM now, not a second from now.
    void t.close({ graceMs: 1000 });
    const rule = await Promise.race([first.then(() => 'from stdin closing'), new Promise((r) => setTimeout(r, 600)).then(() => 'from the second close')]);
    expect(rule).toBe('from stdin closing');
    expect(await first).toMatchObject({ how: 'sigterm', signal: 'SIGTERM' });
  });

  it('escalates to SIGKILL when SIGTERM is ignored too', async () => {
    const t = server(['--ignore-stdin-close', '--ignore-sigterm'], { closeGraceMs: 300, termGraceMs: 300 });
    const got = collect(t);
    await t.start();
    await waitFor('ready', () => byMethod(got, 'ready'));
    expect(await t.close()).toMatchObject({ how: 'sigkill', signal: 'SIGKILL' });
    expect(t.stderrTail()).toContain('ignoring SIGTERM');
  });

  it('kills a grandchild that outlives the server', async () => {
    const t = server(['--grandchild']);
    const got = collect(t);
    await t.start();
    const note = await waitFor('grandchild pid', () => byMethod(got, 'grandchild'));
    const pid = (note.params as { pid: number }).pid;
    expect(isAlive(pid)).toBe(true);
    expect(await t.close()).toMatchObject({ how: 'stdin-close' });
    await waitFor('grandchild gone', () => !isAlive(pid), 3000);
  });

  it('stops an endless line writer without buffering it', async () => {
    const t = server(['--endless'], { maxMessageBytes: 256 * 1024 });
    const got = collect(t);
    await t.start();
    await waitFor('too-large report', () => got.framing.length > 0);
    const info = await t.close();
    expect(['sigterm', 'stdin-close']).toContain(info.how);
    expect(got.framing.map((f) => f.problem)).toEqual(['too-large']);
  });

  it("emits 'exit' when the server dies on its own, and close() then says already-exited", async () => {
    const t = server(['--grandchild']);
    const got = collect(t);
    await t.start();
    const note = await waitFor('grandchild pid', () => byMethod(got, 'grandchild'));
    const grandchild = (note.params as { pid: number }).pid;
    process.kill(t.pid!, 'SIGKILL');
    await waitFor('exit event', () => got.exits.length > 0);
    expect(got.exits[0]).toMatchObject({ how: 'exited', signal: 'SIGKILL' });
    expect(t.closed).toBe(true);
    expect(await t.close()).toMatchObject({ how: 'already-exited' });
    await waitFor('grandchild gone', () => !isAlive(grandchild), 3000);
  });
});

const NOT_EXECUTABLE = join(mkdtempSync(join(tmpdir(), 'transport-')), 'plain.txt');
writeFileSync(NOT_EXECUTABLE, 'just text\n', { mode: 0o644 });

describe('stdio transport: one process after another on one connection', () => {
  it('park() ends the process but not the connection, and respawn() starts another', async () => {
    const t = server([], { closeGraceMs: 2000 });
    const got = collect(t);
    await t.start();
    const first = t.pid!;
    await t.park();
    expect(t.alive).toBe(false);
    expect(t.closed).toBe(false);
    expect(isAlive(first)).toBe(false);
    await expect(t.send({ jsonrpc: '2.0', id: 1, method: 'echo' })).rejects.toThrow(/parked/);
    await t.respawn();
    expect(t.pid).not.toBe(first);
    await t.send({ jsonrpc: '2.0', id: 2, method: 'echo', params: { text: 'again' } });
    await waitFor('reply from the new process', () => byId(got, 2));
    // Parking is ours: no exit was announced.
    expect(got.exits).toEqual([]);
    expect(t.trace.some((e) => e.kind === 'note' && /another copy of the server runs/.test(e.text))).toBe(true);
  });

  it('respawn() refuses while the process still runs, and after close()', async () => {
    const t = server([]);
    await t.start();
    await expect(t.respawn()).rejects.toThrow(/still runs/);
    await t.close();
    await expect(t.respawn()).rejects.toBeInstanceOf(TransportClosed);
  });
});

describe('stdio transport: an exit before the server wrote anything', () => {
  // After the startup window, an exit is an event: a server that never spoke still says why, there.
  const late = (stdout: string) => [process.execPath, '-e', `${stdout}setTimeout(() => { process.stderr.write('Error: API_KEY is not set\\nNode.js v20.20.2\\n'); process.exit(1); }, 300)`];

  it('carries what stderr said about why', async () => {
    const t = createStdioTransport({ command: late(''), startupWindowMs: 10 });
    open.push(t);
    const got = collect(t);
    await t.start();
    await waitFor('exit event', () => got.exits.length > 0, 10_000);
    expect(got.exits[0]).toMatchObject({ how: 'exited', code: 1, atStart: ': Error: API_KEY is not set' });
  });

  it('is not "at start" once the server has written to stdout', async () => {
    const t = createStdioTransport({ command: late("process.stdout.write('{}\\n'); "), startupWindowMs: 10 });
    open.push(t);
    const got = collect(t);
    await t.start();
    await waitFor('exit event', () => got.exits.length > 0, 10_000);
    expect(got.exits[0]).toMatchObject({ how: 'exited', code: 1 });
    expect(got.exits[0]).not.toHaveProperty('atStart');
  });
});

describe('stdio transport: unreachable targets', () => {
  const cases: [string, string[], RegExp][] = [
    ['a missing command', ['no-such-command-xyz'], /^command not found: no-such-command-xyz$/],
    ['a file that is not executable', [NOT_EXECUTABLE], /^command is not executable: .*plain\.txt$/],
    ['a server that exits at once', stdioCommand('--exit-immediately=3'), /exited immediately \(code 3\): fatal: missing configuration$/],
    // Node refuses it before starting anything; execa then emits no event, only settles (it waited forever).
    ['a command with a NUL byte (from a config file)', ['no\u0000de'], /^cannot start no\\x00de: .*null bytes/],
  ];
  for (const [what, command, message] of cases) {
    it(`rejects ${what} with a one-line TargetUnreachable`, async () => {
      // A wide startup window: node itself may need a few hundred ms to start on a busy machine.
      const t = createStdioTransport({ command, startupWindowMs: 5000 });
      const error = await t.start().then(
        () => undefined,
        (e: unknown) => e,
      );
      await t.close();
      expect(error).toBeInstanceOf(TargetUnreachable);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  it('rejects a missing working directory', async () => {
    const t = createStdioTransport({ command: stdioCommand(), cwd: '/no/such/dir' });
    await expect(t.start()).rejects.toThrow(/^working directory not found: \/no\/such\/dir$/);
  });
});
