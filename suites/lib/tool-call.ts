// One tools/call sent untagged with a time budget: past it the call is given up and cancelled
// (CANCEL-1: a polite client lets the server stop the work). Keeps the exchange as evidence
// and the schema findings of the answer for the check that judges it.
import type { Evidence, Finding, Outcome, Session } from '../../src/session/index.js';
import { exchangeEvidence, exchangeOn } from './exchange.js';
import type { ToolDef } from './tool-survey.js';

export interface ToolCall {
  tool: ToolDef;
  args: Record<string, unknown>;
  outcome: Outcome;
  /** Schema findings raised by the answer. */
  findings: Finding[];
  evidence: Evidence[];
}

export async function callTool(session: Session, tool: ToolDef, args: Record<string, unknown>, timeoutMs: number): Promise<ToolCall> {
  const x = await exchangeOn(session, 'tools/call', { name: tool.name, arguments: args }, { timeoutMs });
  if (x.outcome.kind === 'timeout') {
    await session.notify('notifications/cancelled', { requestId: x.outcome.id, reason: 'mcp-conform: gave up waiting' }).catch(() => undefined);
  }
  return { tool, args, outcome: x.outcome, findings: x.findings, evidence: exchangeEvidence(x) };
}
