// The MRTR client side: answers to input requests, retry params, the capability rule of
// S26-10, and the one-character tampering of a requestState (S26-11).
import { describe, expect, it } from 'vitest';
import { answerInputRequest, retryParams, undeclaredNeeds } from '../../suites/lib/mrtr-client.js';
import { flipChar, tamperRequestState } from '../../suites/lib/mrtr-request-state.js';

const differences = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

describe('answerInputRequest', () => {
  it('fills a form from its requestedSchema (required members, enums first value)', () => {
    const answer = answerInputRequest({
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Who?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' }, style: { type: 'string', enum: ['formal', 'casual'] } }, required: ['name', 'style'] },
      },
    });
    expect(answer).toEqual({ action: 'accept', content: { name: 'mcp-conform', style: 'formal' } });
  });

  it('declines URL elicitation, replies to sampling with text, and lists no roots', () => {
    expect(answerInputRequest({ method: 'elicitation/create', params: { mode: 'url', url: 'https://example.invalid', message: 'go', elicitationId: 'e' } })).toEqual({ action: 'decline' });
    expect(answerInputRequest({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } })).toMatchObject({ role: 'assistant', content: { type: 'text' }, model: 'mcp-conform' });
    expect(answerInputRequest({ method: 'roots/list' })).toEqual({ roots: [] });
  });
});

describe('retryParams', () => {
  const base = { name: 'ask', arguments: {} };
  const q = { method: 'roots/list' };

  it('sends the answers and the requestState; earlier answers only when there is no state', () => {
    expect(retryParams(base, { inputRequests: { q }, requestState: 's1' }, { old: { roots: [] } })).toEqual({ ...base, inputResponses: { q: { roots: [] } }, requestState: 's1' });
    expect(retryParams(base, { inputRequests: { q } }, { old: { action: 'cancel' } })).toEqual({ ...base, inputResponses: { old: { action: 'cancel' }, q: { roots: [] } } });
  });

  it('sends only the state when nothing is asked', () => {
    expect(retryParams(base, { requestState: 's2' })).toEqual({ ...base, requestState: 's2' });
  });
});

describe('undeclaredNeeds', () => {
  it('names the capability an input request needs and the request did not declare', () => {
    expect(undeclaredNeeds({ method: 'sampling/createMessage', params: {} }, { elicitation: {} })).toEqual(['sampling']);
    expect(undeclaredNeeds({ method: 'roots/list' }, { roots: {} })).toEqual([]);
    expect(undeclaredNeeds({ method: 'elicitation/create', params: { mode: 'url' } }, { elicitation: {} })).toEqual(['elicitation.url']);
    expect(undeclaredNeeds({ method: 'elicitation/create', params: { mode: 'url' } }, { elicitation: { url: {} } })).toEqual([]);
    expect(undeclaredNeeds({ method: 'sampling/createMessage', params: { tools: [] } }, { sampling: {} })).toEqual(['sampling.tools']);
    expect(undeclaredNeeds({ method: 'tasks/get' }, { elicitation: {}, sampling: {}, roots: {} })).toHaveLength(1);
  });
});

describe('tamperRequestState', () => {
  it('changes one letter of a JSON string value and keeps the JSON valid', () => {
    const state = JSON.stringify({ version: 1, inputResponses: { '1': { action: 'accept', content: { name: 'Ada' } } } });
    const { value } = tamperRequestState(state);
    expect(differences(state, value)).toBe(1);
    expect(value.length).toBe(state.length);
    const parsed = JSON.parse(value) as { version: number; inputResponses: Record<string, { content: { name: string } }> };
    expect(parsed.version).toBe(1);
    expect(parsed.inputResponses['1'].content.name).toBe('Adb');
  });

  it('changes one character near the middle of an opaque token, keeping its alphabet', () => {
    const token = 'eyJ0IjoiYXNrLW5hbWUifQ.ds31L5wDVlzV3f_GD0CVBXLtBJF_5MD6X5nrNM9L49c';
    const { value } = tamperRequestState(token);
    expect(differences(token, value)).toBe(1);
    const at = [...token].findIndex((c, i) => c !== value[i]);
    expect(Math.abs(at - token.length / 2)).toBeLessThan(3);
    expect(value[at]).toMatch(/[A-Za-z0-9]/);
  });

  it('always produces a different character', () => {
    for (const c of ['a', 'z', 'A', 'Z', '0', '9', '-', '.']) expect(flipChar(c)).not.toBe(c);
  });
});
