// Slow is not broken (issue 28 item 2): a request waiting behind our earlier ones on a server that
// works one request at a time is waited for while the queue moves, up to a hard ceiling, and one
// still queued there is too slow to judge; a request a server skips while it answers the others
// promptly, or one a silent server never answers, still times out.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type Outcome, type Session } from '../../src/session/index.js';
import { describeOutcome } from '../../src/checks/index.js';

/** A stdio server that answers each request `perRequestMs` after the previous answer, in order; ids in `skip` never. */
function serialServer(perRequestMs: number, skip: string[] = []): string {
  return [
    "const rl = require('readline').createInterface({ input: process.stdin });",
    'let busyUntil = 0;',
    "rl.on('line', (line) => {",
    '  const m = JSON.parse(line);',
    `  if (m.id === undefined || ${JSON.stringify(skip)}.includes(m.id)) return;`,
    `  busyUntil = Math.max(Date.now(), busyUntil) + ${perRequestMs};`,
    "  setTimeout(() => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n'), busyUntil - Date.now());",
    '});',
  ].join('\n');
}

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function open(script: string, requestTimeoutMs: number): Promise<Session> {
  const session = await openSession({ transport: 'stdio', command: [process.execPath, '-e', script] }, { revision: '2025-11-25', requestTimeoutMs, startTimeoutMs: 30_000 });
  sessions.push(session);
  // The first answer ends the start bound: from then on the request timeout applies.
  expect((await session.request('ping', undefined, { timeoutMs: 30_000 })).kind).toBe('result');
  return session;
}

describe('a server that answers one request at a time', () => {
  it('answers every request of a queue ten times its timeout deep: each is waited for while the queue ahead of it moves', async () => {
    const session = await open(serialServer(250), 400);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => session.request('ping')));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(10).fill('result'));
  }, 30_000);

  it('leaves the requests still queued at the hard ceiling too slow to judge, with the figures', async () => {
    // Each answer takes twice the timeout: a stall of the server's process (a loaded machine) of up
    // to twice the timeout before its first answer still leaves the queue moving within its own ceiling.
    const session = await open(serialServer(600), 300);
    const outcomes: Outcome[] = await Promise.all(Array.from({ length: 8 }, () => session.request('ping')));
    const slow = outcomes.filter((o) => o.kind === 'timeout');
    expect(outcomes.slice(0, 3).map((o) => o.kind)).toEqual(['result', 'result', 'result']);
    expect(slow.length).toBeGreaterThan(0);
    // On a loaded machine the fixture's own answers may come unevenly; the deepest in the queue shows it.
    expect(slow.at(-1)).toMatchObject({ kind: 'timeout', tooSlow: { timeoutMs: 300 } });
    for (const o of slow.filter((t) => t.kind === 'timeout' && t.tooSlow)) {
      expect(o.ms).toBeLessThanOrEqual(300 * 12 + 300);
      expect(describeOutcome(o)).toMatch(/the server was too slow to judge: still busy after \d+ ms .* a longer --timeout lets it be judged/);
    }
  }, 30_000);

  it('answers a single request slower than its timeout: a liveness probe behind it is answered only slowly', async () => {
    const session = await open(serialServer(700), 400);
    expect((await session.request('ping')).kind).toBe('result');
  }, 30_000);
});

describe('absence is still evidence', () => {
  it('a request the server skips while it answers the others promptly times out, not too slow', async () => {
    const session = await open(serialServer(5, ['skip-me']), 300);
    const [skipped] = await Promise.all([session.request('ping', undefined, { id: 'skip-me' }), ...Array.from({ length: 5 }, () => session.request('ping'))]);
    expect(skipped.kind).toBe('timeout');
    expect(skipped).not.toHaveProperty('tooSlow');
    expect(skipped.ms).toBeLessThan(300 * 4);
  }, 30_000);

  it('a request the server skips, alone: the answer to our liveness ping shows in the message as ours, not as the server’s own output', async () => {
    const session = await open(serialServer(5, ['skip-me']), 300);
    const skipped = await session.request('tools/list', undefined, { id: 'skip-me' });
    expect(skipped.kind).toBe('timeout');
    expect(describeOutcome(skipped)).toMatch(/meanwhile the server sent 1 line: `\{"jsonrpc":"2\.0","id":[^`]*` \(the answer to our liveness ping, sent to see whether the server was busy\)/);
  }, 30_000);

  it('a server that goes silent fails its requests within four times the timeout', async () => {
    const session = await open("let n = 0; require('readline').createInterface({ input: process.stdin }).on('line', (l) => { if (n++ === 0) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(l).id, result: {} }) + '\\n'); });", 300);
    const outcome = await session.request('ping');
    expect(outcome.kind).toBe('timeout');
    expect(outcome).not.toHaveProperty('tooSlow');
    expect(outcome.ms).toBeLessThanOrEqual(300 * 4 + 200);
  }, 30_000);

  it('a server writing an endless line answers nothing we can read: its silence stands at the timeout, with no liveness probe sent', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'endless-')), 'methods');
    const script = [
      `const log = ${JSON.stringify(log)};`,
      "let n = 0; require('readline').createInterface({ input: process.stdin }).on('line', (l) => {",
      "  const m = JSON.parse(l); require('fs').appendFileSync(log, m.method + '\\n');",
      "  if (n++ === 0) return process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n');",
      "  if (n === 2) { process.stdout.write('x'.repeat(5 << 20)); setInterval(() => process.stdout.write('x'.repeat(1 << 16)), 5); }",
      '});',
    ].join('\n');
    // The first 5 MiB come at once: the wait (2 s) sees the line past the maximum before it ends.
    const session = await open(script, 2000);
    const outcome = await session.request('tools/list');
    expect(outcome.kind).toBe('timeout');
    // Before, the wait sent a ping to see whether the server was busy, and waited for it up to four times the timeout.
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual(['ping', 'tools/list']);
  }, 30_000);
});
