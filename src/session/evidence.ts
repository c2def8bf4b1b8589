// Wire evidence behind a verdict; defined here (session layer) because the session records it.

/** One piece of wire evidence behind a verdict. `at` is ms since the session started. */
export type Evidence =
  | { type: 'message'; direction: 'sent' | 'received'; at: number; message?: unknown; raw?: string }
  | {
      type: 'http';
      at: number;
      request: { method: string; url: string; headers: Record<string, string>; body?: string };
      response?: { status: number; headers: Record<string, string>; body?: string };
    }
  | { type: 'expected'; expected: string; actual: string }
  | { type: 'schema'; pointer: string; expected: string; found: string; requirement?: string; line?: number }
  | { type: 'stderr'; text: string }
  | { type: 'note'; text: string };


/** Characters of one message's JSON that kept evidence holds: a 360 KB page keeps its start. */
export const EVIDENCE_MESSAGE_CHARS = 16 * 1024;

/**
 * Evidence as a report keeps it: a message whose JSON is longer than EVIDENCE_MESSAGE_CHARS
 * becomes the start of its text and how much was left out, so a run against a big catalog does
 * not hold (or print) every page it read whole. Other evidence is returned as it is.
 */
export function boundedEvidence(e: Evidence): Evidence {
  if (e.type !== 'message') return e;
  const text = e.message !== undefined ? jsonText(e.message) : e.raw;
  if (text === undefined || text.length <= EVIDENCE_MESSAGE_CHARS) return e;
  // A copy of the start, not a slice: a slice may keep the whole text alive.
  const start = Buffer.from(text.slice(0, EVIDENCE_MESSAGE_CHARS), 'utf16le').toString('utf16le');
  return { type: 'message', direction: e.direction, at: e.at, raw: `${start}…[+${text.length - EVIDENCE_MESSAGE_CHARS} chars left out of the evidence]` };
}

function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    return undefined;
  }
}
