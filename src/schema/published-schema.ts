// Schemas a server publishes (tool inputSchema / outputSchema) are JSON Schema, where a keyword
// the dialect does not define means nothing. ajv gives two of them a meaning of its own: OpenAPI's
// `nullable` (it adds null to `type`, and refuses a schema with no `type`, such as the
// `{"const": null, "nullable": true}` the C# SDK writes) and its own `$async` (validation then
// returns a promise). Before ajv sees such a schema, both are taken out of every subschema, so
// that they are as ignored as any other unknown keyword. (`discriminator`, OpenAPI's too, is
// simply not enabled on the ajv that compiles them: createQuietAjv.)

const AJV_ONLY_KEYWORDS = new Set(['nullable', '$async']);
/** Keywords whose value is an instance, not a schema: left as it is. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose value maps names (of properties, definitions) to schemas or lists: its keys are names, not keywords. */
const NAMED_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies', 'dependentRequired']);
/** Deeper than this, a schema is left as it is (ajv judges it, or fails to, on its own). */
const MAX_DEPTH = 256;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `schema` without ajv's own keywords in any subschema; the same object when it has none. Every
 * other member stays, so local `$ref` pointers still resolve. Values of unknown keywords are walked
 * too (a `$ref` may point into them); instances (`const`, `enum`, …) are not.
 */
export function withoutAjvKeywords<T>(schema: T): T {
  return strip(schema, 0) as T;
}

function strip(node: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) return sameOr(node, node.map((v) => strip(v, depth + 1)));
  if (!isObj(node)) return node;
  let changed = false;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (AJV_ONLY_KEYWORDS.has(key)) {
      changed = true;
      continue;
    }
    const next = DATA_KEYWORDS.has(key) ? value : NAMED_KEYWORDS.has(key) && isObj(value) ? stripValues(value, depth + 1) : strip(value, depth + 1);
    if (next !== value) changed = true;
    out[key] = next;
  }
  return changed ? out : node;
}

/** A map of names to schemas: each value walked, the names kept. */
function stripValues(map: Obj, depth: number): Obj {
  let changed = false;
  const out: Obj = {};
  for (const [name, value] of Object.entries(map)) {
    out[name] = strip(value, depth + 1);
    if (out[name] !== value) changed = true;
  }
  return changed ? out : map;
}

function sameOr(before: unknown[], after: unknown[]): unknown[] {
  return after.every((v, i) => v === before[i]) ? before : after;
}
