// server-everything, the reference server of the MCP project, over stdio and Streamable HTTP:
// the whole default suite runs, and the exact failing and warning check ids are pinned.
// (Each one is a real finding, documented in the README, or a bug of ours.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, startHttpServer, type RunningServer } from './servers.js';
import { idsWith, runAgainstFixture } from '../suites/harness.js';

describe('server-everything over stdio', () => {
  it('gets exactly the known warnings and no failures', async () => {
    const report = await runAgainstFixture({ target: { transport: 'stdio', command: ['node', EVERYTHING, 'stdio'] } });
    expect(idsWith(report, 'fail')).toEqual([]);
    // It serves tools/list before initialize (LIFE-9, a client-side MUST: warn only).
    expect(idsWith(report, 'warn')).toEqual(['lifecycle/request-before-initialize']);
    expect(report.protocolVersion).toBe('2025-11-25');
  });
});

describe('server-everything over Streamable HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer([EVERYTHING, 'streamableHttp']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('gets no failures and no warnings', async () => {
    const report = await runAgainstFixture({ target: { transport: 'http', url: server.url } });
    expect(idsWith(report, 'fail')).toEqual([]);
    expect(idsWith(report, 'warn')).toEqual([]);
    expect(idsWith(report, 'skip')).toEqual(['lifecycle/stdin-close-exit', 'stdio/stdout-only-jsonrpc-whole-run']);
  });
});
