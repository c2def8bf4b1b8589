// Rules judged on every message the server sends, shown with the fixture faults that break them.
import { describe, expect, it } from 'vitest';
import { runAgainstFixture, statusOf } from './harness.js';
import { annotationProblems } from '../../suites/resources.js';

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
    const only = ['meta/key-names', 'meta/unknown-keys-accepted', 'meta/icons', 'lifecycle/ping-params-forms', 'resources/hostile-uris', 'resources/annotations', 'prompts/non-string-argument', 'completion/context-arguments'];
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
