// Fuzzing: property-based malformed messages, valid requests of every method, and tool
// arguments, sent pipelined on connections of their own (stdio), or as concurrent POSTs each judged by
// its status too (Streamable HTTP), or as POSTs answered on the SSE stream (legacy HTTP+SSE); in
// 2026-07-28 every request carries its `_meta` (and routing headers), server/discover is the
// liveness probe, and requests without `_meta` or with headers that disagree must be refused as
// the revision says. Every failure is shrunk to a minimal input and reported with the bytes,
// what came back, and a command that replays it (src/fuzz/).
// Proof of each check (the fixture fault that must break it): test/proof/fuzz.ts.
import type fc from 'fast-check';
import { defineCheck, HANDSHAKE_TAG, STATEFUL_REVISIONS, defineSharedScenario, type Check, type CheckContext } from '../src/checks/index.js';
import type { Verdict } from '../src/checks/types.js';
import { runCampaign, type CampaignResult } from '../src/fuzz/campaign.js';
import { campaignBudget, checkSeed, fuzzSettings } from '../src/fuzz/options.js';
import { campaignVerdict } from '../src/fuzz/report.js';
import { validTrafficArbitrary, type CostBudget, type Inventory } from '../src/fuzz/request-cases.js';
import { HOSTILE_TEXT, hostileTextCases } from '../src/fuzz/hostile-text.js';
import { toolCaseArbitrary, ungeneratable, type CallableTool } from '../src/fuzz/tool-cases.js';
import type { CaseSpec } from '../src/fuzz/wire-case.js';
import { malformedCaseArbitrary } from '../src/fuzz/wire-strategies.js';
import { statelessRefusalCases } from '../src/fuzz/stateless-strategies.js';
import { isStateless, loadSchemaSet } from '../src/schema/index.js';
import { DEFAULT_START_TIMEOUT_MS, discover, type Session } from '../src/session/index.js';
import { listAll, listWalk } from './lib/list-all.js';
import { argumentsFor, callPermission, toolsOf } from './lib/tool-survey.js';
import { noteSample, sampleTools } from './lib/tool-sample.js';
import { within } from './lib/delay.js';
import { claimSpare, unknownVersionAnswers } from './lib/unknown-version-probes.js';
import { STATELESS } from './lib/stateless-wire.js';
import { preInitializeScenario } from './lib/pre-initialize.js';

type Obj = Record<string, unknown>;

/** Every wire is fuzzed: stdio, Streamable HTTP (stateful and 2026-07-28) and the legacy HTTP+SSE of 2024-11-05. */
const EVERY_REVISION = [...STATEFUL_REVISIONS, ...STATELESS];
const EVERY_TRANSPORT = ['stdio', 'http', 'sse'] as const;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names and uris the server lists, so generated requests can aim at things that exist. */
async function inventory(ctx: CheckContext): Promise<Inventory> {
  const names = async (method: string, key: string, field: string, capability: string) => {
    if (!ctx.declares(capability)) return [];
    const walk = await listAll(ctx, method, key);
    return walk.items.filter(isObj).map((i) => i[field]).filter((v): v is string => typeof v === 'string');
  };
  const [tools, prompts, resources] = await Promise.all([
    names('tools/list', 'tools', 'name', 'tools'),
    names('prompts/list', 'prompts', 'name', 'prompts'),
    names('resources/list', 'resources', 'uri', 'resources'),
  ]);
  return { tools, prompts, resources };
}

/**
 * The campaign's cases and what each method cost the server on the main session (the listing
 * walk measured its pages): a costly listing is drawn only as often as that allows.
 */
function costBudget(ctx: CheckContext): CostBudget {
  return { runs: fuzzSettings(ctx.options).runs, costOf: (method) => ctx.session.costOf(method) };
}

interface FuzzPlan {
  cases: fc.Arbitrary<CaseSpec>;
  /** Fixed cases sent first, before the generated ones (the hostile-text dictionary). */
  prefix?: readonly CaseSpec[];
  crashRequirement: string;
  hangRequirement: string;
  /**
   * Malformed input is refused by the framework before any handler runs, so once the server has
   * answered the ping behind it a missing answer is not coming. Valid requests may reach slow
   * handlers that answer out of order: those wait the whole timeout before a verdict.
   */
  quickConfirm?: boolean;
  /** Well-formed traffic only: may take turns on one session with the other such campaign (see Relay). */
  relay?: boolean;
  /** A spare session claimed before the campaign's own preparation (see malformedMessages). */
  spare?: Promise<Session | undefined>;
}

/**
 * A spare session of the run's probes (stdio: a process fewer). The probes are initialize
 * handshakes, which a 2026-07-28 run does not make: there a campaign opens its own.
 */
function spareFor(ctx: CheckContext): Promise<Session | undefined> {
  return isStateless(ctx.revision) ? Promise.resolve(undefined) : claimSpare(ctx);
}

/** A new, initialized session for a campaign: the first (when no spare is left) and those after crashes. */
async function newCampaignSession(ctx: CheckContext, forRun = false): Promise<Session> {
  const { session, handshake } = await ctx.connect({ clientCapabilities: ctx.check.clientCapabilities, forRun });
  // 2026-07-28 has no handshake, but a dual-era server picks a stdio connection's era from its
  // first request (S26-37): a discover first, so a case without _meta is not taken for legacy traffic.
  if (isStateless(ctx.revision)) {
    await discover(session, { tag: HANDSHAKE_TAG, timeoutMs: ctx.options.requestTimeoutMs });
    return session;
  }
  if (handshake?.outcome.kind !== 'result') throw new Error(`initialize on the new connection ended with ${handshake?.outcome.kind ?? 'nothing'}`);
  return session;
}

/**
 * The campaigns of well-formed traffic (valid requests, tool arguments) take turns on one session
 * over stdio, one process fewer: a campaign that ends clean on the session it started on hands it
 * to the next, which then hands it to the runner (ctx.offerSession). A campaign that finds anything
 * on a session it inherited is run again on a fresh one, and only that verdict counts, so no failure
 * comes from what an earlier campaign left behind.
 */
interface Relay {
  /** Settles when the campaign holding the session is done. */
  turn: Promise<void>;
  session?: Session;
  /** The check that ended clean on it. */
  from?: string;
  /** How long the campaign holding the turn may search (the tool campaign's dictionary makes it longer). */
  holdMs?: number;
  /** Settles when the campaign holding the turn has its session: its hold counts from then. */
  began: Promise<void>;
}
export const fuzzSessionRelay = defineSharedScenario<Relay>({ name: 'fuzz session relay' });

/** Cases run, nothing found, no restart: the session is as healthy as a fresh one. */
function endedClean(result: CampaignResult): boolean {
  return result.cases > 0 && result.failures.length === 0 && result.unattributed.length === 0 && result.restarts === 0 && !result.stopped;
}

/** Runs a campaign on a session of its own (and new ones after crashes) and grades it. */
async function fuzz(ctx: CheckContext, plan: FuzzPlan): Promise<Verdict> {
  const relays = plan.relay === true && ctx.target.transport === 'stdio' && !ctx.check.clientCapabilities;
  if (!relays) return fuzzOnce(ctx, plan);
  const relay = await ctx.shared(fuzzSessionRelay, async (): Promise<Relay> => ({ turn: Promise.resolve(), began: Promise.resolve() }));
  const before = relay.turn;
  const holderBegan = relay.began;
  let done!: () => void;
  let begin!: () => void;
  relay.turn = new Promise((resolve) => (done = resolve));
  relay.began = new Promise((resolve) => (begin = resolve));
  // A campaign still busy after its search is investigating a failure, so it will hand nothing
  // on: past that point the next one stops waiting and starts on a session of its own.
  const s = fuzzSettings(ctx.options, plan.prefix?.length);
  const mine = Math.max(s.searchMs, s.prefixMs ?? 0) + (s.generatedMs ?? 0) + Math.max(s.caseTimeoutMs, s.softTimeoutMs) + 2000;
  const waitMs = relay.holdMs ?? mine;
  relay.holdMs = mine;
  if (!(await awaitTurn(before, holderBegan, waitMs, ctx.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS))) {
    // whoever comes next still waits for the busy one
    void holderBegan.then(begin);
    void before.then(done);
    return fuzzOnce(ctx, plan);
  }
  try {
    const inherited = relay.session && !relay.session.closed ? relay.session : undefined;
    const from = relay.from;
    relay.session = undefined;
    if (!inherited) return await fuzzOnce(ctx, plan, relay, begin);
    begin();
    const result = await campaign(ctx, plan, inherited);
    if (endedClean(result)) {
      // The second campaign is the last to use it: the runner may carry disruptive checks on it.
      ctx.offerSession(inherited);
      const verdict = grade(ctx, result);
      return { ...verdict, message: `${verdict.message ?? ''} (on the session ${from} had ended clean on)`.trim() };
    }
    ctx.note(`something came up on the session ${from} had ended clean on: this verdict is from a run again on a fresh session`);
    return await fuzzOnce(ctx, plan);
  } finally {
    begin();
    done();
  }
}

/**
 * Whether the turn came: the holder's campaign ended within its hold, counted from when it had
 * its session (a spare still starting, or a new process, is a start, not a campaign running long;
 * at 1,000 tools a start took longer than the tool campaign's hold, and the waiter started a
 * server process of its own just before the session it waited for came free), the start bound at
 * most for that.
 */
async function awaitTurn(before: Promise<void>, holderBegan: Promise<void>, holdMs: number, startBoundMs: number): Promise<boolean> {
  const ended = before.then(() => true as const);
  const first = await within(Promise.race([holderBegan.then(() => false as const), ended]), startBoundMs);
  if (first !== false) return first ?? false;
  return (await within(ended, holdMs)) ?? false;
}

/** One campaign on a spare session (stdio: one process fewer) or a new one; with a relay, a clean end hands the session on. */
async function fuzzOnce(ctx: CheckContext, plan: FuzzPlan, relay?: Relay, began?: () => void): Promise<Verdict> {
  let first = ctx.check.clientCapabilities ? undefined : await (plan.spare ?? spareFor(ctx));
  try {
    // Kept past this check (the runner closes it at the end of the run) so it can be handed on.
    first ??= await newCampaignSession(ctx, relay !== undefined);
  } catch (err) {
    return { status: 'fail', message: (err as Error).message, evidence: ctx.evidence };
  } finally {
    began?.();
  }
  const result = await campaign(ctx, plan, first);
  if (relay && endedClean(result) && !first.closed) Object.assign(relay, { session: first, from: ctx.check.id });
  return grade(ctx, result);
}

async function campaign(ctx: CheckContext, plan: FuzzPlan, first: Session): Promise<CampaignResult> {
  const s = fuzzSettings(ctx.options, plan.prefix?.length);
  return runCampaign({
    tag: ctx.check.id,
    cases: plan.cases,
    prefix: plan.prefix,
    seed: checkSeed(ctx.options.seed ?? 0, ctx.check.id),
    ...campaignBudget(s, plan.quickConfirm),
    oracle: { crashRequirement: plan.crashRequirement, hangRequirement: plan.hangRequirement, caseTimeoutMs: s.caseTimeoutMs, stateless: isStateless(ctx.revision) },
    signal: ctx.signal,
    first,
    connect: () => newCampaignSession(ctx),
    // The listing walk measured them on the main session: a fresh campaign process knows nothing yet.
    costOf: (method) => ctx.session.costOf(method),
    onProgress: s.onProgress && ((p) => s.onProgress!(ctx.check.id, p)),
  });
}

function grade(ctx: CheckContext, result: CampaignResult): Verdict {
  const s = fuzzSettings(ctx.options);
  const seed = ctx.options.seed ?? 0;
  return campaignVerdict(ctx, result, { checkId: ctx.check.id, target: ctx.target, seed, revision: ctx.revision, callTools: ctx.options.callTools, command: s.command, durationS: s.durationS });
}

export const malformedMessages = defineCheck({
  id: 'fuzz/malformed-messages',
  shares: [listWalk, unknownVersionAnswers],
  title: 'malformed and hostile input (broken JSON, bad bytes, bad envelopes, huge and deep values) never crashes, hangs or confuses the server',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-11', 'RPC-12', 'RPC-25', 'RPC-7', 'STDIO-7', 'HTTP-8', 'S26-3', 'S26-4', 'S26-25'],
  spec: 'basic#messages',
  revisions: EVERY_REVISION,
  transports: EVERY_TRANSPORT,
  long: true,
  async run(ctx) {
    // First in line for a spare: confirming a failure takes the longest waits of the three campaigns.
    const spare = ctx.check.clientCapabilities ? undefined : spareFor(ctx);
    spare?.catch(() => undefined); // awaited (and its error reported) in fuzz(), after the inventory
    const listed = await inventory(ctx);
    const cases = malformedCaseArbitrary({ set: loadSchemaSet(ctx.revision), inventory: listed, transport: ctx.target.transport, budget: costBudget(ctx) });
    // 2026-07-28: each of its refusal rules once, first (S26-3, S26-4, S26-25).
    const prefix = isStateless(ctx.revision) ? statelessRefusalCases({ revision: ctx.revision, inventory: listed, http: ctx.target.transport === 'http' }) : undefined;
    // Over HTTP, bad input is to be refused with a 4xx (RPC-11), never a 5xx or a broken connection.
    const crashRequirement = ctx.target.transport === 'stdio' ? 'STDIO-7' : 'RPC-11';
    return fuzz(ctx, { cases, prefix, crashRequirement, hangRequirement: 'RPC-25', quickConfirm: true, spare });
  },
});

export const validRequests = defineCheck({
  id: 'fuzz/valid-requests',
  shares: [listWalk, fuzzSessionRelay, unknownVersionAnswers, preInitializeScenario],
  title: 'generated valid requests of every method are each answered exactly once with their id, with a response that fits the schema',
  level: 'MUST',
  kind: 'J',
  requirements: ['RPC-25', 'RPC-2', 'RPC-7', 'HTTP-8'],
  spec: 'basic#responses',
  revisions: EVERY_REVISION,
  transports: EVERY_TRANSPORT,
  long: true,
  async run(ctx) {
    const listed = await inventory(ctx);
    const cases = validTrafficArbitrary(loadSchemaSet(ctx.revision), listed, costBudget(ctx));
    return fuzz(ctx, { cases, crashRequirement: 'RPC-25', hangRequirement: 'RPC-25', relay: true });
  },
});

/** String arguments the hostile-text dictionary goes into in a plain run, whose campaigns are not time-boxed. */
const PLAIN_RUN_PREFIX_ARGUMENTS = 25;

export const toolArguments = defineCheck({
  id: 'fuzz/tool-arguments',
  shares: [listWalk, fuzzSessionRelay, unknownVersionAnswers],
  title: 'tools we may call survive generated, invalid and hostile arguments: an answer every time, never a crash or hang',
  level: 'MUST',
  kind: 'N',
  requirements: ['TOOLS-18', 'HTTP-8'],
  spec: 'server/tools#security-considerations',
  revisions: EVERY_REVISION,
  transports: EVERY_TRANSPORT,
  needs: ['tools'],
  long: true,
  async run(ctx) {
    const tools = toolsOf(await listAll(ctx, 'tools/list', 'tools'));
    // A big catalog is fuzzed on the run's seeded sample of it, the tools the other checks call (tool-sample.ts).
    const sample = sampleTools(
      tools.filter((t) => t.name !== ctx.options.slowTool && callPermission(t, ctx.options).allowed),
      ctx.options,
    );
    noteSample(ctx, sample);
    const callable: CallableTool[] = sample.tools
      .map((t) => {
        const sampled = argumentsFor(t, ctx);
        return { name: t.name, inputSchema: t.inputSchema, baseline: 'args' in sampled ? sampled.args : undefined };
      });
    if (callable.length === 0) {
      return ctx.skip(`none of the ${tools.length} listed tool(s) may be called: only tools annotated readOnlyHint (and not destructiveHint) are, unless --call-tools allows more`);
    }
    ctx.note(`fuzzing ${callable.map((t) => t.name).join(', ')}`);
    for (const u of ungeneratable(callable, ctx.revision)) ctx.note(`${u.name}: ${u.reason}; only invalid arguments are sent`);
    const all = hostileTextCases(callable, ctx.revision);
    // A plain run sends its cases whole (not time-boxed): on a catalog of a thousand tools, the dictionary goes into the first arguments only.
    const prefix = fuzzSettings(ctx.options).timeBoxed ? all : all.slice(0, PLAIN_RUN_PREFIX_ARGUMENTS * HOSTILE_TEXT.length);
    if (prefix.length) ctx.note(`first: ${HOSTILE_TEXT.length} kinds of hostile text in each of ${prefix.length / HOSTILE_TEXT.length} string argument(s)${prefix.length < all.length ? ` (of ${all.length / HOSTILE_TEXT.length}: a plain run takes the first ${PLAIN_RUN_PREFIX_ARGUMENTS}; \`mcp-conform fuzz\` takes them all)` : ''}, ${prefix.length} fixed cases`);
    return fuzz(ctx, { cases: toolCaseArbitrary(callable, ctx.revision), prefix, crashRequirement: 'TOOLS-18', hangRequirement: 'TOOLS-18', relay: true });
  },
});

export const fuzzChecks: readonly Check[] = [malformedMessages, validRequests, toolArguments];
