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

  it('a connection that ended on one input alone holding a line that is not JSON: the server ends on non-JSON; a crash of JSON input names nothing', () => {
    const crashed = (run: CaseRun): Batch => ({ ...batchOf(run), closed: 'server exited (code 1)', pingAnswered: false });
    const kinds = (run: CaseRun) => judge(crashed(run), OPTS).map((a) => [a.kind, a.cause]);
    expect(kinds(caseOf('{"jsonrpc":"2.0",'))).toEqual([['crash', 'ends-on-non-json']]);
    expect(kinds(caseOf('{"id":1,"jsonrpc":"2.0","method":"ping","params":{"_meta":{\u0000}}}'))).toEqual([['crash', 'ends-on-non-json']]);
    expect(kinds(caseOf('{"jsonrpc":"2.0","id":7,"method":"ping"}'))).toEqual([['crash', undefined]]);
    // Two inputs in flight, none to blame alone: no cause.
    const two = { ...crashed(caseOf('not json')), runs: [caseOf('not json'), caseOf('{"jsonrpc":"2.0","id":8,"method":"ping"}')] };
    expect(judge(two, OPTS).map((a) => a.cause)).toEqual([undefined]);
  });

  it('2026-07-28: a request without a protocol version, or in one nobody supports, served: the cause the stateless checks name', () => {
    const served = (rule: CaseRun['spec']['mustRefuse'], status?: number, error = false): CaseRun => {
      const run = caseOf('{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}', status === undefined ? undefined : post({ status }));
      const message = error ? { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'no' } } : { jsonrpc: '2.0', id: 7, result: { tools: [] } };
      return { ...run, spec: { ...run.spec, mustRefuse: rule }, responses: [{ at: 1, message, raw: JSON.stringify(message), validation: { valid: true, kind: error ? 'error' : 'result', problems: [] } }] };
    };
    const version = { requirement: 'S26-4', codes: [-32022], why: 'a request in protocol version 1900-01-01', servedCause: 'served-without-supported-version' as const };
    const capabilities = { requirement: 'S26-3', codes: [-32602], status: 400, why: 'a request with no client capabilities in _meta', servedCause: 'served-without-client-capabilities' as const };
    expect(causesOf(served(version))).toEqual([['not-refused', 'served-without-supported-version']]);
    expect(causesOf(served(capabilities))).toEqual([['not-refused', 'served-without-client-capabilities']]);
    // Rightly refused, but HTTP 200: the status behaviour; refused with another code: none named.
    expect(causesOf(served(capabilities, 200, true))).toEqual([['not-refused', 'error-without-http-400']]);
    expect(causesOf(served(version, undefined, true))).toEqual([['not-refused', undefined]]);
  });

  it('a response to one of our requests whose result breaks its schema: invalid-result of that method; a broken envelope: none', () => {
    const run = caseOf('{"jsonrpc":"2.0","id":7,"method":"server/discover"}');
    const answer = (pointer: string) => ({
      at: 1,
      message: { jsonrpc: '2.0', id: 7, result: {} },
      raw: '',
      answers: 'server/discover',
      validation: { valid: false, kind: 'result' as const, problems: [{ kind: 'schema' as const, pointer, expected: 'a required member', found: 'nothing', message: `${pointer}: missing` }] },
    });
    const withMalformed = (pointer: string): Batch => ({ ...batchOf({ ...run, responses: [answer(pointer) as never] }), malformed: [{ received: answer(pointer) as never, run }] });
    expect(judge(withMalformed('/result/ttlMs'), OPTS).map((a) => [a.kind, a.cause])).toEqual([['bad-response', 'invalid-result:server/discover']]);
    expect(judge(withMalformed('/jsonrpc'), OPTS).map((a) => [a.kind, a.cause])).toEqual([['bad-response', undefined]]);
  });
});
