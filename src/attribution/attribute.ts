// Decorates a run's failures with the framework they come from: the failures the recognised
// framework is known to give every server built on it (frameworks.ts). Verdicts never change.
import type { Attribution, CheckResult, RunResult } from '../checks/types.js';
import { recognise, type Seen } from './recognise.js';
import type { Transport } from './frameworks.js';

/** The run's checks with `attribution` on each failure known to come from its framework, and the framework found. */
export function attributeFramework(seen: Seen, transport: Transport): { checks: CheckResult[]; framework?: RunResult['framework'] } {
  const plain = seen.checks.map(({ attribution: _stale, ...c }) => c);
  const found = recognise({ ...seen, checks: plain });
  if (!found) return { checks: plain };
  const { framework, by } = found;
  const checks = plain.map((check) => {
    if (check.status !== 'fail') return check;
    const known = framework.failures.find((f) => f.check === check.id && (!f.transports || f.transports.includes(transport)));
    if (!known) return check;
    const attribution: Attribution = { framework: framework.name, versions: framework.versions, recognisedBy: by, does: known.does, fixed: known.fixed, meanwhile: known.meanwhile };
    return { ...check, attribution };
  });
  return { checks, framework: { name: framework.name, versions: framework.versions, recognisedBy: by } };
}
