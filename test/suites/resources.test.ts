// The resources suite's building blocks (URI template syntax, sample values) and the verdicts the
// fault table cannot hold: a second fault per check, and the HTTP path of subscription updates.
import { describe, expect, it } from 'vitest';
import { sampleArguments } from '../../suites/lib/sample-args.js';
import { parseUriTemplate } from '../../suites/uri-template.js';
import { startHttpFixture } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

describe('parseUriTemplate', () => {
  it('accepts RFC 6570 templates and names their variables', () => {
    expect(parseUriTemplate('fixture://items/{id}')).toEqual({ ok: true, variables: ['id'] });
    expect(parseUriTemplate('file:///{+path}{?q,lang:2}{#frag*}')).toEqual({ ok: true, variables: ['path', 'q', 'lang', 'frag'] });
    expect(parseUriTemplate('demo://a%20b/{x.y}/{x.y}')).toEqual({ ok: true, variables: ['x.y'] });
    expect(parseUriTemplate('plain://no-variables')).toEqual({ ok: true, variables: [] });
  });

  it('rejects unclosed or stray braces, bad expressions and forbidden literal characters', () => {
    for (const bad of ['fixture://items/{id', 'a}b', 'x://{}', 'x://{a b}', 'x://{a:0}', 'x://{a:10000}', 'x://{-a}', 'x://a b/{c}', 'x://100%/{c}']) {
      expect(parseUriTemplate(bad).ok, bad).toBe(false);
    }
  });
});

describe('sample values', () => {
  it('fills only required tool arguments, within their bounds', () => {
    const schema = {
      type: 'object',
      properties: { text: { type: 'string', minLength: 12 }, n: { type: 'integer', minimum: 3 }, mode: { enum: ['a', 'b'] }, extra: { type: 'string' } },
      required: ['text', 'n', 'mode'],
    };
    expect(sampleArguments(schema)).toEqual({ ok: true, value: { text: 'mcp-conformx', n: 3, mode: 'a' } });
    expect(sampleArguments({ type: 'object' })).toEqual({ ok: true, value: {} });
    // Items of any type: one placeholder fills minItems (the replaced sampler gave up here).
    expect(sampleArguments({ type: 'object', properties: { xs: { type: 'array', minItems: 1 } }, required: ['xs'] })).toEqual({ ok: true, value: { xs: ['mcp-conform'] } });
  });
});

describe('resources checks against the fixture', () => {
  it('warns when no contents item carries the URI that was read', async () => {
    const report = await runAgainstFixture({ fault: 'resource-uri-mismatch', only: ['resources/read-contents'] });
    expect(statusOf(report, 'resources/read-contents')).toBe('warn');
  });

  it('sees updates over Streamable HTTP on a GET stream of its own', async () => {
    const fixture = await startHttpFixture({ fault: 'resource-update-wrong-uri' });
    try {
      const report = await runAgainstFixture({ target: { transport: 'http', url: fixture.url }, only: ['resources/subscription-updates'] });
      expect(statusOf(report, 'resources/subscription-updates')).toBe('warn');
    } finally {
      await fixture.close();
    }
  });
});
