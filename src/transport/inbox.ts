import type { FramingProblem, HttpStream, MessageContext } from './types.js';
import type { Listeners } from './listeners.js';
import type { TraceRecorder } from './trace.js';
import { classifyJson } from './classify.js';
import { FRAMING_RAW_CHARS, truncate } from './limits.js';

/**
 * Where received wire text goes: parsed into messages ('message' events, one per batch element,
 * each with the whole wire text as raw) or reported as framing problems. The trace gets one
 * 'recv' entry per wire unit, so a batch stays visible as a batch there.
 */
export class Inbox {
  constructor(
    private readonly trace: TraceRecorder,
    private readonly listeners: Listeners,
    private readonly stream?: HttpStream,
  ) {}

  /** The same inbox for one HTTP response: the messages it delivers say which stream carried them. */
  forStream(stream: HttpStream): Inbox {
    return new Inbox(this.trace, this.listeners, stream);
  }

  /** Returns the messages found, also when `emit` is false (raw HTTP exchanges). */
  deliver(text: string, notJson: FramingProblem, notRpc: FramingProblem, emit = true, given?: MessageContext): object[] {
    const context = this.stream && given?.http ? { ...given, http: { ...given.http, stream: this.stream } } : given;
    const result = classifyJson(text, notJson, notRpc);
    if (!result.ok) {
      this.framing(result.problem, text, emit);
      return [];
    }
    this.trace.add({ kind: 'recv', message: result.parsed, raw: text });
    for (const stray of result.problems) this.framing(notRpc, JSON.stringify(stray) ?? String(stray), emit);
    if (emit) for (const message of result.messages) this.listeners.emit('message', message, text, context);
    return result.messages;
  }

  framing(problem: FramingProblem, raw: string, emit = true): void {
    const shown = truncate(raw, FRAMING_RAW_CHARS);
    this.trace.add({ kind: 'framing', problem, raw: shown });
    if (emit) this.listeners.emit('framing', problem, shown);
  }
}
