// How a server-ended subscription is judged (S26-17, lenient per the catalog's Appendix A #6),
// and what an acknowledgment may honour (S26-14). The fixture never ends a listen by itself, so
// these paths are exercised on hand-made observations.
import { describe, expect, it } from 'vitest';
import { META_SUBSCRIPTION_ID } from '../../src/session/index.js';
import type { ListenStream } from '../../suites/lib/listen-stream.js';
import { beyondRequested, teardownProblem } from '../../suites/subscriptions.js';

const ack = { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [META_SUBSCRIPTION_ID]: 'sub-1' }, notifications: {} } };

function ended(result: Record<string, unknown>, answeredWhileOpen = true): ListenStream {
  const message = { jsonrpc: '2.0', id: 'sub-1', result };
  return {
    id: 'sub-1',
    first: { at: 1, message: ack, raw: '', validation: { valid: true, kind: 'notification', problems: [] } },
    answer: { kind: 'result', id: 'sub-1', result, message, ms: 5 },
    answeredWhileOpen,
  } as unknown as ListenStream;
}

describe('teardownProblem', () => {
  it('accepts a complete listen result carrying the subscription id', () => {
    expect(teardownProblem(ended({ resultType: 'complete', _meta: { [META_SUBSCRIPTION_ID]: 'sub-1' } }))).toBeUndefined();
  });

  it('names a listen result without the subscription id, or not complete', () => {
    expect(teardownProblem(ended({ resultType: 'complete' }))).toMatch(/subscriptionId undefined/);
    expect(teardownProblem(ended({ resultType: 'input_required', _meta: { [META_SUBSCRIPTION_ID]: 'sub-1' } }))).toMatch(/resultType/);
  });

  it('does not judge an answer that came after the client closed the stream, or a refusal', () => {
    expect(teardownProblem(ended({ resultType: 'complete' }, false))).toBeUndefined();
    const refused = ended({});
    const error = { jsonrpc: '2.0', id: 'sub-1', error: { code: -32601, message: 'no' } };
    Object.assign(refused, { first: { at: 1, message: error }, answer: { kind: 'error', id: 'sub-1', error: error.error, message: error, ms: 1 } });
    expect(teardownProblem(refused)).toBeUndefined();
  });
});

describe('beyondRequested', () => {
  it('lists honoured members that were not requested', () => {
    expect(beyondRequested({ toolsListChanged: true, promptsListChanged: false }, { toolsListChanged: true })).toEqual([]);
    expect(beyondRequested({ toolsListChanged: true, resourcesListChanged: true }, { toolsListChanged: true })).toEqual(['resourcesListChanged']);
    expect(beyondRequested({ resourceSubscriptions: ['a://1', 'a://2'] }, { resourceSubscriptions: ['a://1'] })).toEqual(['resourceSubscriptions "a://2"']);
  });
});
