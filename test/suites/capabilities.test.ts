// Capability checks over Streamable HTTP, where messages not tied to a request travel on the
// GET stream the checks open themselves; and undeclared features are probed only when undeclared.
import { describe, expect, it } from 'vitest';
import { startHttpFixture } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

async function overHttp(fault: string, only: string[]) {
  const fixture = await startHttpFixture({ fault, sse: true });
  try {
    return await runAgainstFixture({ target: { transport: 'http', url: fixture.url }, only });
  } finally {
    await fixture.close();
  }
}

describe('capabilities over Streamable HTTP', () => {
  it('fails a roots/list sent to a client that did not declare roots', async () => {
    const report = await overHttp('request-undeclared-capability', ['capabilities/client-capabilities-respected']);
    expect(statusOf(report, 'capabilities/client-capabilities-respected')).toBe('fail');
  });

  it('warns on a list_changed that was not declared', async () => {
    const report = await overHttp('list-changed-undeclared', ['capabilities/list-changed-declared-whole-run']);
    expect(statusOf(report, 'capabilities/list-changed-declared-whole-run')).toBe('warn');
  });
});

describe('undeclared features', () => {
  it('are not probed when the server declares everything', async () => {
    const all = await runAgainstFixture({ only: ['capabilities/undeclared-rejected'] });
    expect(statusOf(all, 'capabilities/undeclared-rejected')).toBe('skip');
    // Under 2024-11-05 completions has no flag, so nothing is probed either.
    const old = await runAgainstFixture({ protocolVersion: '2024-11-05', only: ['capabilities/*'] });
    expect(old.summary.fail + old.summary.warn).toBe(0);
  });
});

describe('empty answers to undeclared features (go-sdk, rmcp)', () => {
  it('warn as not -32601, but offer nothing: an empty list or empty completion values is no offered feature', async () => {
    const ids = ['capabilities/undeclared-rejected', 'capabilities/offered-features-declared'];
    const report = await runAgainstFixture({ fault: 'undeclared-empty-lists', only: ids });
    expect(ids.map((id) => statusOf(report, id))).toEqual(['warn', 'pass']);
  });
});
