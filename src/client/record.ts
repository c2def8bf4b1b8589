// What one scenario's run saw on the wire, kept for the checks to judge afterwards: every message
// in both directions (with the HTTP request behind an inbound one), our requests to the client
// and how each ended, and how the client's side ended.
import type { Evidence } from '../session/evidence.js';
import type { FuzzFinding } from './fuzz.js';
import type { AuthLog } from './auth-record.js';

export type ClientTransport = 'stdio' | 'http';

/** The HTTP request that carried an inbound message (or carried none: a GET, a DELETE). */
export interface HttpRequestSeen {
  method: string;
  path: string;
  /** Header names in lowercase. */
  headers: Record<string, string>;
  /** The status we answered with. */
  status: number;
  /** An initialize POST: the session id we issued with its result (a new session). */
  issuedSession?: string;
}

/** The path every MCP message goes to (requests elsewhere, e.g. OAuth discovery, are no MCP traffic). */
export const MCP_PATH = '/mcp';

export const atMcpEndpoint = (e: WireEvent): boolean => e.http !== undefined && e.http.path.split('?')[0] === MCP_PATH;

/**
 * The session an inbound message belongs to: over HTTP the session id it carried (initialize: the
 * one we issued with its result); over stdio the one connection. A client may open several.
 */
export function sessionOf(e: WireEvent): string {
  if (!e.http) return 'stdio';
  return e.http.issuedSession ?? e.http.headers['mcp-session-id'] ?? '(no session id)';
}

export interface WireEvent {
  /** ms since the scenario started. */
  at: number;
  /** `in`: the client sent it; `out`: we did. */
  dir: 'in' | 'out';
  /** The parsed message; absent for raw bytes that are no JSON (ours: the hostile lines). */
  message?: unknown;
  raw: string;
  http?: HttpRequestSeen;
}

/** One request we sent to the client, and how it ended. */
export interface Ask {
  method: string;
  id: number;
  sentAt: number;
  outcome: 'answered' | 'timeout' | 'gone';
  response?: Record<string, unknown>;
  endedAt?: number;
  /** ms at which we sent notifications/cancelled for it (the server-cancels scenario). */
  cancelledAt?: number;
  /** Sent on the standalone GET stream (its index in `streams`), not on a POST's response. */
  onStream?: number;
}

/** A standalone SSE stream the client opened with GET (the get-stream scenario). */
export interface StreamSeen {
  openedAt: number;
  /** The Mcp-Session-Id the GET carried. */
  session?: string;
  /** The Last-Event-ID header the GET carried. */
  lastEventId?: string;
  /** The ids of the events we sent on it, in order. */
  eventIds: string[];
  /** When we ended it (after our request on it was answered), having sent `retry: retryMs`. */
  droppedAt?: number;
  /** When the client closed it. */
  closedAt?: number;
}

export interface ClientEnd {
  /** exit: the process ended; closed: it closed our stdin (stdio) or sent DELETE (HTTP). */
  how: 'exit' | 'closed';
  at: number;
  code?: number | null;
  signal?: string | null;
  /** We ended it: the scenario was over and the client still running. */
  byUs?: boolean;
}

export interface ScenarioRecord {
  scenario: string;
  transport: ClientTransport;
  events: WireEvent[];
  asks: Ask[];
  /** The protocolVersion the client asked for in initialize. */
  requested?: unknown;
  /** The protocolVersion we answered with (a revision, or a deliberately unsupported string). */
  answered?: string;
  /** The capabilities the client declared in initialize. */
  capabilities?: Record<string, unknown>;
  /** The session id we issued last (HTTP), and every one we issued, in order (a client may open several sessions). */
  sessionId?: string;
  sessions: string[];
  /** The session we ended (answered 404) in the session-expired scenario, and when. */
  expiredSession?: string;
  expiredAt?: number;
  /** ms at which we sent the initialize reply. */
  initializedAt?: number;
  /** The client's request in progress when our script ran (its method and id), if one came. */
  trigger?: string;
  triggerId?: unknown;
  /** client-abandons: ms at which we began withholding the answer to the trigger (it is never sent). */
  withheldAt?: number;
  /** Each way the client's side ended, in order (exit, stdin closed, DELETE). */
  ends: ClientEnd[];
  /** Fuzz cases sent (the fuzz scenario), and the one after which our ping went unanswered. */
  fuzzSent?: number;
  fuzzStoppedAt?: number;
  /** The fuzz campaign's failure, found, confirmed on a fresh client and shrunk (src/runner/client-fuzz.ts). */
  fuzzFinding?: FuzzFinding;
  /** Standalone GET streams the client opened, in order (the get-stream scenario), and the SSE retry we sent on them. */
  streams: StreamSeen[];
  streamRetryMs?: number;
  /** The stream our script used: the first one opened on the session of the request in progress (HTTP: its Mcp-Session-Id, `triggerSession`). */
  streamUsed?: number;
  triggerSession?: string;
  /** The scenario hit its overall bound with the client still running. */
  boundHit: boolean;
  stderrTail: string[];
  /** Things the harness noticed (a second connection, an unreadable body). */
  notes: string[];
  /** OAuth scenarios: the authorization server's and the metadata's traffic, tokens, challenges. */
  auth?: AuthLog;
  /** 2026-07-28: our server spoke the modern era (no handshake); `answered` is 2026-07-28 once a request named it. */
  era?: 'modern';
  /** The input-required scenario: the tools/call we answered with an InputRequiredResult, and what it asked (key → request). */
  inputRequired?: { requestId: unknown; asked: Record<string, Record<string, unknown>>; at: number };
}

export function newRecord(scenario: string, transport: ClientTransport): ScenarioRecord {
  return { scenario, transport, events: [], asks: [], ends: [], sessions: [], streams: [], boundHit: false, stderrTail: [], notes: [] };
}

/**
 * Inbound messages of the session, in order: every message that parsed but the era probes (a
 * dual-era client's server/discover before its initialize, which our 2025-era server refuses:
 * they belong to no initialize-based session, and may come on a connection of their own).
 */
export function inbound(record: ScenarioRecord): WireEvent[] {
  const probes = new Set(eraProbes(record));
  return record.events.filter((e) => e.dir === 'in' && e.message !== undefined && !probes.has(e));
}

/** server/discover requests the client sent before its first initialize (2026-07-28's era probe). */
export function eraProbes(record: ScenarioRecord): WireEvent[] {
  const probes: WireEvent[] = [];
  // Served in the modern era, server/discover is a request of the session like any other.
  if (record.era === 'modern') return probes;
  for (const e of record.events) {
    const m = e.message as { method?: unknown; id?: unknown } | undefined;
    if (e.dir !== 'in' || !m) continue;
    if (m.method === 'initialize') break;
    if (m.method === 'server/discover' && 'id' in m) probes.push(e);
  }
  return probes;
}

/** The client ended its side (exit or close) at or before `at`. */
export function endedBy(record: ScenarioRecord, at: number): ClientEnd | undefined {
  return record.ends.find((e) => e.at <= at);
}

/** A wire event as report evidence. */
export function toEvidence(event: WireEvent): Evidence {
  if (event.http && event.dir === 'in') {
    return {
      type: 'http',
      at: event.at,
      request: { method: event.http.method, url: event.http.path, headers: event.http.headers, ...(event.raw ? { body: event.raw } : {}) },
      response: { status: event.http.status, headers: {} },
    };
  }
  const base = { type: 'message' as const, direction: event.dir === 'in' ? ('received' as const) : ('sent' as const), at: event.at };
  return event.message !== undefined ? { ...base, message: event.message } : { ...base, raw: event.raw };
}
