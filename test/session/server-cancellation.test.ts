// What a server's own notifications/cancelled may name: its own requests, by requestId (CANCEL-6, CANCEL-7).
import { describe, expect, it } from 'vitest';
import { serverCancellationProblem } from '../../src/session/server-cancellation.js';

const own = (id: unknown) => id === 7;

describe('serverCancellationProblem', () => {
  it('accepts a cancellation of a request the server sent', () => {
    expect(serverCancellationProblem({ requestId: 7, reason: 'timeout' }, '2025-11-25', own)).toBeUndefined();
  });

  it('flags a cancellation of anything else, and one without a requestId', () => {
    expect(serverCancellationProblem({ requestId: 3 }, '2025-06-18', own)?.requirement).toBe('CANCEL-6');
    expect(serverCancellationProblem({ reason: 'x' }, '2025-11-25', own)?.requirement).toBe('CANCEL-7');
    expect(serverCancellationProblem(undefined, '2025-11-25', own)?.requirement).toBe('CANCEL-7');
  });

  it('leaves 2026-07-28 to its own rule (S26-32)', () => {
    expect(serverCancellationProblem({ requestId: 3 }, '2026-07-28', own)).toBeUndefined();
  });
});
