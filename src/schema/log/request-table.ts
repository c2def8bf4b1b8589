// The requests of a log still waiting for their response, by sender and id, and a short memory
// of recently answered ones (to tell a duplicate response from a response to nothing).
// Both are capped: this is the only per-request state the checker keeps.
import { createHash } from 'node:crypto';
import type { Direction } from '../validate.js';

export interface PendingRequest {
  /** The requester. */
  direction: Direction;
  /** The id as idKey() stores it. */
  id: string | number;
  method: string;
  line: number;
  /** The request carried params.task (2025-11-25 task-augmented): its result is a CreateTaskResult. */
  task: boolean;
  /** The requester cancelled it: no response is owed. */
  cancelled: boolean;
  /** The request itself was invalid, so the receiver owes an error, not a result. */
  flaw?: 'invalid-request' | 'unknown-method' | 'invalid-params';
  /** For a client's request the server need not serve (flaw 'unknown-method'): what it asked for, in words. */
  unserved?: string;
}

/** A request that got its response, remembered briefly to recognise a second response to it. */
export interface AnsweredRequest {
  method: string;
  line: number;
}

// Ids are the log's data: past this length one is kept as a digest, so the table's size stays
// bounded by its entry count rather than by what a hostile log puts in an id.
const MAX_KEY_ID = 128;

/** The id as stored and matched: itself (a number and a string never match), or a digest of a long string. */
export function idKey(id: string | number): string | number {
  return typeof id === 'string' && id.length > MAX_KEY_ID ? `sha1:${createHash('sha1').update(id).digest('base64')}` : id;
}

type Side = Map<string | number, PendingRequest>;

export class RequestTable {
  private readonly fromClient: Side = new Map();
  private readonly fromServer: Side = new Map();
  private size = 0;
  // Arrival order, with lazy deletion: an entry is live while its side still maps its id to it.
  // (Deleting from the front of a Map and asking for its first key again is slow in V8:
  // iteration walks the holes that deletions leave.)
  private order: (PendingRequest | undefined)[] = [];
  private head = 0;
  // Answered requests in two generations: the older one is dropped whole when the newer fills,
  // so at least maxAnswered / 2 of the latest are always remembered, in O(1) per response.
  private recent = new Map<string, AnsweredRequest>();
  private older = new Map<string, AnsweredRequest>();
  /** Requests dropped to respect the cap: a response to an unknown id may be theirs. */
  evicted = 0;

  constructor(
    private readonly maxPending: number,
    private readonly maxAnswered: number,
  ) {}

  get(direction: Direction, id: string | number): PendingRequest | undefined {
    return this.side(direction).get(idKey(id));
  }

  /** Adds a request (its id already passed through idKey); returns the oldest one when the cap forced it out. */
  add(request: PendingRequest): PendingRequest | undefined {
    const side = this.side(request.direction);
    if (!side.has(request.id)) this.size++;
    side.set(request.id, request);
    this.order.push(request);
    if (this.order.length - this.head > 2 * this.size + 1024) this.compact();
    if (this.size <= this.maxPending) return undefined;
    while (this.head < this.order.length) {
      const oldest = this.order[this.head];
      this.order[this.head++] = undefined;
      if (oldest && this.isLive(oldest)) {
        this.remove(oldest);
        this.evicted++;
        return oldest;
      }
    }
    return undefined;
  }

  /** Takes a request off the table once answered and remembers it for a while. */
  settle(request: PendingRequest): void {
    this.remove(request);
    if (this.recent.size >= Math.max(1, this.maxAnswered / 2)) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(answeredKey(request.direction, request.id), { method: request.method, line: request.line });
  }

  answeredBefore(direction: Direction, id: string | number): AnsweredRequest | undefined {
    const key = answeredKey(direction, idKey(id));
    return this.recent.get(key) ?? this.older.get(key);
  }

  /** What is still pending, oldest first (at end of log). */
  *remaining(): IterableIterator<PendingRequest> {
    for (let i = this.head; i < this.order.length; i++) {
      const r = this.order[i];
      if (r && this.isLive(r)) yield r;
    }
  }

  private side(direction: Direction): Side {
    return direction === 'client->server' ? this.fromClient : this.fromServer;
  }

  private isLive(request: PendingRequest): boolean {
    return this.side(request.direction).get(request.id) === request;
  }

  private remove(request: PendingRequest): void {
    if (this.side(request.direction).delete(request.id)) this.size--;
  }

  /** Drops the order entries of requests no longer pending: keeps the queue within a few times the table. */
  private compact(): void {
    this.order = this.order.slice(this.head).filter((r) => r !== undefined && this.isLive(r));
    this.head = 0;
  }
}

function answeredKey(direction: Direction, id: string | number): string {
  return `${direction === 'client->server' ? 'c' : 's'}${typeof id === 'number' ? 'n' : 's'}${id}`;
}
