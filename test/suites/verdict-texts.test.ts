// A verdict's message and Actual say what the wire shows: what was sent in each probe, which
// reply answered which input, and never an answer where the connection closed.
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../src/checks/index.js';
import type { CheckResult, Report } from '../../src/checks/types.js';
import { allServerMessages } from '../../suites/messages.js';
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

/** An assertion on the verdict's text that shows all of it when it fails. */
const expectVerdict = (check: CheckResult) => expect(verdictText(check), verdictText(check));

const actualOf = (check: CheckResult) => check.evidence.find((e) => e.type === 'expected')?.actual ?? '';

describe('http/accept-both-media-types names the Accept header each probe sent', () => {
  it('a server serving both single-type probes: two probes, two headers, never the joined one', async () => {
    const check = checkOf(await runAgainstHttpFixture({ fault: 'http-no-406', only: ['http/accept-both-media-types'] }), 'http/accept-both-media-types');
    const text = verdictText(check);
    expect(text, text).not.toContain('application/json, text/event-stream');
    expect(actualOf(check), text).toMatch(/^Accept: application\/json alone → HTTP 200, a result as application\/json; Accept: text\/event-stream alone → HTTP 200, a result as [a-z/-]+$/);
    expect(check.message, text).toMatch(/^a POST with only Accept: application\/json, and one with only Accept: text\/event-stream, were each served;/);
  });
});

describe('probes match the answer to their own input, not a stale reply to the handshake', () => {
  // answer-initialized replies {"id":null,"result":{}} to notifications/initialized; over stdio it
  // can arrive just after the check's first input was written, in the same read as the -32700.
  it('errors/parse-error takes the -32700 that answered its line', async () => {
    const check = checkOf(await runAgainstFixture({ fault: 'answer-initialized', only: ['errors/parse-error'] }), 'errors/parse-error');
    expectVerdict(check).toMatch(/^pass/);
  });

  it('batch/answered is not told that the batch responses came apart', async () => {
    const check = checkOf(await runAgainstFixture({ fault: 'answer-initialized', only: ['batch/answered'], protocolVersion: '2025-03-26' }), 'batch/answered');
    expectVerdict(check).toMatch(/^pass/);
  });
});

describe('a response with an id we never used shows the request it answers', () => {
  // http-refusal-empty-id: the 400 for a request without a session carries id "".
  it('the runner\'s era probe refused that way is our own request, not an unsolicited response', async () => {
    const report = await runAgainstHttpFixture({ fault: 'http-refusal-empty-id', only: ['messages/all-server-messages'] });
    const check = checkOf(report, 'messages/all-server-messages');
    expectVerdict(check).toMatch(/^pass/);
  });

  it('a check\'s own request refused that way: the finding names the request and shows it on the wire', async () => {
    const report = await runAgainstHttpFixture({ fault: 'http-refusal-empty-id', only: ['lifecycle/request-before-initialize'], protocolVersion: '2025-06-18' });
    const check = checkOf(report, 'lifecycle/request-before-initialize');
    const text = verdictText(check);
    expect(check.message, text).toContain('RPC-2: the response to tools/list (id 1), in the body of the POST that carried it, names id "" instead');
    expect(check.message, text).not.toContain('never sent');
    const sent = check.evidence.filter((e) => e.type === 'message' && e.direction === 'sent');
    expect(sent.map((e) => (e.type === 'message' ? e.message : undefined)), text).toEqual([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]);
  });

  it('stdio: the only request in flight is named as the one it probably answers', async () => {
    // wrong-id-on-unicode answers a request with non-ASCII params under its id + 1.
    const unicodePing = defineCheck({
      id: 'probe/unicode-ping',
      title: 'ping with non-ASCII _meta',
      level: 'MUST',
      requirements: ['RPC-2'],
      spec: 'basic#responses',
      async run(ctx) {
        await ctx.request('ping', { _meta: { 'io.github.mcp-conform/probe': 'héllo' } }, { timeoutMs: 300 });
        return ctx.pass();
      },
    });
    const report = await runAgainstFixture({ fault: 'wrong-id-on-unicode', checks: [unicodePing, allServerMessages] });
    const check = checkOf(report, 'probe/unicode-ping');
    expect(check.message, verdictText(check)).toMatch(/^RPC-2: a response to id (\d+), which none of our requests carried; probably the answer to ping \(id \d+\), the only request of ours in flight then$/);
    expect(check.evidence.filter((e) => e.type === 'message').map((e) => e.type === 'message' && e.direction)).toEqual(['sent', 'received']);
    expectVerdict(checkOf(report, 'messages/all-server-messages')).toMatch(/^pass/);
  });
});

describe('stateless/result-type-whole-run names its culprit', () => {
  it('the Actual holds the first result without resultType and the request it answers; the message sums up the rest', async () => {
    const report = await runAgainstFixture({ fault: 'no-result-type', era: 'stateless', only: ['stateless/result-type-whole-run'] });
    const check = checkOf(report, 'stateless/result-type-whole-run');
    const text = verdictText(check);
    expect(actualOf(check), text).toMatch(/^the answer to [a-z/]+ \(id \d+\): result \{"/);
    expect(check.message, text).toMatch(/^\d+ results of \d+ without resultType; first: the answer to [a-z/]+ \(id \d+\); then the answers to [a-z/]+/);
  });
});

describe('a request the server never answered is not described as answered', () => {
  // prompt-bad-argument-crash: prompts/get with a missing or non-string argument ends the server.
  const PROMPT_CHECKS = ['prompts/missing-argument', 'prompts/non-string-argument'];

  for (const wire of ['stdio', 'http'] as const) {
    it(`${wire}: the prompt checks say the connection closed or went unanswered, never that greet was rendered`, async () => {
      const opts = { fault: 'prompt-bad-argument-crash', only: PROMPT_CHECKS };
      const report = wire === 'http' ? await runAgainstHttpFixture(opts) : await runAgainstFixture(opts);
      for (const id of PROMPT_CHECKS) {
        const check = checkOf(report, id);
        const text = verdictText(check);
        expect(text, `${id}: ${text}`).not.toMatch(/rendered/);
        expect(check.message, text).toMatch(/^prompts\/get greet with(out its required name| argument values that are numbers \(\{"name":42\}\)) got (no answer: the connection closed|no response within)/);
      }
    });
  }
});
