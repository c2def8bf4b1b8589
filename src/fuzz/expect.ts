// What a server may answer to the bytes of one case, derived from the bytes themselves (so it
// stays right whatever a strategy or a shrink did to them). Each newline-delimited line is:
//   - a well-formed request with a readable id  → exactly one response carrying that id (RPC-25)
//   - a well-formed notification                → no response (RPC-7)
//   - anything else (not JSON, not UTF-8, an invalid envelope, a client-sent response, a blank
//     line)                                      → at most one response, an error whose id is
//     null or absent, or the request's own id when a lenient parser could still read it
// Lenient cases (sizes and values some parsers refuse) turn "exactly one" into "at most one".
import { isUtf8 } from 'node:buffer';
import type { RequestId } from '../session/index.js';

/** A request of the case whose answer the session should correlate and validate. */
export interface ExpectedRef {
  id: RequestId;
  /** '' when the method member is missing or not a string. */
  method: string;
  params?: unknown;
}

export interface Expect {
  /** Ids that must get exactly one response each. */
  answer: RequestId[];
  /** Ids that may get one response (a lenient reading of broken input), never two. */
  optional: RequestId[];
  /** Ids that are not valid MCP ids (null excluded): echoing them back is tolerated with a warning. */
  looseIds: unknown[];
  /** Some message carried an id that is not a valid MCP id (null included): a garbled id in the answer is tolerated with a warning. */
  badId: boolean;
  /** Responses allowed besides `answer`: answers to `optional` ids plus errors without an id. */
  extra: number;
  /** `answer` and `optional` ids with their method, for validating the answers. */
  refs: ExpectedRef[];
  /**
   * `answer` ids of requests with members JSON-RPC does not define: a server may serve them or
   * reject them as invalid (-32600, id null), but must do one of the two.
   */
  nullOk: RequestId[];
  /** HTTP (expectForBody): the body is not JSON even to a lenient decoder, so it must be refused. */
  notJson: boolean;
}

type Obj = Record<string, unknown>;
const ENVELOPE = new Set(['jsonrpc', 'id', 'method', 'params']);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** An id a server can echo without ambiguity: a string or a safe integer. */
export function isReadableId(id: unknown): id is RequestId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
}

type Shape =
  | { kind: 'request'; id: RequestId; method: string; params?: unknown; extraMembers: boolean }
  | { kind: 'notification' }
  | { kind: 'invalid'; id?: unknown; method: string; params?: unknown; units: number };

/** What one parsed JSON value is, as a message sent to a server. */
export function shapeOf(value: unknown): Shape {
  // A batch of n items may be answered item by item; we never send batches of valid requests.
  if (Array.isArray(value)) return { kind: 'invalid', method: '', units: Math.max(1, Math.min(value.length, 64)) };
  if (!isObj(value)) return { kind: 'invalid', method: '', units: 1 };
  const id = has(value, 'id') ? value.id : undefined;
  const method = typeof value.method === 'string' ? value.method : '';
  const wellFormed =
    value.jsonrpc === '2.0' &&
    typeof value.method === 'string' &&
    (!has(value, 'params') || isObj(value.params)) &&
    !has(value, 'result') &&
    !has(value, 'error');
  if (wellFormed && !has(value, 'id')) return { kind: 'notification' };
  if (wellFormed && isReadableId(id)) return { kind: 'request', id, method, params: value.params, extraMembers: Object.keys(value).some((k) => !ENVELOPE.has(k)) };
  return { kind: 'invalid', id, method, params: value.params, units: 1 };
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  // Broken input fails to parse a third of the time: the SyntaxError's stack trace, never read,
  // would cost more than the parse (JSON.parse runs no code of ours meanwhile).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const lenientUtf8 = new TextDecoder('utf-8', { fatal: false });

function isBlank(line: Buffer): boolean {
  for (const b of line) if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  return true;
}

/** Splits on LF; the part after the last LF (empty for a well-framed case) counts as a line too. */
function lines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    if (nl === -1) break;
    out.push(bytes.subarray(start, nl));
    start = nl + 1;
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/** Params above this size are not kept for validation (the session remembers them per request). */
const MAX_KEPT_PARAMS_BYTES = 16 * 1024;

export function expectFor(bytes: Buffer, lenient = false): Expect {
  const e = emptyExpect();
  const small = bytes.length <= MAX_KEPT_PARAMS_BYTES;
  for (const line of lines(bytes)) readUnit(e, line, lenient, small);
  return e;
}

/**
 * The same for an HTTP POST body, which holds one JSON text whatever newlines it contains (a
 * trailing newline is whitespace). A body that is not JSON even to a lenient decoder is marked
 * `notJson`: over HTTP it must be refused (RPC-11: a 4xx, or an error response).
 */
export function expectForBody(body: Buffer, lenient = false): Expect {
  const e = emptyExpect();
  // A parser may ignore a byte order mark (RFC 8259 section 8.1); HTTP body parsers often do.
  const bom = body.subarray(0, 3).equals(BOM);
  // Lenient then: the answer, or a parse error, since reading past the mark is not required.
  e.notJson = readUnit(e, bom ? body.subarray(3) : body, lenient || bom, body.length <= MAX_KEPT_PARAMS_BYTES) === 'not-json';
  return e;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function emptyExpect(): Expect {
  return { answer: [], optional: [], looseIds: [], badId: false, extra: 0, refs: [], nullOk: [], notJson: false };
}

/** Adds what one line (stdio) or one body (HTTP) allows; says whether it was JSON at all. */
function readUnit(e: Expect, unit: Buffer, lenient: boolean, small: boolean): 'json' | 'lenient-json' | 'not-json' {
  const tolerate = (shape: Shape | undefined, units = 1) => {
    e.extra += units;
    if (!shape || shape.kind === 'notification') return;
    if (isReadableId(shape.id)) {
      e.optional.push(shape.id);
      e.refs.push(refOf(shape.id, shape, small));
    } else if (shape.id !== undefined) {
      e.badId = true;
      if (shape.id !== null) e.looseIds.push(shape.id);
    }
  };
  if (isBlank(unit)) {
    e.extra += 1; // some servers answer an empty line with a parse error; none must
    return 'not-json';
  }
  const strict = isUtf8(unit) ? parse(unit.toString('utf8')) : { ok: false as const };
  if (strict.ok) {
    const shape = shapeOf(strict.value);
    if (shape.kind === 'request' && !lenient) {
      e.answer.push(shape.id);
      if (shape.extraMembers) e.nullOk.push(shape.id);
      e.refs.push(refOf(shape.id, shape, small));
    } else if (shape.kind === 'notification') {
      if (lenient) e.extra += 1;
    } else {
      tolerate(shape, shape.kind === 'invalid' ? shape.units : 1);
    }
    return 'json';
  }
  // Not JSON as sent; a lenient decoder (U+FFFD for bad bytes) might still read an id.
  const text = isUtf8(unit) ? unit.toString('utf8') : lenientUtf8.decode(unit);
  const loose = isUtf8(unit) ? strict : parse(text);
  tolerate(loose.ok ? shapeOf(loose.value) : leadingId(text));
  return loose.ok ? 'lenient-json' : 'not-json';
}

/**
 * A streaming parser reads members in order and may have read the id before it met what broke the
 * line (the C# SDK answers `{"id":7,"js<NUL>onrpc":…` with -32700 carrying id 7): an id member
 * that starts the object is one a server could still echo.
 */
function leadingId(text: string): Shape | undefined {
  const m = /^\s*\{\s*"id"\s*:\s*("(?:[^"\\\u0000-\u001f]|\\.)*"|-?\d+)\s*,/u.exec(text);
  if (!m) return undefined;
  const id = parse(m[1]!);
  return id.ok && isReadableId(id.value) ? { kind: 'invalid', id: id.value, method: '', units: 1 } : undefined;
}

function refOf(id: RequestId, shape: { method: string; params?: unknown }, keepParams: boolean): ExpectedRef {
  return keepParams && shape.params !== undefined ? { id, method: shape.method, params: shape.params } : { id, method: shape.method };
}
