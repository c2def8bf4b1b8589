// The SSE streams a run read, each with its event ids, over every connection to one target: an
// event id names one event of one stream within a session (HTTP-21), and only a record that
// outlives each check's connections lets a whole-run check compare them all. The transports of
// one target share a ledger (sseLedgerFor); it is bounded, so a long run cannot grow it without end.

export interface SseStreamRecord {
  /** The Mcp-Session-Id the request carried, or the one its reply issued (initialize); undefined without sessions. */
  sessionId?: string;
  /** The MCP-Protocol-Version the request carried. */
  revision?: string;
  /** What opened it, for messages: `POST tools/call`, `GET`. */
  label: string;
  /** A GET with Last-Event-ID: the id it resumed after (its events continue that id's stream). */
  resumedAfter?: string;
  /** Event ids in the order they arrived (empty when the stream used none); bounded. */
  ids: string[];
}

const MAX_STREAMS = 5000;
const MAX_IDS_PER_STREAM = 500;

export class SseLedger {
  readonly streams: SseStreamRecord[] = [];
  /** Streams not recorded once the ledger was full. */
  dropped = 0;

  /** Starts a stream's record; returns what adds an event id to it. */
  open(record: Omit<SseStreamRecord, 'ids'>): (id: string) => void {
    if (this.streams.length >= MAX_STREAMS) {
      this.dropped++;
      return () => undefined;
    }
    const entry: SseStreamRecord = { ...record, ids: [] };
    this.streams.push(entry);
    return (id) => {
      if (entry.ids.length < MAX_IDS_PER_STREAM) entry.ids.push(id);
    };
  }
}

const ledgers = new WeakMap<object, SseLedger>();

/** The ledger of everything read from one target (the run's target spec, shared by its connections). */
export function sseLedgerFor(target: object): SseLedger {
  let ledger = ledgers.get(target);
  if (!ledger) ledgers.set(target, (ledger = new SseLedger()));
  return ledger;
}
