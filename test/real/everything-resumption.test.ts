// server-everything over Streamable HTTP is the one real server here with an event store, so the
// resumption check runs on it with its long-running tool as the slow tool (the pinned default
// suite names none, so there the check skips).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTarget } from '../../src/runner/index.js';
import { allChecks } from '../../suites/index.js';
import { startRealServer, type StartedTarget } from './real-servers.js';

const ID = 'http/sse-resumption';

describe('everything/http: resuming a dropped SSE reply', () => {
  let started: StartedTarget | undefined;
  beforeAll(async () => {
    started = await startRealServer('everything/http');
  });
  afterAll(async () => {
    await started?.stop();
  });

  it(
    'fails HTTP-24: its InMemoryEventStore replays every event after the id, of any stream',
    async () => {
      const report = await runTarget({
        target: started!.target,
        checks: allChecks,
        only: [ID],
        seed: 1,
        requestTimeoutMs: 10_000,
        quietMs: 300,
        deadlineMs: 60_000,
        callTools: [],
        slowTool: 'trigger-long-running-operation',
        tool: { name: 'mcp-conform', version: 'test' },
      });
      const check = report.checks.find((c) => c.id === ID)!;
      expect(check.status).toBe('fail');
      // The ping sent on another stream after the drop comes back in the replay.
      expect(check.message).toMatch(/mcp-conform-other-stream-[a-z0-9]+/);
    },
    60_000,
  );
});
