// Cancellation and progress from the client's side: a request we cancel is not answered once the
// client has read the cancellation, and the progress tokens it hands out are unique among its
// requests in progress.
import { defineClientCheck } from '../../src/client/check.js';
import { inbound, toEvidence, type WireEvent } from '../../src/client/record.js';
import { ABANDON_AFTER_MS } from '../../src/client/scenarios.js';
import { askEvidence, describeEnd, expected, findAsk, isRequest, methodOf, note, notAskedReason } from './support.js';
import { survived } from './robustness.js';

type Obj = Record<string, unknown>;

/** The client's response to our request `id`, whenever it came (also after our wait ended). */
function responseTo(events: readonly WireEvent[], id: number): WireEvent | undefined {
  return events.find((e) => {
    const m = e.message as Obj | undefined;
    return e.dir === 'in' && m?.id === id && !('method' in m);
  });
}

export const cancellationHonoured = defineClientCheck({
  id: 'client-cancel/honoured',
  title: 'A request the server cancelled is not answered once the client has read the cancellation',
  level: 'SHOULD',
  requirements: ['CLIENT-CANCEL-3', 'CLIENT-PING-1'],
  spec: 'basic/utilities/cancellation#behavior-requirements',
  scenario: 'server-cancels',
  judge(record, ctx) {
    const cancelled = record.asks.find((a) => a.cancelledAt !== undefined);
    if (!cancelled) return { status: 'skip', message: notAskedReason(record, 'our cancelled request') };
    // Crashing on, or stalling after, a cancellation fails the ping it then leaves unanswered.
    const alive = survived(record, ctx.control, ctx.requestTimeoutMs, 'our cancellation of a request of ours');
    if (alive.status !== 'pass') return alive;
    const ping = findAsk(record, 'ping')!;
    const evidence = [...askEvidence(record, cancelled), ...askEvidence(record, ping)];
    const what = `${cancelled.method} (id ${cancelled.id})`;
    const response = responseTo(record.events, cancelled.id);
    if (!response) return { status: 'pass', message: `no response to ${what} within ${ctx.requestTimeoutMs} ms of our cancellation; the ping sent after it was answered`, evidence };
    const pingAnswered = ping.endedAt!;
    if (response.at <= pingAnswered) {
      return { status: 'pass', message: `${what} was answered before the ping that followed our cancellation: before the client read the cancellation, a race the spec allows (we ignore that response)`, evidence };
    }
    const late = Math.round(response.at - pingAnswered);
    if (record.transport === 'http') {
      return { status: 'info', message: `${what} was answered ${late} ms after the ping that followed our cancellation; over HTTP each answer is a POST of its own and may overtake another, so whether it had read the cancellation is unknown`, evidence };
    }
    return {
      status: 'warn',
      message: `the client answered ${what} ${late} ms after answering the ping we sent behind our cancellation: it had read the cancellation and still responded`,
      evidence: [...evidence, expected(`no response to ${what} once the cancellation is read`, JSON.stringify(response.message).slice(0, 200))],
    };
  },
});

function progressToken(e: WireEvent): unknown {
  const meta = ((e.message as Obj).params as Obj | undefined)?._meta as Obj | undefined;
  return meta && 'progressToken' in meta ? meta.progressToken : undefined;
}

/** When our response to the client's request went out (undefined: never). */
function answeredAt(events: readonly WireEvent[], request: WireEvent): number | undefined {
  const id = (request.message as Obj).id;
  return events.find((e) => e.dir === 'out' && (e.message as Obj | undefined)?.id === id && !('method' in (e.message as Obj)))?.at;
}

export const progressTokensUnique = defineClientCheck({
  id: 'client-progress/unique-tokens',
  title: 'A progressToken is a string or a number, unique among the requests in progress together',
  level: 'MUST',
  requirements: ['CLIENT-PROG-1'],
  spec: 'basic/utilities/progress#progress-flow',
  scenario: 'basic',
  judge(record) {
    const tokened = inbound(record).filter((e) => isRequest(e) && progressToken(e) !== undefined);
    if (tokened.length === 0) return { status: 'skip', message: 'the client put a progressToken in none of its requests' };
    const badType = tokened.find((e) => !['string', 'number'].includes(typeof progressToken(e)));
    if (badType) return { status: 'fail', message: `${methodOf(badType)} carries progressToken ${JSON.stringify(progressToken(badType))}`, evidence: [toEvidence(badType), expected('a string or a number', JSON.stringify(progressToken(badType)))] };
    for (const [i, a] of tokened.entries()) {
      // In progress from its arrival until our response went out: a later request arriving meanwhile overlapped it.
      const until = answeredAt(record.events, a) ?? Infinity;
      const clash = tokened.slice(i + 1).find((b) => b.at < until && progressToken(b) === progressToken(a));
      if (clash) {
        return {
          status: 'fail',
          message: `${methodOf(clash)} reused progressToken ${JSON.stringify(progressToken(a))} while ${methodOf(a)} carrying it was still in progress`,
          evidence: [toEvidence(a), toEvidence(clash), expected('a token unique among the requests in progress', `${JSON.stringify(progressToken(a))} twice`)],
        };
      }
    }
    return { status: 'pass', evidence: [note(`${tokened.length} request(s) with a progressToken, unique among those in progress together`), ...tokened.slice(0, 4).map(toEvidence)] };
  },
});

const cancelledId = (e: WireEvent): unknown => ((e.message as Obj).params as Obj | undefined)?.requestId;

export const abandonedRequestCancelled = defineClientCheck({
  id: 'client-cancel/abandoned',
  title: 'A request the client stops waiting for is cancelled with notifications/cancelled, naming a request of its own but initialize',
  level: 'SHOULD',
  requirements: ['CLIENT-LIFE-10', 'CLIENT-CANCEL-1', 'CLIENT-CANCEL-2'],
  spec: 'basic/lifecycle#timeouts',
  scenario: 'client-abandons',
  judge(record, ctx) {
    if (record.withheldAt === undefined) return { status: 'skip', message: notAskedReason(record, 'a request we leave unanswered') };
    const messages = inbound(record);
    const request = messages.find((e) => isRequest(e) && (e.message as Obj).id === record.triggerId && methodOf(e) === record.trigger)!;
    const what = `${record.trigger} (id ${JSON.stringify(record.triggerId)})`;
    const cancels = messages.filter((e) => methodOf(e) === 'notifications/cancelled' && !isRequest(e));
    for (const c of cancels) {
      const earlier = messages.filter((e) => isRequest(e) && e.at <= c.at && (e.message as Obj).id === cancelledId(c));
      if (earlier.length === 0) return { status: 'fail', message: `a notifications/cancelled names id ${JSON.stringify(cancelledId(c))}, which no request of the client carried before it (CLIENT-CANCEL-1)`, evidence: [toEvidence(c)] };
      if (earlier.every((e) => methodOf(e) === 'initialize')) return { status: 'fail', message: 'the client cancelled its initialize request (CLIENT-CANCEL-2)', evidence: [toEvidence(earlier[0]), toEvidence(c)] };
    }
    const mine = cancels.find((c) => cancelledId(c) === record.triggerId);
    const asked = note(`we never answered ${what}; MCP_CONFORMANCE_CONTEXT asked for a ${ABANDON_AFTER_MS} ms request timeout`);
    if (mine) return { status: 'pass', message: `the client cancelled ${what} ${Math.round(mine.at - request.at)} ms after sending it`, evidence: [asked, toEvidence(request), toEvidence(mine)] };
    const end = record.ends.find((e) => !e.byUs && e.at > request.at);
    if (end) {
      return {
        status: 'warn',
        message: `the client ended (${describeEnd(end)}) ${Math.round(end.at - request.at)} ms after sending ${what}, without notifications/cancelled for it: it stopped waiting without telling the server`,
        evidence: [asked, toEvidence(request), expected(`notifications/cancelled with requestId ${JSON.stringify(record.triggerId)}`, 'none')],
      };
    }
    const waited = Math.round(ABANDON_AFTER_MS + 2 * ctx.requestTimeoutMs);
    return { status: 'info', message: `the client was still waiting for ${what} ${waited} ms after we began withholding it: no timeout of its own within our bound (slow is not broken)`, evidence: [asked, toEvidence(request)] };
  },
});

export const utilityChecks = [cancellationHonoured, abandonedRequestCancelled, progressTokensUnique];
