// `--record <file.jsonl>`: every message the proxy sees, one line each, in the wrapped form
// `mcp-conform validate` reads: {"direction", "message", "timestamp"} (plus "http" details for
// the HTTP proxy). Streamed to disk as it happens; memory stays bounded when the disk is slower
// than the traffic, because lines past the backlog cap are counted as dropped instead of queued.
// Whatever ends the process, the lines queued so far reach the file: an exit hook writes them
// synchronously (at the offset they belong at, so a write still in flight is simply repeated).
import { close, closeSync, open, write, writeSync } from 'node:fs';
import type { Direction } from '../schema/validate.js';

/** Bytes queued for the disk before further lines are dropped (and counted). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

export class Recording {
  /** Lines not written because the disk fell behind by more than the backlog cap. */
  dropped = 0;
  private failure: Error | undefined;
  /** Bytes known to be in the file. */
  private written = 0;
  /** Being written now (from `written` on), then what waits behind it. */
  private inFlight: Buffer | undefined;
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private closing: Promise<void> | undefined;
  private drained: (() => void) | undefined;
  private readonly flushAtExit = () => this.flushSync();

  private constructor(private readonly fd: number) {
    process.once('exit', this.flushAtExit);
  }

  /** Opens (truncates) the file; rejects with the system error when it cannot be created. */
  static open(path: string): Promise<Recording> {
    return new Promise((resolve, reject) => open(path, 'w', 0o666, (err, fd) => (err ? reject(err) : resolve(new Recording(fd)))));
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

  /** Writes what is queued, then closes the file. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.inFlight) this.drained = resolve;
      else resolve();
    }).then(
      () =>
        new Promise<void>((resolve) => {
          process.off('exit', this.flushAtExit);
          close(this.fd, () => resolve());
        }),
    );
    return this.closing;
  }

  private write(line: string): void {
    if (this.failure || this.closing) return;
    if (this.queuedBytes > MAX_BACKLOG_BYTES) {
      this.dropped++;
      return;
    }
    const bytes = Buffer.from(line, 'utf8');
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    this.pump();
  }

  /** One write at a time, of everything queued when it starts. */
  private pump(): void {
    if (this.inFlight) return;
    if (this.queue.length === 0 || this.failure) {
      this.drained?.();
      return;
    }
    const chunk = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
    this.queue = [];
    this.inFlight = chunk;
    write(this.fd, chunk, 0, chunk.length, this.written, (err, bytes) => {
      if (err) this.failure ??= err;
      this.written += bytes ?? 0;
      this.queuedBytes -= bytes ?? 0;
      // A short write leaves the rest of the chunk first in line.
      const rest = !err && bytes < chunk.length ? [chunk.subarray(bytes)] : [];
      this.inFlight = undefined;
      this.queue = [...rest, ...this.queue];
      this.pump();
    });
  }

  /** At exit: the queued lines, written synchronously from where the file is known to end. */
  private flushSync(): void {
    if (this.failure) return;
    const rest = Buffer.concat([...(this.inFlight ? [this.inFlight] : []), ...this.queue]);
    try {
      for (let at = 0; at < rest.length; ) at += writeSync(this.fd, rest, at, rest.length - at, this.written + at);
      closeSync(this.fd);
    } catch {
      // the disk refused: nothing more can be done on the way out
    }
  }
}

/**
 * A JSON text on one line. Raw line breaks can only be whitespace between JSON tokens (inside
 * strings they must be escaped), so replacing them with spaces keeps the same value.
 */
export function oneLine(json: string): string {
  return /[\r\n]/.test(json) ? json.replace(/[\r\n]/g, ' ') : json;
}
