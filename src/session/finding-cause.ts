// The cause of a session finding, named where the finding is made (see docs/causes.md): an
// answer to one of our requests that does not fit its schema is one behaviour of the server's
// handler for that method, whichever check's request (often a liveness probe) it answered.
// The keys are a family of src/checks/causes.ts; they live here because the session finds them.
import type { Problem } from '../schema/index.js';

/** `invalid-result:<method>` / `invalid-error:<method>`: the server's results (errors) to <method> break the schema. */
export type SchemaCause = `invalid-result:${string}` | `invalid-error:${string}`;

/**
 * The cause a schema problem in an answer to `method` shows: only one inside the result (or the
 * error object); a broken envelope (id, jsonrpc) is no behaviour of the method's handler.
 */
export function schemaCause(p: Pick<Problem, 'kind' | 'pointer'>, method: string | undefined): SchemaCause | undefined {
  if (method === undefined || p.kind !== 'schema') return undefined;
  if (p.pointer === '/result' || p.pointer.startsWith('/result/')) return `invalid-result:${method}`;
  if (p.pointer === '/error' || p.pointer.startsWith('/error/')) return `invalid-error:${method}`;
  return undefined;
}
