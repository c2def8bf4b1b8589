// The checker's entry points for the live proxy: findings heard as they are made, and parsed
// messages with a known sender checked exactly as the same lines of a wrapped log.
import { describe, expect, it } from 'vitest';
import { checkLog, LogChecker, type LogFinding } from '../../src/schema/log/index.js';
import type { Direction } from '../../src/schema/validate.js';

const SESSION: [Direction, unknown][] = [
  ['client->server', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }],
  ['server->client', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }],
  ['client->server', { jsonrpc: '2.0', id: 2, method: 'ping' }],
  ['server->client', { jsonrpc: '2.0', id: 2, result: {}, error: { code: 1, message: 'both' } }],
  ['client->server', { jsonrpc: '2.0', id: 3, method: 'tools/list' }],
];

describe('LogChecker, fed live', () => {
  it('message() finds what the wrapped log finds, and onFinding hears each finding when it is made', async () => {
    const heard: [number, LogFinding][] = [];
    const checker = new LogChecker({ onFinding: (f) => heard.push([fed, f]) });
    let fed = 0;
    for (const [direction, message] of SESSION) checker.message(++fed, message, direction);
    // The result-and-error response was heard as line 4 went in, before the end of the session.
    expect(heard.map(([at, f]) => [at, f.line, f.requirement])).toEqual([[4, 4, 'RPC-3']]);
    const live = checker.finish();
    expect(heard.at(-1)![1]).toMatchObject({ line: 5, severity: 'warning' }); // tools/list never answered
    const wrapped = SESSION.map(([direction, message]) => JSON.stringify({ direction, message })).join('\n');
    const offline = await checkLog((async function* () {
      yield wrapped;
    })());
    expect(live).toEqual(offline);
  });
});
