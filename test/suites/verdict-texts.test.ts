// A verdict's message and Actual say what the wire shows: what was sent in each probe, which
// reply answered which input, and never an answer where the connection closed.
import { describe, expect, it } from 'vitest';
import type { CheckResult, Report } from '../../src/checks/types.js';
import { runAgainstFixture, runAgainstHttpFixture } from './harness.js';

function checkOf(report: Report, id: string): CheckResult {
  const check = (report.runs ?? [report]).flatMap((r) => r.checks).find((c) => c.id === id);
  if (!check) throw new Error(`${id} did not run`);
  return check;
}

/** The check's status, message and Actual on one line: what an assertion failure shows. */
function verdictText(check: CheckResult): string {
  const actual = check.evidence.flatMap((e) => (e.type === 'expected' ? [e.actual] : []));
  return `${check.status}: ${check.message ?? ''} | Actual: ${actual.join(' / ')}`;
}

const actualOf = (check: CheckResult) => check.evidence.find((e) => e.type === 'expected')?.actual ?? '';

describe('http/accept-both-media-types names the Accept header each probe sent', () => {
  it('a server serving both single-type probes: two probes, two headers, never the joined one', async () => {
    const check = checkOf(await runAgainstHttpFixture({ fault: 'http-no-406', only: ['http/accept-both-media-types'] }), 'http/accept-both-media-types');
    const text = verdictText(check);
    expect(text).not.toContain('application/json, text/event-stream');
    expect(actualOf(check), text).toMatch(/^Accept: application\/json alone → HTTP 200, a result as application\/json; Accept: text\/event-stream alone → HTTP 200, a result as [a-z/-]+$/);
    expect(check.message, text).toMatch(/^a POST with only Accept: application\/json, and one with only Accept: text\/event-stream, were each served;/);
  });
});

describe('probes match the answer to their own input, not a stale reply to the handshake', () => {
  // answer-initialized replies {"id":null,"result":{}} to notifications/initialized; over stdio it
  // can arrive just after the check's first input was written, in the same read as the -32700.
  it('errors/parse-error takes the -32700 that answered its line', async () => {
    const check = checkOf(await runAgainstFixture({ fault: 'answer-initialized', only: ['errors/parse-error'] }), 'errors/parse-error');
    expect(verdictText(check)).toMatch(/^pass/);
  });

  it('batch/answered is not told that the batch responses came apart', async () => {
    const check = checkOf(await runAgainstFixture({ fault: 'answer-initialized', only: ['batch/answered'], protocolVersion: '2025-03-26' }), 'batch/answered');
    expect(verdictText(check)).toMatch(/^pass/);
  });
});
