// Turns ajv's raw errors into problems a person can act on: a JSON pointer, what was
// expected, what was found. Union (anyOf) failures are narrowed to the branch the value
// was evidently meant to be (its `type`/`method` discriminator), instead of listing every branch.
import type { ErrorObject } from 'ajv';
import type { SchemaSet } from './registry.js';

export type ProblemKind =
  | 'schema' // a field does not fit the schema of its message
  | 'envelope' // the JSON-RPC envelope is wrong (jsonrpc, id, result xor error...)
  | 'unknown-method' // the method does not exist in this revision
  | 'wrong-direction' // the method exists, but not in the direction it travelled
  | 'correlation' // (logs) a response to nothing, a duplicate response, a reused id
  | 'framing'; // (logs) a line that is not JSON, or not a JSON-RPC message

export interface Problem {
  kind: ProblemKind;
  /** JSON pointer into the message ('' is the whole message). */
  pointer: string;
  expected: string;
  found: string;
  /** Requirement id from the catalog (spec/server-requirements.md), where one applies. */
  requirement?: string;
  /** One line: pointer, expected, found. */
  message: string;
  /** The JSON Schema keyword that failed (format, enum, required …), for schema problems. */
  keyword?: string;
}

export function problem(kind: ProblemKind, pointer: string, expected: string, found: string, requirement?: string): Problem {
  const where = pointer === '' ? 'message' : pointer;
  return { kind, pointer, expected, found, requirement, message: `${where}: expected ${expected}, found ${found}` };
}

/** A short rendering of a JSON value for "found" (bounded, never throws). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object);
    const shown = keys.slice(0, 6).join(', ');
    return keys.length === 0 ? 'an empty object' : `an object with ${shown}${keys.length > 6 ? ', …' : ''}`;
  }
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function fromAjv(e: ErrorObject, prefix: string): Problem {
  return { ...describeAjvError(e, prefix), keyword: e.keyword };
}

function describeAjvError(e: ErrorObject, prefix: string): Problem {
  const at = prefix + e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return problem('schema', `${at}/${escapePointerToken(String(p.missingProperty))}`, 'a required member', 'nothing');
    case 'type':
      return problem('schema', at, `type ${String(p.type)}`, describe(e.data));
    case 'const':
      return problem('schema', at, JSON.stringify(p.allowedValue), describe(e.data));
    case 'enum':
      return problem('schema', at, `one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, describe(e.data));
    case 'format':
      return problem('schema', at, `a ${String(p.format)} string`, describe(e.data));
    case 'maxItems':
      return problem('schema', at, `at most ${String(p.limit)} items`, `${(e.data as unknown[]).length} items`);
    case 'minItems':
      return problem('schema', at, `at least ${String(p.limit)} items`, `${(e.data as unknown[]).length} items`);
    case 'additionalProperties':
      return problem('schema', `${at}/${escapePointerToken(String(p.additionalProperty))}`, 'no such member', 'an extra member');
    case 'discriminator':
      return p.error === 'mapping'
        ? problem('schema', `${at}/${escapePointerToken(String(p.tag))}`, 'a known content type', describe(p.tagValue))
        : problem('schema', `${at}/${escapePointerToken(String(p.tag))}`, 'a string tag', describe(p.tagValue));
    case 'anyOf':
    case 'oneOf':
      return problem('schema', at, 'one of the allowed shapes', describe(e.data));
    default:
      return problem('schema', at, `${e.keyword} ${JSON.stringify(p)}`, describe(e.data));
  }
}

const DISCRIMINATORS = ['type', 'method'];

/** Is this anyOf branch ruled out by a discriminator mismatch at `path`? */
function discriminatorMismatch(errors: ErrorObject[], path: string): boolean {
  return errors.some((e) => e.keyword === 'const' && DISCRIMINATORS.some((d) => e.instancePath === `${path}/${d}`));
}

/** Converts errors of one validation of `data` into problems (pointers prefixed with `prefix`). */
export function toProblems(set: SchemaSet, errors: ErrorObject[] | null | undefined, prefix = '', depth = 0): Problem[] {
  if (!errors || errors.length === 0) return [];
  const out: Problem[] = [];
  // Indices of errors that belong to a union's branches; they are replaced by the best branch's own errors.
  const noise = new Set<number>();
  errors.forEach((e, k) => {
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf') return;
    for (let j = 0; j < k; j++) {
      const ip = errors[j].instancePath;
      if (ip === e.instancePath || ip.startsWith(`${e.instancePath}/`)) noise.add(j);
    }
  });
  errors.forEach((e, k) => {
    if (noise.has(k)) return;
    if ((e.keyword === 'anyOf' || e.keyword === 'oneOf') && depth < 8) {
      const narrowed = narrowUnion(set, e, prefix, depth);
      if (narrowed) {
        out.push(...narrowed);
        return;
      }
    }
    out.push(fromAjv(e, prefix));
  });
  return dedupe(out);
}

function narrowUnion(set: SchemaSet, e: ErrorObject, prefix: string, depth: number): Problem[] | undefined {
  const branches = e.schema as Array<{ $ref?: string }>;
  if (!Array.isArray(branches) || !branches.every((b) => typeof b.$ref === 'string' && !b.$ref.startsWith('#'))) return undefined;
  const candidates: { name: string; errors: ErrorObject[] }[] = [];
  for (const b of branches) {
    const validate = set.get(b.$ref!);
    if (validate(e.data)) return []; // cannot happen for a failed union, but be safe
    const errs = [...(validate.errors ?? [])];
    if (!discriminatorMismatch(errs, '')) candidates.push({ name: b.$ref!.replace(/\.json.*$/, ''), errors: errs });
  }
  if (candidates.length === 0) {
    const names = branches.map((b) => b.$ref!.replace(/\.json.*$/, '')).join(' | ');
    return [problem('schema', prefix + e.instancePath, `one of ${names}`, describe(e.data))];
  }
  // The branch that comes closest: fewest missing members (a missing member says "wrong shape",
  // a bad value says "right shape, bad value"), then fewest problems.
  const missing = (c: { errors: ErrorObject[] }) => c.errors.filter((x) => x.keyword === 'required').length;
  candidates.sort((a, b) => missing(a) - missing(b) || a.errors.length - b.errors.length);
  if (candidates.length > 1 && missing(candidates[0]) === missing(candidates[1]) && candidates[0].errors.length === candidates[1].errors.length) {
    const names = candidates.map((c) => c.name).join(' | ');
    return [problem('schema', prefix + e.instancePath, `one of ${names}`, describe(e.data))];
  }
  return toProblems(set, candidates[0].errors, prefix + e.instancePath, depth + 1);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}|${p.expected}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
