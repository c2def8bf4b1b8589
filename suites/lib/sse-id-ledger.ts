// HTTP-21 over a whole run: the SSE streams every connection read (src/transport/sse-ledger.ts),
// grouped by session, and any event id seen on two streams of one session. A GET that resumed
// after an id continues that id's stream, so the events it replays are no second stream.
import type { SseStreamRecord } from '../../src/transport/index.js';

export interface ReusedId {
  id: string;
  sessionId: string;
  first: string;
  second: string;
}

export interface LedgerVerdict {
  /** Streams with a session id, at the revision judged. */
  streams: number;
  /** Of those, streams that carried event ids. */
  withIds: number;
  sessions: number;
  reused: ReusedId[];
}

/**
 * The ids of `streams` (one session's) seen on two of them, each stream merged into the one its
 * Last-Event-ID named. Another stream's events replayed on a resumption are HTTP-24's breach
 * (http/sse-resumption judges it), not ids reused: those are left out.
 */
function reusedIn(sessionId: string, streams: SseStreamRecord[]): ReusedId[] {
  const owner = new Map<string, number>();
  const reused: ReusedId[] = [];
  streams.forEach((s, i) => {
    const continues = s.resumedAfter !== undefined ? owner.get(s.resumedAfter) : undefined;
    const self = continues ?? i;
    for (const id of s.ids) {
      const seen = owner.get(id);
      if (seen === undefined) owner.set(id, self);
      else if (seen !== self && s.resumedAfter === undefined && reused.length < 20) reused.push({ id, sessionId, first: streams[seen].label, second: s.label });
    }
  });
  return reused;
}

/** Event ids reused across the streams of a session, over every session of `revision` the ledger holds. */
export function judgeLedger(records: readonly SseStreamRecord[], revision: string): LedgerVerdict {
  const bySession = new Map<string, SseStreamRecord[]>();
  for (const r of records) {
    // No session id: HTTP-21 then binds per client, which separate connections cannot show.
    if (r.sessionId === undefined || (r.revision !== undefined && r.revision !== revision)) continue;
    bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
  }
  const all = [...bySession.values()].flat();
  return {
    streams: all.length,
    withIds: all.filter((s) => s.ids.length > 0).length,
    sessions: bySession.size,
    reused: [...bySession].flatMap(([sessionId, streams]) => reusedIn(sessionId, streams)),
  };
}
