// A hostile server: a line that is no JSON, a response to an id the client never used, an invalid
// initialize result. The client neither crashes nor hangs. Judged against the basic scenario (the
// control): a client that never answers ping is CLIENT-PING-1's finding, not these checks'.
import { defineClientCheck } from '../../src/client/check.js';
import { toEvidence, type ScenarioRecord } from '../../src/client/record.js';
import type { Verdict } from '../../src/checks/types.js';
import { NEVER_USED_ID } from '../../src/client/scenarios.js';
import { afterInitialize, askEvidence, describeEnd, expected, findAsk, isRequest, methodOf, notAskedReason } from './support.js';

/** Survived `what`: the ping we sent after it was answered. */
export function survived(record: ScenarioRecord, control: ScenarioRecord | undefined, timeoutMs: number, what: string): Verdict {
  const hostile = record.events.find((e) => e.dir === 'out' && (e.message === undefined || (e.message as { id?: unknown }).id === NEVER_USED_ID));
  const ping = findAsk(record, 'ping');
  if (!ping) return { status: 'skip', message: notAskedReason(record, 'our hostile message') };
  const evidence = [...(hostile ? [toEvidence(hostile)] : []), ...askEvidence(record, ping)];
  if (ping.outcome === 'answered') return { status: 'pass', message: `the client answered a ping sent after ${what}`, evidence };
  if (ping.outcome === 'gone') {
    // Over stdio the relay sees stdin close before we see the exit: look for the client's own exit.
    const exit = record.ends.find((e) => e.how === 'exit' && !e.byUs && (e.code !== 0 || e.signal));
    if (exit) {
      return {
        status: 'fail',
        message: `the client exited (${describeEnd(exit)}) after ${what}, with its own ${record.trigger} still unanswered: a crash, and the ping we sent after it was never answered (CLIENT-PING-1)`,
        evidence: [...evidence, expected('the ping answered, the client still running', `exited (${describeEnd(exit)})`)],
      };
    }
    return { status: 'warn', message: `the client ended the session (${describeEnd(record.ends[0])}) after ${what} instead of going on`, evidence };
  }
  const controlPing = control && findAsk(control, 'ping');
  if (controlPing?.outcome !== 'answered') return { status: 'skip', message: `the ping after ${what} went unanswered, but so did the ping of the basic scenario: client-ping/answered judges that` };
  return {
    status: 'fail',
    message: `after ${what} the client stopped answering: no response to ping within ${timeoutMs} ms, though it answered ping in the basic scenario (CLIENT-PING-1)`,
    evidence: [...evidence, expected('the ping answered', `nothing within ${timeoutMs} ms`)],
  };
}

export const malformedJson = defineClientCheck({
  id: 'client-robustness/malformed-json',
  title: 'A message that is not valid JSON neither crashes nor stalls the client',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CLIENT-ROBUST-1', 'CLIENT-PING-1'],
  spec: 'basic/transports#stdio',
  scenario: 'malformed-json',
  judge: (record, ctx) => survived(record, ctx.control, ctx.requestTimeoutMs, 'a message that is not valid JSON'),
});

export const unknownIdResponse = defineClientCheck({
  id: 'client-robustness/unknown-id-response',
  title: 'A response to an id the client never used is ignored',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CLIENT-ROBUST-2', 'CLIENT-PING-1'],
  spec: 'basic/index#responses',
  scenario: 'unknown-id-response',
  judge: (record, ctx) => survived(record, ctx.control, ctx.requestTimeoutMs, 'a response to an id it never used'),
});

export const invalidInitializeResult = defineClientCheck({
  id: 'client-robustness/invalid-initialize-result',
  title: 'An invalid initialize result ends the handshake in bounded time',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CLIENT-ROBUST-3'],
  spec: 'basic/lifecycle#initialization',
  scenario: 'invalid-initialize-result',
  judge(record) {
    if (record.initializedAt === undefined) return { status: 'skip', message: 'the client sent no initialize request' };
    const said = { type: 'note' as const, text: 'we answered initialize with {"protocolVersion":20251125}: a number, no capabilities, no serverInfo' };
    const went = afterInitialize(record).find((e) => methodOf(e) === 'notifications/initialized' || (isRequest(e) && methodOf(e) !== 'ping'));
    if (went) return { status: 'warn', message: `the client went on with ${methodOf(went)} as if the handshake had succeeded`, evidence: [said, toEvidence(went), expected('an error and a disconnect', methodOf(went) ?? '')] };
    const end = record.ends.find((e) => !e.byUs);
    if (end?.how === 'exit' && end.signal) return { status: 'warn', message: `the client died by ${end.signal} after the invalid result`, evidence: [said] };
    if (end) return { status: 'pass', message: `it ended the session (${describeEnd(end)}) ${Math.round(end.at - record.initializedAt)} ms after the result`, evidence: [said] };
    const last = Math.round((record.ends[0]?.at ?? record.initializedAt) - record.initializedAt);
    return {
      status: 'warn',
      message: `the client neither went on nor disconnected: still running ${last} ms after the invalid result, when the scenario ended (a host that shows an error and waits for its user may do so: baseline this check then)`,
      evidence: [said, expected('a disconnect or an exit', `still running after ${last} ms`)],
    };
  },
});

export const robustnessChecks = [malformedJson, unknownIdResponse, invalidInitializeResult];
