// Valid client->server requests and notifications of a revision, generated from its schemas,
// made safe to send: tools/call never names a listed tool (tool-cases.ts calls tools, under
// the safe-by-default policy), uris point at listed resources or at a scheme nobody serves
// (never at hosts), cancellations name ids we never use, and methods that would change the
// session itself (initialize, roots/list_changed without roots) are left out.
import fc from 'fast-check';
import type { Revision, SchemaSet } from '../schema/index.js';
import { withRequestMeta } from './stateless-wire.js';
import { validMessageArbitrary } from './schema-arbitrary.js';
import { idSlot, type CaseSpec, type IdSlot } from './wire-case.js';
import { costCappedWeights } from './cost-weights.js';
import type { CostOf } from './queue-cost.js';

/** A campaign's cases and what each method costs the server: a costly one is drawn only as often as that allows (cost-weights.ts). */
export interface CostBudget {
  runs: number;
  costOf: CostOf;
}

/** What the server lists, to aim requests at things that exist (read-only uses only). */
export interface Inventory {
  tools: string[];
  prompts: string[];
  resources: string[];
}

export const EMPTY_INVENTORY: Inventory = { tools: [], prompts: [], resources: [] };

/**
 * Requests the fuzz never sends as valid requests: initialize re-negotiates the session, and a
 * 2026-07-28 subscriptions/listen is answered only when its stream ends, never by itself.
 */
const EXCLUDED_REQUESTS = new Set(['initialize', 'subscriptions/listen']);
/** Notifications we must not send: roots/list_changed from a client that declared no roots. */
const EXCLUDED_NOTIFICATIONS = new Set(['notifications/roots/list_changed']);

export const FUZZ_SCHEME = 'mcp-conform-fuzz';
/** A request id no message of ours ever carries, for cancellations. */
export const NEVER_SENT_ID = 'mcp-conform-fuzz-never-sent';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function requestMethods(set: SchemaSet): string[] {
  return Object.entries(set.index.requests)
    .filter(([m, e]) => (e.direction === 'client->server' || e.direction === 'both') && !EXCLUDED_REQUESTS.has(m))
    .map(([m]) => m)
    .sort();
}

export function notificationMethods(set: SchemaSet): string[] {
  return Object.entries(set.index.notifications)
    .filter(([m, e]) => (e.direction === 'client->server' || e.direction === 'both') && !EXCLUDED_NOTIFICATIONS.has(m))
    .map(([m]) => m)
    .sort();
}

/** A tool name that is not listed, so a valid tools/call never runs anything. */
export function unlistedToolName(inv: Inventory, n: number): string {
  let name = `${FUZZ_SCHEME}-no-such-tool-${n % 100}`;
  while (inv.tools.includes(name)) name += '-x';
  return name;
}

function safeUri(inv: Inventory, choice: number): string {
  const pick = choice % (inv.resources.length + 1);
  return pick < inv.resources.length ? inv.resources[pick] : `${FUZZ_SCHEME}://no-such-resource/${choice % 1000}`;
}

/** Rewrites every `uri` member (resources/read, subscribe, completion refs…) to a safe one. */
function safeUris(value: unknown, inv: Inventory, choice: number): void {
  if (Array.isArray(value)) value.forEach((v) => safeUris(v, inv, choice));
  else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'uri' && typeof v === 'string') value[k] = safeUri(inv, choice);
      else safeUris(v, inv, choice);
    }
  }
}

/**
 * Makes a generated message safe to send (in place). `choice` picks listed things
 * deterministically. Also used on mutated messages, which may still carry these members.
 */
export function makeSafe(message: Obj, inv: Inventory, choice: number): Obj {
  const params = isObj(message.params) ? message.params : undefined;
  if (!params) return message;
  switch (message.method) {
    case 'tools/call':
      params.name = unlistedToolName(inv, choice);
      break;
    case 'prompts/get':
      if (inv.prompts.length && choice % 2 === 0) params.name = inv.prompts[choice % inv.prompts.length];
      break;
    case 'notifications/cancelled':
      if ('requestId' in params) params.requestId = NEVER_SENT_ID;
      break;
  }
  safeUris(params, inv, choice);
  return message;
}

/** A generated request with its id replaced by a slot the engine fills (and in 2026-07-28 our `_meta`, see stateless-wire.ts). */
export function withIdSlot(message: Obj, kind: IdSlot, revision?: Revision): Obj {
  const slotted = { ...message, id: idSlot(kind) };
  return revision ? withRequestMeta(slotted, revision) : slotted;
}

const idKinds = fc.constantFrom<IdSlot>('number', 'string', 'number', 'unicode');

/** Valid requests of `method`, safe to send, as cases expecting exactly one answer. */
export function validRequestCase(set: SchemaSet, method: string, inv: Inventory): fc.Arbitrary<CaseSpec> {
  return fc.tuple(validMessageArbitrary(set, method, 'request'), idKinds, fc.nat()).map(([m, kind, choice]) => ({
    strategy: `valid/${method}`,
    message: withIdSlot(makeSafe(structuredClone(m), inv, choice), kind, set.revision),
  }));
}

/** Valid notifications of `method`: the server must stay silent. */
export function validNotificationCase(set: SchemaSet, method: string, inv: Inventory): fc.Arbitrary<CaseSpec> {
  return fc.tuple(validMessageArbitrary(set, method, 'notification'), fc.nat()).map(([m, choice]) => ({
    strategy: `valid/${method}`,
    message: makeSafe(structuredClone(m), inv, choice),
  }));
}

/** Every client->server request and notification of the revision (requests three times as often, costly ones as their cost allows). */
export function validTrafficArbitrary(set: SchemaSet, inv: Inventory, budget?: CostBudget): fc.Arbitrary<CaseSpec> {
  const requests = requestMethods(set).map((m) => ({ method: m, weight: 3, arbitrary: validRequestCase(set, m, inv) }));
  const notifications = notificationMethods(set).map((m) => ({ method: m, weight: 1, arbitrary: validNotificationCase(set, m, inv) }));
  return fc.oneof(...costCappedWeights([...requests, ...notifications], budget?.runs ?? 0, budget?.costOf));
}

/** Base requests for wire mutations: small, side-effect free methods (costly ones as their cost allows), ping first (shrinks go there). */
export function baseRequestArbitrary(set: SchemaSet, inv: Inventory, budget?: CostBudget): fc.Arbitrary<Obj> {
  const safe = ['ping', 'server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read', 'completion/complete', 'logging/setLevel'];
  const methods = safe.filter((m) => m in set.index.requests);
  const weighted = costCappedWeights(
    methods.map((m) => ({ method: m, weight: 1, arbitrary: validMessageArbitrary(set, m, 'request', { maxDepth: 3 }) })),
    budget?.runs ?? 0,
    budget?.costOf,
  );
  return fc
    .tuple(fc.oneof({ withCrossShrink: true }, ...weighted), idKinds, fc.nat())
    .map(([m, kind, choice]) => withIdSlot(makeSafe(structuredClone(m), inv, choice), kind, set.revision));
}
