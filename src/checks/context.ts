// What a check's body gets: its session(s), what the server declared, helpers that record
// wire evidence as they go, and verdict helpers graded by the check's level and kind.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isStateless, type Revision } from '../schema/index.js';
import { initialize, type HandshakeResult } from '../session/handshake.js';
import type { Session } from '../session/session.js';
import type { TargetSpec } from '../session/connect.js';
import type { Evidence, Finding, Outcome, RequestId } from '../session/index.js';
import { CARRIED_BODY_CHARS } from '../session/carried.js';
import type { Check } from './define.js';
import type { SharedScenario } from './shared-scenario.js';
import { GRADED_BECAUSE, gradeViolation, keywordGrade } from './grade.js';
import { describeOutcome } from './outcome.js';
import type { ToolSampleRecord, Verdict } from './types.js';
import type { SendOutcome } from '../transport/types.js';
import type { AuthOptions, SecretSet } from '../auth/index.js';

export interface CheckOptions {
  requestTimeoutMs: number;
  /** Bound on a fresh connection's first answer, apart from requestTimeoutMs (SessionOptions.startTimeoutMs). */
  startTimeoutMs?: number;
  /** Quiet period for "no response expected" checks. */
  quietMs: number;
  /** Tools the user allows us to call ('all' or names); read-only-annotated tools are always allowed. */
  callTools: 'all' | readonly string[];
  /** A tool the user names as slow and safe, for cancellation and progress checks. */
  slowTool?: string;
  /** Call every tool we may call, however many the server offers (default: a seeded sample past 50, suites/lib/tool-sample.ts). */
  allTools?: boolean;
  /** Seed and size for generated inputs (fuzzing). */
  seed?: number;
  fuzzRuns?: number;
  // Set by `mcp-conform fuzz` (absent in a plain run, where the fuzz checks take a modest budget).
  /** Time for sending cases, per fuzz check. */
  fuzzTimeMs?: number;
  /** Time for isolating, shrinking and confirming failures, per fuzz check. */
  fuzzShrinkMs?: number;
  /** Distinct failures shrunk per fuzz check. */
  fuzzMaxFailures?: number;
  /** Which command is running, for the replay lines of fuzz failures. */
  fuzzCommand?: 'run' | 'fuzz';
  /** Called after every fuzz batch (for a live counter). */
  onFuzzProgress?: (checkId: string, progress: FuzzProgress) => void;
  /** The runner's ceiling for one check (ms), when set; long checks plan their budget inside it. */
  checkTimeoutMs?: number;
  /** HTTP: the tokens and credentials for a protected server. */
  auth?: AuthOptions;
  /** The run's secrets; checks add the ones they derive (an altered token), so reports never show them. */
  secrets?: SecretSet;
}

/** A fuzz campaign's counters so far (declared here, below src/fuzz, which reports them). */
export interface FuzzProgress {
  cases: number;
  failures: number;
  elapsedMs: number;
}

export interface ServerFacts {
  /** The revision negotiated on the main session. */
  revision: Revision;
  requestedRevision: string;
  initializeResult: Record<string, unknown>;
  /** How the main session's initialize ended (a result, or why not). */
  handshake: Outcome;
  capabilities: Record<string, unknown>;
  /** The server answered 401 to a request without a token (set by the runner or the auth checks' probe). */
  authRequired?: boolean;
  /** Findings no check claimed (untagged traffic, handshakes), from every session of the run;
   * complete by the time the whole-run checks start. */
  unclaimed: Finding[];
}

export interface RequestCallOptions {
  session?: Session;
  id?: RequestId;
  timeoutMs?: number;
  /** Stateless revisions: `_meta` fields for this request, over the session's defaults. */
  meta?: Record<string, unknown>;
  /** HTTP: extra headers for this request. */
  headers?: Record<string, string>;
  /** HTTP: abort to close the request's response stream. */
  signal?: AbortSignal;
}

export interface ConnectOptions {
  /** Initialize the new session (default true) with these client capabilities. */
  initialize?: boolean;
  clientCapabilities?: Record<string, unknown>;
  protocolVersion?: string;
  /**
   * Keep the session open for the whole run, not just this check: shared work (ctx.shared)
   * whose connection sibling checks continue on. The runner closes it at the end of the run and
   * gives each check the findings its own requests caused there.
   */
  forRun?: boolean;
  /**
   * On stdio, where processes start a few at a time: 'first' for a connection whose check then
   * mostly waits (quiet periods), so the waiting overlaps other starts; 'last' when nothing
   * waits long on it once it has answered (a probe).
   */
  startOrder?: StartOrder;
}

export type StartOrder = 'first' | 'normal' | 'last';

/** Opens sessions for a check; the runner closes them when the check ends (or, `forRun`, when the run ends). */
export type SessionOpener = (opts: { clientCapabilities?: Record<string, unknown>; forRun?: boolean; startOrder?: StartOrder }) => Promise<Session>;

/** Handshakes are the subject of lifecycle/initialize-result; their findings are reported once, run-wide. */
export const HANDSHAKE_TAG = 'run/handshake';

/** Work shared by a run's checks, and the processes of the connections it opened for the run. */
interface SharedEntry {
  value: Promise<unknown>;
  /** Set once it is done: each connection it opened, and which process of it the work saw. */
  processes?: Array<{ session: Session; generation: number }>;
}

/** The shared scenario whose work is running: a scenario asked for inside it is its dependency, not the check's. */
const insideScenario = new AsyncLocalStorage<SharedScenario>();

/** Per run (its facts), per scenario, per variant. */
const sharedWork = new WeakMap<ServerFacts, Map<SharedScenario, Map<string, SharedEntry>>>();

/**
 * A connection the work opened has had its process stopped since (a server that cannot run two
 * copies at once): what the server kept for it (tasks it created) is gone.
 */
const outlived = (entry: SharedEntry) => entry.processes?.some((p) => p.session.processGeneration !== p.generation) ?? false;

/**
 * The run's options as a check sees them: the quiet period (and every window derived from it)
 * stretched with the latency measured on the check's connection (Session.scaled), so a slow
 * server is not taken for a silent one. Read when used, so it follows the latency as it changes.
 */
function withScaledWaits(options: CheckOptions, session: Session): CheckOptions {
  return Object.defineProperty({ ...options }, 'quietMs', { get: () => session.scaled(options.quietMs), enumerable: true });
}

export class CheckContext {
  readonly evidence: Evidence[] = [];
  /** Set when the check called a sample of the tools, not all (the report's toolSample). */
  toolSample?: ToolSampleRecord;
  /** The run's options, the quiet period scaled with the connection's latency (withScaledWaits). */
  readonly options: CheckOptions;
  private readonly opened: Session[] = [];
  /** Connections this check opened for the run (ConnectOptions.forRun). */
  private readonly openedForRun: Session[] = [];
  /** The shared scenarios this check's body asked for itself (not those their work asked for). */
  readonly scenariosUsed = new Set<SharedScenario>();
  constructor(
    readonly check: Check,
    readonly session: Session,
    readonly facts: ServerFacts,
    options: CheckOptions,
    readonly target: TargetSpec,
    private readonly opener: SessionOpener,
    /** Aborted when the check's time is up: long loops should stop early. */
    readonly signal: AbortSignal,
    private readonly donate?: (session: Session) => void,
  ) {
    this.options = withScaledWaits(options, session);
  }

  /**
   * Hands the runner a session this check opened for the run (ConnectOptions.forRun) and no
   * longer needs: initialized at the run's revision, no client capabilities, healthy. The runner
   * may carry disruptive checks on it (stdio: no process of their own).
   */
  offerSession(session: Session): void {
    if (!session.closed) this.donate?.(session);
  }

  get revision(): Revision {
    return this.facts.revision;
  }

  /** Sends a request on `session` (default: the check's own), recording both sides as evidence. */
  async request(method: string, params?: Record<string, unknown>, opts: RequestCallOptions = {}): Promise<Outcome> {
    const s = opts.session ?? this.session;
    const sent = s.buildRequest(method, params, opts);
    this.evidence.push({ type: 'message', direction: 'sent', at: s.now(), message: sent });
    const outcome = await s.sendRequest(sent, { tag: this.check.id, timeoutMs: opts.timeoutMs, headers: opts.headers, signal: opts.signal });
    this.noteOutcome(s, outcome);
    return outcome;
  }

  /** Sends an arbitrary object with an id and waits for the answer to that id. */
  async send(message: Record<string, unknown>, opts: Omit<RequestCallOptions, 'id' | 'meta'> = {}): Promise<Outcome> {
    const s = opts.session ?? this.session;
    this.evidence.push({ type: 'message', direction: 'sent', at: s.now(), message });
    const outcome = await s.sendRequest(message, { tag: this.check.id, timeoutMs: opts.timeoutMs, headers: opts.headers, signal: opts.signal });
    this.noteOutcome(s, outcome);
    return outcome;
  }

  async notify(method: string, params?: Record<string, unknown>, session: Session = this.session): Promise<SendOutcome> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    return this.sendMessage(message, session);
  }

  /** Sends any JSON value as one message, uncorrelated; records the HTTP exchange when there is one. */
  async sendMessage(message: unknown, session: Session = this.session): Promise<SendOutcome> {
    this.evidence.push({ type: 'message', direction: 'sent', at: session.now(), message });
    return this.noteSend(session, await session.sendMessage(message));
  }

  async sendRaw(text: string, session: Session = this.session): Promise<SendOutcome> {
    this.evidence.push({ type: 'message', direction: 'sent', at: session.now(), raw: text });
    return this.noteSend(session, await session.sendRaw(text));
  }

  private noteSend(session: Session, outcome: SendOutcome): SendOutcome {
    if (outcome.http) this.evidence.push({ type: 'http', at: session.now(), request: outcome.http.request, response: outcome.http.response });
    return outcome;
  }

  /** A new session for this check alone; closed (and its process killed) when the check ends. */
  async connect(opts: ConnectOptions = {}): Promise<{ session: Session; handshake?: HandshakeResult }> {
    const session = await this.opener({ clientCapabilities: opts.clientCapabilities, forRun: opts.forRun, startOrder: opts.startOrder });
    (opts.forRun ? this.openedForRun : this.opened).push(session);
    // Stateless revisions have no handshake: a connection is ready as soon as it is open.
    if (opts.initialize === false || isStateless(this.facts.revision)) return { session };
    const handshake = await initialize(session, {
      protocolVersion: opts.protocolVersion ?? this.facts.revision,
      capabilities: opts.clientCapabilities ?? {},
      tag: HANDSHAKE_TAG,
    });
    return { session, handshake };
  }

  /**
   * The scenario's work (src/checks/shared-scenario.ts), computed once per run and `variant` (e.g.
   * a list method) by the first check that asks, awaited by all. A scenario that `keepsState` is
   * done again when a connection it opened for the run has had its process stopped since.
   */
  shared<T>(scenario: SharedScenario<T>, compute: () => Promise<T>, variant = ''): Promise<T> {
    if (!insideScenario.getStore()) this.scenariosUsed.add(scenario);
    let run = sharedWork.get(this.facts);
    if (!run) sharedWork.set(this.facts, (run = new Map()));
    let memo = run.get(scenario);
    if (!memo) run.set(scenario, (memo = new Map()));
    const known = memo.get(variant);
    if (known && !(scenario.keepsState && outlived(known))) return known.value as Promise<T>;
    const from = this.openedForRun.length;
    const entry: SharedEntry = { value: insideScenario.run(scenario, compute) };
    memo.set(variant, entry);
    entry.value.then(
      () => (entry.processes = this.openedForRun.slice(from).map((session) => ({ session, generation: session.processGeneration }))),
      () => undefined,
    );
    return entry.value as Promise<T>;
  }

  /** Sessions this check opened (the runner closes them). */
  get openedSessions(): readonly Session[] {
    return this.opened;
  }

  /** Does the server declare this capability (dotted path, e.g. `resources.subscribe`)? */
  declares(path: string): boolean {
    return declaresCapability(this.facts.capabilities, path);
  }

  // Verdicts

  pass(message?: string): Verdict {
    return { status: 'pass', message, evidence: this.evidence };
  }

  /** The server broke this check's rule; graded by level and kind (MUST+N/S/J → fail, SHOULD or D → warn, MAY → info). */
  violation(message: string, expected?: string, actual?: string): Verdict {
    if (expected !== undefined) this.evidence.push({ type: 'expected', expected, actual: actual ?? '' });
    const status = gradeViolation(this.check);
    const derived = status !== keywordGrade(this.check.level) && this.check.kind === 'D';
    return { status, message, evidence: this.evidence, ...(derived ? { gradedBecause: GRADED_BECAUSE.derived } : {}) };
  }

  /**
   * A response lost for good (a crash, a dropped connection or stream, an answer the server was
   * there to send and did not): RPC-25 is a MUST of its own, so this fails whatever the level of
   * the rule the check was looking at.
   */
  lostResponse(message: string, expected?: string, actual?: string): Verdict {
    if (expected !== undefined) this.evidence.push({ type: 'expected', expected, actual: actual ?? '' });
    return { status: 'fail', message: `${message} (RPC-25: every request gets exactly one response)`, evidence: this.evidence, gradedBecause: GRADED_BECAUSE.lostResponse };
  }

  /**
   * A lesser deviation the check tolerates: always warn (e.g. another error code than the one
   * expected). `because`: why a MUST check only warns here, when GRADED_BECAUSE.tolerated does not say it.
   */
  warn(message: string, expected?: string, actual?: string, because?: string): Verdict {
    if (expected !== undefined) this.evidence.push({ type: 'expected', expected, actual: actual ?? '' });
    return { status: 'warn', message, evidence: this.evidence, ...(because ? { gradedBecause: because } : {}) };
  }

  info(message: string): Verdict {
    return { status: 'info', message, evidence: this.evidence };
  }

  skip(reason: string): Verdict {
    return { status: 'skip', message: reason, evidence: this.evidence };
  }

  note(text: string): void {
    this.evidence.push({ type: 'note', text });
  }

  private noteOutcome(s: Session, outcome: Outcome): void {
    if (outcome.kind === 'result' || outcome.kind === 'error') {
      this.evidence.push({ type: 'message', direction: 'received', at: s.now(), message: outcome.message });
    } else {
      this.evidence.push({ type: 'note', text: describeOutcome(outcome, CARRIED_BODY_CHARS) });
    }
  }
}

/** Does a capabilities object declare `path` (e.g. "resources.subscribe"): present, and not false or null? */
export function declaresCapability(capabilities: Record<string, unknown>, path: string): boolean {
  let cur: unknown = capabilities;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || !(part in cur)) return false;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur !== false && cur !== undefined && cur !== null;
}
