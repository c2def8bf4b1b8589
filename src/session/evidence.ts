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
 * not hold (or print) every page it read whole. The texts of other evidence are copied whole
 * (detached): a clipped text may be a view of a whole page.
 */
export function boundedEvidence(e: Evidence): Evidence {
  if (e.type === 'expected') return { ...e, expected: detached(e.expected), actual: detached(e.actual) };
  if (e.type === 'schema') return { ...e, expected: detached(e.expected), found: detached(e.found) };
  if (e.type === 'note' || e.type === 'stderr') return { ...e, text: detached(e.text) };
  if (e.type !== 'message') return e;
  const text = e.message !== undefined ? jsonText(e.message) : e.raw;
  if (text === undefined) return e;
  if (text.length <= EVIDENCE_MESSAGE_CHARS) return e.message === undefined && e.raw !== undefined ? { ...e, raw: detached(e.raw) } : e;
  const start = detachedStart(text, EVIDENCE_MESSAGE_CHARS);
  return { type: 'message', direction: e.direction, at: e.at, raw: `${start}…[+${text.length - EVIDENCE_MESSAGE_CHARS} chars left out of the evidence]` };
}

/**
 * The first `chars` characters of `text` as a string of their own. A slice of a long string may
 * be a view that keeps the whole text alive, and a text of one-byte characters stays one-byte
 * (V8 stores a string with any character beyond Latin-1 at two bytes a character).
 */
export function detachedStart(text: string, chars: number): string {
  return text.length <= chars ? text : detached(text.slice(0, chars));
}

/**
 * `text` as a string of its own. A check's text clipped from a page's JSON (`${json.slice(0, 120)}…`)
 * is a view that keeps the whole page alive for as long as the run keeps the check's record.
 */
export function detached(text: string): string {
  return typeof text === 'string' && text.length > 12 ? (JSON.parse(JSON.stringify(text)) as string) : text;
}

function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    return undefined;
  }
}
