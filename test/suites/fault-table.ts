// Every shipped check, and the fixture fault that must make it fail (or warn, for SHOULD and
// derived rules), derived from the proofs beside the checks: add a check's line to
// test/proof/<area>.ts, not here. The meta test fails when a check has no entry: a check that
// cannot fail is a defect.
import { PROOFS } from '../proof/index.js';
import type { FaultCase } from '../proof/proof.js';

export type { FaultCase } from '../proof/proof.js';

export const FAULT_TABLE: Readonly<Record<string, FaultCase>> = Object.fromEntries(
  Object.entries(PROOFS).map(([id, { stateless: _rows, exempt: _wires, ...run }]) => [id, run]),
);
