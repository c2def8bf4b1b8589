// Default bounds shared by the transports. Every buffer we keep has a cap so a hostile or
// broken server cannot exhaust our memory.

export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Raw text kept per trace entry; a message whose raw text is longer keeps only a prefix. */
export const TRACE_RAW_CHARS = 64 * 1024;
/** Raw text handed to 'framing' listeners: enough to show what went wrong. */
export const FRAMING_RAW_CHARS = 2048;
export const TRACE_MAX_ENTRIES = 20_000;
export const TRACE_MAX_CHARS = 16 * 1024 * 1024;
/** HTTP bodies recorded in an exchange (the full body is still parsed, up to the message cap). */
export const RECORDED_BODY_CHARS = 256 * 1024;
export const STDERR_LINE_CHARS = 2000;
export const STDERR_TRACE_LINES = 1000;

/** Cuts text to `max` characters and says how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${head(text, max)}…[+${text.length - max} chars]`;
}

/**
 * The first `max` characters as a string of their own. A plain slice() may keep a reference to
 * the whole (possibly megabytes long) original in V8, which defeats every bound we set.
 */
export function head(text: string, max: number): string {
  if (text.length <= max) return text;
  return Buffer.from(text.slice(0, max), 'utf16le').toString('utf16le');
}

/** Makes an error text fit on one line (TargetUnreachable messages are shown as one line). */
export function oneLine(text: string, max = 300): string {
  // Other control characters (NUL, ESC...) are shown escaped: raw, they would corrupt a terminal or a log.
  const flat = text.replace(/\s+/g, ' ').trim().replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}

/** Text that stops growing at `max` characters and says how much it left out. */
export class BoundedText {
  private text = '';
  private dropped = 0;
  constructor(private readonly max: number) {}
  append(chunk: string): void {
    const room = this.max - this.text.length;
    if (room > 0) this.text += head(chunk, room);
    this.dropped += Math.max(0, chunk.length - Math.max(room, 0));
  }
  get value(): string {
    return this.dropped > 0 ? `${this.text}…[+${this.dropped} chars]` : this.text;
  }
}
