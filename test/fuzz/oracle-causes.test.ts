// The fuzz oracle names the cause of the anomalies other checks see too (src/checks/causes.ts),
// and only of those: the runner reads a fuzz failure of such causes as explained by them.
import { describe, expect, it } from 'vitest';
import { expectFor, expectForBody } from '../../src/fuzz/expect.js';
import type { Batch, CaseRun, PostOutcome } from '../../src/fuzz/observation.js';
import { judge } from '../../src/fuzz/oracle.js';

const OPTS = { crashRequirement: 'STDIO-7', hangRequirement: 'RPC-25', caseTimeoutMs: 500 };

function caseOf(text: string, http?: PostOutcome): CaseRun {
  const bytes = Buffer.from(http ? text : `${text}\n`);
  return { index: 0, spec: { strategy: 'test/case', text }, bytes, expect: http ? expectForBody(bytes) : expectFor(bytes), responses: [], http };
}

function batchOf(run: CaseRun): Batch {
  return { runs: [run], pingId: 'ping', ping: { jsonrpc: '2.0', id: 'ping', method: 'ping' }, sentAt: 0, settledAt: 10, pingAnswered: true, loose: [], unexpected: [], framing: [], malformed: [], late: [], settled: true };
}

const post = (p: Partial<PostOutcome>): PostOutcome => ({ pending: false, loose: [], unexpected: [], ...p });
const causesOf = (run: CaseRun) => judge(batchOf(run), OPTS).map((a) => [a.kind, a.cause]);

describe('causes in the fuzz oracle', () => {
  it('a request with a member JSON-RPC does not define, unanswered while ping is: no answer to an unexpected envelope', () => {
    expect(causesOf(caseOf('{"jsonrpc":"2.0","id":7,"method":"ping","x":1}'))).toEqual([['no-response', 'no-answer-to-invalid-request']]);
    expect(causesOf(caseOf('{"jsonrpc":"2.0","id":7,"method":"ping","x":1}', post({ status: 202 })))).toEqual([['no-response', 'no-answer-to-invalid-request']]);
  });

  it('a request whose params were made not to fit the method, unanswered while ping is: the same cause', () => {
    const mutated = { ...caseOf('{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"x","_meta":{"progressToken":true}}}'), spec: { strategy: 'params/schema-mutation', text: '' } };
    expect(causesOf(mutated)).toEqual([['no-response', 'no-answer-to-invalid-request']]);
  });

  it('a plain request left unanswered, or a POST still open, is not that cause', () => {
    expect(causesOf(caseOf('{"jsonrpc":"2.0","id":7,"method":"ping"}'))).toEqual([['no-response', undefined]]);
    expect(causesOf(caseOf('{"jsonrpc":"2.0","id":7,"method":"ping","x":1}', post({ pending: true })))).toEqual([['no-response', undefined]]);
  });

  it('HTTP: a well-formed request answered with an HTTP error and no JSON-RPC body fails, in every campaign, as errors/method-not-found does', () => {
    const refused = post({ status: 400, media: 'text/plain', exchange: { request: { method: 'POST', url: 'http://x/mcp', headers: {} }, response: { status: 400, headers: {}, body: 'Method not found' } } as never });
    // fuzz/malformed-messages: an unknown method; fuzz/valid-requests: a method the server does not serve.
    for (const text of ['{"jsonrpc":"2.0","id":7,"method":"foo/bar"}', '{"jsonrpc":"2.0","id":7,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"p"},"argument":{"name":"a","value":""}}}']) {
      const anomalies = judge(batchOf(caseOf(text, refused)), OPTS);
      expect(anomalies.map((a) => [a.kind, a.requirement, a.cause, a.warnOnly ?? false])).toEqual([['no-response', 'RPC-25', 'http-error-instead-of-answer', false]]);
      expect(anomalies[0].summary).toContain('"Method not found"');
    }
    // A request the server cannot read as one may be refused with a bare 4xx, as errors/invalid-request accepts.
    expect(causesOf(caseOf('{"jsonrpc":"1.0","id":7,"method":"ping"}', refused))).toEqual([]);
  });

  it('HTTP: a body that is not JSON accepted without an error is no answer to input that is not JSON', () => {
    expect(causesOf(caseOf('not json', post({ status: 202 })))).toEqual([['not-rejected', 'no-answer-to-non-json']]);
    expect(causesOf(caseOf('not json', post({ status: 500 })))).toEqual([['server-error', undefined]]);
  });
});
