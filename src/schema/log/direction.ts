// Who sent a request or notification of an unwrapped log line. (Responses travel opposite to the
// request they answer; the checker finds that request in its table. Wrapped lines and
// --direction say it outright and skip this.) The rules, in order:
//  1. a method that travels one way in the revision's index travels that way; when the revision
//     does not define it, the newest revision that does decides. 2026-07-28's 'embedded' methods
//     (sampling, elicitation, roots) count as server->client: only servers ask for them;
//  2. notifications/cancelled comes from whoever sent the request it cancels;
//  3. other methods that travel both ways: notifications/progress comes from the server (it
//     reports on requests it is serving), ping, tasks/* and the rest from the client;
//  4. a method no revision defines comes from the client: servers answer more than they ask.
import { loadSchemaSet, type MethodDirection } from '../registry.js';
import { REVISIONS, type Revision } from '../revisions.js';
import type { Direction } from '../validate.js';

const NEWEST_FIRST = [...REVISIONS].reverse();

/** Is a request with this id from this sender still waiting for its response? */
export type PendingLookup = (direction: Direction, id: string | number) => boolean;

export function inferSender(
  revision: Revision | undefined,
  kind: 'request' | 'notification',
  method: string,
  params: unknown,
  isPending: PendingLookup,
): Direction {
  const travels = methodDirection(revision, kind, method);
  if (travels === 'client->server' || travels === 'server->client') return travels;
  if (travels === 'embedded') return 'server->client';
  if (method === 'notifications/cancelled') return cancelSender(params, isPending);
  if (method === 'notifications/progress') return 'server->client';
  return 'client->server';
}

function cancelSender(params: unknown, isPending: PendingLookup): Direction {
  const id = (params as { requestId?: unknown } | undefined)?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return 'client->server';
  const byClient = isPending('client->server', id);
  const byServer = isPending('server->client', id);
  return byServer && !byClient ? 'server->client' : 'client->server';
}

// Methods a log's revision does not define are looked up in the others once, then remembered.
const elsewhere = new Map<string, MethodDirection | undefined>();

function methodDirection(revision: Revision | undefined, kind: 'request' | 'notification', method: string): MethodDirection | undefined {
  if (revision) {
    const own = entryOf(revision, kind, method);
    if (own) return own;
  }
  const key = `${kind} ${method}`;
  if (elsewhere.has(key)) return elsewhere.get(key);
  let found: MethodDirection | undefined;
  for (const other of NEWEST_FIRST) {
    found = entryOf(other, kind, method);
    if (found) break;
  }
  // Only names that are real methods somewhere are cached, so a log full of junk names stays bounded.
  if (found) elsewhere.set(key, found);
  return found;
}

/** A notification method sent with an id (or a request without one) still names its method's direction. */
function entryOf(revision: Revision, kind: 'request' | 'notification', method: string): MethodDirection | undefined {
  const index = loadSchemaSet(revision).index;
  const [first, second] = kind === 'request' ? [index.requests, index.notifications] : [index.notifications, index.requests];
  // Own keys only: a method named "constructor" must not find Object.prototype's.
  const entry = Object.hasOwn(first, method) ? first[method] : Object.hasOwn(second, method) ? second[method] : undefined;
  return entry?.direction;
}
