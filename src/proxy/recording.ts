// `--record <file.jsonl>`: every message the proxy sees, one line each, in the wrapped form
// `mcp-conform validate` reads: {"direction", "message", "timestamp"} (plus "http" details for
// the HTTP proxy). Streamed to disk as it happens; memory stays bounded when the disk is slower
// than the traffic, because lines past the backlog cap are counted as dropped instead of queued.
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Direction } from '../schema/validate.js';

/** Bytes queued for the disk before further lines are dropped (and counted). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

export class Recording {
  /** Lines not written because the disk fell behind by more than the backlog cap. */
  dropped = 0;
  private failure: Error | undefined;

  private constructor(private readonly stream: WriteStream) {
    stream.on('error', (error) => (this.failure ??= error));
  }

  /** Opens (truncates) the file; rejects with the system error when it cannot be created. */
  static open(path: string): Promise<Recording> {
    const stream = createWriteStream(path, { flags: 'w' });
    return new Promise((resolve, reject) => {
      stream.once('open', () => {
        stream.off('error', reject);
        resolve(new Recording(stream));
      });
      stream.once('error', reject);
    });
  }

  /**
   * A message line. `json` must be one JSON text (the caller parsed it): it is embedded as sent,
   * not re-serialised, so ids, numbers and key order stay exactly what the peer wrote.
   */
  message(direction: Direction, json: string, extra?: Record<string, unknown>): void {
    const tail = extra ? `,${JSON.stringify(extra).slice(1, -1)}` : '';
    this.write(`{"direction":"${direction}","message":${oneLine(json)},"timestamp":"${new Date().toISOString()}"${tail}}\n`);
  }

  /** A line that is not JSON, written as it came, so validate reports it exactly as the proxy did. */
  raw(text: string): void {
    this.write(`${text}\n`);
  }

  /** Why the recording is incomplete, if it is (a write error or a backlog). */
  get problem(): string | undefined {
    if (this.failure) return `the recording could not be written: ${this.failure.message}`;
    if (this.dropped > 0) return `${this.dropped} message line(s) were left out of the recording: the disk fell behind the traffic`;
    return undefined;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.stream.destroyed) return resolve();
      this.stream.end(() => resolve());
      this.stream.once('error', () => resolve());
    });
  }

  private write(line: string): void {
    if (this.failure) return;
    if (this.stream.writableLength > MAX_BACKLOG_BYTES) {
      this.dropped++;
      return;
    }
    this.stream.write(line);
  }
}

/**
 * A JSON text on one line. Raw line breaks can only be whitespace between JSON tokens (inside
 * strings they must be escaped), so replacing them with spaces keeps the same value.
 */
export function oneLine(json: string): string {
  return /[\r\n]/.test(json) ? json.replace(/[\r\n]/g, ' ') : json;
}
