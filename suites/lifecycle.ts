// Lifecycle: the initialize handshake, version negotiation, ping, and shutdown.
// Proof of each check (the fixture fault that must break it): test/proof/lifecycle.ts.
import { defineCheck, describeOutcome, HANDSHAKE_TAG, STATEFUL_REVISIONS as STATEFUL, defineSharedScenario, type Check, type CheckContext } from '../src/checks/index.js';
import { isRevision, isStateless, validateMessage, type Rev20251125 } from '../src/schema/index.js';
import { initialize, type HandshakeResult } from '../src/session/index.js';
import type { CloseInfo } from '../src/transport/types.js';
import { isObject } from './lib/json-object.js';
import { handshakeWalk, walkProbeAnswer, walkProbeRevision, handshakeWalkScenario } from './lib/handshake-walk.js';
import { preInitialize, preInitializeScenario } from './lib/pre-initialize.js';
import { UNKNOWN_VERSIONS, unknownVersionProbes } from './lib/unknown-version-probes.js';
import { WITH_STATELESS } from './lib/revisions.js';


export const initializeResult = defineCheck({
  id: 'lifecycle/initialize-result',
  title: 'initialize returns protocolVersion, capabilities and serverInfo',
  level: 'MUST',
  kind: 'S',
  requirements: ['LIFE-1', 'LIFE-12'],
  spec: 'basic/lifecycle#initialization',
  runsWithoutHandshake: true,
  async run(ctx) {
    const h = ctx.facts.handshake;
    if (h.kind !== 'result') {
      if (h.kind === 'error') ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: h.message });
      return ctx.violation(`initialize was not answered with a result: ${describeOutcome(h)}`, 'an InitializeResult', describeOutcome(h));
    }
    const result = ctx.facts.initializeResult;
    const v = validateMessage({ jsonrpc: '2.0', id: 1, result }, { revision: ctx.revision, direction: 'server->client', inReplyTo: 'initialize' });
    ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: { result } });
    if (v.valid) return ctx.pass();
    for (const p of v.problems) ctx.evidence.push({ type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, requirement: p.requirement });
    return ctx.violation(`the initialize result does not fit InitializeResult: ${v.problems[0].message}`);
  },
});

export const capabilitiesAreObjects = defineCheck({
  id: 'lifecycle/capabilities-shape',
  title: 'declared capabilities are objects and their flags booleans',
  level: 'MUST',
  kind: 'S',
  requirements: ['CAP-9'],
  spec: 'basic/lifecycle#capability-negotiation',
  // 2026-07-28: the capabilities of the server/discover result (facts.initializeResult holds it).
  revisions: WITH_STATELESS,
  async run(ctx) {
    const caps = (ctx.facts.initializeResult as Partial<Rev20251125.InitializeResult>).capabilities as unknown;
    if (!isObject(caps)) return ctx.violation('capabilities is not an object', 'an object', JSON.stringify(caps));
    for (const [name, value] of Object.entries(caps)) {
      if (!isObject(value)) return ctx.violation(`capabilities.${name} is not an object`, 'an object (e.g. {})', JSON.stringify(value));
      for (const flag of ['listChanged', 'subscribe']) {
        if (flag in value && typeof value[flag] !== 'boolean') {
          return ctx.violation(`capabilities.${name}.${flag} is not a boolean`, 'true or false', JSON.stringify(value[flag]));
        }
      }
    }
    return ctx.pass();
  },
});

export const serverInfoShape = defineCheck({
  id: 'lifecycle/server-info',
  title: 'serverInfo has string name and version; instructions, when present, is a string',
  level: 'MUST',
  kind: 'S',
  requirements: ['LIFE-12', 'LIFE-5'],
  spec: 'basic/lifecycle#initialization',
  async run(ctx) {
    const r = ctx.facts.initializeResult as Partial<Rev20251125.InitializeResult>;
    const info = r.serverInfo as unknown;
    if (!isObject(info)) return ctx.violation('serverInfo is missing or not an object', '{ name, version }', JSON.stringify(info));
    if (typeof info.name !== 'string' || typeof info.version !== 'string') {
      return ctx.violation('serverInfo.name and serverInfo.version must be strings', '{ name: string, version: string }', JSON.stringify(info));
    }
    if ('instructions' in r && typeof r.instructions !== 'string') {
      return ctx.violation('instructions is not a string', 'a string or absent', JSON.stringify(r.instructions));
    }
    return ctx.pass();
  },
});

/** The catalog's LIFE-14 test allows 5 s between stdin closing and the exit. */
const STDIN_CLOSE_GRACE_MS = 5000;

/** A probe connection's answer and, for the one chosen to watch it, how its process ended. */
interface Probe {
  handshake: HandshakeResult;
  exit?: Promise<CloseInfo>;
}

/** Initializes a new connection with `version` and returns what the server answered. With
 * `watchExit`, a probe that got a result completes the handshake and then closes stdin with the
 * LIFE-14 grace: the process is started and closed anyway, so its exit costs no process of its own. */
async function answerTo(ctx: CheckContext, version: string, watchExit: boolean): Promise<Probe> {
  // Started after the others: once answered, nothing waits on a probe for long, except on the
  // watched one's exit (up to the LIFE-14 grace), which lifecycle/stdin-close-exit waits for.
  const { session } = await ctx.connect({ initialize: false, startOrder: watchExit ? 'normal' : 'last' });
  const handshake = await initialize(session, { protocolVersion: version, capabilities: {}, tag: HANDSHAKE_TAG, sendInitialized: false });
  // Only after the answer is recorded, so nothing here can change what the probe saw.
  if (watchExit && handshake.outcome.kind === 'result') {
    await session.notify('notifications/initialized').catch(() => undefined);
    return { handshake, exit: session.close({ graceMs: STDIN_CLOSE_GRACE_MS }) };
  }
  void session.close().catch(() => undefined); // the runner awaits it when the check ends
  return { handshake };
}


interface VersionProbes {
  answers: Map<string, HandshakeResult>;
  /** stdio: the exit of one probe connection after stdin closed, and the version it negotiated. */
  exit?: { version: string; info: Promise<CloseInfo> };
}

export const versionNegotiationProbes = defineSharedScenario<VersionProbes>({ name: 'version negotiation probes' });

/** What the server answers to each stateful revision and to two it cannot know: one probe per
 * version, in parallel, shared by the negotiation checks (the main session's answer is reused,
 * and on stdio the handshake walk's initialize is one revision's probe: walkProbeRevision).
 * On stdio the probe of the newest other stateful revision also serves lifecycle/stdin-close-exit. */
function versionProbes(ctx: CheckContext): Promise<VersionProbes> {
  return ctx.shared(versionNegotiationProbes, async () => {
    const asks: readonly string[] = STATEFUL;
    const unknown = unknownVersionProbes(ctx);
    const main = ctx.facts.handshake;
    const reuseMain = (v: string) => v === ctx.facts.requestedRevision && main.kind === 'result';
    const walked = walkProbeRevision(ctx);
    const watched = ctx.target.transport === 'stdio' ? STATEFUL.filter((v) => !reuseMain(v) && v !== walked).at(-1) : undefined;
    const probes = await Promise.all(
      asks.map((v) =>
        reuseMain(v) && main.kind === 'result'
          ? Promise.resolve<Probe>({ handshake: { outcome: main, answeredVersion: main.result.protocolVersion } })
          : v === walked
            ? walkProbeAnswer(ctx).then((h): Probe => ({ handshake: h ?? { outcome: { kind: 'closed', id: 0, ms: 0, reason: 'the handshake walk did not run' } } }))
            : answerTo(ctx, v, v === watched),
      ),
    );
    const exit = probes[asks.indexOf(watched ?? '')]?.exit;
    return {
      answers: new Map([...asks.map((v, i) => [v, probes[i].handshake] as const), ...(await (await unknown).answers)]),
      ...(watched && exit ? { exit: { version: watched, info: exit } } : {}),
    };
  });
}

async function versionAnswers(ctx: CheckContext): Promise<Map<string, HandshakeResult>> {
  return (await versionProbes(ctx)).answers;
}

function noteAnswers(ctx: CheckContext, answers: Map<string, HandshakeResult>, versions: readonly string[]): void {
  for (const v of versions) {
    const h = answers.get(v)!;
    ctx.evidence.push({ type: 'message', direction: 'sent', at: 0, message: { method: 'initialize', params: { protocolVersion: v } } });
    if (h.outcome.kind === 'result' || h.outcome.kind === 'error') ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: h.outcome.message });
    else ctx.note(`${v}: ${describeOutcome(h.outcome)}`);
  }
}

export const versionEcho = defineCheck({
  id: 'lifecycle/version-echo',
  shares: [versionNegotiationProbes],
  title: 'a supported requested version is answered with that same version',
  level: 'MUST',
  requirements: ['LIFE-2'],
  spec: 'basic/lifecycle#version-negotiation',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    const all = await versionAnswers(ctx);
    const answers = new Map<string, unknown>(STATEFUL.map((v) => [v, all.get(v)!.outcome.kind === 'result' ? all.get(v)!.answeredVersion : undefined]));
    noteAnswers(ctx, all, STATEFUL);
    // Supported: whatever the server ever answered with, or echoed.
    const supported = new Set<unknown>([...answers.values()].filter((v) => v !== undefined));
    if (supported.size === 0) return ctx.skip('the server answered no initialize with a result (see lifecycle/initialize-result)');
    const wrong = [...answers].filter(([asked, got]) => supported.has(asked) && got !== asked);
    if (wrong.length === 0) return ctx.pass();
    const [asked, got] = wrong[0];
    return ctx.violation(`asked for ${asked}, which the server supports (it answered it elsewhere), but got ${JSON.stringify(got)}`, `"${asked}"`, JSON.stringify(got));
  },
});

export const unsupportedVersion = defineCheck({
  id: 'lifecycle/unsupported-version',
  shares: [versionNegotiationProbes],
  title: 'an unknown requested version is answered with a version the server supports, not echoed',
  level: 'MUST',
  // LIFE-16: a version mismatch is where readiness for failed negotiation shows from outside.
  requirements: ['LIFE-3', 'LIFE-16'],
  spec: 'basic/lifecycle#version-negotiation',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    const all = await versionAnswers(ctx);
    noteAnswers(ctx, all, UNKNOWN_VERSIONS);
    for (const version of UNKNOWN_VERSIONS) {
      const h = all.get(version)!;
      const o = h.outcome;
      if (o.kind === 'error') {
        const data = o.error.data;
        // The spec's error example (-32602), or the 2026-07-28 refusal (-32022) some SDKs use on initialize too:
        // either names the versions to retry with, so a client can still negotiate.
        if ((o.error.code === -32602 || o.error.code === -32022) && isObject(data) && Array.isArray(data.supported)) {
          return ctx.warn(`requested ${version}: answered with error ${o.error.code} listing the supported versions instead of a result carrying one (lenient: the spec's own error example, catalog Appendix A #1)`, 'a result carrying a supported version', describeOutcome(o));
        }
        return ctx.violation(`requested ${version}: answered with an error instead of a result`, 'a result carrying a supported version', describeOutcome(o));
      }
      if (o.kind !== 'result') return ctx.violation(`requested ${version}: ${describeOutcome(o)}`, 'a result carrying a supported version', describeOutcome(o));
      if (h.answeredVersion === version) return ctx.violation(`requested ${version}: the server echoed a version it cannot support`, 'a version the server supports', JSON.stringify(h.answeredVersion));
      if (!isRevision(h.answeredVersion)) return ctx.violation(`requested ${version}: answered ${JSON.stringify(h.answeredVersion)}, not a known revision`, `one of ${STATEFUL.join(', ')}`, JSON.stringify(h.answeredVersion));
    }
    return ctx.pass();
  },
});

export const counterOfferNewest = defineCheck({
  id: 'lifecycle/counter-offer-newest',
  shares: [versionNegotiationProbes],
  title: 'the counter-offered version is the newest the server supports',
  level: 'SHOULD',
  requirements: ['LIFE-4'],
  spec: 'basic/lifecycle#version-negotiation',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    const all = await versionAnswers(ctx);
    noteAnswers(ctx, all, ['2099-12-31']);
    const h = all.get('2099-12-31')!;
    if (h.outcome.kind !== 'result' || !isRevision(h.answeredVersion)) return ctx.skip('no counter-offer to compare (see lifecycle/unsupported-version)');
    // The newest stateful revision the server echoes is the newest it supports.
    const echoed = STATEFUL.filter((v) => all.get(v)!.answeredVersion === v);
    const newest = echoed[echoed.length - 1];
    if (!newest || STATEFUL.indexOf(h.answeredVersion) >= STATEFUL.indexOf(newest)) return ctx.pass();
    return ctx.violation(`counter-offered ${h.answeredVersion} although the server supports ${newest}`, `"${newest}"`, JSON.stringify(h.answeredVersion));
  },
});

export const initializedNotAnswered = defineCheck({
  id: 'lifecycle/initialized-not-answered',
  shares: [handshakeWalkScenario],
  title: 'notifications/initialized gets no reply',
  level: 'MUST',
  requirements: ['LIFE-6', 'RPC-7'],
  spec: 'basic/lifecycle#initialization',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  long: true, // waits on the handshake walk's quiet periods: started first, beside the others
  async run(ctx) {
    const walk = await handshakeWalk(ctx);
    if (walk.handshake.outcome.kind !== 'result') return ctx.skip(`initialize failed: ${describeOutcome(walk.handshake.outcome)}`);
    ctx.evidence.push({ type: 'message', direction: 'sent', at: 0, message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    const http = walk.initializedSent?.http;
    if (http) ctx.evidence.push({ type: 'http', at: 0, request: http.request, response: http.response });
    // Streamable HTTP answers an accepted notification with 202 and no body (HTTP-6); the legacy
    // HTTP+SSE POST endpoint has no such rule.
    const status = ctx.target.transport === 'http' ? http?.response?.status : undefined;
    if (status !== undefined && status !== 202) return ctx.violation(`the POSTed notification got HTTP ${status}`, 'HTTP 202 with an empty body', `HTTP ${status}`);
    if (status === 202 && http?.response?.body) return ctx.violation('HTTP 202 carried a body', 'an empty body', http.response.body.slice(0, 200));
    const replies = await walk.replies;
    if (replies.length === 0) return ctx.pass();
    for (const r of replies) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    return ctx.violation('the server replied to notifications/initialized', 'no message in reply', JSON.stringify(replies[0].message).slice(0, 200));
  },
});

export const pingAnswered = defineCheck({
  id: 'lifecycle/ping',
  title: 'ping is answered promptly with an empty result',
  level: 'MUST',
  requirements: ['PING-1'],
  spec: 'basic/utilities/ping#behavior-requirements',
  // Checks whose liveness probe is ping fail of a result that breaks its schema too.
  explains: ['invalid-result:ping'],
  async run(ctx) {
    const o = await ctx.request('ping');
    if (o.kind !== 'result') return ctx.violation(`ping was not answered with a result: ${describeOutcome(o)}`, 'result {}', describeOutcome(o));
    const extra = Object.keys(o.result).filter((k) => k !== '_meta');
    if (extra.length) return ctx.violation('the ping result is not empty', '{} (or only _meta)', JSON.stringify(o.result));
    return ctx.pass();
  },
});

export const pingBeforeInitialized = defineCheck({
  id: 'lifecycle/ping-before-initialized',
  shares: [handshakeWalkScenario],
  title: 'ping between initialize and notifications/initialized is answered',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['LIFE-8'],
  spec: 'basic/lifecycle#initialization',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  long: true, // waits on the handshake walk's quiet periods: started first, beside the others
  async run(ctx) {
    const walk = await handshakeWalk(ctx);
    if (walk.handshake.outcome.kind !== 'result' || !walk.ping) return ctx.skip(`initialize failed: ${describeOutcome(walk.handshake.outcome)}`);
    ctx.evidence.push({ type: 'message', direction: 'sent', at: 0, message: { jsonrpc: '2.0', method: 'ping' } });
    if (walk.ping.kind === 'result' || walk.ping.kind === 'error') ctx.evidence.push({ type: 'message', direction: 'received', at: 0, message: walk.ping.message });
    if (walk.ping.kind === 'result') return ctx.pass();
    if (walk.pingEndedConnection) return ctx.violation(`the server ended the connection when ping arrived before notifications/initialized: ${walk.pingEndedConnection}`, 'result {}', describeOutcome(walk.ping));
    if (walk.ping.kind === 'error' && pingRefused(ctx)) return ctx.skip(`ping is refused after initialization too (see lifecycle/ping): ${describeOutcome(walk.ping)}`);
    return ctx.violation(`ping before notifications/initialized: ${describeOutcome(walk.ping)}`, 'result {}', describeOutcome(walk.ping));
  },
});

export const requestBeforeInitialize = defineCheck({
  id: 'lifecycle/request-before-initialize',
  shares: [preInitializeScenario],
  title: 'a request before initialize is not served as if the session existed',
  level: 'MUST',
  kind: 'D',
  requirements: ['LIFE-9'],
  spec: 'basic/lifecycle#initialization',
  // Its un-initialized connection (shared with cancellation/initialize, which continues on it).
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    const { early: o, evidence } = await preInitialize(ctx);
    ctx.evidence.push(...evidence);
    if (o.kind === 'error' || o.kind === 'http-error') return ctx.pass();
    if (o.kind === 'result') return ctx.violation('tools/list before initialize returned a result', 'an error (or HTTP 400)', describeOutcome(o));
    // HTTP servers may answer 400 with no JSON-RPC body; the transport then reports nothing.
    return ctx.info(`no JSON-RPC answer before initialize: ${describeOutcome(o)}`);
  },
});

export const noRequestsBeforeInitialized = defineCheck({
  id: 'lifecycle/no-requests-before-initialized',
  shares: [handshakeWalkScenario],
  title: 'no server requests other than ping before notifications/initialized',
  level: 'SHOULD',
  requirements: ['LIFE-7'],
  spec: 'basic/lifecycle#initialization',
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  long: true, // waits on the handshake walk's quiet periods: started first, beside the others
  async run(ctx) {
    const walk = await handshakeWalk(ctx);
    if (walk.handshake.outcome.kind !== 'result') return ctx.skip(`initialize failed: ${describeOutcome(walk.handshake.outcome)}`);
    if (walk.early.length === 0) return ctx.pass();
    for (const r of walk.early) ctx.evidence.push({ type: 'message', direction: 'received', at: r.at, message: r.message });
    return ctx.violation(`the server sent ${String((walk.early[0].message as Record<string, unknown>).method)} before notifications/initialized`, 'no request but ping', JSON.stringify(walk.early[0].message).slice(0, 200));
  },
});

export const stdinCloseExits = defineCheck({
  id: 'lifecycle/stdin-close-exit',
  shares: [versionNegotiationProbes],
  title: 'closing stdin ends a stdio server without signals',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['LIFE-14'],
  spec: 'basic/lifecycle#shutdown',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  // Opens its own connections (shared with sibling checks), so needs none from the runner.
  runsWithoutHandshake: true,
  opensConnections: true,
  async run(ctx) {
    // Stateful revisions: a version probe's connection, closed right after its handshake (it
    // declares no client capabilities, so the server waits on no request of its own to us).
    const probes = isStateless(ctx.revision) ? undefined : await versionProbes(ctx);
    if (probes?.exit) {
      ctx.note(`observed on the connection that negotiated ${probes.exit.version} (lifecycle/version-echo's probe), after notifications/initialized`);
      return judgeExit(ctx, await probes.exit.info);
    }
    // Otherwise its own connection with no client capabilities: a server waiting on its own
    // request to us (roots/list...) when stdin closes would make the verdict depend on timing.
    // 2026-07-28 has no handshake: a discover answered shows the connection is up before stdin closes.
    const { session, handshake } = await ctx.connect({});
    if (isStateless(ctx.revision)) {
      const up = await ctx.request('server/discover', undefined, { session });
      if (up.kind !== 'result') return ctx.skip(`server/discover on a new connection failed (${describeOutcome(up)}), so shutdown cannot be judged`);
    } else if (handshake?.outcome.kind !== 'result') {
      return ctx.skip(`initialize failed (${handshake ? describeOutcome(handshake.outcome) : 'no handshake'}), so shutdown cannot be judged`);
    }
    return judgeExit(ctx, await session.close({ graceMs: STDIN_CLOSE_GRACE_MS }));
  },
});

function judgeExit(ctx: CheckContext, info: CloseInfo) {
  ctx.note(`process ended: ${info.how} after ${info.closeMs} ms (code ${info.code ?? 'none'}${info.signal ? `, ${info.signal}` : ''})`);
  if (info.how === 'stdin-close' || info.how === 'exited' || info.how === 'already-exited') return ctx.pass();
  return ctx.violation(`the server kept running after stdin closed; it needed ${info.how === 'sigkill' ? 'SIGKILL' : 'SIGTERM'}`, 'exit after stdin closes', info.how ?? 'unknown');
}

export const pingParamForms = defineCheck({
  id: 'lifecycle/ping-params-forms',
  title: 'ping is answered with {} whether params are omitted, empty, or hold only _meta',
  level: 'MUST',
  kind: 'D',
  requirements: ['PING-2'],
  spec: 'basic/utilities/ping#message-format',
  async run(ctx) {
    if (pingRefused(ctx)) return ctx.skip('ping is not served in any form on this server (see lifecycle/ping)');
    const forms: Array<readonly [string, Record<string, unknown> | undefined]> = [
      ['without params', undefined],
      ['with params {}', {}],
      ['with params holding only _meta', { _meta: { 'com.example/mcp-conform': 1 } }],
    ];
    const refused: string[] = [];
    for (const [what, params] of forms) {
      const o = await ctx.request('ping', params);
      if (o.kind !== 'result') refused.push(`ping ${what}: ${describeOutcome(o)}`);
      else if (Object.keys(o.result).some((k) => k !== '_meta')) refused.push(`ping ${what} got a non-empty result ${JSON.stringify(o.result).slice(0, 120)}`);
    }
    if (refused.length === 0) return ctx.pass();
    return ctx.violation(refused.join('; '), 'result {} for each of the three forms', refused[0]);
  },
});

/** The run found ping refused (or unanswered) after the handshake and probes liveness with another request. */
function pingRefused(ctx: CheckContext): boolean {
  return ctx.session.liveness.method !== 'ping';
}

export const lifecycleChecks: Check[] = [
  initializeResult,
  capabilitiesAreObjects,
  serverInfoShape,
  versionEcho,
  unsupportedVersion,
  counterOfferNewest,
  initializedNotAnswered,
  pingAnswered,
  pingBeforeInitialized,
  requestBeforeInitialize,
  noRequestsBeforeInitialized,
  stdinCloseExits,
  pingParamForms,
];
