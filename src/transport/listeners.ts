import type { TransportEvents } from './types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one registry for all event signatures
type AnyListener = (...args: any[]) => void;

/**
 * Typed listener registry. A listener that throws must not break the byte pump that called it,
 * so the error is turned into a process warning and a trace note instead.
 */
export class Listeners {
  private readonly map = new Map<keyof TransportEvents, Set<AnyListener>>();

  constructor(private readonly onListenerError: (text: string) => void) {}

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    let set = this.map.get(event);
    if (!set) this.map.set(event, (set = new Set()));
    set.add(listener as AnyListener);
  }

  off<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    this.map.get(event)?.delete(listener as AnyListener);
  }

  emit<E extends keyof TransportEvents>(event: E, ...args: Parameters<TransportEvents[E]>): void {
    const set = this.map.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch (error) {
        const text = `a '${event}' listener threw: ${error instanceof Error ? error.message : String(error)}`;
        this.onListenerError(text);
        process.emitWarning(text, 'TransportListenerError');
      }
    }
  }

  clear(): void {
    this.map.clear();
  }
}
