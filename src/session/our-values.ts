// Is a schema problem in a server's answer our own doing? The values we invent for a request
// (prompt and tool arguments, completion values, answers to input requests) may come back in
// the result; when the invalid value at a problem's pointer is one of them, or is built around
// one, the server only passed on what we gave it, so the finding says so and is not a MUST
// failure.
import type { Problem } from '../schema/index.js';

/** Where in a request's params the values we made up sit, per method. */
const INVENTED_AT: Readonly<Record<string, readonly string[][]>> = {
  'prompts/get': [['arguments'], ['inputResponses']],
  'tools/call': [['arguments'], ['inputResponses']],
  'resources/read': [['inputResponses']],
  'completion/complete': [['argument', 'value'], ['context', 'arguments']],
};
/** Keywords that judge a value itself; others (required, additionalProperties, unions) judge the shape around it. */
const VALUE_KEYWORDS = new Set(['format', 'pattern', 'type', 'enum', 'const', 'minLength', 'maxLength']);
/** A value of ours this long found inside a longer string counts as its origin (shorter ones match by chance). */
const MIN_EMBEDDED_LENGTH = 4;

export interface OurValue {
  /** Path in the params, e.g. ['arguments', 'resourceUri']. */
  path: string[];
  value: string;
  /** The invalid value is exactly ours (else it contains ours). */
  exact: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The value of ours the invalid value at the problem's pointer is, or is built from; undefined when it is the server's own. */
export function ourValueBehind(problem: Problem, message: unknown, method: string, params: unknown): OurValue | undefined {
  if (problem.kind !== 'schema' || !problem.keyword || !VALUE_KEYWORDS.has(problem.keyword)) return undefined;
  const found = atPointer(message, problem.pointer);
  if (typeof found !== 'string') return undefined;
  let embedded: OurValue | undefined;
  for (const root of Object.hasOwn(INVENTED_AT, method) ? INVENTED_AT[method] : []) {
    for (const sent of stringLeaves(atPath(params, root), root)) {
      if (sent.value === found) return { ...sent, exact: true };
      if (!embedded && sent.value.length >= MIN_EMBEDDED_LENGTH && found.includes(sent.value)) embedded = { ...sent, exact: false };
    }
  }
  return embedded;
}

/** One sentence for the finding: "the invalid value at /result/…/uri is the argument we sent for `resourceUri`: "mcp-conform"". */
export function describeOurValue(pointer: string, ours: OurValue): string {
  const [head, ...rest] = ours.path;
  const what = head === 'arguments' && rest.length ? `the argument we sent for \`${rest.join('.')}\`` : `the value we sent at params.${ours.path.join('.')}`;
  return `the invalid value at ${pointer} ${ours.exact ? 'is' : 'contains'} ${what}: ${JSON.stringify(ours.value)}`;
}

function atPath(value: unknown, path: readonly string[]): unknown {
  let cur = value;
  for (const key of path) cur = isRecord(cur) && Object.hasOwn(cur, key) ? (cur as Record<string, unknown>)[key] : undefined;
  return cur;
}

function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  return atPath(
    value,
    pointer
      .slice(1)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')),
  );
}

/** Every string under `value` with its path (bounded depth: params are small). */
function stringLeaves(value: unknown, path: readonly string[], depth = 0): Array<{ path: string[]; value: string }> {
  if (typeof value === 'string') return [{ path: [...path], value }];
  if (!isRecord(value) || depth > 8) return [];
  return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k], depth + 1));
}
