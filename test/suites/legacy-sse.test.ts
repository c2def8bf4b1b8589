// A 2024-11-05 server on the legacy HTTP+SSE transport runs the suite like any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture } from '../fixtures/launch.js';
import { idsWith, runAgainstFixture } from './harness.js';

describe('legacy HTTP+SSE (2024-11-05)', () => {
  let fixture: Awaited<ReturnType<typeof startHttpFixture>>;
  beforeAll(async () => {
    fixture = await startHttpFixture({ legacySse: true });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('the conformant fixture passes the lifecycle and message checks', async () => {
    const report = await runAgainstFixture({
      target: { transport: 'sse', url: fixture.url },
      protocolVersion: '2024-11-05',
      only: ['lifecycle/*', 'messages/*'],
    });
    expect(report.protocolVersion).toBe('2024-11-05');
    expect(idsWith(report, 'fail', 'warn')).toEqual([]);
    expect(idsWith(report, 'pass').length).toBeGreaterThan(5);
  });
});
