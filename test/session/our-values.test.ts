// The grading rule's core: a schema problem is ours only when the invalid value is (or is built
// around) a value we made up for the request, and the keyword judged that value, not the shape.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/schema/index.js';
import { describeOurValue, ourValueBehind } from '../../src/session/our-values.js';

const params = { name: 'quote', arguments: { resourceUri: 'mcp-conform', id: '1' } };
const answer = (content: unknown) => ({ jsonrpc: '2.0', id: 7, result: { messages: [{ role: 'user', content }] } });
const problemsOf = (message: unknown, method = 'prompts/get', p: unknown = params) =>
  validateMessage(message, { revision: '2025-11-25', direction: 'server->client', inReplyTo: { method, params: p } }).problems;
const embedded = (uri: string, extra: Record<string, unknown> = {}) => answer({ type: 'resource', resource: { uri, text: 't', ...extra } });

describe('ourValueBehind', () => {
  it('names the argument when the invalid value is ours, or contains ours', () => {
    const [exact] = problemsOf(embedded('mcp-conform'));
    const ours = ourValueBehind(exact, embedded('mcp-conform'), 'prompts/get', params);
    expect(ours).toEqual({ path: ['arguments', 'resourceUri'], value: 'mcp-conform', exact: true });
    expect(describeOurValue(exact.pointer, ours!)).toBe('the invalid value at /result/messages/0/content/resource/uri is the argument we sent for `resourceUri`: "mcp-conform"');
    const built = embedded('docs/mcp-conform');
    const [derived] = problemsOf(built);
    expect(ourValueBehind(derived, built, 'prompts/get', params)).toMatchObject({ value: 'mcp-conform', exact: false });
  });

  it('leaves the server its own values, shapes and short coincidences', () => {
    const own = embedded('not a uri');
    expect(problemsOf(own).map((p) => ourValueBehind(p, own, 'prompts/get', params))).toEqual([undefined]);
    // Our "1" inside a longer invalid value proves nothing.
    const short = embedded('1 2');
    expect(problemsOf(short).map((p) => ourValueBehind(p, short, 'prompts/get', params))).toEqual([undefined]);
    // An extra member (where a schema forbids one) is wrong whatever it holds.
    const extra = answer({ type: 'text', text: 'hi', resourceUri: 'mcp-conform' });
    const pointer = '/result/messages/0/content/resourceUri';
    const shape = { kind: 'schema' as const, pointer, expected: 'no such member', found: 'an extra member', message: '', keyword: 'additionalProperties' };
    expect(ourValueBehind(shape, extra, 'prompts/get', params)).toBeUndefined();
    expect(ourValueBehind({ ...shape, keyword: 'format' }, extra, 'prompts/get', params)).toBeDefined();
    // The prompt's name is the server's, not made up by us.
    const named = embedded('quote');
    expect(problemsOf(named).map((p) => ourValueBehind(p, named, 'prompts/get', params))).toEqual([undefined]);
  });

  it('knows where the made-up values of tool calls and completions sit', () => {
    const call = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'resource_link', uri: 'mcp-conform', name: 'x' }] } };
    const [p] = problemsOf(call, 'tools/call', { name: 't', arguments: { target: { link: 'mcp-conform' } } });
    expect(describeOurValue(p.pointer, ourValueBehind(p, call, 'tools/call', { name: 't', arguments: { target: { link: 'mcp-conform' } } })!)).toContain('the argument we sent for `target.link`');
  });
});
