// What a session's log of received messages (Session.received) keeps of each one. The log lives as
// long as the session (the main session: the whole run), and a big catalog's page is hundreds of
// KB of text beside its parsed form; whoever asked for the page got it whole when it came.
import { detachedStart, EVIDENCE_MESSAGE_CHARS } from './evidence.js';
import type { Received } from './types.js';

/** Characters of a received message's text that the log keeps: as much as evidence shows. */
export const KEPT_RAW_CHARS = EVIDENCE_MESSAGE_CHARS;

/** The record as the log keeps it: a long text cut to its start (the parsed message stays whole). */
export function keptRecord(received: Received): Received {
  if (received.raw.length <= KEPT_RAW_CHARS) return received;
  return { ...received, raw: detachedStart(received.raw, KEPT_RAW_CHARS), rawChars: received.raw.length };
}
