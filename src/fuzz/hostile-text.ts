// The fixed dictionary of hostile text the tool-argument campaign sends before any generated
// case: every entry into every string argument (nested ones too) of every tool we may call,
// the other arguments kept valid, so the text gets past schema validation to the code that
// handles it. Text that has broken servers: multi-byte and astral characters, combining marks,
// right-to-left text and overrides, U+2028/U+2029, NUL, lone surrogates, very long strings.
import type { Revision } from '../schema/index.js';
import { withRequestMeta } from './stateless-wire.js';
import { idSlot, type CaseSpec } from './wire-case.js';
import type { CallableTool } from './tool-cases.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const KIB = 1024;

/**
 * Named entries, in the order they are tried. A lone surrogate cannot be written as UTF-8:
 * JSON.stringify sends it as the escape `\ud800`, which is how a client would send it.
 */
export const HOSTILE_TEXT: ReadonlyArray<{ name: string; text: string }> = [
  { name: 'two-byte UTF-8', text: 'héllo wörld ñ' },
  { name: 'three-byte UTF-8', text: '漢字 テスト €' },
  { name: 'astral emoji', text: '😀 👍🏽 𝄞' },
  { name: 'emoji ZWJ sequence', text: '👩‍👩‍👧‍👦' },
  { name: 'combining marks', text: 'e\u0301 Z\u0351\u0324\u0354\u0367 a\u0308\u0308\u0308' },
  { name: 'right-to-left text', text: 'مرحبا שלום' },
  { name: 'right-to-left override', text: 'file\u202Etxt.exe\u202C' },
  { name: 'line and paragraph separators', text: 'a\u2028b\u2029c' },
  { name: 'NUL', text: 'a\u0000b' },
  { name: 'lone high surrogate', text: '\ud800' },
  { name: 'lone low surrogate', text: 'x\udc00y' },
  { name: 'BOM and zero-width characters', text: '\ufeff\u200b\u200c\u200d' },
  { name: 'noncharacters', text: '\ufffe\uffff\u{10ffff}' },
  { name: 'C1 controls', text: '\u0085\u0080\u009b' },
  { name: 'escape look-alikes', text: '\\u0000 \\n \\" %00' },
  { name: '64 KiB of three-byte characters', text: '€'.repeat(Math.floor((64 * KIB) / 3)) },
];

/** Strings nested deeper than this are not looked for (schemas that deep are rare; cost stays bounded). */
const MAX_DEPTH = 4;
/** String arguments tried per tool, at most: every entry goes into each. */
export const MAX_STRING_PATHS = 12;
/** Subschemas visited per tool, at most: unions reached again through $refs branch out exponentially. */
const MAX_VISITS = 10_000;

type Path = Array<string | number>;

/** A local `#/…` pointer inside the tool's own schema. */
function resolveLocal(ref: string, root: Obj): unknown {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = isObj(at) ? at[key] : undefined;
  }
  return at;
}

function admitsString(schema: Obj): boolean {
  // Text cannot fit an enum or a const: it would only test validation, which other cases do.
  if ('enum' in schema || 'const' in schema) return false;
  const t = schema.type;
  return t === 'string' || (Array.isArray(t) && t.includes('string'));
}

/** Where the string arguments of a tool's inputSchema are (object members, array items, nested). */
export function stringPaths(inputSchema: unknown): Path[] {
  if (!isObj(inputSchema)) return [];
  const out: Path[] = [];
  const seen = new Set<string>();
  let visits = 0;
  const walk = (schema: unknown, path: Path, depth: number, refs: number) => {
    if (!isObj(schema) || depth > MAX_DEPTH || refs > 8 || out.length >= MAX_STRING_PATHS || ++visits > MAX_VISITS) return;
    if (typeof schema.$ref === 'string') walk(resolveLocal(schema.$ref, inputSchema), path, depth, refs + 1);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) for (const b of branches) walk(b, path, depth, refs);
    }
    if (path.length && admitsString(schema)) {
      const key = JSON.stringify(path);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(path);
      }
    }
    if (isObj(schema.properties)) for (const [name, member] of Object.entries(schema.properties)) walk(member, [...path, name], depth + 1, refs);
    if (isObj(schema.items)) walk(schema.items, [...path, 0], depth + 1, refs);
  };
  walk(inputSchema, [], 0, 0);
  return out.slice(0, MAX_STRING_PATHS);
}

/** A copy of `base` with `value` at `path`, creating the objects and arrays on the way. */
export function withValueAt(base: Obj, path: Path, value: unknown): Obj {
  const root: Obj = structuredClone(base);
  let at: Obj | unknown[] = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const holder = at as Record<string | number, unknown>;
    if (last) {
      holder[key] = value;
      return;
    }
    const nextIsIndex = typeof path[i + 1] === 'number';
    const existing = holder[key];
    const fits = nextIsIndex ? Array.isArray(existing) : isObj(existing);
    if (!fits) holder[key] = nextIsIndex ? [] : {};
    at = holder[key] as Obj | unknown[];
  });
  return root;
}

/** The dictionary cases for the given tools, in a fixed order: tool by tool, argument by argument, entry by entry. */
export function hostileTextCases(tools: readonly CallableTool[], revision: Revision): CaseSpec[] {
  return tools.flatMap((tool) =>
    stringPaths(tool.inputSchema).flatMap((path) =>
      HOSTILE_TEXT.map(({ text }) => ({
        strategy: `tool/hostile-text (${tool.name})`,
        message: withRequestMeta({ jsonrpc: '2.0', id: idSlot('number'), method: 'tools/call', params: { name: tool.name, arguments: withValueAt(tool.baseline ?? {}, path, text) } }, revision),
        soft: true,
      })),
    ),
  );
}
