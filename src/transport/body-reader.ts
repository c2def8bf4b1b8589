import type { Readable } from 'node:stream';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { head } from './limits.js';

// Bodies are node streams of Buffers. Leaving a for-await loop early destroys the stream, and with
// it the socket: a cancelled body never goes back to the connection pool.

/**
 * Reads a whole body, keeping at most `maxBytes`; the rest is cancelled, not buffered.
 * `onChunk` sees each kept chunk as it arrives (a body that stays open is visible meanwhile).
 */
export async function readBounded(
  body: Readable,
  maxBytes: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<{ bytes: Buffer; overflow: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const value of body as AsyncIterable<Buffer>) {
    if (size + value.length > maxBytes) {
      parts.push(value.subarray(0, maxBytes - size));
      onChunk?.(parts.at(-1)!);
      return { bytes: Buffer.concat(parts), overflow: true };
    }
    parts.push(value);
    size += value.length;
    onChunk?.(value);
  }
  return { bytes: Buffer.concat(parts), overflow: false };
}

export interface SseSink {
  onEvent(event: EventSourceMessage): void;
  /** Decoded stream text as it arrives, for the exchange record. */
  onText(text: string): void;
  onProblem(problem: 'too-large' | 'invalid-utf8', raw: string): void;
  /** A `retry:` field (HTTP-15: the server invites the client to reconnect after that many ms). */
  onRetry?(ms: number): void;
}

/**
 * Pumps an SSE body through eventsource-parser, calling the sink for each event as soon as it is
 * complete. One event may hold at most `maxEventChars` (then the stream is abandoned, since the
 * parser cannot resynchronise). Resolves at the end of the stream; throws what the read throws.
 */
export async function pumpSse(body: Readable, sink: SseSink, maxEventChars: number): Promise<void> {
  let overflow = false;
  const parser = createParser({
    onEvent: (event) => sink.onEvent(event),
    onRetry: (ms) => sink.onRetry?.(ms),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
    maxBufferSize: maxEventChars,
  });
  let decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const value of body as AsyncIterable<Buffer>) {
    let text: string;
    try {
      text = decoder.decode(value, { stream: true });
    } catch {
      sink.onProblem('invalid-utf8', value.toString('utf8'));
      decoder = new TextDecoder('utf-8');
      text = decoder.decode(value, { stream: true });
    }
    sink.onText(text);
    parser.feed(text);
    if (overflow) {
      sink.onProblem('too-large', head(text, 256));
      body.destroy();
      throw new Error(`an SSE event exceeded ${maxEventChars} characters; stream abandoned`);
    }
  }
}
