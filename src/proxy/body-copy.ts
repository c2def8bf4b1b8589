// Copies of HTTP bodies for the observer, taken beside the relay: a JSON body is kept up to the
// line limit and handed over whole at its end; an SSE body is parsed as it streams, each event's
// data handed over as soon as the event is complete. Nothing here holds more than the limit.
import { isUtf8 } from 'node:buffer';
import { createParser, type EventSourceParser } from 'eventsource-parser';

export interface BodySink {
  message(text: string, validUtf8: boolean): void;
  tooLong(bytes: number): void;
}

export interface BodyCopy {
  push(chunk: Buffer): void;
  end(): void;
}

/** A JSON body: one message (or batch), however it is chunked. */
export function jsonCopy(maxBytes: number, sink: BodySink): BodyCopy {
  let parts: Buffer[] = [];
  let size = 0;
  return {
    push(chunk) {
      size += chunk.length;
      if (size <= maxBytes) parts.push(chunk);
      else parts = [];
    },
    end() {
      if (size > maxBytes) return sink.tooLong(size);
      if (size === 0) return; // 202 Accepted and friends carry no message
      const bytes = Buffer.concat(parts, size);
      parts = [];
      sink.message(bytes.toString('utf8'), isUtf8(bytes));
    },
  };
}

/** A text/event-stream body: one message per event with data (priming events have none). */
export function sseCopy(maxBytes: number, sink: BodySink): BodyCopy {
  const decoder = new TextDecoder('utf-8');
  let overflow = false;
  let seen = 0;
  const parser: EventSourceParser = createParser({
    onEvent: (event) => {
      seen = 0; // from here on, the bytes of the next event (to a chunk's precision)
      if (event.data !== '') sink.message(event.data, true);
    },
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
    maxBufferSize: maxBytes,
  });
  return {
    push(chunk) {
      if (overflow) return; // the parser cannot find the next event boundary again: stop reading
      seen += chunk.length;
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (overflow) sink.tooLong(seen);
    },
    end() {
      if (!overflow) parser.feed(decoder.decode());
    },
  };
}
