// One tools/call sent untagged with a time budget: past it the call is given up and cancelled
// (CANCEL-1: a polite client lets the server stop the work). Keeps the exchange as evidence
// and the schema findings of the answer for the check that judges it.
import { isStateless } from '../../src/schema/index.js';
import type { Evidence, Finding, Outcome, Session } from '../../src/session/index.js';
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
}

export async function callTool(session: Session, tool: ToolDef, args: Record<string, unknown>, timeoutMs: number): Promise<ToolCall> {
  const x = await exchangeOn(session, 'tools/call', { name: tool.name, arguments: args }, { timeoutMs, headers: paramHeaders(session, tool, args) });
  if (x.outcome.kind === 'timeout') {
    await session.notify('notifications/cancelled', { requestId: x.outcome.id, reason: 'mcp-conform: gave up waiting' }).catch(() => undefined);
  }
  return { tool, args, outcome: x.outcome, findings: x.findings, evidence: exchangeEvidence(x) };
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
