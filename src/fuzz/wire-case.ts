// One fuzz case as data: a JSON message (or raw text) with placeholders for the request id and
// for large raw pieces (megabyte strings, deep nesting, number literals JSON.stringify cannot
// write), plus byte edits applied after serialisation (truncation, inserted bytes). Keeping
// cases small and declarative lets fast-check shrink and replay them; the bytes are built only
// when a case is sent.
import type { CauseKey } from '../checks/causes.js';
import type { RequestId } from '../session/index.js';

/** Raw wire content: literal text, a unit repeated `count` times, or bytes (which may not be UTF-8). */
export type RawText = Array<string | [unit: string, count: number] | { bytes: number[] }>;

export type ByteEdit =
  /** Keep only the first `at` bytes (taken modulo the length, at least 1). */
  | { op: 'truncate'; at: number }
  /** Insert bytes before position `at` (modulo the length + 1). */
  | { op: 'insert'; at: number; bytes: number[] };

/** How the engine fills an id slot: unique per connection, of the given JSON type. */
export type IdSlot = 'number' | 'string' | 'unicode';

export interface CaseSpec {
  /** Named strategy, shown in reports (e.g. `invalid-json/truncated`). */
  strategy: string;
  /** A JSON value with placeholders (see idSlot, rawSlot); ignored when `text` is set. */
  message?: unknown;
  /** Raw text to send instead of a serialised message. */
  text?: string;
  /** Raw pieces referred to by rawSlot(i) / rawInString(i). */
  raws?: RawText[];
  edits?: ByteEdit[];
  /**
   * Content that strict parsers or size limits may refuse (deep nesting, huge strings, numbers
   * out of range, lone surrogates): a parse error without id, or silence, is accepted instead of
   * the answer.
   */
  lenient?: boolean;
  /** A tool call that may legitimately take long: unanswered past the soft deadline, it is cancelled and not judged. */
  soft?: boolean;
  /**
   * Streamable HTTP in 2026-07-28: header values over the routing headers derived from the body
   * (null drops one), to send headers that disagree with the body (S26-25).
   */
  headers?: Record<string, string | null>;
  /** The revision says how this request is refused (a stateless request without its `_meta`, S26-3): see RefusalRule. */
  mustRefuse?: RefusalRule;
}

/** How a request must be refused: an error with one of these codes (and over HTTP this status). */
export interface RefusalRule {
  requirement: string;
  codes: number[];
  /** Streamable HTTP: the status of the reply. */
  status?: number;
  /** What was wrong with the request, for the report ("_meta without protocolVersion"). */
  why: string;
  /** The behaviour a server shows by serving it anyway, when other checks see it too (src/checks/causes.ts). */
  servedCause?: CauseKey;
}

const ID_MARK = '\u0000mcp-conform-id:';
const RAW_MARK = '\u0000mcp-conform-raw:';

/** Placeholder for a request id the engine fills in (unique on the connection). */
export function idSlot(kind: IdSlot = 'number'): string {
  return `${ID_MARK}${kind}\u0000`;
}

/** Placeholder for `raws[index]` as a whole JSON value (the raw text replaces the quoted placeholder). */
export function rawSlot(index: number): string {
  return `${RAW_MARK}${index}\u0000`;
}

/** The same placeholder inside a longer string: the raw content replaces it within the string. */
export const rawInString = rawSlot;

// JSON.stringify writes U+0000 as the six characters \u0000, so placeholders appear escaped:
// quoted alone (a whole value) or inside a longer string.
const SLOT_PATTERN = /"\\u0000mcp-conform-(id|raw):(\w+)\\u0000"|\\u0000mcp-conform-raw:(\w+)\\u0000/g;
const HAS_SLOT = '\\u0000mcp-conform-';

/** Hands out ids no other in-flight message uses: numbers far above the session's own, prefixed strings. */
export class IdAllocator {
  private n = 0;
  /** A position to rewind to, to render the same case twice with the same ids. */
  get mark(): number {
    return this.n;
  }
  rewind(mark: number): void {
    this.n = mark;
  }
  next(kind: IdSlot): RequestId {
    const n = ++this.n;
    if (kind === 'number') return 1_000_000_000 + n;
    if (kind === 'unicode') return `fz-é-🚀-${n}`;
    return `fz-${n}`;
  }
}

/** A unit repeated `count` times: written straight into a case's buffer, never built apart (it may be a megabyte). */
interface Repeat {
  unit: Buffer;
  count: number;
}
type Part = string | Buffer | Repeat;

/** The pieces of raw content; in a miniature, repeated units appear at most twice. */
function rawParts(raw: RawText, miniature: boolean): Part[] {
  return raw.map((piece) => {
    if (typeof piece === 'string') return piece;
    if (Array.isArray(piece)) {
      const unit = Buffer.from(piece[0], 'utf8');
      return { unit, count: Math.max(0, miniature ? Math.min(piece[1], 2) : piece[1]) };
    }
    return Buffer.from(piece.bytes);
  });
}

/** A slot's content: an id's JSON text, or a raw piece's parts. */
function slotContent(spec: CaseSpec, ids: IdAllocator, what: string | undefined, arg: string, miniature: boolean): Part[] {
  if (what === 'id') return [JSON.stringify(ids.next(arg as IdSlot))];
  const raw = spec.raws?.[Number(arg)];
  return raw ? rawParts(raw, miniature) : [what ? 'null' : ''];
}

function applyEdit(bytes: Buffer, edit: ByteEdit): Buffer {
  if (edit.op === 'truncate') {
    if (bytes.length <= 1) return bytes;
    const keep = 1 + (Math.abs(Math.trunc(edit.at)) % (bytes.length - 1));
    return bytes.subarray(0, keep);
  }
  const at = Math.abs(Math.trunc(edit.at)) % (bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(edit.bytes), bytes.subarray(at)]);
}

/**
 * Text pieces and byte pieces in one buffer, `tail` bytes left free at the end. Each text piece is
 * encoded on its own (a lone surrogate at a piece's edge stays U+FFFD, as Buffer.from makes it),
 * and the whole case is one allocation: fuzzing makes thousands of them a second.
 */
function joinParts(parts: readonly Part[], tail: number): Buffer {
  let size = tail;
  for (const part of parts) size += partLength(part);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += out.write(part, at, 'utf8');
    else if (Buffer.isBuffer(part)) at += part.copy(out, at);
    else {
      const end = at + partLength(part);
      if (end > at) out.fill(part.unit, at, end);
      at = end;
    }
  }
  return out;
}

function partLength(part: Part): number {
  if (typeof part === 'string') return Buffer.byteLength(part, 'utf8');
  return Buffer.isBuffer(part) ? part.length : part.unit.length * part.count;
}

/**
 * The exact bytes of a case: its text with slots filled, edited, ending with one newline (the
 * stdio delimiter). A miniature has the same structure with repeated content cut short: cheap
 * to parse when only the shape matters (megabyte strings, deep nesting).
 */
export function caseBytes(spec: CaseSpec, ids: IdAllocator, miniature = false): Buffer {
  const parts = caseParts(spec, ids, miniature);
  if (!spec.edits?.length) {
    const bytes = joinParts(parts, 1);
    bytes[bytes.length - 1] = 0x0a;
    return bytes;
  }
  let bytes = joinParts(parts, 0);
  for (const edit of spec.edits) bytes = applyEdit(bytes, edit);
  return Buffer.concat([bytes, NEWLINE]);
}

const NEWLINE = Buffer.from('\n');

/** The case's text with its slots filled: text pieces, bytes, and repeated units not yet written out. */
function caseParts(spec: CaseSpec, ids: IdAllocator, miniature: boolean): Part[] {
  const text = spec.text ?? JSON.stringify(spec.message) ?? 'null';
  const parts: Part[] = [];
  let last = 0;
  if (text.includes(HAS_SLOT)) {
    for (const m of text.matchAll(SLOT_PATTERN)) {
      parts.push(text.slice(last, m.index));
      parts.push(...(m[1] ? slotContent(spec, ids, m[1], m[2], miniature) : slotContent(spec, ids, undefined, m[3], miniature)));
      last = m.index + m[0].length;
    }
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * Repeated units written out once and shared by the cases of one connection: a megabyte string
 * case is then a view of it, not a fresh megabyte filled for every case (fresh memory costs its
 * page faults each time). The shared bytes are never written to again; a longer run of a unit
 * gets a buffer of its own.
 */
export class RepeatCache {
  private readonly byUnit = new Map<string, Buffer>();

  view(unit: Buffer, count: number): Buffer {
    const key = unit.toString('latin1');
    const size = unit.length * count;
    let filled = this.byUnit.get(key);
    if (!filled || filled.length < size) this.byUnit.set(key, (filled = Buffer.allocUnsafe(size).fill(unit)));
    return filled.subarray(0, size);
  }
}

/**
 * The exact bytes caseBytes makes, as pieces to write in order: repeated content is a view of the
 * connection's shared units (`repeats`). For a case with bulk (hasBulk), which has no byte edits.
 */
export function casePieces(spec: CaseSpec, ids: IdAllocator, repeats: RepeatCache): Buffer[] {
  if (spec.edits?.length) return [caseBytes(spec, ids)];
  const pieces: Buffer[] = [];
  let run: Part[] = [];
  for (const part of caseParts(spec, ids, false)) {
    if (typeof part === 'string' || Buffer.isBuffer(part)) run.push(part);
    else if (part.count > 0) {
      if (run.length) pieces.push(joinParts(run, 0));
      pieces.push(repeats.view(part.unit, part.count));
      run = [];
    }
  }
  run.push(NEWLINE);
  pieces.push(joinParts(run, 0));
  return pieces;
}

/** Repeated content makes the full bytes much larger than their structure. */
export function hasBulk(spec: CaseSpec): boolean {
  return !spec.edits?.length && (spec.raws ?? []).some((raw) => raw.some((piece) => Array.isArray(piece) && piece[1] > 2));
}
