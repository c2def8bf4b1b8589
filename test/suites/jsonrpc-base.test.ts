// The JSON-RPC base suites (ids, errors, notifications, batch) beyond the fault table: the
// batching revision 2025-03-26 on the conformant fixture, and the other faults each check
// must catch besides its table entry.
import { describe, expect, it } from 'vitest';
import { runTarget } from '../../src/runner/index.js';
import { batchChecks } from '../../suites/batch.js';
import { errorChecks } from '../../suites/errors.js';
import { idChecks } from '../../suites/ids.js';
import { notificationChecks } from '../../suites/notifications.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { idsWith, runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

const BASE = [...idChecks, ...errorChecks, ...notificationChecks, ...batchChecks];

describe('the conformant fixture under 2025-03-26 (batches allowed)', () => {
  it('passes every JSON-RPC base check over stdio, batch checks included', async () => {
    const report = await runAgainstFixture({ checks: BASE, protocolVersion: '2025-03-26' });
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.status} ${c.message}`)).toEqual([]);
    expect(idsWith(report, 'pass')).toEqual(expect.arrayContaining(['batch/answered', 'batch/notifications-only', 'batch/empty-and-invalid']));
    expect(statusOf(report, 'batch/not-accepted')).toBeUndefined(); // not applicable under 2025-03-26
  });

  it('passes the batch checks over Streamable HTTP with SSE replies', async () => {
    const report = await runAgainstHttpFixture({ checks: batchChecks, protocolVersion: '2025-03-26', sse: true });
    expect(idsWith(report, 'pass')).toEqual(['batch/answered', 'batch/empty-and-invalid', 'batch/notifications-only']);
  });
});

/** Faults besides the fault table's, and the verdict each must produce. */
const MORE_FAULTS: Array<[check: string, fault: string, expected: 'fail' | 'warn']> = [
  ['ids/concurrent-correlation', 'duplicate-response', 'fail'],
  ['ids/result-or-error', 'null-result', 'fail'],
  ['ids/echo-exact', 'bad-jsonrpc-version', 'fail'],
  ['errors/parse-error', 'crash-on-invalid-json', 'fail'],
  ['errors/invalid-request', 'wrong-error-codes', 'warn'],
  ['errors/error-object', 'multiline-error-message', 'warn'],
  ['notifications/not-answered', 'answer-initialized', 'fail'],
];

describe('other faults the JSON-RPC base checks catch', () => {
  for (const [check, fault, expected] of MORE_FAULTS) {
    it(`${check} → ${expected} with FAULT=${fault}`, async () => {
      const report = await runAgainstFixture({ checks: BASE, fault, only: [check] });
      expect(statusOf(report, check)).toBe(expected);
    });
  }

  it('errors/invalid-request tells apart answers without their ids by sending the requests one at a time (null-id-on-invalid-request)', async () => {
    // -32600 with id null for a request whose id was readable: sent together, such answers could
    // belong to any of them; one at a time each is still judged (and -32600 is what is asked for).
    const report = await runAgainstFixture({ checks: BASE, fault: 'null-id-on-invalid-request', only: ['errors/invalid-request'] });
    expect(statusOf(report, 'errors/invalid-request')).toBe('pass');
  });

  it('errors/invalid-request counts an answer whose id comes back as a string as the answer it is (string-ids)', async () => {
    // Sent together, the answers are told apart by id as loosely as one at a time: the wrong id
    // type is reported (RPC-2), never a false "no answer".
    const report = await runAgainstFixture({ checks: BASE, fault: 'string-ids', only: ['errors/invalid-request'] });
    const result = report.checks.find((c) => c.id === 'errors/invalid-request');
    expect(result?.message).toMatch(/^RPC-2: response id "\d+" has a different JSON type/);
    expect(result?.message).not.toContain('no answer');
  });

  it('errors/invalid-request names the request that ends the server, found one at a time on a new connection (crash-on-params-not-object)', async () => {
    const report = await runAgainstFixture({ checks: BASE, fault: 'crash-on-params-not-object', only: ['errors/invalid-request'] });
    const result = report.checks.find((c) => c.id === 'errors/invalid-request');
    expect(result?.status).toBe('fail');
    expect(result?.message).toMatch(/^a request with params "x" \(not an object\): the connection closed/);
    expect(JSON.stringify(result?.evidence)).toContain('sent back to back were in flight; repeated one at a time on a new connection');
  });

  it('ids/concurrent-correlation fails when some requests are never answered (drop-requests)', async () => {
    const report = await runTarget({
      target: { transport: 'stdio', command: fixtureCommand({ fault: 'drop-requests' }) },
      checks: idChecks,
      only: ['ids/concurrent-correlation'],
      seed: 1,
      requestTimeoutMs: 4000, // bounds the wait for resources/list, which is never answered
      quietMs: 100,
      callTools: [],
      tool: { name: 'mcp-conform', version: 'test' },
    });
    expect(statusOf(report, 'ids/concurrent-correlation')).toBe('fail');
    const result = report.checks.find((c) => c.id === 'ids/concurrent-correlation');
    expect(result?.message).toMatch(/got no response/);
  });
});
