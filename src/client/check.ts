// A check of a client: the same declarative record as a server check (id, level, kind, catalog
// ids, spec link, revisions, transports) naming the scenario whose recording it judges, and a
// short body that returns a verdict with wire evidence.
import type { Kind } from '../checks/define.js';
import type { Level, Verdict } from '../checks/types.js';
import type { Revision } from '../schema/index.js';
import type { ClientTransport, ScenarioRecord } from './record.js';
import type { ScenarioName } from './scenarios.js';

export interface JudgeContext {
  /** The revision the scenario negotiated, when it negotiated one we speak. */
  revision?: Revision;
  /** The basic scenario's record: how this client behaves when nothing is wrong. */
  control?: ScenarioRecord;
  requestTimeoutMs: number;
}

export interface ClientCheckSpec {
  /** `client-<area>/<slug>`: stable across releases. */
  id: string;
  title: string;
  level: Level;
  /** Default 'N'; 'D' is never graded worse than warn (except a crash, see the catalog). */
  kind?: Kind;
  /** Ids of spec/client-requirements.md. */
  requirements: string[];
  /** Spec page and anchor under the revision's spec root. */
  spec: string;
  scenario: ScenarioName;
  /** Revisions the check applies to (default: every initialize-based one). */
  revisions?: readonly Revision[];
  /**
   * The run's --protocol-version values (the revision whose server we play) the check applies to,
   * default all: the OAuth discovery a client meets depends on it (2025-03-26: no protected-resource
   * metadata), whatever the client asks for in its initialize, which comes after.
   */
  runRevisions?: readonly Revision[];
  transports?: readonly ClientTransport[];
  judge(record: ScenarioRecord, ctx: JudgeContext): Verdict;
}

export type ClientCheck = Readonly<ClientCheckSpec> & { revisions: readonly Revision[] };

const ID = /^client-[a-z0-9-]+\/[a-z0-9-]+$/;
const ALL: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

export function defineClientCheck(spec: ClientCheckSpec): ClientCheck {
  if (!ID.test(spec.id)) throw new Error(`client check id must be client-<area>/<slug> in lowercase: ${spec.id}`);
  if (spec.requirements.length === 0 || !spec.requirements.every((r) => r.startsWith('CLIENT-'))) throw new Error(`check ${spec.id} must cite client requirement ids`);
  return Object.freeze({ kind: 'N' as Kind, revisions: ALL, ...spec });
}
