// The vitest matchers: schema validity of a whole message, of a result object for a given
// method, and a conformance report with no failing check. Bad matcher arguments (an unknown
// revision or method) throw a TypeError instead of failing: they are mistakes in the test.
import type { MatcherState } from 'vitest';
import type { Report } from '../checks/types.js';
import { isRevision, loadSchemaSet, REVISIONS, validateMessage, type Direction, type Problem, type Revision } from '../schema/index.js';
import { checkLines, checksOf, describeTarget, isFailing, plural, problemLines } from './format.js';

/** Options of `toBeValidMcpMessage`. */
export interface McpMessageMatcherOptions {
  /** The protocol revision whose schema applies. */
  revision: Revision;
  /** Who sent the message (default `'server->client'`). */
  direction?: Direction;
  /**
   * For a response: the method of the request it answers, so its `result` is checked against that
   * method's result schema (without it, only the generic result shape is checked).
   */
  inReplyTo?: string;
}

/** Options of `toMatchMcpResult`. */
export interface McpResultMatcherOptions {
  /** The protocol revision whose schema applies. */
  revision: Revision;
  /** The request's params, when they change the expected result (e.g. a task-augmented `tools/call`). */
  params?: Record<string, unknown>;
}

/** Options of `toPassConformance`. */
export interface ConformanceMatcherOptions {
  /** Warnings (SHOULD violations) fail too, like `mcp-conform run --strict`. */
  strict?: boolean;
}

/** The matchers mcp-conform adds to vitest's `expect` (also usable as asymmetric matchers). */
export interface McpMatchers<R = unknown> {
  /** The value is one valid JSON-RPC message (or batch) of the given MCP revision. */
  toBeValidMcpMessage(options: McpMessageMatcherOptions): R;
  /** The value is a valid `result` object for a request of `method` (e.g. `'tools/list'`). */
  toMatchMcpResult(method: string, options: McpResultMatcherOptions): R;
  /** The value is a report from `runSuite` with no failing check (nor warning, with `strict`). */
  toPassConformance(options?: ConformanceMatcherOptions): R;
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

function revisionOf(matcher: string, options: { revision?: unknown } | undefined): Revision {
  const revision = options?.revision;
  if (!isRevision(revision)) throw new TypeError(`${matcher}: options.revision must be one of ${REVISIONS.join(', ')}, got ${JSON.stringify(revision)}`);
  return revision;
}

const DIRECTIONS: readonly Direction[] = ['client->server', 'server->client'];

/** Problem pointers of a wrapped result, made relative to the result object the user passed. */
function relativeToResult(problems: readonly Problem[]): Problem[] {
  return problems.map((p) => (p.pointer === '/result' || p.pointer.startsWith('/result/') ? { ...p, pointer: p.pointer.slice('/result'.length) } : p));
}

function toBeValidMcpMessage(this: MatcherState, received: unknown, options: McpMessageMatcherOptions): MatcherResult {
  const revision = revisionOf('toBeValidMcpMessage', options);
  const direction = options.direction ?? 'server->client';
  if (!DIRECTIONS.includes(direction)) throw new TypeError(`toBeValidMcpMessage: options.direction must be 'client->server' or 'server->client', got ${JSON.stringify(direction)}`);
  const result = validateMessage(received, { revision, direction, inReplyTo: options.inReplyTo });
  const what = `a valid MCP ${revision} message (${direction}${options.inReplyTo ? `, answering ${options.inReplyTo}` : ''})`;
  return {
    pass: result.valid,
    message: () =>
      result.valid
        ? `expected the value not to be ${what}, but it is (a ${result.kind}${result.method ? ` of ${result.method}` : ''})`
        : `expected the value to be ${what}, but it has ${plural(result.problems.length, 'problem')}:\n${problemLines(result.problems)}`,
  };
}

function toMatchMcpResult(this: MatcherState, received: unknown, method: string, options: McpResultMatcherOptions): MatcherResult {
  const revision = revisionOf('toMatchMcpResult', options);
  const requests = loadSchemaSet(revision).index.requests;
  if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(requests, method)) {
    throw new TypeError(`toMatchMcpResult: ${JSON.stringify(method)} is not a request method of MCP ${revision}`);
  }
  // Validated as the response to a request of `method`, the way the suite checks live traffic.
  const wrapped = { jsonrpc: '2.0', id: 0, result: received };
  const validation = validateMessage(wrapped, { revision, direction: 'server->client', inReplyTo: { method, params: options.params } });
  const problems = relativeToResult(validation.problems);
  const what = `a valid ${method} result of MCP ${revision}`;
  return {
    pass: validation.valid,
    message: () =>
      validation.valid
        ? `expected the value not to be ${what}, but it is`
        : `expected the value to be ${what}, but it has ${plural(problems.length, 'problem')}:\n${problemLines(problems)}`,
  };
}

function toPassConformance(this: MatcherState, received: unknown, options: ConformanceMatcherOptions = {}): MatcherResult {
  const report = received as Report;
  if (typeof report !== 'object' || report === null || report.tool?.name !== 'mcp-conform' || !Array.isArray(report.checks)) {
    throw new TypeError('toPassConformance: expected a report returned by runSuite()');
  }
  const strict = Boolean(options.strict);
  const checks = checksOf(report);
  const failing = checks.filter((c) => isFailing(c, strict));
  const where = `${describeTarget(report)}, ${report.protocolVersion}`;
  const tally = `${report.summary.pass} passed, ${report.summary.fail} failed, ${report.summary.warn} warned, ${report.summary.skip} skipped`;
  return {
    pass: failing.length === 0,
    message: () =>
      failing.length === 0
        ? `expected the server not to pass the conformance checks${strict ? ' (strict)' : ''}, but it did (${where}; ${tally})`
        : `expected the server to pass the conformance checks${strict ? ' (strict)' : ''}, but ${failing.length} of ${plural(checks.length, 'check')} did not pass (${where}; ${tally}):\n${checkLines(failing, Boolean(report.runs))}`,
  };
}

/** The matcher implementations, for `expect.extend(mcpMatchers)`. Importing `mcp-conform/vitest` registers them already. */
export const mcpMatchers = { toBeValidMcpMessage, toMatchMcpResult, toPassConformance };
