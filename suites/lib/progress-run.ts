// One observation of the slow tool's progress, shared by the progress checks (memoized per
// run): two concurrent calls, one with a string progressToken and one with an integer token,
// and every notifications/progress that arrives until both have answered plus the quiet
// period (to catch progress after a response, PROG-6).
import type { CheckContext } from '../../src/checks/index.js';
import { defineSharedScenario, describeOutcome } from '../../src/checks/index.js';
import type { Evidence, Outcome, RequestId } from '../../src/session/index.js';
import { delay } from './delay.js';
import { isObject } from './json-object.js';
import { findSlowTool, slowCallTimeoutMs } from './slow-tool.js';
import { paramHeaders } from './tool-call.js';

export interface TokenCall {
  token: string | number;
  id: RequestId;
  outcome?: Outcome;
  /** Arrival index of the response among everything the session received during the run. */
  respondedAt?: number;
}

export interface ProgressNote {
  /** Arrival index (compare with TokenCall.respondedAt). */
  seq: number;
  at: number;
  params: Record<string, unknown>;
  message: unknown;
  /** Schema problems of the notification, if any. */
  problems: string[];
}

export type ProgressRun = { skip: string } | { calls: TokenCall[]; notes: ProgressNote[]; tool: string; evidence: Evidence[] };

let counter = 0;

export const progressScenario = defineSharedScenario<ProgressRun>({ name: 'progress run' });

export function progressRun(ctx: CheckContext): Promise<ProgressRun> {
  return ctx.shared(progressScenario, () => observe(ctx));
}

async function observe(ctx: CheckContext): Promise<ProgressRun> {
  const slow = await findSlowTool(ctx);
  if ('skip' in slow) return slow;
  const session = ctx.session;
  const n = ++counter;
  // A non-ASCII string and an integer: both must come back with the same value and JSON type (PROG-7).
  const calls: TokenCall[] = [
    { token: `mcp-conform-tök-${n}`, id: session.allocateId() },
    { token: 4_200_000 + n, id: session.allocateId() },
  ];
  const notes: ProgressNote[] = [];
  const evidence: Evidence[] = [];
  let seq = 0;
  const off = session.onReceive((r) => {
    seq++;
    const m = r.message;
    if (!isObject(m)) return;
    if (m.method === 'notifications/progress') {
      const problems = r.validation.problems.map((p) => p.message);
      notes.push({ seq, at: r.at, params: isObject(m.params) ? m.params : {}, message: m, problems });
    } else if (!('method' in m) && ('result' in m || 'error' in m)) {
      const call = calls.find((c) => String(c.id) === String(m.id));
      if (call && call.respondedAt === undefined) call.respondedAt = seq;
    }
  });
  try {
    const timeoutMs = slowCallTimeoutMs(ctx);
    await Promise.all(
      calls.map(async (call) => {
        const params = { name: slow.tool.name, arguments: slow.args, _meta: { progressToken: call.token } };
        evidence.push({ type: 'message', direction: 'sent', at: session.now(), message: { jsonrpc: '2.0', id: call.id, method: 'tools/call', params } });
        call.outcome = await session.request('tools/call', params, { id: call.id, timeoutMs, headers: paramHeaders(session, slow.tool, slow.args) });
        evidence.push(
          call.outcome.kind === 'result' || call.outcome.kind === 'error'
            ? { type: 'message', direction: 'received', at: session.now(), message: call.outcome.message }
            : { type: 'note', text: `call with token ${JSON.stringify(call.token)}: ${describeOutcome(call.outcome)}` },
        );
      }),
    );
    await delay(ctx.options.quietMs); // progress sent after a response arrives late, if at all
  } finally {
    off();
  }
  return { calls, notes, tool: slow.tool.name, evidence };
}

/** The call whose token is exactly `token` (same value and JSON type). */
export function callWithToken(calls: TokenCall[], token: unknown): TokenCall | undefined {
  return calls.find((c) => c.token === token);
}

/** The call whose token has the same text as `token`, whatever its JSON type. */
export function callWithLooseToken(calls: TokenCall[], token: unknown): TokenCall | undefined {
  return calls.find((c) => (typeof token === 'string' || typeof token === 'number') && String(c.token) === String(token));
}

/** Evidence of up to `max` notifications. */
export function noteEvidence(notes: ProgressNote[], max = 8): Evidence[] {
  return notes.slice(0, max).map((n) => ({ type: 'message', direction: 'received', at: n.at, message: n.message }) as Evidence);
}
