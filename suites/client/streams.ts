// The standalone GET stream of Streamable HTTP, from the client's side: opening it is the client's
// choice (MAY), a request we send on it is answered like any other, and once we end it (after
// events with ids and a retry field) a client that comes back waits the retry and names the last
// event it received.
import { defineClientCheck } from '../../src/client/check.js';
import { toEvidence, type ScenarioRecord, type StreamSeen } from '../../src/client/record.js';
import { askEvidence, expected, note, notAskedReason, unanswered } from './support.js';

/** A timer may fire a few ms early; a reconnection this much short of the retry is still taken as waiting it. */
const TIMER_SLACK_MS = 25;

/** The GET events of the streams, for evidence. */
function streamEvidence(record: ScenarioRecord, streams: readonly StreamSeen[]) {
  return record.events.filter((e) => e.http?.method === 'GET' && streams.some((s) => s.openedAt === e.at)).map(toEvidence);
}

/** The stream our script used (the first on the session at work), and its resumption: the next GET stream of that session after we ended it. */
function resumption(record: ScenarioRecord): { first: StreamSeen; resumed?: StreamSeen } | undefined {
  const first = record.streamUsed === undefined ? undefined : record.streams[record.streamUsed];
  if (first?.droppedAt === undefined) return undefined;
  return { first, resumed: record.streams.find((s) => s.openedAt > first.droppedAt! && s.session === first.session) };
}

export const standaloneStream = defineClientCheck({
  id: 'client-http/standalone-stream',
  title: 'A request the server sends on the standalone GET stream is answered',
  level: 'MUST',
  requirements: ['CLIENT-RPC-5', 'CLIENT-HTTP-9'],
  spec: 'basic/transports#listening-for-messages-from-the-server',
  scenario: 'get-stream',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record, ctx) {
    const stream = record.streamUsed === undefined ? undefined : record.streams[record.streamUsed];
    if (!stream) {
      if (record.initializedAt === undefined || !record.trigger) return { status: 'skip', message: notAskedReason(record, 'the stream') };
      const elsewhere = record.streams.length ? ` (it opened ${record.streams.length} on another session of its own)` : '';
      return { status: 'info', message: `the client opened no standalone GET stream on its session within ${ctx.requestTimeoutMs} ms of its first request${elsewhere}: it MAY, and a server then reaches it on POST streams only` };
    }
    const ask = record.asks.find((a) => a.onStream === record.streamUsed);
    if (!ask) return { status: 'skip', message: 'the client closed the stream before our ping was sent on it' };
    const evidence = [...streamEvidence(record, [stream]), ...askEvidence(record, ask)];
    // It MAY close the stream at any time: before our wait ran out, the ping may not have been read.
    if (ask.outcome !== 'answered' && stream.closedAt !== undefined && stream.closedAt < (ask.endedAt ?? Infinity)) return { status: 'skip', message: `the client closed the stream ${Math.round(stream.closedAt - ask.sentAt)} ms after our ping on it, without answering it`, evidence };
    if (ask.outcome !== 'answered') return unanswered(record, ask, ctx.requestTimeoutMs);
    const result = ask.response!.result as Record<string, unknown> | undefined;
    if (!result || typeof result !== 'object') return { status: 'fail', message: 'the ping sent on the stream was answered without a result', evidence: [...evidence, expected('result {}', JSON.stringify(ask.response).slice(0, 200))] };
    return { status: 'pass', message: `the client opened the stream and answered our ping on it in ${Math.round(ask.endedAt! - ask.sentAt)} ms`, evidence };
  },
});

export const resumeLastEventId = defineClientCheck({
  id: 'client-http/resume-last-event-id',
  title: 'A client that resumes the stream we ended names the last event it received in Last-Event-ID',
  level: 'SHOULD',
  requirements: ['CLIENT-HTTP-10'],
  spec: 'basic/transports#resumability-and-redelivery',
  scenario: 'get-stream',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record, ctx) {
    const r = resumption(record);
    if (!r) return { status: 'skip', message: record.streamUsed !== undefined ? 'our request on the stream went unanswered (or the client closed it), so we never ended it' : 'the client opened no standalone stream (client-http/standalone-stream)' };
    const last = r.first.eventIds.at(-1);
    const said = note(`we ended the stream after the event with id ${last} (every event carried retry: ${record.streamRetryMs})`);
    if (!r.resumed) {
      return { status: 'info', message: `the client did not open the stream again within ${(record.streamRetryMs ?? 0) + ctx.requestTimeoutMs} ms of our ending it: a client resumes when it wishes to`, evidence: [said] };
    }
    const evidence = [said, ...streamEvidence(record, [r.resumed])];
    const after = Math.round(r.resumed.openedAt - r.first.droppedAt!);
    if (r.resumed.lastEventId === undefined) return { status: 'warn', message: `the client opened the stream again ${after} ms after we ended it, without Last-Event-ID: what it missed meanwhile cannot be redelivered`, evidence: [...evidence, expected(`Last-Event-ID: ${last}`, 'no header')] };
    if (r.resumed.lastEventId !== last) return { status: 'warn', message: `the client resumed with Last-Event-ID ${JSON.stringify(r.resumed.lastEventId)}, not the id of the last event it received (${last})`, evidence: [...evidence, expected(`Last-Event-ID: ${last}`, r.resumed.lastEventId)] };
    return { status: 'pass', message: `resumed with Last-Event-ID ${last} ${after} ms after we ended the stream`, evidence };
  },
});

export const resumeRetry = defineClientCheck({
  id: 'client-http/resume-retry',
  title: 'A client that reconnects waits the SSE retry the server sent',
  level: 'MUST',
  requirements: ['CLIENT-HTTP-11'],
  spec: 'basic/transports#sending-messages-to-the-server',
  scenario: 'get-stream',
  transports: ['http'],
  revisions: ['2025-11-25'],
  judge(record) {
    const r = resumption(record);
    if (!r?.resumed) return { status: 'skip', message: 'the client did not reconnect after we ended the stream (client-http/resume-last-event-id)' };
    const retry = record.streamRetryMs ?? 0;
    const waited = Math.round(r.resumed.openedAt - r.first.droppedAt!);
    const evidence = [note(`we ended the stream ${waited} ms before the next GET; its events carried retry: ${retry}`), ...streamEvidence(record, [r.resumed])];
    if (waited + TIMER_SLACK_MS < retry) return { status: 'fail', message: `the client reconnected ${waited} ms after we ended the stream; our retry field asked for ${retry} ms`, evidence: [...evidence, expected(`a GET no sooner than ${retry} ms after the stream ended`, `${waited} ms`)] };
    return { status: 'pass', message: `reconnected ${waited} ms after we ended the stream (retry: ${retry})`, evidence };
  },
});

export const streamChecks = [standaloneStream, resumeLastEventId, resumeRetry];
