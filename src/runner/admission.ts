// Which of the selected checks can run on this target, and why the others cannot: the check
// does not apply (transport, undeclared capability), the server refused us with 401, the
// handshake failed, or the server answered nothing, so connections of the check's own would wait as long.
import { declaresCapability, type Check, type CheckResult, type ServerFacts } from '../checks/index.js';
import type { Outcome, TargetSpec } from '../session/index.js';
import type { AuthOptions } from '../auth/index.js';
import { notApplicable } from './select.js';
import { authSkipReason, refusedForAuth } from './auth-gate.js';
import { record } from './check-record.js';

export interface Admission {
  runnable: Check[];
  skipped: CheckResult[];
  /** The handshake was refused with 401. */
  refused: boolean;
}

export interface AdmissionInput {
  selected: readonly Check[];
  facts: ServerFacts;
  handshake: Outcome;
  stateless: boolean;
  target: TargetSpec;
  auth?: AuthOptions;
  /** How long the main handshake could wait: the request timeout, or the start bound when longer. */
  handshakeWaitMs: number;
}

export function admit(input: AdmissionInput): Admission {
  const { facts, handshake } = input;
  const declares = (path: string) => declaresCapability(facts.capabilities, path);
  const step = input.stateless ? 'server/discover' : 'initialize';
  const ready = handshake.kind === 'result';
  // A server that answered nothing: new connections would each wait the whole timeout as well.
  const silent = handshake.kind === 'timeout';
  const refused = refusedForAuth(handshake);
  const runnable: Check[] = [];
  const skipped: CheckResult[] = [];
  const skip = (check: Check, message: string) => skipped.push(record(check, facts.revision, { status: 'skip', message }, 0));
  for (const check of input.selected) {
    // Refused: what the server declares is unknown, so the 401 is the reason for all but the auth checks.
    const reason = (refused ? authSkipReason(check, input.auth, step) : undefined) ?? notApplicable(check, input.target.transport, declares);
    if (reason) skip(check, reason);
    else if (!ready && check.connection !== 'raw' && !check.runsWithoutHandshake) skip(check, `the server did not complete ${step} (${handshake.kind}), so this check cannot run`);
    else if (silent && check.opensConnections) {
      skip(check, `the server did not answer ${step} on the main connection within ${input.handshakeWaitMs} ms, and the connections this check opens would wait as long, so it did not run`);
    } else runnable.push(check);
  }
  return { runnable, skipped, refused };
}
