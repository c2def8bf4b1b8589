// What a connection's answers took, and what that lets a wait conclude (issue 28 item 2). Slow is
// not broken: a request whose wait runs out while the server is working through a queue of our
// requests, or whose method the server was seen to answer slowly, is waited for longer, in
// proportion to the measured latency, up to a hard ceiling. At the ceiling, a server still busy
// that way is too slow to judge (TooSlow), which fails nothing; a silent one is not answering.
//
// "It sent something meanwhile" alone is no evidence: a server that drops one request while it
// answers the others promptly sends plenty, and must still fail. The evidence is answers to
// requests sent before the one waited for (a queue it sits in), or the method's own slowness.

/**
 * A request's own ceiling, in multiples of its timeout: counted from its send, or from the last
 * answer to a request sent before it when the queue ahead of it kept moving.
 */
export const LATENCY_CEILING_FACTOR = 4;
/** The hard ceiling on one request's whole wait, queue included, in multiples of its timeout. */
export const QUEUE_CEILING_FACTOR = 12;
/** Answers remembered for the measured latency. */
const KEPT = 64;
/** The measured latency is the quickest of this many recent answers: one slow call does not make a server slow. */
const RECENT = 5;
/** Recent answers whose gaps measure how long a queue may go without moving. */
const GAPS = 16;
/** Methods whose cost is remembered (a fuzz campaign may send hundreds of made-up ones). */
const MAX_COSTED_METHODS = 64;
/** Below this, a server is fast: fixed windows keep their length. */
const FAST_MS = 50;
/** Least extension of a wait once the server is seen busy. */
const MIN_STEP_MS = 250;

interface Answer {
  method: string;
  /** performance.now() when it was sent and when its answer came. */
  sentAt: number;
  at: number;
  /** Characters of the answer. */
  bytes: number;
  /** The tag of the request (the check that sent it), when it had one. */
  tag?: string;
}

/**
 * An answer this large (a catalog's page) took the server time to build and write: it says what
 * that method costs, not how fast the server answers once no such request is in flight.
 */
export const BIG_ANSWER_CHARS = 64 * 1024;

/** What one method costs this server, from its answers on the connection. */
export interface MethodCost {
  /** Its quickest answer, ms: the server's own time for it, with the least queue in front. */
  latencyMs: number;
  /** Its largest answer, in characters of the line or body that carried it. */
  bytes: number;
  answers: number;
}

/** A wait that reached the ceiling while the server was still busy: its figures, for the verdict. */
export interface TooSlow {
  /** How long we waited, ms. */
  waitedMs: number;
  /** The request's own timeout, ms. */
  timeoutMs: number;
  /** The connection's measured latency when the wait ended (quickest recent answer), ms. */
  latencyMs: number;
  /** Answers to our earlier requests that arrived during the wait. */
  answeredMeanwhile: number;
  /** The slowest answer to the same method seen on the connection, ms, when there was one. */
  methodLatencyMs?: number;
}

/** What an expiring wait should do: wait `extendMs` more, or end; `busy`: the server showed it is working. */
export interface WaitDecision {
  extendMs: number;
  busy: boolean;
  answeredMeanwhile: number;
}

export class LatencyBook {
  private readonly answers: Answer[] = [];
  /** Per method, kept for the whole connection (a few dozen methods at most). */
  private readonly costs = new Map<string, MethodCost>();
  /** Time waits were extended on this connection (their union), and until when the last extension runs. */
  private extendedTotal = 0;
  private extendedUntil = 0;

  record(method: string, sentAt: number, at: number, bytes = 0, tag?: string): void {
    this.answers.push({ method, sentAt, at, bytes, tag });
    if (this.answers.length > KEPT) this.answers.shift();
    const known = this.costs.get(method);
    const ms = at - sentAt;
    if (known) {
      known.latencyMs = Math.min(known.latencyMs, ms);
      known.bytes = Math.max(known.bytes, bytes);
      known.answers++;
    } else if (this.costs.size < MAX_COSTED_METHODS) this.costs.set(method, { latencyMs: ms, bytes, answers: 1 });
  }

  /** What `method` costs this server, once it has answered one (undefined before). */
  costOf(method: string): MethodCost | undefined {
    const known = this.costs.get(method);
    return known && { ...known };
  }

  /** The connection's latency: the quickest of its recent answers (0 before any). */
  latencyMs(): number {
    const recent = this.answers.slice(-RECENT);
    return recent.length === 0 ? 0 : Math.min(...recent.map((a) => a.at - a.sentAt));
  }

  /** The quickest of the recent answers that were not big (BIG_ANSWER_CHARS); the latency when all were. */
  private smallAnswersLatencyMs(): number {
    const recent = this.answers.filter((a) => a.bytes < BIG_ANSWER_CHARS).slice(-RECENT);
    return recent.length === 0 ? this.latencyMs() : Math.min(...recent.map((a) => a.at - a.sentAt));
  }

  /** Whether a request of `method` may bring a big answer: its answers were big, or it has had none yet. */
  mayAnswerBig(method: string): boolean {
    const known = this.costs.get(method);
    return !known || known.bytes >= BIG_ANSWER_CHARS;
  }

  /** Wall time (ms) during which a wait on this connection was extended because the server was busy: a check's ceiling moves on by it. */
  get extendedMs(): number {
    return this.extendedTotal;
  }

  /** One of our requests on this connection (of those tagged `tag`, when given) was answered within the last `ms`. */
  answeredWithin(ms: number, tag?: string, now = performance.now()): boolean {
    for (let i = this.answers.length - 1; i >= 0 && this.answers[i].at >= now - ms; i--) if (tag === undefined || this.answers[i].tag === tag) return true;
    return false;
  }

  /** A wait was extended because the server was busy within the last `ms`. */
  busyWithin(ms: number, now = performance.now()): boolean {
    return this.extendedUntil > 0 && this.extendedUntil >= now - ms;
  }

  private noteExtension(now: number, ms: number): void {
    const end = now + ms;
    if (end <= this.extendedUntil) return;
    this.extendedTotal += end - Math.max(now, this.extendedUntil);
    this.extendedUntil = end;
  }

  /**
   * The longest gap between recent answers (ms, 0 before two): a server working through a queue
   * goes this long without answering while it handles its slowest request.
   */
  spacingMs(): number {
    const recent = this.answers.slice(-GAPS);
    let gap = 0;
    for (let i = 1; i < recent.length; i++) gap = Math.max(gap, recent[i].at - recent[i - 1].at);
    return gap;
  }

  /** The slowest answer to `method` remembered, ms (undefined: none). */
  methodLatencyMs(method: string): number | undefined {
    let slowest: number | undefined;
    for (const a of this.answers) if (a.method === method) slowest = Math.max(slowest ?? 0, a.at - a.sentAt);
    return slowest;
  }

  /**
   * A fixed window (a quiet period, a straggler's grace) stretched with the measured latency:
   * itself on a fast server, plus twice the latency on a slow one, at most the ceiling factor times itself.
   * `bigInFlight` false: no request that may bring a big answer is awaited, so the latency is that of
   * the recent answers that were not big.
   */
  scaled(ms: number, bigInFlight = true): number {
    const latency = bigInFlight ? this.latencyMs() : this.smallAnswersLatencyMs();
    if (latency <= FAST_MS) return ms;
    return Math.round(Math.min(ms * LATENCY_CEILING_FACTOR, ms + 2 * latency));
  }

  /**
   * The wait for a request of `method` sent at `sentAt` with `timeoutMs` ran out at `now`;
   * `since`: when it last ran out (its send, the first time). It goes on while the server answers
   * requests sent before it (the queue it sits in moves), or answers at all while its method is
   * known to take half the timeout or more, or answered a liveness probe sent behind it only
   * slowly (`slowProbe`); by twice the measured latency (or answer spacing) a step. Its own ceiling
   * counts from the last answer ahead of it; the hard ceiling from its send. `deadline`: when the
   * timer that ran out was meant to end; a timer may fire a little before it (Node counts from the
   * loop's cached clock), and a wait planned to end at the ceiling is judged as at the ceiling.
   */
  decide(p: { method: string; sentAt: number; timeoutMs: number; deadline?: number }, since: number, now: number, slowProbe = false): WaitDecision {
    const methodSlow = (this.methodLatencyMs(p.method) ?? 0) >= p.timeoutMs / 2;
    // A step spans at least two answers of a queue that moves, so one without any means it stopped.
    const stepMs = Math.max(MIN_STEP_MS, 2 * this.latencyMs(), 2 * this.spacingMs(), methodSlow ? (this.methodLatencyMs(p.method) ?? 0) : 0);
    const aheadOfIt = this.answers.filter((a) => a.at >= p.sentAt && a.sentAt <= p.sentAt);
    const queueMoved = Math.max(p.sentAt, ...aheadOfIt.map((a) => a.at));
    const ceiling = Math.min(p.sentAt + QUEUE_CEILING_FACTOR * p.timeoutMs, queueMoved + LATENCY_CEILING_FACTOR * p.timeoutMs);
    const left = ceiling - Math.max(now, p.deadline ?? now);
    // Less than a timer's least delay left (1 ms) is the ceiling: no step could use it.
    const atCeiling = left < 1;
    // At the ceiling a step may have been cut short: the evidence is looked for over a whole step.
    const from = atCeiling ? Math.min(since, now - stepMs) : since;
    const meanwhile = this.answers.filter((a) => a.at >= from);
    const ahead = meanwhile.filter((a) => a.sentAt <= p.sentAt).length;
    const busy = ahead > 0 || slowProbe || (methodSlow && meanwhile.length > 0);
    if (!busy || atCeiling) return { extendMs: 0, busy, answeredMeanwhile: aheadOfIt.length };
    const step = Math.min(left, stepMs);
    this.noteExtension(now, step);
    return { extendMs: step, busy, answeredMeanwhile: aheadOfIt.length };
  }
}

/** "the server was too slow to judge: …": the figures behind it, and what to do. */
export function describeTooSlow(t: TooSlow): string {
  const method = t.methodLatencyMs !== undefined ? `, this method took up to ${Math.round(t.methodLatencyMs)} ms before` : '';
  return `the server was too slow to judge: still busy after ${t.waitedMs} ms (the ${t.timeoutMs} ms timeout, stretched while it worked through earlier requests or a method it answers slowly): it answered ${t.answeredMeanwhile} earlier request(s) meanwhile, its answers take ${Math.round(t.latencyMs)} ms${method}; a longer --timeout lets it be judged`;
}
