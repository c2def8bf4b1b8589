// A check's wire evidence for a request of ours shows our request and the client's response, not
// a request of the client's own that happens to carry the same id (both sides number from 1).
import { describe, expect, it } from 'vitest';
import { newRecord, type Ask } from '../../src/client/record.js';
import { askEvidence } from '../../suites/client/support.js';

describe('askEvidence', () => {
  it('leaves out the client request and our response that share the id of our request', () => {
    const record = newRecord('server-cancels', 'stdio');
    const ask: Ask = { method: 'roots/list', id: 1, sentAt: 2, outcome: 'answered' };
    const event = (at: number, dir: 'in' | 'out', message: Record<string, unknown>) => record.events.push({ at, dir, message, raw: JSON.stringify(message) });
    event(1, 'in', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    event(2, 'out', { jsonrpc: '2.0', id: 1, method: 'roots/list' });
    event(3, 'in', { jsonrpc: '2.0', id: 1, result: { roots: [] } });
    event(4, 'out', { jsonrpc: '2.0', id: 1, result: { tools: [] } });
    expect(askEvidence(record, ask).map((e) => ('at' in e ? e.at : undefined))).toEqual([2, 3]);
  });
});
