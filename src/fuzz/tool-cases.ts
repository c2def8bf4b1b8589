// tools/call cases for the tools we may call: valid arguments from each tool's own inputSchema,
// and the bad or hostile inputs TOOLS-18 says a server must survive (missing and mistyped
// arguments, unknown ones, path traversal, NUL bytes, megabyte strings, arguments that are not
// an object). Every answer is fine (a result, isError, or a protocol error) as long as there is
// exactly one and the server lives. Payloads are probes, never destructive ones.
import fc from 'fast-check';
import type { Revision } from '../schema/index.js';
import { HOSTILE_TEXT, stringPaths, withValueAt } from './hostile-text.js';
import { anyJson, safeKey } from './json-arbitraries.js';
import { toolArgumentsArbitrary } from './tool-schema.js';
import { withRequestMeta } from './stateless-wire.js';
import { sizeUpTo } from './wire-strategies.js';
import { idSlot, rawSlot, type CaseSpec, type RawText } from './wire-case.js';

export interface CallableTool {
  name: string;
  inputSchema: unknown;
  /** Arguments known to fit the inputSchema, into which hostile text is put (hostile-text.ts); else {}. */
  baseline?: Record<string, unknown>;
}

type Obj = Record<string, unknown>;
const MIB = 1024 * 1024;

/** Strings that have broken tools before. Read-only tools only ever see them (the caller's policy). */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  '../../../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/dev/zero',
  'file:///etc/passwd',
  'a\u0000b',
  '\u0000',
  '%s%s%s%n',
  "' OR '1'='1",
  '$(echo mcp-conform)',
  '`echo mcp-conform`',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\u202e\u0000\ud7ff\ufeff',
  'a'.repeat(10_000),
  '-1',
  'NaN',
  'null',
];

/** Short dictionary entries, to be mixed with each other and with random code points. */
const TEXT_PIECES = HOSTILE_TEXT.map((e) => e.text).filter((t) => t.length <= 64);

/** Generated hostile text: dictionary pieces, code points of any plane and lone surrogates, strung together. */
const generatedText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...TEXT_PIECES), fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.constantFrom('\ud800', '\udfff', '\u2028', '\u0000')), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

function call(name: string, args: unknown, omitArguments = false): Obj {
  const params: Obj = { name };
  if (!omitArguments) params.arguments = args;
  return { jsonrpc: '2.0', id: idSlot('number'), method: 'tools/call', params };
}

const OTHER_TYPES: unknown[] = ['mcp-conform', 12345, 1.5, true, null, [], {}, [1, 'a'], { nested: { deeper: [null] } }];

function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Cases for one tool. */
function toolStrategies(tool: CallableTool, revision: Revision): Record<string, fc.Arbitrary<Omit<CaseSpec, 'strategy' | 'soft'>>> {
  const generated = toolArgumentsArbitrary(tool.inputSchema, revision);
  const valid: fc.Arbitrary<Obj> = 'arb' in generated ? generated.arb : fc.constant({});
  const keysOf = (args: Obj) => Object.keys(args);
  const callOf = (name: string, args: unknown, omitArguments = false) => withRequestMeta(call(name, args, omitArguments), revision);
  const schemaKeys = (() => {
    const s = tool.inputSchema as { properties?: unknown; required?: unknown } | undefined;
    const props = s && typeof s.properties === 'object' && s.properties !== null ? Object.keys(s.properties) : [];
    return props.length ? props : ['input'];
  })();
  const strings = stringPaths(tool.inputSchema);
  const required = (() => {
    const r = (tool.inputSchema as { required?: unknown } | undefined)?.required;
    return Array.isArray(r) ? r.filter((k): k is string => typeof k === 'string') : [];
  })();
  const strategies: Record<string, fc.Arbitrary<Omit<CaseSpec, 'strategy' | 'soft'>>> = {
    'tool/valid-arguments': valid.map((args) => ({ message: callOf(tool.name, args) })),
    'tool/wrong-type': fc.tuple(valid, fc.nat(), fc.nat()).map(([args, k, t]) => {
      const keys = keysOf(args).length ? keysOf(args) : schemaKeys;
      const key = keys[k % keys.length];
      const others = OTHER_TYPES.filter((v) => jsonType(v) !== jsonType(args[key]));
      return { message: callOf(tool.name, { ...args, [key]: structuredClone(others[t % others.length]) }) };
    }),
    'tool/unknown-argument': fc.tuple(valid, fc.oneof(fc.constantFrom('__proto__', 'constructor', 'x-fuzz', ''), safeKey), anyJson(2)).map(([args, key, value]) => ({
      // As text, so that a "__proto__" member is sent as a member.
      text: JSON.stringify(callOf(tool.name, args)).replace('"arguments":{', `"arguments":{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}${keysOf(args).length ? ',' : ''}`),
    })),
    // Into a string argument when the tool has one (the rest stays valid, so the text gets past validation).
    'tool/hostile-string': fc.tuple(valid, fc.nat(), fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), generatedText)).map(([args, k, hostile]) => ({
      message: callOf(tool.name, strings.length ? withValueAt(args, strings[k % strings.length], hostile) : { ...args, [schemaKeys[k % schemaKeys.length]]: hostile }),
    })),
    'tool/huge-string': fc.tuple(valid, fc.nat(), sizeUpTo(MIB)).map(([args, k, n]) => {
      const raws: RawText[] = [['"', ['a', n], '"']];
      return { message: callOf(tool.name, { ...args, [schemaKeys[k % schemaKeys.length]]: rawSlot(0) }), raws, lenient: true };
    }),
    'tool/control-characters': fc.tuple(valid, fc.nat(), fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(8), '\u0001\u001f\u007f', 'line1\nline2\r\n', '\u001b[2J')).map(([args, k, text]) => ({
      message: callOf(tool.name, { ...args, [schemaKeys[k % schemaKeys.length]]: text }),
    })),
    'tool/arguments-not-object': fc.constantFrom<unknown>([], 'x', 5, null, true, [1, 2]).map((args) => ({ message: callOf(tool.name, args) })),
    'tool/no-arguments': fc.constant({ message: callOf(tool.name, undefined, true) }),
  };
  if (required.length) {
    strategies['tool/missing-required'] = fc.tuple(valid, fc.nat()).map(([args, k]) => {
      const { [required[k % required.length]]: _dropped, ...rest } = args;
      return { message: callOf(tool.name, rest) };
    });
  }
  return strategies;
}

/** Why a tool's valid arguments cannot be generated (the other strategies still run), per tool. */
export function ungeneratable(tools: readonly CallableTool[], revision: Revision): Array<{ name: string; reason: string }> {
  return tools.flatMap((t) => {
    const g = toolArgumentsArbitrary(t.inputSchema, revision);
    return 'reason' in g ? [{ name: t.name, reason: g.reason }] : [];
  });
}

const WEIGHTS: Record<string, number> = { 'tool/valid-arguments': 4, 'tool/huge-string': 1, 'tool/no-arguments': 1, 'tool/arguments-not-object': 1 };

/** Cases over all the given tools; each is a soft case (slow tools are cancelled, not judged). */
export function toolCaseArbitrary(tools: readonly CallableTool[], revision: Revision): fc.Arbitrary<CaseSpec> {
  if (tools.length === 0) throw new Error('toolCaseArbitrary: no tools');
  const perTool = tools.map((tool) => {
    const named = Object.entries(toolStrategies(tool, revision));
    // The tool's name is part of the strategy: the same breakage in two tools is two failures.
    return fc.oneof(...named.map(([strategy, arb]) => ({ weight: WEIGHTS[strategy] ?? 2, arbitrary: arb.map((c) => ({ strategy: `${strategy} (${tool.name})`, ...c, soft: true }) as CaseSpec) })));
  });
  return fc.oneof(...perTool);
}
