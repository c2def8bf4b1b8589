// The check model: a check is a declarative record plus a short body returning evidence.
// Verdict grading follows the catalog's Kind column (see gradeFor in grade.ts).

export type Level = 'MUST' | 'SHOULD' | 'MAY';
export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'info';
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

export type { Evidence } from '../session/evidence.js';
import type { Evidence } from '../session/evidence.js';
import type { CauseKey } from './causes.js';

/** What a check's body returns. */
export interface Verdict {
  status: Status;
  message?: string;
  evidence?: Evidence[];
  /**
   * What the violations come from (src/checks/causes.ts), only when every one of them has a
   * known cause: a failure with a cause we cannot name must never read as explained by another.
   */
  causes?: CauseKey[];
  /**
   * Why the status differs from what the check's keyword alone gives (a MUST that only warns, a
   * SHOULD that fails): see GRADED_BECAUSE in grade.ts. The record falls back to a generic reason.
   */
  gradedBecause?: string;
  /** The verdict could not be reached because the server was too slow (then status is skip): the figures. */
  tooSlow?: TooSlowVerdict;
}

/** Tools a check called when the server offers more than a run calls (suites/lib/tool-sample.ts): a sample of `of`, drawn by `seed`. */
export interface ToolSampleRecord {
  sampled: number;
  of: number;
  seed: number;
}

/** Why a check was too slow to judge: the wait that reached its ceiling while the server was still busy. */
export interface TooSlowVerdict {
  /** The request whose wait reached the ceiling (or 'check' when the check's own ceiling did). */
  method: string;
  waitedMs: number;
  timeoutMs: number;
  /** The connection's measured latency: the quickest of its recent answers. */
  latencyMs: number;
  /** Answers to earlier requests that arrived during the wait. */
  answeredMeanwhile: number;
  methodLatencyMs?: number;
}

/** One line of a report: the check's record plus its verdict. Field names follow CONTRACT.md. */
export interface CheckResult {
  id: string;
  title: string;
  level: Level;
  status: Status;
  requirements: string[];
  spec: string;
  message?: string;
  evidence: Evidence[];
  durationMs: number;
  /** A failure's causes (keys of src/checks/causes.ts), when every violation behind it has a known one. */
  causes?: string[];
  /** Ids of the failures that show this failure's causes, one per cause (the check whose job it is first): set by the runner (runner/causes.ts). */
  sameCauseAs?: string[];
  /**
   * Set when the status is not what the level alone gives (MUST→fail, SHOULD→warn): the status
   * it was graded as, and why, e.g. 'warn' because the rule is derived (catalog Kind D).
   */
  gradedAs?: Status;
  gradedBecause?: string;
  /** A skip because the server was too slow to judge (session latency.ts): the figures. Counted in summary.tooSlow. */
  tooSlow?: TooSlowVerdict;
  /** A failure known to come from the framework the server is built on (src/attribution): the verdict stands. */
  attribution?: Attribution;
  /** The check called a seeded sample of the tools we may call, not all of them (--all-tools calls every one). */
  toolSample?: ToolSampleRecord;
}

/** Where a failure comes from: the server's framework, what it does, and what the author can do. */
export interface Attribution {
  /** The framework, e.g. "@modelcontextprotocol/sdk 1.x (the official TypeScript SDK)". */
  framework: string;
  /** The versions our knowledge covers. */
  versions: string;
  /** What in the run showed the framework. */
  recognisedBy: string;
  /** What the framework does that fails the check. */
  does: string;
  /** Whether a newer version fixes it, as far as we know. */
  fixed: string;
  /** What the author can do meanwhile (upgrade, configure, a baseline entry). */
  meanwhile: string;
}

export interface Summary {
  total: number;
  pass: number;
  fail: number;
  warn: number;
  skip: number;
  info: number;
  /** Skips the server was too slow to judge (checks with `tooSlow`); they fail nothing. Set on every run's summary. */
  tooSlow?: number;
  /** Distinct causes among the failures: each cause key once, plus each failure of no known cause. Set by the runner. */
  causes?: number;
}

export interface Target {
  /** The config's name for the target (set when it has one); a merged report names every server. */
  name?: string;
  transport: 'stdio' | 'http';
  command?: string[];
  url?: string;
  /** 'client': `mcp-conform client` tested this command as an MCP client (the command is the client's). */
  role?: 'client';
}

/** One run against one revision: the JSON report minus `tool`. */
export interface RunResult {
  target: Target;
  protocolVersion: string;
  seed: number;
  startedAt: string;
  durationMs: number;
  summary: Summary;
  checks: CheckResult[];
  /** Last lines the server wrote to stderr (stdio), for context in reports. */
  stderrTail?: string[];
  /** Which protocol era this run tested: the initialize handshake, or 2026-07-28's stateless wire. */
  era?: Era;
  /**
   * What era detection found: server/discover answered (stateless), initialize answered (stateful).
   * `discoverVersions`: server/discover answered, listing these versions and no 2026 revision we
   * speak, so the server was tested through initialize. `initializeProbe`: server/discover
   * answered and, with no revision asked for, initialize was tried too: what it got, when that
   * showed no stateful era served (a report testing both eras holds them under `runs`).
   */
  eras?: Eras;
  /** HTTP: what the run found about authorization (present when the server asked for it or a token was given). */
  auth?: AuthSummary;
  /**
   * Set when the run stopped early (its deadline passed, SIGINT or SIGTERM): why. Checks it cut
   * short or never started are skipped, "not finished: …" / "not run: …"; the rest stand.
   */
  stopped?: string;
  /** How the run's connections started (stdio: server processes; HTTP: sessions). */
  startup?: Startup;
  /** The framework the server is built on, when the run recognised it (src/attribution). */
  framework?: { name: string; versions: string; recognisedBy: string };
}

/** The starts of a run's connections: a slow start is reported, never failed. */
export interface Startup {
  /**
   * Each connection, in the order its start ended: what it was opened for (`main`, `lane`, or a
   * check id) and ms from opening it (spawn or connect) to the first thing the server sent; null when nothing came.
   */
  connections: Array<{ for: string; ms: number | null }>;
  /** The server could not run two copies at once, so the run ran them one at a time: why it concluded so. */
  oneAtATime?: string;
}

/** Authorization of a run, secrets shown only as fingerprints. */
export interface AuthSummary {
  /** The server answered 401 to a request without a token (the main handshake, or the auth checks' probe). */
  required: boolean;
  /** Where the valid token came from ('none': no token was given). */
  tokenSource: 'none' | 'flag' | 'env' | 'config' | 'header' | 'client-credentials';
  /** The valid token's fingerprint (sha256:…). */
  token?: string;
  /** Set when a token was given: did the server accept it for the main handshake? */
  tokenAccepted?: boolean;
  /** Set when client credentials were given: the authorization server, the tokens it issued, warnings. */
  clientCredentials?: {
    clientId: string;
    issuer?: string;
    obtained: string[];
    warnings: string[];
    problem?: string;
  };
}

export type Era = 'stateful' | 'stateless';

/** What era detection found (RunResult.eras). */
export interface Eras {
  stateless: boolean;
  stateful?: boolean;
  discoverVersions?: string[];
  initializeProbe?: string;
}

/** The JSON report of CONTRACT.md. With a matrix run, `runs` holds one RunResult per revision. */
export interface Report extends RunResult {
  tool: { name: 'mcp-conform'; version: string };
  runs?: RunResult[];
}
