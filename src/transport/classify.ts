import type { FramingProblem } from './types.js';

/** What one unit of wire text (a stdout line, a JSON body, an SSE event's data) turned out to be. */
export type Classified =
  | { ok: true; parsed: unknown; messages: object[]; problems: unknown[] }
  | { ok: false; problem: FramingProblem };

/**
 * Parses wire text into JSON-RPC messages. Only the shape is checked: a message is a JSON object;
 * a batch is a non-empty array whose object elements are messages. Anything else is framing.
 * Field-level validity (jsonrpc, id, method) is left to schema validation upstream.
 * `problems` holds batch elements that are not objects.
 */
export function classifyJson(text: string, notJson: FramingProblem, notRpc: FramingProblem): Classified {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: notJson };
  }
  if (isObject(parsed)) return { ok: true, parsed, messages: [parsed], problems: [] };
  if (Array.isArray(parsed) && parsed.length > 0) {
    const messages = parsed.filter(isObject);
    if (messages.length === 0) return { ok: false, problem: notRpc };
    return { ok: true, parsed, messages, problems: parsed.filter((m) => !isObject(m)) };
  }
  return { ok: false, problem: notRpc };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON text of an outgoing message; undefined, functions and symbols have none. */
export function toJson(message: unknown): string {
  const text = JSON.stringify(message);
  if (text === undefined) throw new TypeError(`cannot send ${typeof message} as JSON`);
  return text;
}
