// How the log checker grades a method its revision does not define (docs/validate.md).
// - The client asking the server for one is legal JSON-RPC: the server's answer is what is
//   graded (RPC-13). -32601 is right (info), a result is wrong (error), another error code is a
//   warning: the log cannot tell whether the server refused for another reason first (not
//   initialized, a missing 2026-07-28 _meta, an unsupported version).
// - Sending one unasked is graded by who sends it: a server using a method of another revision
//   breaks LIFE-10 (error); a method no revision defines is an extension or a typo (warning);
//   a client's notification is a warning; any server request in 2026-07-28 breaks S26-13.
import { loadSchemaSet } from '../registry.js';
import { REVISIONS, isStateless, type Revision } from '../revisions.js';
import type { Problem } from '../problems.js';
import type { Direction } from '../validate.js';
import type { LogFinding, Severity } from './findings.js';

const METHOD_NOT_FOUND = -32601;

/** A problem that says the server need not serve this client request: it is no method of the server's. */
export function isUnservedRequest(p: Problem, sender: Direction): boolean {
  return sender === 'client->server' && (p.kind === 'unknown-method' || p.kind === 'wrong-direction');
}

/** What the client asked for, in words, for the findings about its answer. */
export function unservedText(p: Problem, revision: Revision): string {
  return p.kind === 'unknown-method' ? `a method ${revision} does not define` : `a method ${revision} does not define for the server to serve`;
}

/**
 * The server's error answer to a client request for a method it need not serve. (A result is
 * graded with the other accepted flawed requests; see the checker.) Undefined: nothing to add.
 */
export function gradeRefusal(
  request: { line: number; subject: string; unserved: string },
  code: unknown,
  line: number,
  subject: string,
): LogFinding | undefined {
  if (code === METHOD_NOT_FOUND) {
    const message = `the client asked for ${request.unserved}; the server answered -32601 (line ${line}), as it should`;
    return { line: request.line, severity: 'info', kind: 'unknown-method', direction: 'client->server', subject: request.subject, message, requirement: 'RPC-13' };
  }
  // A code that is no integer is already an envelope error (RPC-5).
  if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
  const message = `answers the request for ${request.unserved} (line ${request.line}) with error ${code}, not -32601 Method not found (right only if it refused the request for another reason first)`;
  return { line, severity: 'warning', kind: 'correlation', direction: 'server->client', subject, message, requirement: 'RPC-13' };
}

/**
 * A notification, or a server's request, whose method the revision does not define. An error
 * without a message is reported in the schema problem's own words.
 */
export function gradeUnasked(
  kind: 'request' | 'notification',
  method: string,
  sender: Direction,
  revision: Revision,
): { severity: Severity; requirement?: string; message?: string } {
  const byServer = sender === 'server->client';
  if (byServer && kind === 'request' && isStateless(revision)) {
    return { severity: 'error', requirement: 'S26-13', message: `the server sent a JSON-RPC request (${method}), which ${revision} does not allow` };
  }
  const elsewhere = revisionsDefining(kind, method);
  // LIFE-10 covers the stateful revisions only.
  const life10 = byServer && !isStateless(revision);
  if (life10 && elsewhere.length > 0) return { severity: 'error', requirement: 'LIFE-10' };
  const where = elsewhere.length > 0 ? `only ${elsewhere.join(', ')} define${elsewhere.length === 1 ? 's' : ''} it` : 'no revision mcp-conform knows defines it: an extension, or a mistake';
  return { severity: 'warning', requirement: life10 ? 'LIFE-10' : undefined, message: `${JSON.stringify(method)} is not defined in ${revision}; ${where}` };
}

function revisionsDefining(kind: 'request' | 'notification', method: string): Revision[] {
  return REVISIONS.filter((r) => {
    const index = loadSchemaSet(r).index;
    return Object.hasOwn(kind === 'request' ? index.requests : index.notifications, method);
  });
}
