// Logging in 2026-07-28: no logging/setLevel; a request asks for log messages with
// _meta logLevel, and gets none without it and none below it (S26-19); an unknown level is
// invalid params (S26-20).
// Proof of each check (the fixture fault that must break it): test/proof/stateless-logging.ts.
import { defineCheck, describeOutcome, errorCode, type Check } from '../src/checks/index.js';
import { META_LOG_LEVEL } from '../src/session/index.js';
import { findNoisyTool, noisyToolSearch, type LoggedCall } from './lib/listen-noisy-tool.js';
import { LOG_LEVELS } from './lib/log-levels.js';
import { paramsOf } from './lib/message-readers.js';
import { whatHappened } from './lib/answered.js';

const REVISIONS = ['2026-07-28'] as const;
const rank = (level: unknown) => LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]);
const levelsOf = (call: LoggedCall) => [...new Set(call.logs.map((r) => String(paramsOf(r).level)))];

export const perRequestLevel = defineCheck({
  id: 'logging/per-request-level',
  shares: [noisyToolSearch],
  title: 'notifications/message only for requests with _meta logLevel, and only at or above it',
  level: 'MUST',
  requirements: ['S26-19'],
  spec: 'server/utilities/logging#per-request-log-level',
  revisions: REVISIONS,
  needs: ['tools'],
  async run(ctx) {
    const noisy = await findNoisyTool(ctx);
    if ('skip' in noisy) return ctx.skip(`no read-only tool was seen logging, so the filter cannot be observed: ${noisy.skip}`);
    ctx.note(`tool "${noisy.tool.name}" logged ${levelsOf(noisy.debug).join(', ')} at logLevel "debug"`);
    const { withoutLevel, atError } = noisy;
    if (withoutLevel.logs.length > 0) {
      ctx.evidence.push(...withoutLevel.evidence);
      return ctx.violation(
        `"${noisy.tool.name}" called without _meta logLevel sent ${withoutLevel.logs.length} notifications/message (levels ${levelsOf(withoutLevel).join(', ')})`,
        'no notifications/message without a logLevel',
        levelsOf(withoutLevel).join(', '),
      );
    }
    const below = atError.logs.filter((r) => rank(paramsOf(r).level) < rank('error'));
    if (below.length > 0) {
      ctx.evidence.push(...atError.evidence);
      const levels = [...new Set(below.map((r) => String(paramsOf(r).level)))];
      return ctx.violation(`"${noisy.tool.name}" called with logLevel "error" sent messages at ${levels.join(', ')}`, 'only error, critical, alert, emergency', levels.join(', '));
    }
    return ctx.pass(`no logs without logLevel; at "error": ${atError.logs.length ? levelsOf(atError).join(', ') : 'none'}`);
  },
});

export const unknownRequestLevel = defineCheck({
  id: 'logging/unknown-request-level',
  shares: [noisyToolSearch],
  title: 'an unknown _meta logLevel is answered with -32602',
  level: 'SHOULD',
  requirements: ['S26-20'],
  spec: 'server/utilities/logging#error-handling',
  revisions: REVISIONS,
  async run(ctx) {
    // A request that logs is the most telling; a list or discover shows the same rule.
    const noisy = ctx.declares('tools') ? await findNoisyTool(ctx) : undefined;
    const meta = { [META_LOG_LEVEL]: 'verbose' };
    const o =
      noisy && !('skip' in noisy)
        ? await ctx.request('tools/call', { name: noisy.tool.name, arguments: noisy.args }, { meta })
        : ctx.declares('tools')
          ? await ctx.request('tools/list', undefined, { meta })
          : await ctx.request('server/discover', undefined, { meta });
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error' || o.kind === 'http-error') return ctx.warn(`logLevel "verbose" got ${describeOutcome(o)}`, '-32602 (another error: warn)', describeOutcome(o));
    if (o.kind === 'result') return ctx.violation(`logLevel "verbose" was accepted: ${describeOutcome(o)}`, 'error -32602', describeOutcome(o));
    return ctx.violation(`a request with logLevel "verbose" ${whatHappened(o)}`, 'error -32602', describeOutcome(o));
  },
});

export const statelessLoggingChecks: Check[] = [perRequestLevel, unknownRequestLevel];
