// Rules judged on every message the server sends, shown with the fixture faults that break them.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, statusOf } from './harness.js';
import { annotationProblems, expandSimple } from '../../suites/resources.js';
import { promptBlockProblems } from '../../suites/prompts.js';

describe('messages/all-server-messages', () => {
  it('fails a server that cancels the client\'s own tools/call (CANCEL-6)', async () => {
    const only = ['tools/call-result', 'messages/all-server-messages'];
    const clean = await runAgainstFixture({ only });
    expect(statusOf(clean, 'messages/all-server-messages')).toBe('pass');
    const report = await runAgainstFixture({ fault: 'cancel-client-request', only });
    expect(statusOf(report, 'messages/all-server-messages')).toBe('fail');
    const check = report.checks.find((c) => c.id === 'messages/all-server-messages')!;
    expect(check.message).toContain('CANCEL-6');
  });
});

describe('the meta and ping checks on the conformant fixture', () => {
  it('pass rather than skip', async () => {
    const only = ['meta/key-names', 'meta/unknown-keys-accepted', 'meta/icons', 'lifecycle/ping-params-forms', 'resources/hostile-uris', 'resources/annotations', 'prompts/non-string-argument', 'completion/context-arguments', 'prompts/content-blocks', 'capabilities/task-member-ignored', 'resources/template-mime-type'];
    const report = await runAgainstFixture({ only });
    expect(only.map((id) => statusOf(report, id))).toEqual(only.map(() => 'pass'));
  });
});

describe('annotationProblems (RES-16)', () => {
  it('accepts the schema\'s shapes and names each breach', () => {
    expect(annotationProblems({ audience: ['user'], priority: 0, lastModified: '2025-01-12T15:00:58Z' })).toEqual([]);
    expect(annotationProblems({ audience: ['system'], priority: 1.5, lastModified: '12/01/2025' })).toHaveLength(3);
    expect(annotationProblems('x')).toHaveLength(1);
  });
});

describe('promptBlockProblems (PROMPT-8, PROMPT-9)', () => {
  it('judges media and embedded resources, and leaves our own echoed URIs alone', () => {
    expect(promptBlockProblems({ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' }, new Set())).toEqual({ breaches: [], lesser: [] });
    expect(promptBlockProblems({ type: 'audio', data: 'a b', mimeType: 'wav' }, new Set()).breaches).toHaveLength(2);
    expect(promptBlockProblems({ type: 'resource', resource: { uri: 'x', text: 't', blob: 'AA==' } }, new Set()).breaches).toHaveLength(2);
    expect(promptBlockProblems({ type: 'resource', resource: { uri: 'mcp-conform', text: 't' } }, new Set(['mcp-conform']))).toEqual({ breaches: [], lesser: ['embedded resource "mcp-conform" has no mimeType'] });
  });
});

describe('expandSimple', () => {
  it('fills plain {name} templates and leaves operators alone', () => {
    expect(expandSimple('file:///notes/{id}.md', '1')).toBe('file:///notes/1.md');
    expect(expandSimple('memo://{a}/{b}', 'x y')).toBe('memo://x%20y/x%20y');
    expect(expandSimple('search://q{?query}', '1')).toBeUndefined();
    expect(expandSimple('bad://{id', '1')).toBeUndefined();
  });
});
