// The scenarios of `mcp-conform client`: each is one run of the client against our server, which
// answers `initialize` in the scenario's way and, while the client's first request after
// `notifications/initialized` is in progress, plays the scenario's script (requests of its own,
// hostile lines) before answering it. Checks judge what each scenario recorded.
import { LATEST_STATEFUL, REVISIONS, revisionIndex, type Revision } from '../schema/index.js';
import type { ClientTransport } from './record.js';
import type { AuthMode } from './auth-record.js';
import { AUTH_SCENARIOS, authScenarioTable } from './auth-scenarios.js';
import { MODERN_SCENARIOS, modernScenarioTable } from './modern-scenarios.js';

export const SCENARIOS = ['basic', 'older-version', 'unsupported-version', 'malformed-json', 'unknown-id-response', 'invalid-initialize-result', 'session-expired', 'server-cancels', 'get-stream', 'client-abandons', 'fuzz', ...AUTH_SCENARIOS, ...MODERN_SCENARIOS] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** The revisions our server speaks (the initialize-based ones). */
export const SERVED: readonly Revision[] = REVISIONS.filter((r) => r !== '2026-07-28');

/** A version string no revision defines: the client cannot support it. */
export const UNSUPPORTED_VERSION = '1999-01-01';

/** An id far past any a client reaches in a short session, of the type clients mostly use. */
export const NEVER_USED_ID = 987654321;

/** What our cancellation of our own request says. */
export const CANCEL_REASON = 'mcp-conform test: no longer needed';

export type Step =
  | { ask: 'ping' | 'roots/list' | 'sampling/createMessage' | 'elicitation/create'; since?: Revision }
  /**
   * A request of a feature the client declared (sampling, else roots; sampling when neither),
   * at once followed by our notifications/cancelled for it; its response is not waited for
   * before the next step, only before the scenario ends (up to the request timeout).
   */
  | { askThenCancel: true }
  /**
   * HTTP: wait (up to the request timeout) for the client to open the standalone GET stream; send
   * a ping on it; once answered, end the stream (after a `retry` field) and wait for a resuming GET.
   */
  | { standaloneStream: true }
  /**
   * The request in progress is never answered: wait until the client cancels it or ends its side,
   * up to ABANDON_WAIT_TIMEOUTS request timeouts (past the ABANDON_AFTER_MS we ask it to use).
   */
  | { withhold: true }
  /** The run's fuzz cases (src/client/fuzz.ts), each followed by a ping; the first unanswered ping ends them. */
  | { fuzz: true }
  | { raw: string; what: string }
  | { message: Record<string, unknown>; what: string };

export interface InitializeAnswer {
  /** The result, or what stands in for it. */
  result: Record<string, unknown>;
  /** The version the result names (a revision, or our unsupported string). */
  answered: string;
}

export interface Scenario {
  name: ScenarioName;
  /** One line for the report and docs. */
  about: string;
  initialize(requested: unknown, serverInfo: { name: string; version: string }): InitializeAnswer;
  script: readonly Step[];
  /** The transports the scenario can be played over (default both). */
  transports?: readonly ClientTransport[];
  /**
   * HTTP: the client's first request after notifications/initialized is answered 404, as for a
   * session the server ended; so is everything carrying that session id from then on. A new
   * initialize gets a new session, whose first request runs the script.
   */
  expireSession?: boolean;
  /** HTTP: our endpoint is an OAuth protected resource, with an authorization server of its own (auth-scenarios.ts). */
  auth?: AuthMode;
  /** Added to MCP_CONFORMANCE_CONTEXT's mcpConform: what the scenario asks of a conformance client. */
  contextHint?: Record<string, unknown>;
  /** HTTP: a GET of the endpoint opens a standalone SSE stream (otherwise 405). */
  offersStream?: boolean;
  /** The eras the scenario is played in (default the initialize-based one); the run's revision picks the era. */
  eras?: readonly ScenarioEra[];
  /** 2026-07-28: the client's first tools/call is answered with an InputRequiredResult (modern-scenarios.ts). */
  inputRequired?: boolean;
}

export type ScenarioEra = 'initialize' | 'modern';

/** The era of a run: 2026-07-28 is served without a handshake, every other revision with initialize. */
export const eraOf = (protocolVersion: string): ScenarioEra => (protocolVersion === '2026-07-28' ? 'modern' : 'initialize');

/** Whether a scenario is played in a run of this era. */
export const playedIn = (scenario: Scenario, era: ScenarioEra): boolean => (scenario.eras ?? ['initialize']).includes(era);

/**
 * The request timeout we ask a client to use in the client-abandons scenario (MCP_CONFORMANCE_CONTEXT's
 * mcpConform.requestTimeoutMs), and how long we wait for its cancellation: this plus 2 request timeouts.
 */
export const ABANDON_AFTER_MS = 1000;

/** The SSE retry (ms) we send on a standalone stream before we end it. */
export const STREAM_RETRY_MS = 500;

/** The revision we answer a request for: the same when we serve it, else our newest. */
export function servedVersion(requested: unknown): Revision {
  return SERVED.includes(requested as Revision) ? (requested as Revision) : LATEST_STATEFUL;
}

/** The revision before the negotiated one that best shows the client used it (2025-06-18 has the HTTP header); undefined for the oldest. */
export function olderVersion(requested: unknown): Revision | undefined {
  const served = servedVersion(requested);
  const index = revisionIndex(served);
  if (index === 0) return undefined;
  return index > revisionIndex('2025-06-18') ? '2025-06-18' : REVISIONS[index - 1];
}

function result(version: string, serverInfo: { name: string; version: string }): Record<string, unknown> {
  return { protocolVersion: version, capabilities: { tools: {} }, serverInfo };
}

const ordinary = (requested: unknown, info: { name: string; version: string }): InitializeAnswer => {
  const version = servedVersion(requested);
  return { result: result(version, info), answered: version };
};

/** Every request a server may send a client, in the order we send them. */
const SERVER_REQUESTS: readonly Step[] = [
  { ask: 'ping' },
  { ask: 'roots/list' },
  { ask: 'sampling/createMessage' },
  { ask: 'elicitation/create', since: '2025-06-18' },
];

export const SCENARIO_TABLE: Readonly<Record<ScenarioName, Scenario>> = {
  basic: {
    name: 'basic',
    about: 'the handshake at the revision the client asks for, then ping, roots/list, sampling/createMessage and elicitation/create while its first request is in progress',
    initialize: ordinary,
    script: SERVER_REQUESTS,
    // The others' control in both eras: in 2026-07-28, each request answered on its own.
    eras: ['initialize', 'modern'],
  },
  'older-version': {
    name: 'older-version',
    about: 'initialize answered with an older revision than the client asked for, then a ping',
    initialize: (requested, info) => {
      const version = olderVersion(requested) ?? servedVersion(requested);
      return { result: result(version, info), answered: version };
    },
    script: [{ ask: 'ping' }],
  },
  'unsupported-version': {
    name: 'unsupported-version',
    about: `initialize answered with version ${UNSUPPORTED_VERSION}, which no revision defines`,
    initialize: (_requested, info) => ({ result: result(UNSUPPORTED_VERSION, info), answered: UNSUPPORTED_VERSION }),
    script: [],
  },
  'malformed-json': {
    name: 'malformed-json',
    about: 'a message that is not valid JSON, then a ping',
    initialize: ordinary,
    script: [{ raw: '{"jsonrpc":"2.0","method":', what: 'a truncated JSON object' }, { ask: 'ping' }],
  },
  'unknown-id-response': {
    name: 'unknown-id-response',
    about: 'a response to an id the client never used, then a ping',
    initialize: ordinary,
    script: [{ message: { jsonrpc: '2.0', id: NEVER_USED_ID, result: {} }, what: `a result for id ${NEVER_USED_ID}` }, { ask: 'ping' }],
  },
  'invalid-initialize-result': {
    name: 'invalid-initialize-result',
    about: 'initialize answered with a result that breaks the schema (a numeric protocolVersion, no capabilities, no serverInfo)',
    initialize: (requested) => ({ result: { protocolVersion: 20251125 }, answered: String(servedVersion(requested)) }),
    script: [],
  },
  'session-expired': {
    name: 'session-expired',
    about: 'HTTP: the first request after the handshake answered 404, as for a session the server ended; a new initialize starts a new session, then a ping',
    initialize: ordinary,
    script: [{ ask: 'ping' }],
    transports: ['http'],
    expireSession: true,
  },
  'server-cancels': {
    name: 'server-cancels',
    about: 'a request of ours (sampling/createMessage, or roots/list) at once cancelled with notifications/cancelled, then a ping',
    initialize: ordinary,
    script: [{ askThenCancel: true }, { ask: 'ping' }],
  },
  'get-stream': {
    name: 'get-stream',
    about: `HTTP: a GET opens a standalone SSE stream; a ping on it, then the stream ended after retry: ${STREAM_RETRY_MS}, and a GET with Last-Event-ID awaited`,
    initialize: ordinary,
    script: [{ standaloneStream: true }],
    transports: ['http'],
    offersStream: true,
  },
  'client-abandons': {
    name: 'client-abandons',
    about: `the client's first request after initialized is never answered (MCP_CONFORMANCE_CONTEXT asks for a ${ABANDON_AFTER_MS} ms request timeout); we wait for its notifications/cancelled`,
    initialize: ordinary,
    script: [{ withhold: true }],
    contextHint: { requestTimeoutMs: ABANDON_AFTER_MS },
  },
  fuzz: {
    name: 'fuzz',
    about: 'generated hostile messages (requests, notifications and responses that break the schema or JSON-RPC, other JSON, other text), each followed by a ping',
    initialize: ordinary,
    script: [{ fuzz: true }],
  },
  ...authScenarioTable(ordinary),
  ...modernScenarioTable(ordinary),
};

/** Params of the requests we send: small, valid, asking for nothing a user must think about. */
export function askParams(method: string): Record<string, unknown> | undefined {
  switch (method) {
    case 'sampling/createMessage':
      return { messages: [{ role: 'user', content: { type: 'text', text: 'mcp-conform test: reply with any short text' } }], maxTokens: 16 };
    case 'elicitation/create':
      return { message: 'mcp-conform test: any answer will do', requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } } };
    default:
      return undefined;
  }
}
