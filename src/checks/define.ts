// A check is a declarative record — id, title, level, requirement ids, spec link,
// revisions, needed capability — plus a short body that returns a verdict with evidence.
import type { Revision } from '../schema/index.js';
import type { CauseKey } from './causes.js';
import type { CheckContext } from './context.js';
import type { SharedScenario } from './shared-scenario.js';
import type { Level, Verdict } from './types.js';

/** The catalog's Kind column: who the rule binds, and so how hard a violation is graded. */
export type Kind = 'N' | 'S' | 'J' | 'D';

/** How a check talks to the server. */
export type Connection =
  | 'shared' // the run's main session, already initialized; for checks that do not disturb it
  | 'fresh' // a new session, initialized by the runner with `clientCapabilities`
  // A session apart from the main one that disruptive checks share (malformed input, odd
  // notifications): side by side, or alone when `runsAlone`; reused while the server stays
  // healthy, replaced when it does not. Saves a server process per check on stdio; over HTTP it
  // is the same as 'fresh'.
  | 'disposable'
  | 'raw'; // a new, un-initialized session: the body does the handshake itself

/**
 * When a check runs: `during` the run (the default), or as a `final`, once every other check is
 * done, one at a time, for checks that judge what the whole run saw (every server message valid).
 */
export type Phase = 'during' | 'final';

export interface CheckSpec {
  /** `<area>/<slug>`: stable across releases. */
  id: string;
  title: string;
  level: Level;
  /** Default 'N'. 'D' (derived) is never graded worse than warn. */
  kind?: Kind;
  requirements: string[];
  /** Spec page and anchor, relative to the revision's spec root, e.g. `basic/lifecycle#initialization`. */
  spec: string;
  /** Revisions the check applies to (default: every stateful revision). */
  revisions?: readonly Revision[];
  /** Transports the check applies to (default: all). */
  transports?: ReadonlyArray<'stdio' | 'http' | 'sse'>;
  /** Why the check does not apply to the other transports, when that says more than their names. */
  notForTransport?: string;
  /** Server capabilities needed (dotted paths, e.g. `resources.subscribe`); missing → skip with reason. */
  needs?: readonly string[];
  connection?: Connection;
  /** Default 'during'. Whole-run checks say 'final' (their ids end in `-whole-run`, a convention for readers only). */
  phase?: Phase;
  /** Run even when the main session's initialize failed (checks about the handshake itself, or that open their own connections). */
  runsWithoutHandshake?: boolean;
  /**
   * Opens connections of its own and waits on their handshakes (version probes, the handshake
   * walk): not run when the server answered nothing at all on the main connection, where each of
   * them would wait the whole request timeout too, for the same verdict.
   */
  opensConnections?: boolean;
  /**
   * On a disposable session, no other check runs beside it: it provokes replies that carry no
   * usable id (unparseable input, invalid ids, broken framing, batches), which a neighbour
   * watching for unsolicited replies could not tell from its own, or it changes session state
   * that others observe (the log level). Other disposable checks share a session concurrently.
   */
  runsAlone?: boolean;
  /**
   * A check that takes a while, mostly waiting (a fuzz campaign, a bounded wait for what may never
   * come): the runner starts it first, beside the others on its connection, so it does not finish last.
   */
  long?: boolean;
  /**
   * Causes (src/checks/causes.ts) this check exists to judge: when it fails of one, the other
   * failures of that cause name it in sameCauseAs, wherever it is in the report.
   */
  explains?: readonly CauseKey[];
  /**
   * The shared scenarios (src/checks/shared-scenario.ts) the body waits on, so the run's plan can
   * list them before it runs; the conformant-fixture runs prove none is left out.
   */
  shares?: readonly SharedScenario[];
  /** Client capabilities declared on a fresh connection. */
  clientCapabilities?: Record<string, unknown>;
  run(ctx: CheckContext): Promise<Verdict>;
}

export type Check = Readonly<CheckSpec>;

export const STATEFUL_REVISIONS: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

const ID = /^[a-z0-9-]+\/[a-z0-9-]+$/;

export function defineCheck(spec: CheckSpec): Check {
  if (!ID.test(spec.id)) throw new Error(`check id must be <area>/<slug> in lowercase: ${spec.id}`);
  if (spec.requirements.length === 0) throw new Error(`check ${spec.id} cites no requirement`);
  return Object.freeze({ kind: 'N', revisions: STATEFUL_REVISIONS, connection: 'shared', phase: 'during', ...spec });
}

export function areaOf(id: string): string {
  return id.slice(0, id.indexOf('/'));
}

export function specUrl(check: Check, revision: Revision): string {
  return `https://modelcontextprotocol.io/specification/${revision}/${check.spec}`;
}
