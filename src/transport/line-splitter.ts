/**
 * Splits a byte stream on '\n' with a cap on the bytes held for one line. A line over the cap is
 * reported once (with a short prefix) and the rest of it is skipped as it streams by, without
 * being buffered, until the next newline.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: Buffer) => void,
    private readonly onTooLong: (prefix: Buffer) => void,
    private readonly prefixBytes = 256,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.skipping) {
        if (newline === -1) return;
        this.skipping = false;
        start = newline + 1;
        continue;
      }
      const piece = chunk.subarray(start, end);
      if (this.size + piece.length > this.maxLineBytes) {
        const prefix = this.prefix(piece);
        this.parts = [];
        this.size = 0;
        this.onTooLong(prefix);
        if (newline === -1) {
          this.skipping = true;
          return;
        }
        start = newline + 1;
        continue;
      }
      if (newline === -1) {
        // A view, not a copy: it pins at most this one chunk (pipe chunks are small).
        this.parts.push(piece);
        this.size += piece.length;
        return;
      }
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece], this.size + piece.length);
      this.parts = [];
      this.size = 0;
      this.onLine(line);
      start = newline + 1;
    }
  }

  /** Bytes of an unterminated last line, if any; resets the splitter. */
  flush(): Buffer | undefined {
    const rest = this.skipping || this.size === 0 ? undefined : Buffer.concat(this.parts);
    this.parts = [];
    this.size = 0;
    this.skipping = false;
    return rest;
  }

  private prefix(piece: Buffer): Buffer {
    const pieces: Buffer[] = [];
    let bytes = 0;
    for (const part of [...this.parts, piece]) {
      pieces.push(part);
      bytes += part.length;
      if (bytes >= this.prefixBytes) break;
    }
    // At least maxLineBytes + 1 bytes were seen: capping there makes the prefix chunking-independent.
    return Buffer.concat(pieces, Math.min(bytes, this.prefixBytes, this.maxLineBytes + 1));
  }
}
