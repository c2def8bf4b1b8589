// Fuzzing: generated hostile messages, each followed by a ping. A client that crashes on one, or
// stops answering after it, fails (the ping row it then breaks) when the message alone fails a
// fresh client the same way; unconfirmed, it is info. One that ends the session warns.
// The failing case is shown as sent and as shrunk, with the line that replays the search.
import { defineClientCheck } from '../../src/client/check.js';
import { toEvidence } from '../../src/client/record.js';
import type { Evidence } from '../../src/checks/types.js';
import type { FuzzFinding } from '../../src/client/fuzz.js';
import type { ScenarioRecord } from '../../src/client/record.js';
import { isObject } from '../lib/json-object.js';
import { askEvidence, expected, note, notAskedReason } from './support.js';

function findingEvidence(f: FuzzFinding): Evidence[] {
  const shrunk = f.shrunk
    ? note(`shrunk in ${f.shrinks} step(s)${f.interrupted ? ' (stopped at its time budget: maybe not the smallest)' : ''} to a ${f.shrunk.kind} that fails a fresh client the same way: ${f.shrunk.text}`)
    : note(f.failure.kind === 'left' ? 'not shrunk (ending the session is no crash)' : `sent alone to a fresh client it did not fail it${f.interrupted ? ' (or the run stopped first)' : ''}: the cases before it may have a part; replay the whole search`);
  return [
    note(`case #${f.index + 1} (${f.original.kind}), as generated: ${f.original.text}`),
    shrunk,
    note(`replay: ${f.replay}`),
    ...stderrNote(f.stderrTail),
  ];
}

/** How long we had held the client's request (the one our script ran in) when the client failed, ms. */
function heldMs(record: ScenarioRecord, f: FuzzFinding): number | undefined {
  const asked = record.events.find((e) => e.dir === 'in' && isObject(e.message) && e.message.id === record.triggerId && e.message.method === record.trigger);
  const end = record.ends.find((e) => !e.byUs)?.at ?? record.asks.filter((a) => a.method === 'ping').at(-1)?.sentAt;
  return asked && end !== undefined && f.failure.kind !== 'left' ? Math.round(end - asked.at) : undefined;
}

/** The line of the failing run's stderr that names an error, else its last lines. */
function stderrNote(tail: readonly string[]): Evidence[] {
  const lines = tail.filter((l) => l.trim());
  if (!lines.length) return [];
  const error = lines.find((l) => /error/i.test(l));
  return [note(`the client's stderr ${error ? `says: ${error.trim().slice(0, 300)}` : `ends: ${lines.slice(-2).join(' | ').slice(0, 300)}`}`)];
}

export const hostileServerFuzz = defineClientCheck({
  id: 'client-robustness/fuzz',
  title: 'Generated hostile messages neither crash nor stall the client',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CLIENT-ROBUST-1', 'CLIENT-ROBUST-2', 'CLIENT-PING-1'],
  spec: 'basic/index#messages',
  scenario: 'fuzz',
  judge(record) {
    if (record.fuzzSent === undefined) return { status: 'skip', message: notAskedReason(record, 'our first fuzz case') };
    const f = record.fuzzFinding;
    if (!f) {
      if (record.fuzzStoppedAt === undefined) return { status: 'pass', message: `${record.fuzzSent} hostile message(s), each followed by a ping, every ping answered`, evidence: [note(`${record.fuzzSent} case(s) sent`)] };
      return { status: 'skip', message: `the ping after case #${record.fuzzStoppedAt + 1} went unanswered, but so did the ping of the basic scenario: client-ping/answered judges that` };
    }
    const ping = record.asks.filter((a) => a.method === 'ping').at(-1);
    const wire = [...record.events.filter((e) => e.dir === 'out' && e.message === undefined).slice(-1).map(toEvidence), ...(ping ? askEvidence(record, ping) : [])];
    const shown = (f.shrunk ?? f.original).text.slice(0, 200);
    if (f.failure.kind === 'left') {
      return { status: 'warn', message: `after hostile message #${f.index + 1} (${f.original.kind}) ${f.failure.detail} instead of going on: ${shown}`, evidence: [...findingEvidence(f), ...wire] };
    }
    const what = f.failure.kind === 'crash' ? 'crashed' : 'stopped answering';
    if (!f.shrunk) {
      // Sent alone to a fresh client the case did not fail it: no evidence the message did it. The
      // campaign held the client's own request all along, and a client may give up on that (its
      // request timeout) on a machine slow enough; the cases before it may have a part too.
      const held = heldMs(record, f);
      return {
        status: 'info',
        message: `the client ${what} after hostile message #${f.index + 1} (${f.failure.detail})${held === undefined ? '' : `, its own request held for ${held} ms by then`}; sent alone to a fresh client the message did not fail it, so this is not graded: a request timeout of its own, or the cases before it (replay the search to see)`,
        evidence: [...findingEvidence(f), ...wire],
      };
    }
    return {
      status: 'fail',
      message: `the client ${what} on hostile message #${f.index + 1}: ${f.failure.detail}; ${f.shrunk ? `smallest: ${shown}` : `as generated: ${shown}`} (CLIENT-PING-1)`,
      evidence: [...findingEvidence(f), ...wire, expected('the ping after it answered, the client still running', f.failure.detail)],
    };
  },
});

export const fuzzChecks = [hostileServerFuzz];
