#!/usr/bin/env node
// Throwaway JSON-RPC echo server over stdio with switches for misbehaviour (transport tests).
// Every request is answered with { echo: params, method }; a batch gets a batch of answers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, '').split('=');
    return [name, value ?? 'true'];
  }),
);
const out = process.stdout;

async function write(data) {
  if (!out.write(data)) await once(out, 'drain');
}
const line = (message) => write(`${JSON.stringify(message)}\n`);
const notify = (method, params) => line({ jsonrpc: '2.0', method, params });

if (flags.has('exit-immediately')) {
  process.stderr.write('fatal: missing configuration\n');
  process.exit(Number(flags.get('exit-immediately')));
}
if (flags.has('ignore-sigterm')) process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\n'));
if (flags.has('stderr')) {
  process.stderr.write('log: starting\n');
  process.stderr.write(`log: ${'y'.repeat(10_000)}\n`);
  for (let i = 0; i < 60; i++) process.stderr.write(`log line ${i}\n`);
}

async function startup() {
  if (flags.has('banner')) await write('Echo server v1.0 starting...\n');
  if (flags.has('pretty')) await write(`${JSON.stringify({ jsonrpc: '2.0', method: 'pretty' }, null, 2)}\n`);
  if (flags.has('not-jsonrpc')) await write('42\n"hello"\n[]\nnull\n');
  if (flags.has('invalid-utf8')) await write(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
  if (flags.has('grandchild')) {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
    await notify('grandchild', { pid: child.pid });
  }
  if (flags.has('flood') || flags.has('flood-json')) {
    // 1 MiB lines: plain text, or braces around invalid JSON (so it must be parsed to be rejected).
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    if (flags.has('flood-json')) {
      chunk.write('{"jsonrpc":"2.0","method":"x","params":');
      chunk[chunk.length - 2] = 0x7d;
    }
    chunk[chunk.length - 1] = 0x0a;
    for (let i = 0; i < Number(flags.get('flood') ?? flags.get('flood-json')); i++) await write(chunk);
    await notify('flood/done');
  }
  if (flags.has('huge-line')) {
    const chunk = Buffer.alloc(1024 * 1024, 'b');
    for (let i = 0; i < Number(flags.get('huge-line')); i++) await write(chunk);
    await write('\n');
    await notify('huge/done');
  }
  if (flags.has('partial-line')) {
    // The start of a big answer, never finished: the process is stopped, or exits, mid-write.
    await write(`{"jsonrpc":"2.0","id":"big","result":{"text":"${'d'.repeat(100_000)}`);
    if (flags.get('partial-line') === 'exit') process.exit(3);
    process.stderr.write('partial line written\n');
    await new Promise(() => {}); // nothing more on stdout; stdin's end still ends the process
  }
  if (flags.has('endless')) {
    const chunk = Buffer.alloc(64 * 1024, 'c');
    for (;;) await write(chunk);
  }
  await notify('ready');
}

function answer(request) {
  if (typeof request !== 'object' || request === null || request.id === undefined) return undefined;
  return { jsonrpc: '2.0', id: request.id, result: { echo: request.params ?? null, method: request.method } };
}

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  let newline;
  while ((newline = pending.indexOf('\n')) !== -1) {
    const text = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    let request;
    try {
      request = JSON.parse(text);
    } catch {
      void line({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      continue;
    }
    const reply = Array.isArray(request) ? request.map(answer).filter(Boolean) : answer(request);
    if (reply !== undefined) void line(reply);
  }
});
process.stdin.on('end', () => {
  if (flags.has('ignore-stdin-close')) setInterval(() => {}, 1000);
  else process.exit(0);
});

await startup();
