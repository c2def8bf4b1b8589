// The suite as a client that may be asked for sampling, elicitation and roots (stateful
// revisions): connections of their own that declare those capabilities, call each tool we may
// call, and answer whatever the server asks with one answer policy. Shared by the
// client-requests checks (once per run and policy). Each request the server sends is kept with
// the tool calls it arrived during, the answer we gave, and how those calls then ended. Over
// Streamable HTTP the calls go side by side (a request on a call's own reply stream names that
// call), on stdio and legacy HTTP+SSE one at a time (a request names the only call in flight).
import { mapLimited, HANDSHAKE_TAG, describeOutcome, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { revisionIndex, type Revision } from '../../src/schema/index.js';
import { initialize, type Outcome, type Received, type ServerRequestReply, type Session } from '../../src/session/index.js';
import { exchangeOn } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { walkPages } from './list-all.js';
import { answerInputRequest, INPUT_METHODS } from './mrtr-client.js';
import { openServerStream } from './server-stream.js';
import { delay } from './delay.js';
import { STRAGGLER_MS, stragglerCutoff } from './straggler.js';
import { violatingContent } from './form-violation.js';
import { callTool, type LivenessProbe, type ToolCall } from './tool-call.js';
import { argumentsFor, CALL_BUDGET_MS, CALL_CONCURRENCY, callableSample, callableTools, toolsOf, type ToolDef } from './tool-survey.js';
import { noteSample, type ToolSample } from './tool-sample.js';

/**
 * How we answer: `cooperate` answers validly (a form filled from its schema, a sampling reply,
 * no roots; URL mode is declined, as we cannot open it); `refuse` declines elicitations and
 * answers sampling with the user-rejected error -1 and roots/list with -32601; `cancel` cancels
 * elicitations and answers sampling with a result missing every field; `violate` accepts a form
 * with content that breaks its requested schema (one property of the wrong type) and answers
 * the rest as `cooperate`.
 */
export type AnswerPolicy = 'cooperate' | 'refuse' | 'cancel' | 'violate';

/** A request the server sent us. */
export interface ServerAsk {
  method: string;
  params: Item;
  received: Received;
  /** Names of the tools whose calls were in flight when it arrived (the likely trigger). */
  during: string[];
  /** It came on a tools/call's own reply stream (Streamable HTTP): `during` names that call for certain. */
  related: boolean;
  answer: ServerRequestReply;
}

export interface ClientRequestRun {
  policy: AnswerPolicy;
  declared: Item;
  session: Session;
  asks: ServerAsk[];
  calls: ToolCall[];
  /** The ones we may not call or could not build arguments for (tools left out of the sample are not named). */
  notCalled: string[];
  /** The tools we may call that the run called: all, or the run's seeded sample (tool-sample.ts). */
  sample: ToolSample<ToolDef>;
  /** notifications/elicitation/complete received. */
  completions: Received[];
  /** The liveness probe sent after every call. */
  alive: Outcome;
}

/** The client capabilities a run declares; URL elicitation (2025-11-25) only in the refusing run, so the others show which modes a form-only client gets. */
export function declaredFor(revision: Revision, policy: AnswerPolicy): Item {
  const caps: Item = { roots: { listChanged: true }, sampling: {} };
  if (revisionIndex(revision) >= revisionIndex('2025-06-18')) caps.elicitation = {};
  if (revision === '2025-11-25' && policy === 'refuse') caps.elicitation = { form: {}, url: {} };
  return caps;
}

/** The answer a policy gives to one request. */
export function answerFor(policy: AnswerPolicy, method: string, params: Item): ServerRequestReply {
  if (policy === 'refuse') {
    if (method === 'elicitation/create') return { result: { action: 'decline' } };
    if (method === 'sampling/createMessage') return { error: { code: -1, message: 'User rejected sampling request' } };
    return { error: { code: -32601, message: 'mcp-conform: roots are unavailable in this run' } };
  }
  if (policy === 'cancel') {
    if (method === 'elicitation/create') return { result: { action: 'cancel' } };
    // Deliberately malformed (SAMP-6): a server should not take it for a sampling result.
    if (method === 'sampling/createMessage') return { result: {} };
  }
  const valid = answerInputRequest({ method, params });
  if (policy === 'violate' && method === 'elicitation/create' && valid.action === 'accept' && isObject(valid.content)) {
    const broken = violatingContent(params.requestedSchema, valid.content);
    if (broken) return { result: { action: 'accept', content: broken.content } };
  }
  return { result: valid };
}

/**
 * The call a request can be laid to, as a list of none or one: the call whose own stream it came
 * on, or the only call in flight that was not given up (a given-up call stays in flight until the
 * server answers its cancellation, which it need not do).
 */
export function askedBy(run: ClientRequestRun, ask: ServerAsk): string[] {
  if (ask.related) return ask.during.slice(0, 1);
  const live = ask.during.filter((name) => callOf(run, name)?.outcome.kind !== 'timeout');
  return live.length === 1 ? live : [];
}

/** The property our `violate` answer to this form elicitation gave a wrong type, if it broke one. */
export function violatedProperty(ask: ServerAsk): string | undefined {
  if (ask.method !== 'elicitation/create' || ask.params.mode === 'url') return undefined;
  return violatingContent(ask.params.requestedSchema, {})?.property;
}

export const clientRequestScenario = defineSharedScenario<ClientRequestRun | { skip: string }>({ name: 'server-to-client requests run' });

/** The run of `policy`, shared by the checks of a run; the calling check notes the sample of tools it called, if there was one. */
export async function clientRequestRun(ctx: CheckContext, policy: AnswerPolicy): Promise<ClientRequestRun | { skip: string }> {
  const run = await sharedRun(ctx, policy);
  if ('sample' in run) noteSample(ctx, run.sample);
  return run;
}

function sharedRun(ctx: CheckContext, policy: AnswerPolicy): Promise<ClientRequestRun | { skip: string }> {
  return ctx.shared(clientRequestScenario, async () => {
    // A run that would only repeat what the cooperating one saw costs no connection (a server
    // process on stdio): the refusing run declares the same capabilities unless URL mode exists.
    // Over HTTP a connection is cheap, so the refusing run goes beside the cooperating one and is
    // dropped the same way when that asked nothing: one run's time instead of two.
    if (policy === 'refuse' && !declaresMore(ctx.revision, policy)) {
      const refused = ctx.target.transport === 'stdio' ? undefined : run(ctx, policy);
      if (await askedNothing(ctx)) {
        await refused?.catch(() => undefined); // its connection closes with the run's, never left mid-call
        return { skip: 'no tool made the server ask anything when we cooperated, so there is nothing to refuse' };
      }
      if (refused) return refused;
    }
    const rerun = RERUNS[policy];
    if (!rerun) return run(ctx, policy);
    // These runs call again only the tools whose requests, in the cooperating or refusing run, they answer their own way.
    const others = await existingRuns(ctx, ['cooperate', 'refuse']);
    const only = new Set(others.flatMap((r) => r.asks.filter(rerun.answersOwnWay).flatMap((a) => rerun.callers(r, a))));
    if (only.size === 0) return { skip: `${nothingAsked(others, rerun.asked)}, ${rerun.nothingLeft}` };
    return run(ctx, policy, only);
  }, policy);
}

/** Does this policy's run declare a capability the cooperating run does not (URL elicitation)? */
function declaresMore(revision: Revision, policy: AnswerPolicy): boolean {
  return JSON.stringify(declaredFor(revision, policy)) !== JSON.stringify(declaredFor(revision, 'cooperate'));
}

async function askedNothing(ctx: CheckContext): Promise<boolean> {
  const r = await clientRequestRun(ctx, 'cooperate');
  return 'asks' in r && r.asks.length === 0;
}

/** What the cancelling policy answers differently from the cooperating one (roots/list it answers the same). */
const CANCEL_ANSWERS_OWN_WAY = new Set(['elicitation/create', 'sampling/createMessage']);

interface Rerun {
  /** A request this policy answers otherwise than the cooperating one: calling its tool again shows something new. */
  answersOwnWay: (ask: ServerAsk) => boolean;
  /** The tools a request is laid to. */
  callers: (run: ClientRequestRun, ask: ServerAsk) => string[];
  /** For the skip: what no tool asked, and why that leaves nothing to do. */
  asked: string;
  nothingLeft: string;
}

/**
 * The policies that call again only the tools that asked, in the other runs, something they answer
 * their own way: calling a tool again only to answer its roots/list as before would show nothing
 * new (and a slow tool in flight meanwhile costs its whole budget). Cancelling calls every tool in
 * flight when such a request came; violating only the one a form can be laid to, as its verdict
 * judges that call.
 */
const RERUNS: Partial<Record<AnswerPolicy, Rerun>> = {
  cancel: { answersOwnWay: (a) => CANCEL_ANSWERS_OWN_WAY.has(a.method), callers: (_run, a) => a.during, asked: [...CANCEL_ANSWERS_OWN_WAY].join(' or '), nothingLeft: 'so there is nothing to cancel' },
  violate: {
    answersOwnWay: (a) => violatedProperty(a) !== undefined,
    callers: (run, a) => askedBy(run, a),
    asked: 'form elicitation/create with a property we could give a wrong type',
    nothingLeft: 'so there is no form to answer wrongly',
  },
};

async function run(ctx: CheckContext, policy: AnswerPolicy, only?: Set<string>): Promise<ClientRequestRun | { skip: string }> {
  const declared = declaredFor(ctx.revision, policy);
  const { session } = await ctx.connect({ forRun: true, initialize: false, clientCapabilities: declared, startOrder: 'first' });
  const asks: ServerAsk[] = [];
  const completions: Received[] = [];
  // Set before initialize: a server may ask right after the handshake.
  session.answerServerRequestsWith(({ method, params }) => answerFor(policy, method, params));
  const stop = session.onReceive((r) => {
    if (!isObject(r.message) || typeof r.message.method !== 'string') return;
    const method = r.message.method;
    if (method === 'notifications/elicitation/complete' && completions.length < 100) completions.push(r);
    if (!('id' in r.message) || !Object.hasOwn(INPUT_METHODS, method) || asks.length >= 200) return;
    const params = isObject(r.message.params) ? r.message.params : {};
    asks.push({ method, params, received: r, ...callsBehind(session, r), answer: answerFor(policy, method, params) });
  });
  try {
    const handshake = await initialize(session, { protocolVersion: ctx.revision, capabilities: declared, tag: HANDSHAKE_TAG });
    if (handshake.outcome.kind !== 'result') return { skip: `initialize with ${JSON.stringify(declared)} failed: ${describeOutcome(handshake.outcome)}` };
    // The tool list may depend on what the client declared (some servers add tools that ask for
    // these capabilities); it asks for nothing, so it need not wait for the server stream. The
    // calls do: a request related to none of them can only come on that stream.
    const [, walk] = await Promise.all([openServerStream(session, ctx.options.requestTimeoutMs), walkPages(session, 'tools/list', 'tools', ctx.signal)]);
    const listed = toolsOf(walk);
    const sample = callableSample(listed, ctx.options);
    const callable = sample.tools.filter((t) => !only || only.has(t.name));
    const mayCall = new Set(callableTools(listed, ctx.options));
    const notCalled = listed.filter((t) => !mayCall.has(t)).map((t) => t.name);
    const planned: Array<{ tool: ToolDef; args: Record<string, unknown> }> = [];
    for (const tool of callable) {
      const built = argumentsFor(tool, ctx);
      if ('reason' in built) notCalled.push(tool.name);
      else planned.push({ tool, args: built.args });
    }
    const calls = await callEach(ctx, session, planned, asks);
    const live = session.liveness;
    const alive = (await exchangeOn(session, live.method, live.params, { timeoutMs: ctx.options.requestTimeoutMs })).outcome;
    return { policy, declared, session, asks, calls, notCalled, sample, completions, alive };
  } finally {
    stop();
  }
}

/**
 * The tool calls a server request arrived during. On a tools/call's own reply stream (Streamable
 * HTTP) it is that call's: the server related it to it. Elsewhere (the GET stream, stdio) all we
 * know is which calls were in flight; listeners run as the message is handled, so those are the
 * ones it arrived during.
 */
function callsBehind(session: Session, r: Received): { during: string[]; related: boolean } {
  const calls = session.inFlight().filter((p) => p.method === 'tools/call' && isObject(p.params));
  const stream = r.http?.stream;
  const own = stream?.kind === 'post' ? calls.filter((p) => p.id === stream.requestId) : [];
  return { during: (own.length ? own : calls).map((p) => String((p.params as Item).name)), related: own.length > 0 };
}

/**
 * One call of each planned tool, in list order. Over Streamable HTTP side by side: a request on a
 * call's own reply stream names that call however many are in flight, and one on the GET stream
 * names every call in flight (all we know). On stdio and legacy HTTP+SSE one at a time, so a
 * request names the only call in flight. A straggler is given up as in the tool survey (straggler.ts), unless the server
 * asks during it (unlessInDialogue).
 */
async function callEach(ctx: CheckContext, session: Session, planned: Array<{ tool: ToolDef; args: Record<string, unknown> }>, asks: ServerAsk[]): Promise<ToolCall[]> {
  const budget = Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS);
  // Legacy HTTP+SSE, like stdio, has one channel for everything the server sends: nothing names the call.
  const sideBySide = session.transport.kind === 'http';
  // One at a time, each call is a batch of its own: a straggler after 1 s.
  const scaled = (ms: number) => session.scaled(ms);
  const batch = sideBySide && planned.length ? stragglerCutoff(planned.length, scaled) : undefined;
  const calls = await mapLimited(planned, sideBySide ? CALL_CONCURRENCY : 1, async ({ tool, args }) => {
    if (ctx.signal.aborted || session.closed) return undefined;
    const cutoff = batch ?? stragglerCutoff(1, scaled);
    const call = await callTool(session, tool, args, budget, cutoff.giveUp.then(() => unlessInDialogue(session, asks, tool.name)), probeIfAsked(ctx, session, asks, tool.name));
    cutoff.ended();
    return call;
  });
  return calls.filter((c): c is ToolCall => c !== undefined);
}

/** Longest wait for the probe sent behind an unanswered call (a server that works one request at a time never answers it). */
const PROBE_MS = 2000;

/**
 * A call given up after the server asked something during it gets a liveness probe before its
 * cancellation: answered while the call is not, the server outlived it; whether that makes the
 * call lost or merely slow the check decides from the call's control figure (outlived.ts).
 */
function probeIfAsked(ctx: CheckContext, session: Session, asks: ServerAsk[], name: string): LivenessProbe {
  return async () => {
    const live = session.liveness;
    if (!asks.some((a) => a.during.includes(name))) return { method: live.method, outcome: { kind: 'timeout', id: 0, ms: 0 } };
    const timeoutMs = Math.min(ctx.options.requestTimeoutMs, PROBE_MS);
    return { method: live.method, outcome: (await exchangeOn(session, live.method, live.params, { timeoutMs })).outcome };
  };
}

/**
 * Settles once a straggler may be given up: never while the server asks on the call's own reply
 * stream (a dialogue: it keeps its whole budget), and not within STRAGGLER_MS of a request that
 * arrived during it where nothing names the call (stdio, the GET stream): server-everything asks
 * for roots on its own right after the handshake, whatever call is then in flight.
 */
async function unlessInDialogue(session: Session, asks: ServerAsk[], name: string): Promise<void> {
  for (;;) {
    const during = asks.filter((a) => a.during.includes(name));
    if (during.some((a) => a.related)) return new Promise<never>(() => {});
    const since = session.now() - Math.max(...during.map((a) => a.received.at), -Infinity);
    const window = session.scaled(STRAGGLER_MS);
    if (since >= window) return;
    await delay(window - since);
  }
}

/** The runs that exist (not skipped), for checks that look at every request the server sent. */
export function allRuns(ctx: CheckContext): Promise<ClientRequestRun[]> {
  return existingRuns(ctx, ['cooperate', 'refuse', 'cancel']);
}

/** The runs of these policies that exist (not skipped). */
async function existingRuns(ctx: CheckContext, policies: AnswerPolicy[]): Promise<ClientRequestRun[]> {
  const runs = await Promise.all(policies.map((p) => clientRequestRun(ctx, p)));
  return runs.filter((r): r is ClientRequestRun => 'asks' in r);
}

/** The requests of one method across runs, with their run. */
export function asksOf(runs: ClientRequestRun[], method: string): Array<{ run: ClientRequestRun; ask: ServerAsk }> {
  return runs.flatMap((run) => run.asks.filter((a) => a.method === method).map((ask) => ({ run, ask })));
}

/** When a request came, for evidence: while which tool call was in flight (its likely trigger), or with none. */
export function triggerOf(ask: ServerAsk): string {
  return ask.during.length ? `while tools/call ${ask.during.join(', ')} was in flight` : 'with no tool call of ours in flight';
}

/** The call of `tool` in a run, if it was made. */
export function callOf(run: ClientRequestRun, tool: string): ToolCall | undefined {
  return run.calls.find((c) => c.tool.name === tool);
}

/** Why there is nothing to judge: the tools called in the runs and what asked for nothing. */
export function nothingAsked(runs: ClientRequestRun[], method: string): string {
  const called = new Set(runs.flatMap((r) => r.calls.map((c) => c.tool.name)));
  const notCalled = [...new Set(runs.flatMap((r) => r.notCalled))].filter((n) => !called.has(n));
  const skipped = notCalled.length ? `; not called: ${notCalled.length > 8 ? `${notCalled.slice(0, 8).join(', ')} (+${notCalled.length - 8} more)` : notCalled.join(', ')} (not annotated readOnlyHint, or no arguments fit: allow a tool with --call-tools)` : '';
  const names = [...called];
  const list = names.length > 8 ? `${names.slice(0, 8).join(', ')} (+${names.length - 8} more)` : names.join(', ') || 'no tool';
  return `no ${method} arrived while we called ${list} on sessions that declared ${JSON.stringify(runs[0]?.declared ?? {})}${skipped}`;
}

export type { ToolDef };
