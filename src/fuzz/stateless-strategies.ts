// Mutations only the 2026-07-28 wire has: requests whose `_meta` is missing or names a version
// nobody speaks (S26-3, S26-4), and over Streamable HTTP routing headers that disagree with the
// body (S26-25). Unlike other broken input, the revision says how each is refused, so every case
// carries its RefusalRule and the oracle holds the answer to it, not just to "an answer came".
import fc from 'fast-check';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../session/index.js';
import { unlistedToolName, type Inventory } from './request-cases.js';
import { withRequestMeta } from './stateless-wire.js';
import { idSlot, type CaseSpec, type RefusalRule } from './wire-case.js';
import type { Revision } from '../schema/index.js';

type Obj = Record<string, unknown>;
type Strategy = fc.Arbitrary<Omit<CaseSpec, 'strategy'>>;

const INVALID_PARAMS = -32602;
const HEADER_MISMATCH = -32020;
const UNSUPPORTED_VERSION = -32022;
const BAD_REQUEST = 400;

/** Versions no server implements (a day after the revision, far past and future). */
const UNKNOWN_VERSIONS = ['1900-01-01', '2099-12-31', '2026-07-29'];

/** Requests whose meaning needs no listed thing: the mutation, not the method, decides the answer. */
function baseRequests(revision: Revision, inventory: Inventory): fc.Arbitrary<Obj> {
  const request = (method: string, params: Obj = {}) => withRequestMeta({ jsonrpc: '2.0', id: idSlot('number'), method, params }, revision);
  return fc.oneof(
    { withCrossShrink: true },
    fc.constant(request('tools/list')),
    fc.constant(request('server/discover')),
    fc.constant(request('prompts/list')),
    fc.constant(request('resources/list')),
    fc.nat().map((n) => request('tools/call', { name: unlistedToolName(inventory, n), arguments: {} })),
  );
}

/** The request with its `_meta` changed by `edit` (which may drop keys, or all of `_meta`). */
function editMeta(message: Obj, edit: (meta: Obj) => Obj | undefined): Obj {
  const params = { ...(message.params as Obj) };
  const meta = edit({ ...(params._meta as Obj) });
  if (meta === undefined) delete params._meta;
  else params._meta = meta;
  return { ...message, params };
}

/**
 * No `_meta` at all is left out: that is what legacy traffic looks like, which a dual-era server
 * serves as such (S26-37; tmcp does), with answers of the older revisions.
 */
type MetaFault = 'no-protocol-version' | 'no-client-capabilities' | 'capabilities-not-object';

function withoutMeta(message: Obj, fault: MetaFault, bad: unknown): Obj {
  return editMeta(message, (meta) => {
    if (fault === 'no-protocol-version') delete meta[META_PROTOCOL_VERSION];
    else if (fault === 'no-client-capabilities') delete meta[META_CLIENT_CAPABILITIES];
    else meta[META_CLIENT_CAPABILITIES] = bad;
    return meta;
  });
}

export interface StatelessStrategyOptions {
  revision: Revision;
  inventory: Inventory;
  /** Streamable HTTP: routing headers exist, and every refusal is a 400. */
  http: boolean;
}

const META_FAULTS: readonly MetaFault[] = ['no-protocol-version', 'no-client-capabilities', 'capabilities-not-object'];
const NOT_OBJECTS: readonly unknown[] = [null, 'all', [], true, 1];
type HeaderFault = 'method-missing' | 'method-other' | 'name-other' | 'version-other';
const HEADER_FAULTS: readonly HeaderFault[] = ['method-missing', 'method-other', 'name-other', 'version-other'];

/** The case builders, shared by the generated strategies and the fixed prefix. */
function builders({ revision, inventory, http }: StatelessStrategyOptions) {
  const status = http ? { status: BAD_REQUEST } : {};
  const mismatch = (why: string, codes = [HEADER_MISMATCH]): RefusalRule => ({ requirement: 'S26-25', codes, status: BAD_REQUEST, why });
  return {
    missingMeta(m: Obj, fault: MetaFault, bad: unknown): Omit<CaseSpec, 'strategy'> {
      // Without a version in the body, the MCP-Protocol-Version header no longer matches it: -32020 is a fair reading too (S26-25).
      const versionGone = fault === 'no-protocol-version';
      const codes = http && versionGone ? [INVALID_PARAMS, HEADER_MISMATCH] : [INVALID_PARAMS];
      const what = fault === 'capabilities-not-object' ? `clientCapabilities ${JSON.stringify(bad)}` : fault.replace(/-/g, ' ');
      const servedCause = versionGone ? 'served-without-supported-version' : 'served-without-client-capabilities';
      return { message: withoutMeta(m, fault, bad), mustRefuse: { requirement: 'S26-3', codes, ...status, why: `a request with ${what} in _meta`, servedCause } };
    },
    unsupportedVersion(m: Obj, version: string): Omit<CaseSpec, 'strategy'> {
      // Over HTTP the header still names the revision, which no longer matches the body (S26-25).
      const codes = http ? [UNSUPPORTED_VERSION, HEADER_MISMATCH] : [UNSUPPORTED_VERSION];
      return { message: editMeta(m, (meta) => ({ ...meta, [META_PROTOCOL_VERSION]: version })), mustRefuse: { requirement: 'S26-4', codes, ...status, why: `a request in protocol version ${version}`, servedCause: 'served-without-supported-version' } };
    },
    headerMismatch(m: Obj, how: HeaderFault, version: string): Omit<CaseSpec, 'strategy'> {
      if (how === 'method-missing') return { message: m, headers: { 'Mcp-Method': null }, mustRefuse: mismatch('a POST without Mcp-Method') };
      if (how === 'method-other') {
        const other = m.method === 'tools/list' ? 'prompts/list' : 'tools/list';
        return { message: m, headers: { 'Mcp-Method': other }, mustRefuse: mismatch(`Mcp-Method ${other} on a ${String(m.method)} body`) };
      }
      if (how === 'name-other') {
        const call = m.method === 'tools/call' ? m : withRequestMeta({ jsonrpc: '2.0', id: idSlot('number'), method: 'tools/call', params: { name: unlistedToolName(inventory, 1), arguments: {} } }, revision);
        return { message: call, headers: { 'Mcp-Name': 'mcp-conform-fuzz-other-name' }, mustRefuse: mismatch('an Mcp-Name that is not the tool named in the body') };
      }
      // The header names a version nobody speaks; -32022 for it is a fair reading too.
      return { message: m, headers: { 'MCP-Protocol-Version': version }, mustRefuse: mismatch(`MCP-Protocol-Version ${version} on a ${revision} body`, [HEADER_MISMATCH, UNSUPPORTED_VERSION]) };
    },
  };
}

/** The stateless mutations, by name (the header ones over HTTP only). */
export function statelessStrategies(opts: StatelessStrategyOptions): Record<string, Strategy> {
  const base = baseRequests(opts.revision, opts.inventory);
  const build = builders(opts);
  const strategies: Record<string, Strategy> = {
    'stateless/missing-meta': fc.tuple(base, fc.constantFrom(...META_FAULTS), fc.constantFrom(...NOT_OBJECTS)).map(([m, fault, bad]) => build.missingMeta(m, fault, bad)),
    'stateless/unsupported-version': fc.tuple(base, fc.constantFrom(...UNKNOWN_VERSIONS)).map(([m, version]) => build.unsupportedVersion(m, version)),
  };
  if (opts.http) strategies['stateless/header-mismatch'] = fc.tuple(base, fc.constantFrom(...HEADER_FAULTS), fc.constantFrom(...UNKNOWN_VERSIONS)).map(([m, how, version]) => build.headerMismatch(m, how, version));
  return strategies;
}

/**
 * Each refusal rule once, on tools/list, sent before the generated cases: a plain run's hundred
 * cases reach each of them only now and then, and these are the rules 2026-07-28 is about.
 */
export function statelessRefusalCases(opts: StatelessStrategyOptions): CaseSpec[] {
  const m = withRequestMeta({ jsonrpc: '2.0', id: idSlot('number'), method: 'tools/list', params: {} }, opts.revision);
  const build = builders(opts);
  const cases: CaseSpec[] = [
    ...META_FAULTS.map((fault) => ({ strategy: 'stateless/missing-meta', ...build.missingMeta(m, fault, NOT_OBJECTS[0]) })),
    { strategy: 'stateless/unsupported-version', ...build.unsupportedVersion(m, UNKNOWN_VERSIONS[0]) },
  ];
  if (opts.http) cases.push(...HEADER_FAULTS.map((how) => ({ strategy: 'stateless/header-mismatch', ...build.headerMismatch(m, how, UNKNOWN_VERSIONS[0]) })));
  return cases;
}
