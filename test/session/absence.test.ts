// A request that gets no answer says what its exchange did carry: over HTTP the status, content
// type, first body bytes and SSE events of its response; on stdio the lines that arrived while
// we waited. "No response" alone would hide what the server actually sent.
import { describe, expect, it } from 'vitest';
import { describeOutcome } from '../../src/checks/index.js';
import { openSession } from '../../src/session/index.js';
import { scriptedHttp } from './scripted-http.js';

const WAIT_MS = 600;
const ACK = '{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{}}}';

/** An HTTP server that answers every POST with `answer` and never with a JSON-RPC response. */
const http = scriptedHttp(WAIT_MS, { Authorization: 'Bearer top-secret-token' });
const httpSession = http.session;

describe('a request nobody answers says what arrived instead', () => {
  it('HTTP: a JSON body holding only a notification (the body ends)', async () => {
    const session = await httpSession((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(ACK));
    const outcome = await session.request('subscriptions/listen', {}, { id: 7 });
    expect(outcome.kind).toBe('timeout');
    const text = describeOutcome(outcome);
    expect(text).toMatch(/^no response within \d+ ms; the exchange carried: HTTP 200, application\/json, body `\{"jsonrpc":"2\.0","method":"notifications\/subscriptions\/acknowledged"/);
    expect(text).toContain('(the body ended there)');
    expect(text).not.toContain('top-secret-token');
  });

  it('HTTP: a JSON body held open (its complete message is delivered, and the wait says the body is still open)', async () => {
    const session = await httpSession((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(ACK);
    });
    const acknowledged = session.waitFor(() => true, WAIT_MS);
    const outcome = await session.request('subscriptions/listen', {}, { id: 7 });
    expect((await acknowledged)?.raw).toBe(ACK);
    expect(describeOutcome(outcome)).toMatch(/the exchange carried: HTTP 200, application\/json, body `\{"jsonrpc".*` \(still open\)$/);
  });

  it('HTTP: an SSE stream with a priming event and a notification but no response', async () => {
    const session = await httpSession((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 1\ndata: \n\n');
      res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}\n\n');
    });
    const outcome = await session.request('tools/list', {}, { id: 7 });
    expect(describeOutcome(outcome)).toMatch(
      /^no response within \d+ ms; the exchange carried: HTTP 200, text\/event-stream, 2 SSE events, body `id: 1\\ndata: \\n\\nevent: message\\ndata: \{"jsonrpc":"2\.0","method":"notifications\/message"/,
    );
  });

  it('HTTP: no response headers at all', async () => {
    const session = await httpSession(() => undefined);
    const outcome = await session.request('ping', undefined, { id: 7 });
    expect(describeOutcome(outcome)).toMatch(/^no response within \d+ ms; the POST got no response headers/);
  });

  it('stdio: other ids, a notification and a non-JSON line arrive, but never the answer to request 7', async () => {
    const script = [
      "process.stdin.on('data', () => {",
      "  process.stdout.write('server ready on port 1234\\n');",
      '  process.stdout.write(\'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}\\n\');',
      '  process.stdout.write(\'{"jsonrpc":"2.0","id":8,"result":{}}\\n\');',
      '});',
    ].join('\n');
    const session = await openSession({ transport: 'stdio', command: [process.execPath, '-e', script] }, { revision: '2025-11-25', requestTimeoutMs: WAIT_MS, startTimeoutMs: WAIT_MS });
    http.track(session);
    const outcome = await session.request('ping', undefined, { id: 7 });
    const text = describeOutcome(outcome);
    // 3 lines, or 6: this server writes its three for every write, the session's liveness probe at the wait's end among them.
    expect(text).toMatch(/^no response within \d+ ms; meanwhile the server sent [36] lines: /);
    expect(text).toContain('`server ready on port 1234` (not-json)');
    expect(text).toContain('`{"jsonrpc":"2.0","method":"notifications/message"');
    expect(text).toContain('`{"jsonrpc":"2.0","id":8,"result":{}}`');
  });

  it('stdio: says so when nothing at all arrived', async () => {
    const session = await openSession({ transport: 'stdio', command: [process.execPath, '-e', 'process.stdin.resume()'] }, { revision: '2025-11-25', requestTimeoutMs: WAIT_MS, startTimeoutMs: WAIT_MS });
    http.track(session);
    const outcome = await session.request('ping', undefined, { id: 7 });
    expect(describeOutcome(outcome)).toMatch(/^no response within \d+ ms; nothing else arrived meanwhile$/);
  });
});
