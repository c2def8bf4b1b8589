// Helpers for the JSON-RPC base suites (ids, errors, notifications, batch): sending malformed
// or uncorrelated input and gathering what answers it, without waiting a full timeout on
// servers that stay silent, and a small accumulator of problems graded at the end.
import { causesIfAllKnown, describeOutcome, type CauseKey, type CheckContext } from '../../src/checks/index.js';
import type { Verdict } from '../../src/checks/types.js';
import { absence, httpCarried, type Carried, type Outcome, type Received, type Session } from '../../src/session/index.js';
import type { HttpExchange, SendOutcome } from '../../src/transport/index.js';
import { graceAfterSentinel, livenessName, probeAlive } from '../lib/alive.js';
import { delay } from '../lib/delay.js';
import { expectAnswer } from '../lib/expect-answer.js';
import { isObject } from '../lib/json-object.js';

export type Message = Record<string, unknown>;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;

/** A response: no method, and a result or an error. */
export const isResponse = (m: unknown): m is Message => isObject(m) && !('method' in m) && ('result' in m || 'error' in m);

/** Anything the server sends that has a method: a notification, or a request (possibly a notification wrongly given an id). */
export const hasMethod = (m: unknown): m is Message => isObject(m) && typeof m.method === 'string';

/** The error code of a response message, when it is an error with a numeric code. */
export function codeOf(m: Message): number | undefined {
  return isObject(m.error) && typeof m.error.code === 'number' ? m.error.code : undefined;
}

/** A short description of a response for verdict messages. */
export function describeReply(m: Message): string {
  if ('error' in m) {
    const e = isObject(m.error) ? m.error : {};
    return `error ${JSON.stringify(e.code)} ${briefText(e.message)} (id ${JSON.stringify(m.id ?? null)})`;
  }
  return `result ${clip(JSON.stringify(m.result) ?? 'undefined', 100)} (id ${JSON.stringify(m.id ?? null)})`;
}

/** Like describeOutcome, with error messages folded onto one short line (some servers send pages of JSON). */
export function briefOutcome(o: Outcome): string {
  if (o.kind !== 'error') return describeOutcome(o);
  return `error ${JSON.stringify(o.error.code)} ${briefText(o.error.message)}`;
}

function briefText(text: unknown): string {
  const flat = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : text;
  return clip(JSON.stringify(flat ?? null), 100);
}

export function clip(s: string, n = 160): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export interface ProbeInput {
  /** Bytes to write as they are (stdio: a newline is added). */
  raw?: string;
  /** A JSON value to send as one message (object or batch array). */
  message?: unknown;
  /** Requests inside the probe whose answers the session should correlate (they carry valid ids). */
  expected?: Message[];
  /** Other ids an answer might carry (e.g. an invalid id echoed back). */
  alsoIds?: unknown[];
  /** Replies that complete the probe early (default 1). */
  replies?: number;
}

export interface ProbeResult {
  /** Responses to the probe: carrying one of its ids, or no usable id (null or absent). */
  replies: Received[];
  /** Wire units on stdout/in a body that were not JSON-RPC messages (e.g. `[]`). */
  framing: string[];
  /** HTTP only: the exchange that carried the probe. */
  http?: HttpExchange;
  /** The probe could not be sent, or the sentinel found the connection closed. */
  closed?: string;
  /** What the exchange (HTTP) or the connection (stdio) carried, for verdicts on a missing answer. */
  carried?: Carried;
}

/** "<what>; the exchange carried: …": a probe that got no answer, said with what did arrive. */
export function unanswered(what: string, result: ProbeResult): string {
  return absence(what, result.carried);
}

/** The ids an answer to `input` may carry. */
const idsOf = (input: ProbeInput): unknown[] => [...(input.expected ?? []).map((m) => m.id), ...(input.alsoIds ?? [])];

/** Loosely the same id: also an id echoed with another type ("2" for 2), which the id checks judge. */
const idKey = (id: unknown): string => (typeof id === 'object' ? `json:${JSON.stringify(id)}` : `text:${String(id)}`);

/** Writes one probe (stdio: a newline after raw bytes), its expected answers registered first. */
function sendInput(ctx: CheckContext, session: Session, input: ProbeInput): Promise<SendOutcome> {
  for (const m of input.expected ?? []) void expectAnswer(ctx, session, m);
  if (input.raw !== undefined) return ctx.sendRaw(session.transport.kind === 'stdio' ? `${input.raw}\n` : input.raw, session);
  return ctx.sendMessage(input.message, session);
}

/**
 * Sends the liveness request behind what was sent and settles once it was answered plus a grace
 * (a server answers in order); the outcome says whether the connection closed meanwhile.
 */
async function sentinelSettled(ctx: CheckContext, session: Session): Promise<{ closed?: string }> {
  const live = session.liveness;
  const o = await session.request(live.method, live.params, { tag: ctx.check.id });
  if (o.kind === 'result' || o.kind === 'error') await delay(graceAfterSentinel(ctx, o.ms));
  return o.kind === 'closed' ? { closed: o.reason } : {};
}

/** The connections on which a check has let earlier traffic's answers arrive (settleEarlierTraffic). */
const settledFor = new WeakMap<CheckContext, WeakSet<Session>>();

const anonymous = (m: unknown): boolean => isResponse(m) && (m.id === null || m.id === undefined);

/**
 * Before a check's first probe on a connection whose answers are not tied to an exchange
 * (stdio, the legacy SSE stream): one liveness round trip, so that answers to what was sent
 * before arrive first (a server answers in order) and are not taken for the probe's. A reply the
 * server wrongly gave to the handshake's notifications/initialized, written as our input went
 * out, would otherwise read as the answer to it. Answers without an id seen meanwhile are noted.
 */
async function settleEarlierTraffic(ctx: CheckContext, session: Session): Promise<void> {
  if (session.transport.kind === 'http' || session.closed) return;
  let settled = settledFor.get(ctx);
  if (!settled) settledFor.set(ctx, (settled = new WeakSet()));
  if (settled.has(session)) return;
  settled.add(session);
  const stale: Received[] = [];
  const off = session.onReceive((r) => {
    if (anonymous(r.message)) stale.push(r);
  });
  try {
    const live = session.liveness;
    await session.request(live.method, live.params, { tag: ctx.check.id });
  } finally {
    off();
  }
  if (stale.length === 0) return;
  ctx.note(`before this check's first input, the server sent ${stale.length === 1 ? 'a response' : `${stale.length} responses`} without an id, answering something sent earlier (not judged here)`);
  for (const r of stale.slice(0, 3)) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
}

/**
 * Sends one probe and gathers its answers. Over HTTP the exchange itself carries them. Over
 * stdio it stops at the expected number of replies, or once a liveness request (ping, or
 * server/discover in 2026-07-28) sent behind the probe has been answered plus a short grace (a
 * server answers in order), so silent servers cost one round trip rather than a timeout.
 */
export async function probe(ctx: CheckContext, session: Session, input: ProbeInput): Promise<ProbeResult> {
  await settleEarlierTraffic(ctx, session);
  const result: ProbeResult = { replies: [], framing: [] };
  const since = session.now();
  const ids = new Set(idsOf(input).map(idKey));
  const wanted = input.replies ?? 1;
  let wake: () => void = () => {};
  const complete = new Promise<void>((resolve) => (wake = resolve));
  const from = session.findings.length;
  const offMessage = session.onReceive((r) => {
    if (!isResponse(r.message)) return;
    const id = r.message.id;
    const ours = id === null || id === undefined || ids.has(idKey(id));
    if (!ours) return;
    result.replies.push(r);
    ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    withdrawFindings(session, from, (f) => isMessageEvidence(f, r.message) && isIdProblem(f));
    if (result.replies.length >= wanted) wake();
  });
  const onFraming = (_problem: unknown, raw: string) => {
    result.framing.push(raw);
    ctx.evidence.push({ type: 'message', direction: 'received', at: session.now(), raw: clip(raw, 400) });
    withdrawFraming(session, from, raw);
  };
  session.transport.on('framing', onFraming);
  try {
    let sent: SendOutcome;
    try {
      sent = await sendInput(ctx, session, input);
    } catch (err) {
      result.closed = (err as Error).message;
      return result;
    }
    result.http = sent.http;
    if (sent.http) result.carried = { http: httpCarried(sent.http, false) };
    if (session.transport.kind === 'http' || result.replies.length >= wanted) return result;
    const settled = sentinelSettled(ctx, session).then((o) => {
      if (o.closed) result.closed = o.closed;
    });
    await Promise.race([complete, settled]);
    result.carried = session.arrivedSince(since);
    return result;
  } finally {
    offMessage();
    session.transport.off('framing', onFraming);
  }
}

/**
 * Sends several probes back to back with one liveness request behind them all (stdio), so a
 * server that answers none of them costs one round trip instead of one per probe. Each input
 * must carry ids of its own (`expected` or `alsoIds`). The results are per input, in order,
 * only when every answer can be told apart by its id. Otherwise the caller probes one at a time
 * (that is what attributes such answers): 'ambiguous' after an answer without an id (null or
 * absent) or a unit that is not JSON-RPC, or over HTTP; 'closed' when the connection ended with
 * them in flight (which one ended it needs a new connection to find out).
 */
export async function probeTogether(ctx: CheckContext, session: Session, inputs: readonly ProbeInput[]): Promise<ProbeResult[] | 'ambiguous' | 'closed'> {
  if (session.transport.kind !== 'stdio') return 'ambiguous';
  await settleEarlierTraffic(ctx, session);
  const owner = new Map<string, number>();
  inputs.forEach((input, i) => idsOf(input).forEach((id) => owner.set(idKey(id), i)));
  const results: ProbeResult[] = inputs.map(() => ({ replies: [], framing: [] }));
  const since = session.now();
  let ambiguous = false;
  let unanswered = inputs.length;
  let wake: () => void = () => {};
  const complete = new Promise<void>((resolve) => (wake = resolve));
  const from = session.findings.length;
  const offMessage = session.onReceive((r) => {
    if (!isResponse(r.message)) return;
    const id = r.message.id;
    const anonymous = id === null || id === undefined;
    const i = anonymous ? undefined : owner.get(idKey(id));
    if (i === undefined && !anonymous) return;
    ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    withdrawFindings(session, from, (f) => isMessageEvidence(f, r.message) && isIdProblem(f));
    if (i === undefined) {
      ambiguous = true;
      return;
    }
    results[i].replies.push(r);
    if (results[i].replies.length === (inputs[i].replies ?? 1) && --unanswered === 0) wake();
  });
  // Not attributable either; withdrawn like probe()'s, since our probes provoked it.
  const onFraming = (_problem: unknown, raw: string) => {
    ambiguous = true;
    ctx.evidence.push({ type: 'message', direction: 'received', at: session.now(), raw: clip(raw, 400) });
    withdrawFraming(session, from, raw);
  };
  session.transport.on('framing', onFraming);
  try {
    for (const input of inputs) {
      try {
        await sendInput(ctx, session, input);
      } catch {
        return 'closed';
      }
    }
    let closed = false;
    const settled = sentinelSettled(ctx, session).then((o) => (closed = o.closed !== undefined));
    await Promise.race([complete, settled]);
    if (closed || session.closed) return 'closed';
    if (ambiguous) return 'ambiguous';
    const carried = session.arrivedSince(since);
    for (const r of results) r.carried = carried;
    return results;
  } finally {
    offMessage();
    session.transport.off('framing', onFraming);
  }
}

/*
 * Answers to a probe are judged by the check that sent it. The session also flags some of them
 * run-wide: the id of an answer to a malformed request (a result for id null, an invalid id
 * echoed back) and odd replies on the wire (such as `[]` for `[]`). Those findings are withdrawn
 * so that the whole-run checks do not grade again, more harshly, what the probe provoked.
 */

type FindingOf = Session['findings'][number];

function withdrawFindings(session: Session, from: number, pred: (f: FindingOf) => boolean): void {
  for (let i = session.findings.length - 1; i >= from; i--) {
    const f = session.findings[i];
    if (f.tag === undefined && pred(f)) session.findings.splice(i, 1);
  }
}

const isMessageEvidence = (f: FindingOf, message: unknown) => f.evidence[0]?.type === 'message' && f.evidence[0].message === message;

const isIdProblem = (f: FindingOf) => f.requirement === 'RPC-2' || f.evidence.some((e) => e.type === 'schema' && e.pointer === '/id');

/** Withdraws the framing finding the session recorded for `raw`, a reply our probe provoked. */
export function withdrawFraming(session: Session, from: number, raw: string): void {
  const recorded = raw.slice(0, 2000);
  withdrawFindings(session, from, (f) => f.evidence[0]?.type === 'message' && f.evidence[0].raw === recorded);
}

/** Sends the liveness request (ping, or server/discover) on `session` to see whether the server still serves; undefined when it does, else why not. */
export async function stillServing(ctx: CheckContext, session: Session): Promise<string | undefined> {
  return notServing(await probeAlive(ctx, session), session);
}

/** Why the liveness probe's outcome shows the server no longer serving, or undefined. */
function notServing(o: Outcome, session: Session): string | undefined {
  const name = livenessName(session);
  if (o.kind === 'result' || o.kind === 'error') return undefined;
  if (o.kind === 'closed') return `the connection closed (${o.reason})`;
  if (o.kind === 'timeout') return absence(`${name} got no answer within ${o.ms} ms`, o.carried);
  return `${name} was refused with HTTP ${o.status}`;
}

/** What a server that still serves does, for the `expected` of a verdict: "ping answered" or "server/discover answered". */
export function answeredText(ctx: CheckContext): string {
  return `${livenessName(ctx.session)} answered`;
}

/** Status and whether the body carried anything, for an HTTP exchange. */
export function httpStatus(http: HttpExchange | undefined): { status?: number; body: string } {
  return { status: http?.response?.status, body: http?.response?.body ?? '' };
}

interface Issue {
  message: string;
  expected?: string;
  actual?: string;
  /** The wire behaviour behind it, when known (src/checks/causes.ts). */
  cause?: CauseKey;
}

/**
 * Problems a check found across many probes: violations of its own rule (graded by its level
 * and kind) and tolerated deviations (always warn). The verdict names the first of the worst
 * kind and notes the others.
 */
export class Problems {
  private readonly violations: Issue[] = [];
  private readonly warnings: Issue[] = [];

  /** `cause`: the wire behaviour it shows, when one of src/checks/causes.ts names it. */
  violation(message: string, expected?: string, actual?: string, cause?: CauseKey): void {
    this.violations.push({ message, expected, actual, cause });
  }

  warn(message: string, expected?: string, actual?: string): void {
    this.warnings.push({ message, expected, actual });
  }

  /**
   * The liveness probe every disruptive check ends with: a violation when the server stopped
   * serving `after` what it was sent; `closedCause` names it when the connection ended.
   */
  async requireServing(ctx: CheckContext, session: Session, after?: string, closedCause?: CauseKey): Promise<void> {
    const o = await probeAlive(ctx, session);
    const dead = notServing(o, session);
    if (dead) this.violation(`the server stopped serving${after ? ` after ${after}` : ''}: ${dead}`, answeredText(ctx), dead, o.kind === 'closed' ? closedCause : undefined);
  }

  get empty(): boolean {
    return this.violations.length === 0 && this.warnings.length === 0;
  }

  verdict(ctx: CheckContext, passMessage?: string): Verdict {
    const all = [...this.violations, ...this.warnings];
    if (all.length === 0) return ctx.pass(passMessage);
    for (const issue of all.slice(1)) ctx.note(issue.message);
    const first = all[0];
    const more = all.length > 1 ? ` (+${all.length - 1} more)` : '';
    if (this.violations.length > 0) {
      const verdict = ctx.violation(`${first.message}${more}`, first.expected, first.actual);
      const causes = causesIfAllKnown(this.violations.map((v) => v.cause));
      return causes ? { ...verdict, causes } : verdict;
    }
    return ctx.warn(`${first.message}${more}`, first.expected, first.actual);
  }
}
