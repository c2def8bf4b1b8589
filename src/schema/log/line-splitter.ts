// Splits a byte stream into lines with a ceiling on line length, so a log with a 5 GB line
// costs a finding instead of the process. readline would buffer such a line whole.
// Synchronous per chunk: one callback per line, no promise per line on the hot path.

export interface LineSink {
  /** A complete line (without its \n or \r\n). `validUtf8` is false when its bytes are not UTF-8. */
  line(lineNo: number, text: string, validUtf8: boolean): void;
  /** A line longer than the ceiling: its content was dropped, only its length is known. */
  tooLong(lineNo: number, bytes: number): void;
}

const NEWLINE = 0x0a;
const CR = 0x0d;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export class LineSplitter {
  private parts: Buffer[] = [];
  private partsBytes = 0;
  /** Bytes of the current line once it passed the ceiling (its content is no longer kept). */
  private overflow = -1;
  private lineNo = 0;

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
  ) {}

  /** Lines seen so far (the count includes an unterminated last line once `end` ran). */
  get lines(): number {
    return this.lineNo;
  }

  push(chunk: Buffer | string): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start < buf.length) {
      const nl = buf.indexOf(NEWLINE, start);
      const end = nl === -1 ? buf.length : nl;
      this.take(buf, start, end);
      if (nl === -1) return;
      this.emit(buf, start, end);
      start = nl + 1;
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.partsBytes > 0 || this.overflow >= 0) this.emit(Buffer.alloc(0), 0, 0);
  }

  /** Keeps bytes [start, end) of a line that continues in a later chunk. */
  private take(buf: Buffer, start: number, end: number): void {
    const size = end - start;
    if (this.overflow >= 0) {
      this.overflow += size;
    } else if (this.partsBytes + size > this.maxLineBytes) {
      this.overflow = this.partsBytes + size;
      this.parts = [];
      this.partsBytes = 0;
    } else if (end === buf.length && size > 0) {
      // The line goes on in the next chunk: keep a copy, not a view that pins the whole chunk.
      this.parts.push(Buffer.from(buf.subarray(start, end)));
      this.partsBytes += size;
    }
  }

  /** Ends the current line at buf[end], whose earlier bytes are in `parts` or buf[start, end). */
  private emit(buf: Buffer, start: number, end: number): void {
    this.lineNo++;
    if (this.overflow >= 0) {
      const bytes = this.overflow;
      this.overflow = -1;
      this.sink.tooLong(this.lineNo, bytes);
      return;
    }
    let bytes = buf.subarray(start, end);
    if (this.parts.length > 0) {
      bytes = Buffer.concat([...this.parts, bytes]);
      this.parts = [];
      this.partsBytes = 0;
    }
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    const text = bytes.toString('utf8');
    // toString replaces bad sequences with U+FFFD; only then is the strict (slower) decoder worth running.
    const validUtf8 = !text.includes('\uFFFD') || isUtf8(bytes);
    this.sink.line(this.lineNo, text, validUtf8);
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
