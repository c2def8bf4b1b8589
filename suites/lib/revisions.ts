// Revision sets for checks whose rule holds in more than the stateful revisions (defineCheck's
// default). The catalog tags such rows with 26-07 in their Versions column.
import { STATEFUL_REVISIONS } from '../../src/checks/index.js';
import type { Revision } from '../../src/schema/index.js';

/** The stateless revision (no handshake, per-request _meta). */
export const STATELESS_REVISION: Revision = '2026-07-28';

/** Every stateful revision and 2026-07-28: for rules tagged `all` (or ending in 26-07) in the catalog. */
export const WITH_STATELESS: readonly Revision[] = [...STATEFUL_REVISIONS, STATELESS_REVISION];

/** `revisions` plus 2026-07-28. */
export function andStateless(revisions: readonly Revision[]): readonly Revision[] {
  return [...revisions, STATELESS_REVISION];
}
