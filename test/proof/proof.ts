// What a check's proof is. Every shipped check passes on the conformant fixture and must fail
// (or warn, for SHOULD and derived rules; info for a MAY) on one fixture fault: a check that
// cannot fail is a defect. test/proof/<area>.ts holds the proofs of suites/<area>.ts, one line
// per check, keyed by check id:
//
//   'errors/parse-error': { fault: 'no-parse-error', expect: 'fail', stateless: 'same' },
//
// reads: under FAULT=no-parse-error the check fails, over stdio at the newest stateful revision;
// and at 2026-07-28 the same fault fails it on each wire it runs on there (stdio, Streamable HTTP
// with JSON and with SSE replies). test/suites/checks-fail-on-faults.test.ts runs the first part,
// stateless-faults.test.ts the second; both fail when a check has no proof.
import type { Revision } from '../../src/schema/index.js';
import type { FaultName } from '../fixtures/faults.js';

export type Verdict = 'fail' | 'warn' | 'info';

/** The wires of 2026-07-28 the fixture serves. */
export type StatelessWire = 'stdio' | 'http-json' | 'http-sse';
export const STATELESS_WIRES: readonly StatelessWire[] = ['stdio', 'http-json', 'http-sse'];

/** The run that breaks a check, in the fixture's stateful era unless `era` says otherwise. */
export interface FaultCase {
  fault: FaultName;
  /** The verdict the fault must produce. */
  expect: Verdict;
  /** The wire (default stdio); 'sse' is the legacy HTTP+SSE transport of 2024-11-05. */
  transport?: 'stdio' | 'http' | 'sse';
  /** HTTP only: the fixture answers requests with SSE streams instead of JSON bodies. */
  sse?: boolean;
  /** The revision to negotiate, for checks that apply to some revisions only (default: the newest). */
  protocolVersion?: Revision;
  /** The fixture's era: 2026-07-28 checks need 'stateless' (or 'dual'). */
  era?: 'stateless' | 'dual';
  /** HTTP: the fixture's auth mode, the run given its tokens; 'jwt': its JWT mode, the run given client credentials of the test authorization server. */
  auth?: boolean | 'jwt';
}

/** The fault of the fixture's stateless mode (--era stateless) that breaks a check at 2026-07-28. */
export interface StatelessFaultRow {
  fault: FaultName;
  expect: Verdict;
  /** The wires this row covers (default: every wire the check runs on that is not exempt). */
  wires?: readonly StatelessWire[];
  /** HTTP: the fixture's auth mode, the run given its tokens. */
  auth?: boolean;
}

export interface Proof extends FaultCase {
  /**
   * For a check whose revisions include 2026-07-28: 'same' (this fault and verdict, on every wire
   * the check runs on that is not exempt; with the auth mode when `auth` is true), or rows of
   * its own. The same fault name works when the fault lives in the handlers both eras share
   * (fixtures/lib/fault-hooks.ts).
   */
  stateless?: 'same' | StatelessFaultRow | readonly StatelessFaultRow[];
  /**
   * Wires of 2026-07-28 where the check cannot judge anything, with the reason (reasons.ts):
   * stateless-faults.test.ts requires the check to skip there on the conformant fixture, so an
   * exemption is a tested fact.
   */
  exempt?: Partial<Record<StatelessWire, string>>;
}

export type AreaProofs = Readonly<Record<string, Proof>>;

/** A proof's rows at 2026-07-28 (none for a check that does not run there). */
export function statelessRows(proof: Proof): readonly StatelessFaultRow[] {
  const { stateless } = proof;
  if (stateless === undefined) return [];
  if (stateless === 'same') return [{ fault: proof.fault, expect: proof.expect, ...(proof.auth === true ? { auth: true } : {}) }];
  return Array.isArray(stateless) ? stateless : [stateless as StatelessFaultRow];
}
