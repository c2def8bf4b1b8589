// A task-augmented tools/call may be answered as a plain call by a server that did not declare
// task support for it (CAP-11): validation must accept the plain result then.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/schema/index.js';

const inReplyTo = { method: 'tools/call', params: { name: 'echo', arguments: {}, task: { ttl: 60_000 } } };
const validate = (result: unknown) => validateMessage({ jsonrpc: '2.0', id: 1, result }, { revision: '2025-11-25', direction: 'server->client', inReplyTo });

describe('the result of a task-augmented tools/call', () => {
  it('may be a plain CallToolResult', () => {
    expect(validate({ content: [{ type: 'text', text: 'hi' }] }).problems).toEqual([]);
  });

  it('is otherwise judged as a CreateTaskResult', () => {
    const task = { taskId: 't1', status: 'working', createdAt: '2025-01-01T00:00:00Z', lastUpdatedAt: '2025-01-01T00:00:00Z', ttl: 60_000 };
    expect(validate({ task }).problems).toEqual([]);
    expect(validate({}).problems.map((p) => p.pointer)).toEqual(['/result/task']);
  });
});
