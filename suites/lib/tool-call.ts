// One tools/call sent untagged with a time budget: past it the call is given up and cancelled
// (CANCEL-1: a polite client lets the server stop the work). Keeps the exchange as evidence
// and the schema findings of the answer for the check that judges it.
import { lostResponse } from '../../src/checks/index.js';
import { isStateless } from '../../src/schema/index.js';
import { keyOf, type Evidence, type Finding, type Outcome, type RequestId, type Session } from '../../src/session/index.js';
import { encodeHeaderValue } from '../../src/transport/index.js';
import { exchangeEvidence, exchangeOn } from './exchange.js';
import { headerParams, headerText } from './stateless-x-mcp-header.js';
import type { ToolDef } from './tool-survey.js';

export interface ToolCall {
  tool: ToolDef;
  args: Record<string, unknown>;
  outcome: Outcome;
  /** Schema findings raised by the answer. */
  findings: Finding[];
  evidence: Evidence[];
  /** The answer is known lost, not late (RPC-25): the connection or the call's stream ended without it. */
  lost?: string;
  /**
   * A request sent behind the unanswered call was answered while the call was not: the server was
   * there, but the call may simply need longer (slow is not broken). Only the caller can tell, from
   * how long the call took elsewhere.
   */
  outlived?: { method: string; ms: number };
}

/** A request sent behind a call that went unanswered: answered while the call still is, it shows the server could have answered. */
export type LivenessProbe = () => Promise<{ method: string; outcome: Outcome }>;

/**
 * `giveUp`, when it settles before the answer, ends the wait early: the call is cancelled and
 * reported as a timeout (the survey stops waiting for a straggler once the other calls are done).
 * `probe`, when given, goes out before that cancellation: answered while the call still is not,
 * that is recorded (`outlived`), not judged: a tool may just take longer than our wait.
 */
export async function callTool(session: Session, tool: ToolDef, args: Record<string, unknown>, timeoutMs: number, giveUp?: Promise<unknown>, probe?: LivenessProbe): Promise<ToolCall> {
  const id = session.allocateId();
  const started = performance.now();
  const exchange = exchangeOn(session, 'tools/call', { name: tool.name, arguments: args }, { id, timeoutMs, headers: paramHeaders(session, tool, args) });
  const first = giveUp ? await Promise.race([exchange, giveUp.then(() => undefined)]) : await exchange;
  const givenUp = () => {
    const carried = session.carried(id);
    return { kind: 'timeout' as const, id, ms: Math.round(performance.now() - started), ...(carried ? { carried } : {}) };
  };
  let x = first ?? { method: 'tools/call', params: { name: tool.name, arguments: args }, at: session.now(), outcome: givenUp(), findings: [] };
  const lost = lostResponse(x.outcome);
  let outlived: ToolCall['outlived'];
  if (x.outcome.kind === 'timeout' && !lost && probe) {
    const behind = await probe();
    // The answer may have come meanwhile: a late answer, not a lost one.
    const settled = first ? undefined : await Promise.race([exchange, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
    if (settled) x = settled;
    else if (behind.outcome.kind === 'result' && !answeredAtAll(session, id)) outlived = { method: behind.method, ms: x.outcome.ms };
  }
  if (x.outcome.kind === 'timeout') {
    await session.notify('notifications/cancelled', { requestId: x.outcome.id, reason: 'mcp-conform: gave up waiting' }).catch(() => undefined);
  }
  return { tool, args, outcome: x.outcome, findings: x.findings, evidence: exchangeEvidence(x), ...(lost ? { lost } : {}), ...(outlived ? { outlived } : {}) };
}

/** Did any response to `id` arrive, even after we stopped waiting? */
function answeredAtAll(session: Session, id: RequestId): boolean {
  const key = keyOf(id);
  return session.received.some((r) => typeof r.message === 'object' && r.message !== null && !('method' in r.message) && keyOf((r.message as { id?: unknown }).id) === key);
}

/**
 * 2026-07-28 over HTTP: the Mcp-Param-* headers a client sends for the tool's x-mcp-header
 * arguments that have a value (S26-29); undefined elsewhere, or when there are none.
 */
export function paramHeaders(session: Session, tool: ToolDef, args: Record<string, unknown>): Record<string, string> | undefined {
  if (session.transport.kind !== 'http' || !isStateless(session.revision)) return undefined;
  const headers: Record<string, string> = {};
  for (const p of headerParams(tool.inputSchema)) {
    const value = args[p.property];
    if (value !== undefined && value !== null) headers[`Mcp-Param-${p.name}`] = encodeHeaderValue(headerText(value));
  }
  return Object.keys(headers).length ? headers : undefined;
}
