// The level filter only passes when it saw the server log and then saw it stop: a server that
// logs nothing during our activity (the fixture's JSON-body HTTP mode cannot carry logs) is info.
import { describe, expect, it } from 'vitest';
import { startHttpFixture } from '../fixtures/launch.js';
import { runAgainstFixture, statusOf } from './harness.js';

describe('logging/level-filter', () => {
  it('passes on stdio, where the fixture logs at debug and info while a tool runs', async () => {
    const report = await runAgainstFixture({ only: ['logging/level-filter'] });
    expect(statusOf(report, 'logging/level-filter')).toBe('pass');
  });

  it('is information when nothing was logged to filter', async () => {
    const fixture = await startHttpFixture();
    try {
      const report = await runAgainstFixture({ target: { transport: 'http', url: fixture.url }, only: ['logging/level-filter'] });
      expect(statusOf(report, 'logging/level-filter')).toBe('info');
    } finally {
      await fixture.close();
    }
  });

  it('warns over HTTP with SSE replies when messages below the level keep coming', async () => {
    const fixture = await startHttpFixture({ sse: true, fault: 'log-below-level' });
    try {
      const report = await runAgainstFixture({ target: { transport: 'http', url: fixture.url }, only: ['logging/level-filter'] });
      expect(statusOf(report, 'logging/level-filter')).toBe('warn');
    } finally {
      await fixture.close();
    }
  });
});
