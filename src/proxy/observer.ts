// What the proxy does with each message it relays, after relaying it: numbers it as a line of
// the recording, writes it there, and feeds it to the same checker `mcp-conform validate` uses,
// so a finding's line is the recording's line and validate reports it there again.
import { LogChecker, type LineSink, type LogCheckOptions, type LogFinding, type LogReport } from '../schema/log/index.js';
import type { Direction } from '../schema/validate.js';
import type { Recording } from './recording.js';

export interface ObserverOptions extends Pick<LogCheckOptions, 'protocolVersion' | 'maxLineBytes'> {
  recording?: Recording;
  /** Each finding as it is made. */
  onFinding: (finding: LogFinding) => void;
}

export class TrafficObserver {
  private readonly checker: LogChecker;
  private readonly recording: Recording | undefined;
  private line = 0;

  constructor(options: ObserverOptions) {
    this.recording = options.recording;
    this.checker = new LogChecker({ protocolVersion: options.protocolVersion, maxLineBytes: options.maxLineBytes, onFinding: options.onFinding });
  }

  /** Lines seen so far, both directions. */
  get lines(): number {
    return this.line;
  }

  /** One message as sent (a stdio line, an HTTP body, an SSE event's data). */
  text(direction: Direction, text: string, validUtf8: boolean, extra?: Record<string, unknown>): void {
    const lineNo = ++this.line;
    let value: unknown;
    try {
      value = validUtf8 ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    if (value === undefined) {
      // Not JSON, or not UTF-8: checked and recorded as the bare line it is, so both report the
      // same framing problem (the direction is lost on that line; framing findings carry none).
      if (text.trim() === '' && validUtf8) {
        this.line--; // a blank line is no message, in the checker as in the recording
        return;
      }
      this.checker.line(lineNo, text, validUtf8);
      this.recording?.raw(text);
      return;
    }
    this.checker.message(lineNo, value, direction);
    this.recording?.message(direction, text, extra);
  }

  /** A message longer than the line limit: passed through, not read. */
  tooLong(direction: Direction, bytes: number, extra?: Record<string, unknown>): void {
    const lineNo = ++this.line;
    this.checker.tooLong(lineNo, bytes);
    // validate flags the null message at this line too (blamed on the same side); "omitted" says why.
    this.recording?.message(direction, 'null', { omitted: `a message of ${bytes} bytes, over the line limit`, ...extra });
  }

  /** A LineSink for one direction's byte stream (the splitter's own line numbers are ignored). */
  sink(direction: Direction): LineSink {
    return {
      line: (_lineNo, text, validUtf8) => this.text(direction, text, validUtf8),
      tooLong: (_lineNo, bytes) => this.tooLong(direction, bytes),
    };
  }

  /** The end of the session: what is still pending is reported, and the whole report returned. */
  finish(): LogReport {
    return this.checker.finish();
  }
}
