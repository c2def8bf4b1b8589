import { performance } from 'node:perf_hooks';
import type { TraceEntry } from './types.js';
import { TRACE_MAX_CHARS, TRACE_MAX_ENTRIES, TRACE_RAW_CHARS, truncate } from './limits.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TraceInput = DistributiveOmit<TraceEntry, 'at'>;

export interface TraceBounds {
  maxEntries?: number;
  maxChars?: number;
  rawChars?: number;
}

/**
 * The wire trace of one transport. Bounded in entries and stored characters: once full it keeps
 * the beginning (where initialization happens), adds one note and counts what it drops.
 */
export class TraceRecorder {
  readonly entries: TraceEntry[] = [];
  private readonly origin = performance.now();
  private readonly maxEntries: number;
  private readonly maxChars: number;
  readonly rawChars: number;
  private chars = 0;
  private full = false;
  dropped = 0;

  constructor(bounds: TraceBounds = {}) {
    this.maxEntries = bounds.maxEntries ?? TRACE_MAX_ENTRIES;
    this.maxChars = bounds.maxChars ?? TRACE_MAX_CHARS;
    this.rawChars = bounds.rawChars ?? TRACE_RAW_CHARS;
  }

  /** ms since the transport was created. */
  now(): number {
    return Math.round((performance.now() - this.origin) * 1000) / 1000;
  }

  add(input: TraceInput): void {
    if (this.full) {
      this.dropped++;
      return;
    }
    const entry = this.bound(input);
    const size = entrySize(entry);
    if (this.entries.length + 1 >= this.maxEntries || this.chars + size > this.maxChars) {
      this.full = true;
      this.dropped++;
      this.entries.push({
        at: this.now(),
        kind: 'note',
        text: `trace limit reached (${this.entries.length} entries, ${this.chars} chars); later entries are not recorded`,
      });
      return;
    }
    this.chars += size;
    this.entries.push({ ...entry, at: this.now() } as TraceEntry);
  }

  /** Whether entries are still recorded: once full, none is, and a caller need not prepare one. */
  get recording(): boolean {
    return !this.full;
  }

  note(text: string): void {
    this.add({ kind: 'note', text });
  }

  /** Keeps a prefix of long raw text; drops the parsed message when its text was cut. */
  private bound(input: TraceInput): TraceInput {
    if (input.kind === 'send' || input.kind === 'recv') {
      if (input.raw.length <= this.rawChars) return input;
      return { ...input, message: undefined, raw: truncate(input.raw, this.rawChars) };
    }
    if (input.kind === 'framing') return { ...input, raw: truncate(input.raw, this.rawChars) };
    return input;
  }
}

function entrySize(entry: TraceInput): number {
  switch (entry.kind) {
    case 'send':
    case 'recv':
    case 'framing':
      return entry.raw.length + 64;
    case 'stderr':
    case 'note':
      return entry.text.length + 64;
    case 'http': {
      const { request, response } = entry.exchange;
      return (request.body?.length ?? 0) + (response?.body?.length ?? 0) + 512;
    }
    default:
      return 64;
  }
}
