// Cancellation in 2026-07-28 over stdio: after notifications/cancelled for an in-flight request
// the server sends nothing more for it, neither its response nor its progress (S26-31). Over
// HTTP, closing the response stream is the cancellation (S26-27, judged elsewhere).
// Proof of each check (the fixture fault that must break it): test/proof/stateless-cancellation.ts.
import { defineCheck, describeOutcome, type Check } from '../src/checks/index.js';
import { keyOf, type Outcome, type Received } from '../src/session/index.js';
import { delay, within } from './lib/delay.js';
import { isObject } from './lib/json-object.js';
import { isNotification, paramsOf } from './lib/message-readers.js';
import { plural } from './lib/plural.js';
import { findSlowTool, slowCallTimeoutMs, unfinished } from './lib/slow-tool.js';
import { listWalk } from './lib/list-all.js';

/** How long after starting the call the cancellation goes out. */
const CANCEL_AFTER_MS = 100;
/** Progress written before the server read the cancellation may still be in the pipe. */
const IN_FLIGHT_GRACE_MS = 250;

export const stdioNothingAfterCancel = defineCheck({
  id: 'cancellation/stdio-nothing-after-cancel',
  shares: [listWalk],
  title: 'stdio: after notifications/cancelled, no response and no progress for that request',
  level: 'MUST',
  requirements: ['S26-31'],
  spec: 'basic/transports/stdio#cancellation',
  revisions: ['2026-07-28'],
  transports: ['stdio'],
  needs: ['tools'],
  async run(ctx) {
    const slow = await findSlowTool(ctx);
    if ('skip' in slow) return ctx.skip(slow.skip);
    // Its own connection: cancelling is disruptive.
    const { session } = await ctx.connect();
    const params = { name: slow.tool.name, arguments: slow.args };
    const timeoutMs = slowCallTimeoutMs(ctx);
    const received: Received[] = [];
    const off = session.onReceive((r) => received.push(r));
    const t0 = session.now();
    // An identical call left alone shows how long the cancelled one would have taken.
    const twin = ctx.request('tools/call', params, { timeoutMs, session, meta: { progressToken: 'mcp-conform-twin' } });
    const victimId = session.allocateId();
    let victimAnswer: Outcome | undefined;
    const victim = ctx.request('tools/call', params, { id: victimId, timeoutMs, session, meta: { progressToken: 'mcp-conform-cancelled' } }).then((o) => (victimAnswer = o));
    await delay(CANCEL_AFTER_MS);
    const cancelAt = session.now();
    await ctx.notify('notifications/cancelled', { requestId: victimId, reason: 'mcp-conform: cancellation test' }, session);
    const twinOutcome = await twin;
    const twinMs = session.now() - t0;
    await within(victim, ctx.options.quietMs);
    off();
    if (twinOutcome.kind !== 'result' && twinOutcome.kind !== 'error') {
      return ctx.skip(`the uncancelled call of ${slow.tool.name} did not finish (${unfinished(ctx, twinOutcome)}), so the cancelled one cannot be judged`);
    }
    const answer = received.find((r) => isObject(r.message) && !('method' in r.message) && keyOf(r.message.id) === keyOf(victimId));
    const progress = received.filter((r) => isNotification(r, 'notifications/progress') && paramsOf(r).progressToken === 'mcp-conform-cancelled');
    const lateProgress = progress.filter((r) => r.at > cancelAt + IN_FLIGHT_GRACE_MS);
    ctx.note(`cancelled after ${Math.round(cancelAt - t0)} ms; the same call without cancellation took ${Math.round(twinMs)} ms`);
    if (answer && answer.at <= cancelAt) return ctx.info('the slow tool answered before the cancellation was sent; nothing to judge');
    // Only a cancellation sent well before the work could finish is judged: the rest is a race the spec allows.
    if (cancelAt - t0 > twinMs / 2) return ctx.info(`the call only takes ${Math.round(twinMs)} ms, too short to cancel it reliably in flight`);
    if (answer) {
      return ctx.violation(
        `the cancelled request was answered ${Math.round(answer.at - cancelAt)} ms after notifications/cancelled${lateProgress.length ? `, after ${plural(lateProgress.length, 'progress notification')}` : ''}`,
        'nothing more for a cancelled request',
        victimAnswer ? describeOutcome(victimAnswer) : JSON.stringify(answer.message).slice(0, 160),
      );
    }
    if (lateProgress.length) {
      ctx.evidence.push({ type: 'message', direction: 'received', at: lateProgress[0].at, message: lateProgress[0].message });
      return ctx.violation(`${plural(lateProgress.length, 'progress notification')} for the cancelled request came after notifications/cancelled`, 'nothing more for a cancelled request', `${lateProgress.length} progress`);
    }
    return ctx.pass(`nothing arrived for the cancelled request; ${plural(progress.length, 'progress notification')} before the cancellation took effect`);
  },
});

export const statelessCancellationChecks: Check[] = [stdioNothingAfterCancel];
