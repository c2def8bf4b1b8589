// Runs one fuzz campaign straight against the fixture over stdio or Streamable HTTP (no runner),
// for tests that need the campaign's full result, and closes every process it started.
import type fc from 'fast-check';
import { runCampaign, type CampaignResult } from '../../src/fuzz/campaign.js';
import type { Inventory } from '../../src/fuzz/request-cases.js';
import type { CallableTool } from '../../src/fuzz/tool-cases.js';
import type { CaseSpec } from '../../src/fuzz/wire-case.js';
import type { Revision } from '../../src/schema/index.js';
import { initialize, openSession, type Session, type TargetSpec } from '../../src/session/index.js';
import { fixtureCommand, startHttpFixture, type HttpFixture } from '../fixtures/launch.js';

export const REVISION: Revision = '2025-11-25';

export interface FixtureCampaign {
  fault?: string;
  runs: number;
  seed?: number;
  searchMs?: number;
  /** Over Streamable HTTP (JSON replies, or SSE with `sse`) instead of stdio. */
  http?: { sse?: boolean };
  /** The fixture's own options (e.g. `--latency tools/list=1200`). */
  args?: string[];
  /** Longest wait for one answer (default 2000 ms). */
  caseTimeoutMs?: number;
  /** Fixed cases sent first, from what the fixture lists, with their own bounds (CampaignOptions). */
  prefix?: (facts: Awaited<ReturnType<typeof fixtureFacts>>) => CaseSpec[];
  prefixMs?: number;
  generatedMs?: number;
  /** Sees each session the campaign opens, before its first case (to watch what is written on it). */
  onSession?: (session: Session) => void;
}

type Obj = Record<string, unknown>;

async function listAll(session: Session, method: string, key: string): Promise<Obj[]> {
  const items: Obj[] = [];
  let cursor: unknown;
  for (let page = 0; page < 50; page++) {
    const o = await session.request(method, cursor === undefined ? undefined : { cursor });
    if (o.kind !== 'result') break;
    items.push(...((o.result[key] as Obj[] | undefined) ?? []));
    cursor = o.result.nextCursor;
    if (typeof cursor !== 'string') break;
  }
  return items;
}

/** What the fixture lists, and the tools our policy lets us call (read-only, not destructive). */
export async function fixtureFacts(session: Session): Promise<{ inventory: Inventory; callable: CallableTool[] }> {
  const [tools, prompts, resources] = await Promise.all([listAll(session, 'tools/list', 'tools'), listAll(session, 'prompts/list', 'prompts'), listAll(session, 'resources/list', 'resources')]);
  const annotations = (t: Obj) => (t.annotations ?? {}) as Obj;
  return {
    inventory: { tools: tools.map((t) => t.name as string), prompts: prompts.map((p) => p.name as string), resources: resources.map((r) => r.uri as string) },
    callable: tools.filter((t) => annotations(t).readOnlyHint === true && annotations(t).destructiveHint !== true).map((t) => ({ name: t.name as string, inputSchema: t.inputSchema })),
  };
}

/** Opens the fixture, lets `build` pick the cases from what it lists, runs the campaign. */
export async function campaignOnFixture(opts: FixtureCampaign, build: (facts: Awaited<ReturnType<typeof fixtureFacts>>) => fc.Arbitrary<CaseSpec>): Promise<CampaignResult> {
  const opened: Session[] = [];
  let server: HttpFixture | undefined;
  if (opts.http) server = await startHttpFixture({ fault: opts.fault, sse: opts.http.sse, args: opts.args });
  const target: TargetSpec = server ? { transport: 'http', url: server.url } : { transport: 'stdio', command: fixtureCommand({ fault: opts.fault, args: opts.args }) };
  const caseTimeoutMs = opts.caseTimeoutMs ?? 2000;
  const connect = async () => {
    const session = await openSession(target, { revision: REVISION, requestTimeoutMs: 5000 });
    opened.push(session);
    const h = await initialize(session, { protocolVersion: REVISION, capabilities: {} });
    if (h.outcome.kind !== 'result') throw new Error(`fixture initialize: ${h.outcome.kind}`);
    opts.onSession?.(session);
    return session;
  };
  try {
    const first = await connect();
    const facts = await fixtureFacts(first);
    const cases = build(facts);
    return await runCampaign({
      tag: 'fuzz/test',
      cases,
      prefix: opts.prefix?.(facts),
      prefixMs: opts.prefixMs,
      generatedMs: opts.generatedMs,
      seed: opts.seed ?? 1,
      runs: opts.runs,
      searchMs: opts.searchMs ?? 120_000,
      shrinkMs: 20_000,
      caseTimeoutMs,
      softTimeoutMs: 500,
      maxFailures: 5,
      maxRestarts: 20,
      oracle: { crashRequirement: 'STDIO-7', hangRequirement: 'RPC-25', caseTimeoutMs },
      signal: new AbortController().signal,
      first,
      connect,
    });
  } finally {
    await Promise.all(opened.map((s) => s.close().catch(() => undefined)));
    await server?.close();
  }
}
