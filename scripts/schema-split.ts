// Pure transformation from one official MCP schema.json to our per-definition files.
// Kept separate from the CLI wrapper so the test can regenerate in memory.

export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const ID_BASE = 'https://mcp-conform.dev/schemas';

// Keywords whose value is a map of name -> schema.
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
// Keywords whose value is a schema, or an array of schemas.
const SCHEMA_VALUES = new Set([
  'items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains',
  'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'allOf', 'anyOf', 'oneOf', 'prefixItems',
]);
// Annotation keywords that carry the spec's prose; dropped so none of its sentences ship with us.
const PROSE = new Set(['description', '$comment', 'markdownDescription']);

/** Copies a schema, dropping prose annotations and rewriting `#/<defs>/X` refs via `ref`. */
export function cleanSchema(schema: Json, ref: (target: string) => string): Json {
  if (Array.isArray(schema)) return schema.map((s) => cleanSchema(s, ref));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Obj = {};
  for (const key of Object.keys(schema).sort()) {
    const value = schema[key];
    if (PROSE.has(key) && typeof value === 'string') continue;
    if (key === '$ref' && typeof value === 'string') out[key] = ref(value);
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      const m: Obj = {};
      for (const name of Object.keys(value).sort()) m[name] = cleanSchema((value as Obj)[name], ref);
      out[key] = m;
    } else if (SCHEMA_VALUES.has(key)) out[key] = cleanSchema(value, ref);
    else out[key] = value; // data (const, enum, default, examples, required, type...) stays as is
  }
  return out;
}

const UNIONS = {
  ClientRequest: 'client->server',
  ServerRequest: 'server->client',
  ClientNotification: 'client->server',
  ServerNotification: 'server->client',
} as const;

export type Direction = 'client->server' | 'server->client' | 'both' | 'embedded';

export interface MethodEntry {
  direction: Direction;
  schema: string;
  params?: string;
  result?: string;
  taskResult?: string;
}

export interface SchemaIndex {
  revision: string;
  dialect: 'draft-07' | '2020-12';
  envelopes: Record<string, string>;
  requests: Record<string, MethodEntry>;
  notifications: Record<string, MethodEntry>;
}

function refName(ref: string): string {
  const m = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(ref);
  if (!m) throw new Error(`unexpected $ref form: ${ref}`);
  return m[1];
}

function methodOf(def: Json): string | undefined {
  const m = (def as Obj)?.properties && ((def as Obj).properties as Obj).method;
  const c = m && (m as Obj).const;
  return typeof c === 'string' ? c : undefined;
}

/** Returns file name -> file text for one revision. */
export function buildRevision(revision: string, official: Obj): Map<string, string> {
  const defsKey = official.definitions ? 'definitions' : '$defs';
  const defs = official[defsKey] as Obj;
  const dialect = defsKey === 'definitions' ? 'draft-07' : '2020-12';
  const files = new Map<string, string>();
  const ref = (target: string) => `${refName(target)}.json`;

  for (const name of Object.keys(defs).sort()) {
    const body = cleanSchema(defs[name], ref) as Obj;
    const file: Obj = { $schema: official.$schema as string, $id: `${ID_BASE}/${revision}/${name}.json`, ...body };
    files.set(`${name}.json`, JSON.stringify(file, null, 2) + '\n');
  }

  // Which side sends each method, from the Client*/Server* unions of the revision.
  const sides = new Map<string, Set<string>>();
  for (const [union, side] of Object.entries(UNIONS)) {
    const u = defs[union] as Obj | undefined;
    if (!u) continue;
    const members = Array.isArray(u.anyOf) ? (u.anyOf as Obj[]).map((m) => defs[refName(m.$ref as string)]) : [u];
    for (const member of members) {
      const method = methodOf(member);
      if (!method) continue;
      if (!sides.has(method)) sides.set(method, new Set());
      sides.get(method)!.add(side);
    }
  }
  const direction = (method: string): Direction => {
    const s = sides.get(method);
    if (!s) return 'embedded';
    return s.size > 1 ? 'both' : ([...s][0] as Direction);
  };

  const index: SchemaIndex = { revision, dialect, envelopes: {}, requests: {}, notifications: {} };
  const has = (n: string) => Object.prototype.hasOwnProperty.call(defs, n);
  const pick = (...names: string[]) => names.find(has)!;
  index.envelopes = {
    message: 'JSONRPCMessage.json',
    request: 'JSONRPCRequest.json',
    notification: 'JSONRPCNotification.json',
    result: `${pick('JSONRPCResultResponse', 'JSONRPCResponse')}.json`,
    error: `${pick('JSONRPCErrorResponse', 'JSONRPCError')}.json`,
    errorObject: has('Error') ? 'Error.json' : `${pick('JSONRPCErrorResponse', 'JSONRPCError')}.json#/properties/error`,
    emptyResult: 'EmptyResult.json',
    requestId: 'RequestId.json',
  };

  for (const name of Object.keys(defs).sort()) {
    if (name in UNIONS || name.startsWith('JSONRPC')) continue;
    const method = methodOf(defs[name]);
    if (!method) continue;
    const def = defs[name] as Obj;
    const paramsRef = ((def.properties as Obj).params as Obj | undefined)?.$ref;
    const entry: MethodEntry = { direction: direction(method), schema: `${name}.json` };
    if (typeof paramsRef === 'string') entry.params = ref(paramsRef);
    if (name.endsWith('Request')) {
      const stem = name.slice(0, -'Request'.length);
      if (has(`${stem}ResultResponse`)) entry.result = `${stem}ResultResponse.json#/properties/result`;
      else if (has(`${stem}Result`)) entry.result = `${stem}Result.json`;
      else entry.result = 'EmptyResult.json';
      // Task-augmented requests (2025-11-25) may be answered with a task handle instead.
      if (has('CreateTaskResult') && typeof paramsRef === 'string' && /"task"/.test(JSON.stringify((defs[refName(paramsRef)] as Obj).properties ?? {}))) {
        entry.taskResult = 'CreateTaskResult.json';
      }
      index.requests[method] = entry;
    } else if (name.endsWith('Notification')) {
      index.notifications[method] = entry;
    }
  }
  files.set('index.json', JSON.stringify(index, null, 2) + '\n');
  return files;
}
