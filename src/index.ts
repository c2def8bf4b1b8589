// The library API of mcp-conform (docs/api.md). Kept small on purpose: the three entry points,
// their option and result types, and the generated per-revision schema types. Runner, session
// and check internals are not part of it.
import { validateMessage as validate, type ValidateOptions, type ValidationResult } from './schema/index.js';

export { connect, runSuite, McpRequestError, type ConnectOptions, type McpConnection, type RunSuiteOptions, type RequestFailure, type ServerTarget, type TargetOptions } from './api/index.js';
export {
  classify,
  REVISIONS,
  LATEST_STATEFUL,
  type Revision,
  type ValidateOptions,
  type ValidationResult,
  type Problem,
  type ProblemKind,
  type Direction,
  type MessageKind,
  type RequestRef,
} from './schema/index.js';
export type { Rev20241105, Rev20250326, Rev20250618, Rev20251125, Rev20260728 } from './schema/types/index.js';
export type { TargetSpec, Finding, Evidence, ClientIdentity, Outcome, ErrorObject, RequestId } from './session/index.js';
export type { Report, RunResult, CheckResult, Summary, Status, Level } from './checks/index.js';
export { TargetUnreachable } from './transport/types.js';

/**
 * Validates one JSON-RPC message (or batch) against the schema of an MCP revision: the envelope
 * first (jsonrpc, id, result xor error, each rule with its RPC-* requirement id), then the body
 * against the schema of its method; a response is checked against the result schema of the
 * request it answers when `inReplyTo` names it. Never throws for a bad message: read `valid`
 * and `problems` (each with a JSON pointer, what was expected, what was found, and a requirement id).
 *
 * @example
 * const r = validateMessage(msg, { revision: '2025-11-25', direction: 'server->client', inReplyTo: 'tools/list' });
 * if (!r.valid) for (const p of r.problems) console.log(p.message); // "/result/tools/0/name: expected a required member, found nothing"
 */
export function validateMessage(message: unknown, options: ValidateOptions): ValidationResult {
  return validate(message, options);
}
