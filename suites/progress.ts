// Progress notifications of the slow tool (--slow-tool): tokens echoed with value and JSON
// type, values strictly increasing, nothing after the response, and nothing for a request
// that carried no token. A server may send no progress at all (PROG-5): then these skip.
// Proof of each check (the fixture fault that must break it): test/proof/progress.ts.
import { defineCheck, describeOutcome, lostResponse, type Check, type CheckContext, type Verdict } from '../src/checks/index.js';
import type { Evidence } from '../src/session/index.js';
import { delay } from './lib/delay.js';
import { isObject } from './lib/json-object.js';
import { andStateless, WITH_STATELESS } from './lib/revisions.js';
import { callWithLooseToken, callWithToken, noteEvidence, progressRun, progressScenario, type ProgressNote, type TokenCall } from './lib/progress-run.js';
import { paramHeaders } from './lib/tool-call.js';
import { slowCallTimeoutMs, slowToolOnOwnConnection, unfinished } from './lib/slow-tool.js';
import { listWalk } from './lib/list-all.js';

const SPEC = 'basic/utilities/progress#progress-flow';

type Observed = { calls: TokenCall[]; notes: ProgressNote[]; tool: string; evidence: Evidence[] };

/** The shared observation, or the verdict to return when there is nothing to judge. */
async function observed(ctx: CheckContext): Promise<Observed | Verdict> {
  const run = await progressRun(ctx);
  if ('skip' in run) return ctx.skip(run.skip);
  const outcomes = run.calls.map((c) => `token ${JSON.stringify(c.token)}: ${c.outcome ? describeOutcome(c.outcome) : 'no outcome'}`);
  ctx.note(`${run.tool} called twice: ${outcomes.join('; ')}; ${run.notes.length} progress notification(s)`);
  if (run.notes.length === 0) return ctx.skip(`${run.tool} sent no progress notifications (servers may send none, PROG-5)`);
  return run;
}

const isVerdict = (v: Observed | Verdict): v is Verdict => 'status' in v;

export const tokenEcho = defineCheck({
  id: 'progress/token-echo',
  shares: [progressScenario],
  title: 'progress notifications carry the request\'s own progressToken, same value and JSON type',
  level: 'MUST',
  requirements: ['PROG-1', 'PROG-7'],
  spec: SPEC,
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const o = await observed(ctx);
    if (isVerdict(o)) return o;
    const unknown = o.notes.filter((n) => !callWithLooseToken(o.calls, n.params.progressToken));
    const retyped = o.notes.filter((n) => !callWithToken(o.calls, n.params.progressToken) && callWithLooseToken(o.calls, n.params.progressToken));
    const sent = o.calls.map((c) => JSON.stringify(c.token)).join(' and ');
    if (unknown.length) {
      ctx.evidence.push(...noteEvidence(unknown));
      const tokens = [...new Set(unknown.map((n) => JSON.stringify(n.params.progressToken)))].join(', ');
      return ctx.violation(`${unknown.length} progress notification(s) carried token(s) ${tokens}, which no request sent`, `tokens ${sent}`, tokens);
    }
    if (retyped.length) {
      ctx.evidence.push(...noteEvidence(retyped));
      const n = retyped[0].params.progressToken;
      // Derived rule (PROG-7): same text, other JSON type.
      return ctx.warn(`a progress token came back as ${typeof n} ${JSON.stringify(n)}, not with the JSON type it was sent with`, `tokens ${sent}`, JSON.stringify(n));
    }
    return ctx.pass();
  },
});

export const increasing = defineCheck({
  id: 'progress/increasing',
  shares: [progressScenario],
  title: 'progress strictly increases for each token',
  level: 'MUST',
  requirements: ['PROG-2', 'PROG-3', 'PROG-8'],
  spec: SPEC,
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const o = await observed(ctx);
    if (isVerdict(o)) return o;
    const invalid = o.notes.find((n) => n.problems.length);
    if (invalid) {
      ctx.evidence.push(...noteEvidence([invalid]));
      return ctx.violation(`a progress notification does not fit the schema: ${invalid.problems[0]}`, 'progressToken, a number progress, optional total and message', JSON.stringify(invalid.params).slice(0, 200));
    }
    const odd: string[] = [];
    for (const call of o.calls) {
      const notes = o.notes.filter((n) => n.params.progressToken === call.token);
      let last: number | undefined;
      let total: unknown;
      for (const n of notes) {
        const { progress } = n.params;
        if (typeof progress !== 'number') {
          ctx.evidence.push(...noteEvidence([n]));
          return ctx.violation(`token ${JSON.stringify(call.token)}: progress is ${JSON.stringify(progress)}, not a number`, 'a number', JSON.stringify(progress));
        }
        if (last !== undefined && progress <= last) {
          ctx.evidence.push(...noteEvidence(notes));
          return ctx.violation(`token ${JSON.stringify(call.token)}: progress went from ${last} to ${progress}`, 'each value greater than the one before', notes.map((x) => String(x.params.progress)).join(', '));
        }
        // total may be omitted or fractional (PROG-3); a changing total or progress past it is only noted.
        if (typeof n.params.total === 'number' && progress > n.params.total) odd.push(`token ${JSON.stringify(call.token)}: progress ${progress} exceeds total ${n.params.total}`);
        if (total !== undefined && n.params.total !== total) odd.push(`token ${JSON.stringify(call.token)}: total changed from ${JSON.stringify(total)} to ${JSON.stringify(n.params.total)}`);
        total = n.params.total;
        last = progress;
      }
    }
    if (odd.length) return ctx.info(`progress increases, but: ${odd.slice(0, 3).join('; ')}`);
    return ctx.pass();
  },
});

export const stopsAfterResponse = defineCheck({
  id: 'progress/stops-after-response',
  shares: [progressScenario],
  title: 'no progress notification for a request after its response',
  level: 'MUST',
  requirements: ['PROG-6', 'PROG-1'],
  spec: 'basic/utilities/progress#implementation-notes',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    const o = await observed(ctx);
    if (isVerdict(o)) return o;
    const answered = o.calls.filter((c) => c.respondedAt !== undefined);
    const lost = o.calls.map((c) => (c.outcome ? lostResponse(c.outcome) : undefined)).find((why) => why !== undefined);
    if (answered.length === 0 && lost) return ctx.lostResponse(`neither slow call was answered: ${lost}`, 'a response to each call', lost);
    if (answered.length === 0) return ctx.skip(`neither slow call was answered (${unfinished(ctx, o.calls[0].outcome)}), so nothing can come after a response`);
    const late = o.notes.filter((n) => {
      const call = callWithLooseToken(answered, n.params.progressToken);
      return call !== undefined && n.seq > call.respondedAt!;
    });
    if (late.length === 0) return ctx.pass();
    ctx.evidence.push(...o.evidence, ...noteEvidence(late));
    return ctx.violation(`${late.length} progress notification(s) arrived after the response to their request`, 'no progress after the response', `progress ${JSON.stringify(late[0].params.progress)} after the response`);
  },
});

export const noTokenNoProgress = defineCheck({
  id: 'progress/no-token',
  shares: [listWalk],
  title: 'a request without a progressToken gets no progress notifications',
  level: 'MUST',
  requirements: ['PROG-1'],
  spec: 'basic/utilities/progress#behavior-requirements',
  revisions: WITH_STATELESS,
  needs: ['tools'],
  async run(ctx) {
    // Its own connection: any progress there belongs to the one token-less call.
    const slow = await slowToolOnOwnConnection(ctx);
    if ('skip' in slow) return ctx.skip(slow.skip);
    const { session } = slow;
    const seen: unknown[] = [];
    const off = session.onReceive((r) => {
      if (isObject(r.message) && r.message.method === 'notifications/progress') seen.push(r.message);
    });
    try {
      const headers = paramHeaders(session, slow.tool, slow.args);
      const o = await ctx.request('tools/call', { name: slow.tool.name, arguments: slow.args }, { timeoutMs: slowCallTimeoutMs(ctx), session, headers });
      await delay(ctx.options.quietMs);
      if (seen.length) {
        for (const m of seen.slice(0, 5)) ctx.evidence.push({ type: 'message', direction: 'received', at: session.now(), message: m });
        return ctx.violation(`${seen.length} progress notification(s) for a request that carried no progressToken`, 'no progress notifications', JSON.stringify(seen[0]).slice(0, 200));
      }
      if (o.kind !== 'result' && o.kind !== 'error') return ctx.skip(`the slow tool call did not finish: ${unfinished(ctx, o)}`);
      // A JSON body carries only the answer, and this session opened no GET stream: no
      // notification could have reached us, so silence shows nothing.
      if (o.http && !o.http.sse) return ctx.skip('the call was answered with a JSON body and the session had no other stream open: no progress notification could have reached us');
      return ctx.pass();
    } finally {
      off();
    }
  },
});

export const messageText = defineCheck({
  id: 'progress/message-text',
  shares: [progressScenario],
  title: 'a progress message, when there is one, is human-readable text, not blank',
  level: 'SHOULD',
  requirements: ['PROG-4'],
  spec: SPEC,
  revisions: andStateless(['2025-03-26', '2025-06-18', '2025-11-25']),
  needs: ['tools'],
  async run(ctx) {
    const o = await observed(ctx);
    if (isVerdict(o)) return o;
    const withMessage = o.notes.filter((n) => 'message' in n.params);
    if (withMessage.length === 0) return ctx.skip('no progress notification carried a message (it is optional)');
    const blank = withMessage.filter((n) => typeof n.params.message === 'string' && n.params.message.trim() === '');
    if (blank.length === 0) return ctx.pass(`${withMessage.length} progress message(s)`);
    ctx.evidence.push(...noteEvidence(blank.slice(0, 3)));
    return ctx.violation(`${blank.length} of ${withMessage.length} progress messages are blank`, 'human-readable text', JSON.stringify(blank[0].params.message));
  },
});

export const progressChecks: Check[] = [tokenEcho, increasing, stopsAfterResponse, noTokenNoProgress, messageText];
