// Shared by the schema tests: where the official schemas live, validators compiled from them
// (independently of src/schema: plain ajv of the file's dialect + ajv-formats), and the list of
// message shapes of a revision with the verdicts of both sides.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadSchemaSet, validateMessage, type Direction, type MethodEntry, type Revision, type SchemaSet, type ValidationResult } from '../../src/schema/index.js';
import type { ShapeKind } from '../../src/fuzz/schema-arbitrary.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const OFFICIAL_DIR = resolve(REPO_ROOT, '..', 'shared', 'spec', 'schema');
export const OFFICIAL_PRESENT = existsSync(join(OFFICIAL_DIR, '2025-11-25', 'schema.json'));
export const OFFICIAL_ABSENT_REASON = `skipped: the official schemas are not at ${OFFICIAL_DIR} (../shared beside the clone; CI always has it)`;

export function officialSchema(revision: Revision): Record<string, unknown> {
  return JSON.parse(readFileSync(join(OFFICIAL_DIR, revision, 'schema.json'), 'utf8')) as Record<string, unknown>;
}

export interface OfficialSet {
  /** Validator of the official definition our ref names: `X.json#/ptr` → `#/definitions/X/ptr` (or `#/$defs/…`). */
  get(ourRef: string): ValidateFunction;
}

const officialSets = new Map<Revision, OfficialSet>();

export function loadOfficial(revision: Revision): OfficialSet {
  const cached = officialSets.get(revision);
  if (cached) return cached;
  const schema = officialSchema(revision);
  const defs = schema.$defs ? '$defs' : 'definitions';
  const ajv = defs === '$defs' ? (new Ajv2020({ strict: false }) as unknown as Ajv) : new Ajv({ strict: false });
  addFormats(ajv);
  const id = `https://official.invalid/${revision}/schema.json`;
  ajv.addSchema(schema, id);
  const compiled = new Map<string, ValidateFunction>();
  const set: OfficialSet = {
    get(ourRef) {
      let fn = compiled.get(ourRef);
      if (!fn) {
        const [file, pointer = ''] = ourRef.split('#');
        fn = ajv.getSchema(`${id}#/${defs}/${file.replace(/\.json$/, '')}${pointer}`);
        if (!fn) throw new Error(`official ${revision} has no definition for ${ourRef}`);
        compiled.set(ourRef, fn);
      }
      return fn;
    },
  };
  officialSets.set(revision, set);
  return set;
}

/** One message shape of a revision's index. */
export interface Shape {
  revision: Revision;
  kind: ShapeKind;
  method: string;
  entry: MethodEntry;
  /** A result answering a task-augmented request (CreateTaskResult). */
  taskResult: boolean;
  label: string;
}

export function shapesOf(revision: Revision): Shape[] {
  const set = loadSchemaSet(revision);
  const out: Shape[] = [];
  const add = (kind: ShapeKind, method: string, entry: MethodEntry, taskResult = false) =>
    out.push({ revision, kind, method, entry, taskResult, label: `${kind} ${method}${taskResult ? ' (task result)' : ''}` });
  for (const [method, entry] of Object.entries(set.index.requests)) {
    add('request', method, entry);
    add('result', method, entry);
    if (entry.taskResult) add('result', method, entry, true);
  }
  for (const [method, entry] of Object.entries(set.index.notifications)) add('notification', method, entry);
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

/** The direction a shape travels in: a request or notification as its method says, a response the other way. */
export function directionOf(shape: Shape): Direction {
  const d = shape.entry.direction;
  if (shape.kind === 'result') return d === 'server->client' ? 'client->server' : 'server->client';
  return d === 'server->client' ? 'server->client' : 'client->server';
}

/** Embedded methods (2026-07-28 MRTR) never travel as JSON-RPC requests; only their schemas can be compared. */
export function onTheWire(shape: Shape): boolean {
  return shape.entry.direction !== 'embedded';
}

function envelopeRef(set: SchemaSet, kind: ShapeKind): string {
  const e = set.index.envelopes;
  return kind === 'request' ? e.request : kind === 'notification' ? e.notification : e.result;
}

function bodyRef(shape: Shape): string {
  if (shape.kind !== 'result') return shape.entry.schema;
  return shape.taskResult ? shape.entry.taskResult! : shape.entry.result!;
}

/** The official verdict on a whole message: the revision's JSON-RPC envelope definition, and the
 * method's definition (for a result, the result definition applied to `result`). */
export function officialAccepts(shape: Shape, message: unknown): boolean {
  const official = loadOfficial(shape.revision);
  const set = loadSchemaSet(shape.revision);
  if (!official.get(envelopeRef(set, shape.kind))(message)) return false;
  const body = shape.kind === 'result' ? (message as { result?: unknown }).result : message;
  return official.get(bodyRef(shape))(body);
}

/** Our verdict: validateMessage for messages that travel on the wire, our schema files alone for embedded ones. */
export function ourVerdict(shape: Shape, message: unknown): ValidationResult {
  if (!onTheWire(shape)) {
    const set = loadSchemaSet(shape.revision);
    const body = shape.kind === 'result' ? (message as { result?: unknown }).result : message;
    const valid = set.get(envelopeRef(set, shape.kind))(message) && set.get(bodyRef(shape))(body);
    return { valid, kind: shape.kind, method: shape.method, problems: [] };
  }
  const inReplyTo = shape.kind === 'result' ? { method: shape.method, params: shape.taskResult ? { task: {} } : undefined } : undefined;
  return validateMessage(message, { revision: shape.revision, direction: directionOf(shape), inReplyTo });
}
