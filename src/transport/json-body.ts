// A JSON response body read as it arrives. Its text is recorded live, so a body that stays open
// still shows what it carried; and a body that holds one complete JSON text and then stalls is
// delivered without waiting for its end (a listen answered with application/json and held open).
// A body that ends at once is delivered at its end, exactly as before.

/** How long a complete JSON text may sit in an unfinished body before it is delivered. */
export const STALLED_JSON_MS = 100;
/** Bodies longer than this are only ever delivered at their end. */
const EARLY_JSON_MAX_BYTES = 64 * 1024;

export class LiveJsonBody {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  private timer?: NodeJS.Timeout;
  private over = false;
  /** The text delivered before the body ended, if any. */
  delivered?: string;

  /**
   * @param record gets the decoded text of each chunk (invalid UTF-8 shows as U+FFFD).
   * @param deliver gets a stalled complete JSON text, once; undefined: never deliver early.
   */
  constructor(
    private readonly record: (text: string) => void,
    private readonly deliver?: (text: string) => void,
  ) {}

  chunk(bytes: Uint8Array): void {
    this.record(this.decoder.decode(bytes, { stream: true }));
    if (!this.deliver || this.over || this.delivered !== undefined) return;
    clearTimeout(this.timer);
    this.size += bytes.length;
    if (this.size > EARLY_JSON_MAX_BYTES) {
      this.over = true;
      this.parts.length = 0;
      return;
    }
    this.parts.push(bytes);
    this.timer = setTimeout(() => this.deliverIfComplete(), STALLED_JSON_MS);
  }

  /** The body ended or failed: nothing is delivered early from now on. */
  end(): void {
    this.over = true;
    clearTimeout(this.timer);
  }

  /** Whether the body's whole text is what was already delivered early. */
  wasDelivered(text: string): boolean {
    return this.delivered !== undefined && this.delivered.trim() === text.trim();
  }

  private deliverIfComplete(): void {
    if (this.over) return;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(this.parts));
    } catch {
      return;
    }
    if (!isCompleteJsonText(text)) return;
    this.delivered = text;
    this.parts.length = 0;
    this.deliver!(text);
  }
}

/** An object or array that parses: nothing more may follow it in a JSON body. */
function isCompleteJsonText(text: string): boolean {
  const last = text.trimEnd().at(-1);
  if (last !== '}' && last !== ']') return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}
