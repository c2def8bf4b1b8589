// Reads a message log line by line the way a careful person would: each line is one JSON-RPC
// message (or a batch), bare or wrapped as {"direction": ..., "message": ...}. Every message is
// validated against the log's revision; responses are paired with the request they answer.
//
// Decisions (see also direction.ts for who sent an unwrapped line):
// - The revision: --protocol-version if given; else the initialize result's protocolVersion;
//   until that result arrives, the version the initialize request asked for; for a 2026-07-28 log,
//   the first request's _meta protocol version. Before any revision is known only envelopes are
//   checked (nothing is held back for later), and a log that never names one gets a warning.
// - A response is paired with the pending request of the same id sent the other way; when both
//   sides have one pending, the more recent request wins (a nested request is answered first).
// - Severity: broken rules are errors. A request still unanswered at the end of the log, or
//   dropped because more than maxInFlight were pending, is a warning: a log may be cut short.
//   Cancelled requests owe no response. The caller decides whether warnings fail (--strict).
//   Info findings are never problems.
// - Methods the revision does not define: see undefined-methods.ts. A client's request for one is
//   graded by the server's answer, not as a schema error of the request.
// - A one-sided log (options.direction) holds no responses to what it sends, and its responses
//   answer requests it does not hold: pairing findings are not reported for it.
// Memory: the pending-request table and the printed findings are capped; the rest is counts.
import { describe, problem, type Problem } from '../problems.js';
import { loadSchemaSet } from '../registry.js';
import { LATEST_STATEFUL, isRevision, type Revision } from '../revisions.js';
import { classify, validateMessage, type Direction, type MessageKind, type RequestRef } from '../validate.js';
import { inferSender } from './direction.js';
import { FindingList, clip, type DirectionGroup, type LogFinding, type Tally } from './findings.js';
import type { LineSink } from './line-splitter.js';
import { RequestTable, idKey, type AnsweredRequest, type PendingRequest } from './request-table.js';
import { gradeRefusal, gradeUnasked, isUnservedRequest, unservedText } from './undefined-methods.js';

export interface LogCheckOptions {
  /** Check against this revision, whatever the log negotiates. */
  protocolVersion?: Revision;
  /** Sender of every unwrapped line: the log holds one side of the conversation. */
  direction?: Direction;
  /** Findings kept for printing; all are counted. Default 1000. */
  maxFindings?: number;
  /** Pending requests tracked at once; past it the oldest is dropped with a warning. Default 100 000. */
  maxInFlight?: number;
  /** Longest line read; a longer one is a finding and is skipped. Default 16 MiB. */
  maxLineBytes?: number;
  /** Called with each finding as soon as it is made (all of them, not only the kept ones). */
  onFinding?: (finding: LogFinding) => void;
}

export type RevisionSource = 'option' | 'initialize' | 'initialize-request' | 'request-meta';

export interface LogReport {
  /** The revision in force at the end of the log; null when the log never named one. */
  protocolVersion: Revision | null;
  protocolVersionSource: RevisionSource | null;
  lines: number;
  messages: number;
  /** The first maxFindings findings (problems before info), by line. */
  findings: LogFinding[];
  /** Every finding counted, printed or not; omitted: how many are not in `findings`. */
  summary: Tally & { omitted: number };
  /** The same findings by sender: server->client, client->server, then the log itself (direction null). */
  directions: DirectionGroup[];
}

export const LOG_DEFAULTS = { maxFindings: 1000, maxInFlight: 100_000, maxLineBytes: 16 * 1024 * 1024 } as const;

// Recently answered requests remembered to recognise a duplicate response.
const MAX_ANSWERED = 10_000;
// Envelope rules do not depend on the revision; before one is known they are checked with this one.
const ENVELOPE_REVISION: Revision = LATEST_STATEFUL;
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRequestId = (v: unknown): v is string | number => typeof v === 'string' || Number.isInteger(v);
const other = (d: Direction): Direction => (d === 'client->server' ? 'server->client' : 'client->server');
const BOTH_SIDES: readonly Direction[] = ['client->server', 'server->client'];

// What the receiver of an invalid request owes instead of a result (catalog RPC-12/13/14).
const FLAWS: Record<NonNullable<PendingRequest['flaw']>, { what: (revision: string) => string; code: number; requirement: string }> = {
  'invalid-request': { what: () => 'a structurally invalid request', code: -32600, requirement: 'RPC-12' },
  'unknown-method': { what: (revision) => `a method ${revision} does not define`, code: -32601, requirement: 'RPC-13' },
  'invalid-params': { what: () => 'a request whose params do not fit its schema', code: -32602, requirement: 'RPC-14' },
};

export class LogChecker implements LineSink {
  private revision: Revision | undefined;
  private source: RevisionSource | undefined;
  private readonly findings: FindingList;
  private readonly table: RequestTable;
  private readonly oneSided: boolean;
  private readonly maxLineBytes: number;
  private lines = 0;
  private messages = 0;
  private readonly isPending = (d: Direction, id: string | number) => this.table.get(d, id) !== undefined;

  constructor(private readonly options: LogCheckOptions = {}) {
    this.findings = new FindingList(options.maxFindings ?? LOG_DEFAULTS.maxFindings, options.onFinding);
    this.table = new RequestTable(options.maxInFlight ?? LOG_DEFAULTS.maxInFlight, MAX_ANSWERED);
    this.oneSided = options.direction !== undefined;
    this.maxLineBytes = options.maxLineBytes ?? LOG_DEFAULTS.maxLineBytes;
    if (options.protocolVersion) this.setRevision(options.protocolVersion, 'option');
  }

  line(lineNo: number, text: string, validUtf8: boolean): void {
    this.lines = lineNo;
    if (!validUtf8) this.frame(lineNo, 'the line is not valid UTF-8', 'STDIO-1');
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() === '') return; // blank lines separate nothing in JSON Lines; not messages
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.frame(lineNo, `not JSON: ${(e as Error).message}`, 'STDIO-3');
      return;
    }
    const unwrapped = this.unwrap(value, lineNo);
    if (!unwrapped) return;
    this.dispatch(unwrapped.message, lineNo, unwrapped.direction);
  }

  /**
   * One already parsed message (or batch) whose sender is known, checked as line `lineNo` of a
   * wrapped log: the live proxy's entry, which has parsed the line already and knows who sent it.
   */
  message(lineNo: number, message: unknown, direction: Direction): void {
    this.lines = lineNo;
    this.dispatch(message, lineNo, direction);
  }

  tooLong(lineNo: number, bytes: number): void {
    this.lines = lineNo;
    this.frame(lineNo, `a line of ${bytes} bytes, over the ${this.maxLineBytes}-byte limit: not read (raise --max-line-bytes)`);
  }

  /** End of log: reports what is still pending and returns the whole report. */
  finish(): LogReport {
    if (!this.oneSided) {
      for (const r of this.table.remaining()) {
        if (!r.cancelled) this.correlation(r.line, 'warning', r.direction, requestSubject(r.method, r.id), 'never answered (the log may end before its response)', 'RPC-25');
      }
    }
    if (this.messages === 0) {
      this.findings.add({ line: 0, severity: 'warning', kind: 'framing', subject: '-', message: 'the log holds no messages' });
    } else if (!this.revision) {
      this.findings.add({
        line: 0,
        severity: 'warning',
        kind: 'framing',
        subject: '-',
        message: 'no protocol revision: the log has no initialize exchange or request _meta version, so only JSON-RPC envelopes were checked (pass --protocol-version)',
      });
    }
    const findings = this.findings.sorted();
    return {
      protocolVersion: this.revision ?? null,
      protocolVersionSource: this.source ?? null,
      lines: this.lines,
      messages: this.messages,
      findings,
      summary: { ...this.findings.summary, omitted: this.findings.total - findings.length },
      directions: this.findings.groups(findings),
    };
  }

  private dispatch(message: unknown, lineNo: number, direction: Direction | undefined): void {
    if (Array.isArray(message)) {
      this.messages += message.length;
      this.batch(message, lineNo, direction);
    } else {
      this.messages++;
      this.single(message, lineNo, direction, '');
    }
  }

  private unwrap(value: unknown, line: number): { message: unknown; direction?: Direction } | undefined {
    if (!isObject(value) || !('message' in value) || !('direction' in value) || 'jsonrpc' in value) {
      return { message: value, direction: this.options.direction };
    }
    const direction = value.direction;
    if (direction !== 'client->server' && direction !== 'server->client') {
      this.frame(line, `a wrapped line's direction is "client->server" or "server->client", found ${describe(direction)}`);
      return undefined;
    }
    return { message: value.message, direction };
  }

  private batch(items: unknown[], line: number, direction: Direction | undefined): void {
    // The batch's own rules (allowed in this revision? empty?) are the problems at its root; its
    // items are checked one by one below, each paired with its request. Unknown revision: skipped,
    // since whether batches exist depends on it.
    if (this.revision) {
      const own = validateMessage(items, { revision: this.revision, direction: direction ?? 'client->server' }).problems.filter((p) => p.pointer === '');
      this.report(own, line, direction ?? 'client->server', `a batch of ${items.length}`, '');
    }
    items.forEach((item, i) => this.single(item, line, direction, `/${i}`));
  }

  private single(message: unknown, line: number, direction: Direction | undefined, prefix: string): void {
    const kind = classify(message);
    if (kind === 'result' || kind === 'error') return this.response(message as Obj, kind, line, direction, prefix);
    if (kind === 'batch') {
      // Only reachable inside a batch: batches do not nest.
      const sender = direction ?? 'client->server';
      const p = problem('envelope', '', 'a JSON-RPC object (batches do not nest)', describe(message), sender === 'server->client' ? 'RPC-1' : 'RPC-12');
      return this.report([p], line, sender, '-', prefix);
    }
    if (!isObject(message) || (kind === 'invalid' && !('id' in message))) {
      // JSON that is no message at all: most logs are a server's output, so it is blamed by default.
      this.validate(message, line, direction ?? 'server->client', undefined, '-', prefix);
      return;
    }
    this.outgoing(message, kind, line, direction, prefix);
  }

  /** A request or notification, or an object with an id meant as one (kind 'invalid': no method). */
  private outgoing(message: Obj, kind: 'request' | 'notification' | 'invalid', line: number, direction: Direction | undefined, prefix: string): void {
    const method = kind !== 'invalid' && typeof message.method === 'string' ? message.method : undefined;
    // Without a usable method it is an invalid request, and requests mostly come from the client.
    const sender = direction ?? (method === undefined ? 'client->server' : inferSender(this.revision, kind as 'request' | 'notification', method, message.params, this.isPending));
    if (kind === 'request' && method !== undefined) this.learnFromRequest(method, message.params);
    const subject = method === undefined ? `request ${idText(message.id)}` : kind === 'request' ? requestSubject(method, message.id) : clip(method, 80);
    const problems = this.problemsOf(message, sender, undefined);
    const unserved = this.reportOutgoing(problems, kind, method, sender, line, subject, prefix);

    if (kind === 'notification') {
      if (method === 'notifications/cancelled') this.cancel(sender, message.params);
      return;
    }
    // It asks for a response, even when invalid (it is owed an error), unless the id itself is the
    // problem: a notification method sent with an id, a null id.
    if (!isRequestId(message.id) || problems.some((p) => p.kind === 'envelope' && p.pointer === '/id')) return;
    const task = isObject(message.params) && 'task' in message.params;
    this.track(sender, message.id, method ?? 'invalid request', line, subject, task, this.flawOf(problems, sender), unserved);
  }

  /**
   * Reports a request's or notification's problems. One saying the revision does not define its
   * method is graded apart (undefined-methods.ts); for a client request the server need not
   * serve, the answer is graded later, and this returns what the client asked for, in words.
   */
  private reportOutgoing(problems: Problem[], kind: MessageKind, method: string | undefined, sender: Direction, line: number, subject: string, prefix: string): string | undefined {
    const asksServer = (p: Problem) => kind === 'request' && isUnservedRequest(p, sender);
    const undefinedMethod = method === undefined ? undefined : problems.find((p) => p.kind === 'unknown-method' || asksServer(p));
    this.report(problems.filter((p) => p !== undefinedMethod), line, sender, subject, prefix);
    if (!undefinedMethod) return undefined;
    if (!asksServer(undefinedMethod)) {
      this.unasked(undefinedMethod, kind as 'request' | 'notification', method!, sender, line, subject, prefix);
      return undefined;
    }
    // A request that is invalid anyway is owed -32600 (RPC-12), graded as such: its envelope error says enough.
    if (problems.some((p) => p.kind === 'envelope')) return undefined;
    const unserved = unservedText(undefinedMethod, this.revision!);
    if (this.oneSided) {
      // No answer can follow in a one-sided log: say what was asked, as nothing to hold against anyone.
      this.findings.add({ line, severity: 'info', kind: 'unknown-method', direction: sender, subject, message: `the client asked for ${unserved}; the log holds no answer`, requirement: 'RPC-13' });
    }
    return unserved;
  }

  /** A notification or server request whose method the revision does not define. */
  private unasked(p: Problem, kind: 'request' | 'notification', method: string, sender: Direction, line: number, subject: string, prefix: string): void {
    const { severity, requirement, message } = gradeUnasked(kind, method, sender, this.revision!);
    if (message === undefined) return this.report([{ ...p, requirement }], line, sender, subject, prefix);
    this.findings.add({ line, severity, kind: p.kind, direction: sender, subject, message, requirement, pointer: prefix + p.pointer });
  }

  private track(
    sender: Direction,
    id: string | number,
    method: string,
    line: number,
    subject: string,
    task: boolean,
    flaw: PendingRequest['flaw'],
    unserved: string | undefined,
  ): void {
    const earlier = this.table.get(sender, id);
    if (earlier) {
      const text = `reuses id ${idText(id)} while the request of line ${earlier.line} (${clip(earlier.method, 60)}) still waits for its response`;
      this.correlation(line, 'error', sender, subject, text, sender === 'server->client' ? 'RPC-10' : undefined);
    }
    const dropped = this.table.add({ direction: sender, id: idKey(id), method: clip(method, 128), line, task, cancelled: false, flaw, ...(unserved ? { unserved } : {}) });
    if (dropped && !dropped.cancelled && !this.oneSided) {
      const text = `still unanswered after ${this.options.maxInFlight ?? LOG_DEFAULTS.maxInFlight} later requests; no longer tracked`;
      this.correlation(dropped.line, 'warning', dropped.direction, requestSubject(dropped.method, dropped.id), text, 'RPC-25');
    }
  }

  /** A result or error response. */
  private response(message: Obj, kind: 'result' | 'error', line: number, direction: Direction | undefined, prefix: string): void {
    const id = message.id;
    if (!isRequestId(id)) {
      // No usable id: a parse error answers a line that could not name its request (id null or
      // absent); anything else is an envelope problem that validation reports.
      this.validate(message, line, direction ?? 'server->client', undefined, `${kind} ${idText(id)}`, prefix);
      return;
    }
    const match = this.match(id, direction);
    if (match) {
      const { request, sameType } = match;
      const responder = other(request.direction);
      const subject = `${kind} ${idText(id)} (${clip(request.method, 60)})`;
      this.table.settle(request);
      if (!sameType) {
        const text = `answers ${requestSubject(request.method, request.id)} of line ${request.line}, but its id is a ${typeof id}, not a ${typeof request.id}`;
        this.correlation(line, 'error', responder, subject, text, 'RPC-2');
      }
      if (request.method === 'initialize' && kind === 'result') this.learnFromInitializeResult(message.result, line, responder, subject);
      this.validate(message, line, responder, this.replyTo(request), subject, prefix);
      if (request.flaw && kind === 'result' && responder === 'server->client') this.flawAnswered(request, line, subject);
      if (request.unserved && kind === 'error' && isObject(message.error)) {
        const asked = { line: request.line, subject: requestSubject(request.method, request.id), unserved: request.unserved };
        const graded = gradeRefusal(asked, message.error.code, line, subject);
        if (graded) this.findings.add(graded);
      }
      return;
    }
    const earlier = this.answeredEarlier(id, direction);
    if (earlier) {
      const subject = `${kind} ${idText(id)} (${clip(earlier.request.method, 60)})`;
      this.correlation(line, 'error', earlier.responder, subject, `a second response to the request of line ${earlier.request.line}, already answered`, 'RPC-25');
      this.validate(message, line, earlier.responder, this.replyTo(earlier.request), subject, prefix);
      return;
    }
    // Answers nothing we know of; responses mostly come from servers.
    const responder = direction ?? 'server->client';
    const subject = `${kind} ${idText(id)}`;
    if (!this.oneSided) {
      const lost = this.table.evicted > 0;
      const text = `answers no request: none with id ${idText(id)} is waiting for a response${lost ? ' (it may answer one no longer tracked)' : ''}`;
      this.correlation(line, lost ? 'warning' : 'error', responder, subject, text, 'RPC-2');
    }
    this.validate(message, line, responder, undefined, subject, prefix);
  }

  /** The pending request a response answers: same id (or the same id as another JSON type), sent the other way. */
  private match(id: string | number, responder: Direction | undefined): { request: PendingRequest; sameType: boolean } | undefined {
    const sides = responder ? [other(responder)] : BOTH_SIDES;
    const exact = this.latestPending(sides, id);
    if (exact) return { request: exact, sameType: true };
    const alias = typeof id === 'number' ? String(id) : /^-?\d{1,15}$/.test(id) ? Number(id) : undefined;
    const loose = alias === undefined ? undefined : this.latestPending(sides, alias);
    return loose && { request: loose, sameType: false };
  }

  /** A request with this id, sent the other way, that already got its response. */
  private answeredEarlier(id: string | number, responder: Direction | undefined): { request: AnsweredRequest; responder: Direction } | undefined {
    for (const requester of responder ? [other(responder)] : BOTH_SIDES) {
      const request = this.table.answeredBefore(requester, id);
      if (request) return { request, responder: other(requester) };
    }
    return undefined;
  }

  private latestPending(sides: readonly Direction[], id: string | number): PendingRequest | undefined {
    let best: PendingRequest | undefined;
    for (const side of sides) {
      const r = this.table.get(side, id);
      if (r && (!best || r.line > best.line)) best = r;
    }
    return best;
  }

  private cancel(sender: Direction, params: unknown): void {
    const id = isObject(params) ? params.requestId : undefined;
    if (!isRequestId(id)) return;
    const request = this.table.get(sender, id);
    if (request) request.cancelled = true;
  }

  /** A request that was itself invalid must be refused; one answered with a result was accepted. */
  private flawAnswered(request: PendingRequest, line: number, subject: string): void {
    const { what, code, requirement } = FLAWS[request.flaw!];
    const text = `a result for ${request.unserved ?? what(this.revision ?? 'the revision')} (line ${request.line}); expected error ${code}`;
    this.correlation(line, 'error', 'server->client', subject, text, requirement);
  }

  private flawOf(problems: Problem[], sender: Direction): PendingRequest['flaw'] {
    if (problems.some((p) => p.kind === 'envelope')) return 'invalid-request';
    if (!this.revision) return undefined; // envelope-only: the method and params were not checked
    if (problems.some((p) => p.kind === 'unknown-method' || isUnservedRequest(p, sender))) return 'unknown-method';
    if (problems.some((p) => p.kind === 'schema' && p.pointer.startsWith('/params'))) return 'invalid-params';
    return undefined;
  }

  private replyTo(request: { method: string; task?: boolean }): RequestRef | undefined {
    // Only a method this revision defines names a result schema. (Own keys: a request named
    // "constructor" must not reach Object.prototype through the index.)
    if (!this.revision || !Object.hasOwn(loadSchemaSet(this.revision).index.requests, request.method)) return undefined;
    return request.task ? { method: request.method, params: { task: true } } : { method: request.method };
  }

  private learnFromRequest(method: string, params: unknown): void {
    if (this.source === 'option' || this.source === 'initialize') return;
    if (!isObject(params)) return;
    if (method === 'initialize' && isRevision(params.protocolVersion)) {
      this.setRevision(params.protocolVersion, 'initialize-request');
    } else if (!this.revision && isObject(params._meta) && isRevision(params._meta[META_VERSION])) {
      this.setRevision(params._meta[META_VERSION], 'request-meta');
    }
  }

  private learnFromInitializeResult(result: unknown, line: number, responder: Direction, subject: string): void {
    if (this.source === 'option' || !isObject(result)) return;
    const version = result.protocolVersion;
    if (isRevision(version)) {
      this.setRevision(version, 'initialize');
    } else if (typeof version === 'string') {
      const fallback = this.revision ? `checking against ${this.revision}` : 'checking envelopes only';
      this.findings.add({
        line,
        severity: 'warning',
        kind: 'schema',
        direction: responder,
        subject,
        message: `the server chose protocol version ${describe(version)}, which mcp-conform does not know; ${fallback} (see --protocol-version)`,
      });
    }
  }

  private setRevision(revision: Revision, source: RevisionSource): void {
    this.revision = revision;
    this.source = source;
  }

  /** Validates one message and reports its problems. */
  private validate(message: unknown, line: number, direction: Direction, inReplyTo: RequestRef | undefined, subject: string, prefix: string): Problem[] {
    const problems = this.problemsOf(message, direction, inReplyTo);
    this.report(problems, line, direction, subject, prefix);
    return problems;
  }

  /** One message's problems; before a revision is known, envelopes only. */
  private problemsOf(message: unknown, direction: Direction, inReplyTo: RequestRef | undefined): Problem[] {
    const problems = validateMessage(message, { revision: this.revision ?? ENVELOPE_REVISION, direction, inReplyTo }).problems;
    return this.revision ? problems : problems.filter((p) => p.kind === 'envelope');
  }

  private report(problems: Problem[], line: number, direction: Direction, subject: string, prefix: string): void {
    for (const p of problems) {
      const shown = prefix ? problem(p.kind, prefix + p.pointer, p.expected, p.found, p.requirement) : p;
      this.findings.add({ line, severity: 'error', kind: p.kind, direction, subject, message: shown.message, requirement: p.requirement, pointer: shown.pointer });
    }
  }

  private correlation(line: number, severity: LogFinding['severity'], direction: Direction, subject: string, message: string, requirement?: string): void {
    this.findings.add({ line, severity, kind: 'correlation', direction, subject, message, requirement });
  }

  private frame(line: number, message: string, requirement?: string): void {
    this.findings.add({ line, severity: 'error', kind: 'framing', subject: '-', message, requirement });
  }
}

function idText(id: unknown): string {
  if (id === undefined) return '(no id)';
  return `#${clip(typeof id === 'number' ? String(id) : describe(id), 40)}`;
}

function requestSubject(method: string, id: unknown): string {
  return `${clip(method, 80)} ${idText(id)}`;
}
