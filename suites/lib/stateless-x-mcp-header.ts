// x-mcp-header in tool input schemas (S26-29, S26-30): where an annotation may sit (a
// property reached from the root through `properties` only), what it may say (a non-empty
// HTTP token, unique per tool regardless of case) and on which types (string, integer,
// boolean). The lint finds every annotation, valid or not; the valid top-level ones are the
// parameters a client mirrors into Mcp-Param-* headers.
import { isObject, type Item } from './json-object.js';

export const ANNOTATION = 'x-mcp-header';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
/** Parameter names that usually hold secrets, which should not travel in headers. */
const SENSITIVE = /password|passphrase|secret|api[-_]?key|access[-_]?token|auth[-_]?token|bearer|credential|private[-_]?key|^(token|auth|authorization)$/i;
const MAX_DEPTH = 32;

export interface HeaderAnnotation {
  /** Property names from the root, through `properties` only (empty when not reachable that way). */
  path: string[];
  /** JSON pointer of the annotated schema. */
  pointer: string;
  value: unknown;
  schema: Item;
  reachable: boolean;
}

export interface LintFinding {
  severity: 'fail' | 'warn';
  message: string;
}

/** Every x-mcp-header annotation in a schema, wherever it sits. */
export function findAnnotations(schema: unknown): HeaderAnnotation[] {
  const found: HeaderAnnotation[] = [];
  const walk = (node: unknown, pointer: string, path: string[] | undefined, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`, undefined, depth + 1));
      return;
    }
    if (!isObject(node)) return;
    if (ANNOTATION in node && pointer !== '') found.push({ path: path ?? [], pointer, value: node[ANNOTATION], schema: node, reachable: path !== undefined });
    for (const [key, child] of Object.entries(node)) {
      if (key === ANNOTATION) continue;
      const childPointer = `${pointer}/${escapePointer(key)}`;
      if (key === 'properties' && isObject(child) && path !== undefined) {
        for (const [name, sub] of Object.entries(child)) walk(sub, `${childPointer}/${escapePointer(name)}`, [...path, name], depth + 1);
      } else walk(child, childPointer, undefined, depth + 1);
    }
  };
  walk(schema, '', [], 0);
  if (isObject(schema) && ANNOTATION in schema) found.unshift({ path: [], pointer: '', value: schema[ANNOTATION], schema, reachable: false });
  return found;
}

/** The JSON types a property schema allows (from `type`), or undefined when it names none. */
function typesOf(schema: Item): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type) && schema.type.every((t) => typeof t === 'string')) return schema.type as string[];
  return undefined;
}

/** Problems of the x-mcp-header annotations of one tool's inputSchema. */
export function lintInputSchema(schema: unknown): LintFinding[] {
  const findings: LintFinding[] = [];
  const seen = new Map<string, string>();
  for (const a of findAnnotations(schema)) {
    const where = a.pointer === '' ? 'the schema root' : a.pointer;
    if (!a.reachable) {
      findings.push({ severity: 'fail', message: `x-mcp-header at ${where} is not on a property reached from the root through "properties" only` });
      continue;
    }
    if (typeof a.value !== 'string' || a.value === '') {
      findings.push({ severity: 'fail', message: `x-mcp-header at ${where} is ${JSON.stringify(a.value)}, not a non-empty string` });
      continue;
    }
    if (!TOKEN.test(a.value)) findings.push({ severity: 'fail', message: `x-mcp-header ${JSON.stringify(a.value)} at ${where} is not an HTTP token (letters, digits and !#$%&'*+-.^_\`|~ only)` });
    const lower = a.value.toLowerCase();
    const other = seen.get(lower);
    if (other !== undefined) findings.push({ severity: 'fail', message: `x-mcp-header ${JSON.stringify(a.value)} at ${where} repeats the one at ${other} (header names ignore case)` });
    else seen.set(lower, where);
    const types = typesOf(a.schema)?.filter((t) => t !== 'null');
    if (!types || types.length === 0) findings.push({ severity: 'fail', message: `the property at ${where} carries x-mcp-header but declares no type (string, integer or boolean)` });
    else if (types.every((t) => HEADER_TYPES.has(t) || t === 'number')) {
      if (types.includes('number')) findings.push({ severity: 'warn', message: `the property at ${where} is of type number; x-mcp-header is defined for string, integer and boolean (some SDKs accept number)` });
    } else findings.push({ severity: 'fail', message: `the property at ${where} is of type ${types.join('|')}; x-mcp-header may only mark string, integer or boolean properties` });
    const name = a.path[a.path.length - 1] ?? '';
    if (SENSITIVE.test(name) || SENSITIVE.test(a.value)) {
      findings.push({ severity: 'warn', message: `x-mcp-header ${JSON.stringify(a.value)} marks ${JSON.stringify(name)}, which looks sensitive; such values should not travel in headers` });
    }
  }
  return findings;
}

export interface HeaderParam {
  /** The top-level argument. */
  property: string;
  /** The header is Mcp-Param-<name>. */
  name: string;
  type: 'string' | 'integer' | 'boolean';
  schema: Item;
}

/** Top-level parameters with a valid annotation: those a client mirrors and a server must check. */
export function headerParams(inputSchema: unknown): HeaderParam[] {
  if (lintInputSchema(inputSchema).some((f) => f.severity === 'fail')) return []; // clients drop such tools
  const params: HeaderParam[] = [];
  for (const a of findAnnotations(inputSchema)) {
    if (a.path.length !== 1 || typeof a.value !== 'string') continue;
    const type = typesOf(a.schema)?.find((t) => HEADER_TYPES.has(t));
    if (type) params.push({ property: a.path[0], name: a.value, type: type as HeaderParam['type'], schema: a.schema });
  }
  return params;
}

/** A header value for an argument: integers and booleans as JSON text, strings as they are. */
export function headerText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
