// A request the server may rightly leave unanswered (tools/list before initialize), sent on a fresh
// process expected to start as fast as the run's others did: when that process starts slower (six
// starts side by side on a loaded machine), its silence is not an answer until the server is seen
// to have started. A 1,000-tool run once turned lifecycle/request-before-initialize's warn (the
// server answers) into info ("no response within 12137 ms"): the process had not started yet.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/session/index.js';

/** A stdio server that reads nothing for `startMs`, then answers tools/list (unless `silentOn`) and ping. */
function slowStarter(startMs: number, silentOn: string[] = []): string {
  return [
    'setTimeout(() => {',
    "  require('readline').createInterface({ input: process.stdin }).on('line', (line) => {",
    '    const m = JSON.parse(line);',
    `    if (m.id === undefined || ${JSON.stringify(silentOn)}.includes(m.method)) return;`,
    "    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: m.method === 'tools/list' ? { tools: [] } : {} }) + '\\n');",
    '  });',
    `}, ${startMs});`,
  ].join('\n');
}

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function open(script: string): Promise<Session> {
  // The run's other connections were expected to start in 400 ms; this one takes 2 s.
  const session = await openSession({ transport: 'stdio', command: [process.execPath, '-e', script] }, { revision: '2025-11-25', requestTimeoutMs: 300, startTimeoutMs: 30_000, expectedStartMs: 400 });
  sessions.push(session);
  return session;
}

describe('a request whose silence is an answer, on a process slower to start than expected', () => {
  it('gets the answer the server sends once started: a liveness probe showed it had not started', async () => {
    const session = await open(slowStarter(2000));
    const outcome = await session.request('tools/list', undefined, { silenceIsAnswer: true });
    expect(outcome.kind).toBe('result');
  }, 30_000);

  it('is silence once the started server answers the probe and not the request', async () => {
    const session = await open(slowStarter(2000, ['tools/list']));
    const outcome = await session.request('tools/list', undefined, { silenceIsAnswer: true });
    expect(outcome.kind).toBe('timeout');
    // The request's own timeout after the start (2 s), not the start bound (30 s).
    expect(outcome.ms).toBeLessThan(2000 + 300 * 4 + 2000);
  }, 30_000);

  it('is silence at four times its first wait when the server answers nothing before initialize, not at the start bound', async () => {
    // Reads and answers nothing: before, the probe made it wait the whole 30 s start bound.
    const session = await open('setInterval(() => {}, 1000)');
    const outcome = await session.request('tools/list', undefined, { silenceIsAnswer: true });
    expect(outcome.kind).toBe('timeout');
    expect(outcome.ms).toBeLessThan(4 * (300 + 400) + 1000);
  }, 30_000);
});
