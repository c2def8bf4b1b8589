// Every check that runs at 2026-07-28, and the fault of the fixture's stateless mode
// (--era stateless) that must make it fail (or warn) on each wire it runs on: stdio, and
// Streamable HTTP with JSON and with SSE replies; or, for a wire where it cannot judge anything,
// the recorded reason. Derived from the `stateless` and `exempt` members of the proofs beside
// the checks (test/proof/<area>.ts, read as proof.ts says): add them there, not here.
// The meta test (stateless-faults.test.ts) fails when a check of 2026-07-28 has neither a row
// nor a recorded exemption for one of its wires, and checks that an exempt check does skip there
// on the conformant fixture.
import { PROOFS } from '../proof/index.js';
import { statelessRows, type StatelessFaultRow, type StatelessWire } from '../proof/proof.js';

export { STATELESS_WIRES, type StatelessFaultRow, type StatelessWire } from '../proof/proof.js';

export const STATELESS_FAULT_TABLE: Readonly<Record<string, readonly StatelessFaultRow[]>> = Object.fromEntries(
  Object.entries(PROOFS).flatMap(([id, proof]) => (proof.stateless ? [[id, statelessRows(proof)]] : [])),
);

export const STATELESS_EXEMPT: Readonly<Record<string, Partial<Record<StatelessWire, string>>>> = Object.fromEntries(
  Object.entries(PROOFS).flatMap(([id, proof]) => (proof.exempt ? [[id, proof.exempt]] : [])),
);

export function rowsOf(id: string): readonly StatelessFaultRow[] {
  return STATELESS_FAULT_TABLE[id] ?? [];
}
