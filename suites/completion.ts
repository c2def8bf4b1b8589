// Completion: completion/complete on the server's own prompt arguments and resource-template
// variables (at most 100 values, total and hasMore consistent), and -32602 for an unknown prompt.
// Proof of each check (the fixture fault that must break it): test/proof/completion.ts.
import { defineCheck, describeOutcome, errorCode, mapLimited, type Check, type CheckContext } from '../src/checks/index.js';
import type { Outcome } from '../src/session/index.js';
import { exchangeOn, recordExchange } from './lib/exchange.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { plural } from './lib/plural.js';
import { andStateless, WITH_STATELESS } from './lib/revisions.js';
import { UNKNOWN_PROMPT } from './prompts.js';
import { parseUriTemplate } from './uri-template.js';
import { whatHappened } from './lib/answered.js';

const MAX_VALUES = 100;
/** Completion requests per run: enough to meet every argument of a typical server. */
const MAX_TARGETS = 20;

/** 2024-11-05 had no completions capability: there, a server may complete without declaring it. */
function completionGate(ctx: CheckContext): string | undefined {
  if (ctx.revision === '2024-11-05' || ctx.declares('completions')) return undefined;
  return 'the server does not declare the completions capability';
}

interface Target {
  ref: Item;
  argument: string;
  label: string;
}

/** Every prompt argument and template variable the server exposes (bounded). */
async function targets(ctx: CheckContext): Promise<Target[]> {
  const out: Target[] = [];
  if (ctx.declares('prompts')) {
    for (const p of objectsOf(await listAll(ctx, 'prompts/list', 'prompts'))) {
      for (const a of Array.isArray(p.arguments) ? p.arguments.filter(isObject) : []) {
        if (typeof p.name === 'string' && typeof a.name === 'string') out.push({ ref: { type: 'ref/prompt', name: p.name }, argument: a.name, label: `prompt ${p.name}, argument ${a.name}` });
      }
    }
  }
  if (ctx.declares('resources')) {
    for (const t of objectsOf(await listAll(ctx, 'resources/templates/list', 'resourceTemplates'))) {
      if (typeof t.uriTemplate !== 'string') continue;
      const parsed = parseUriTemplate(t.uriTemplate);
      for (const v of parsed.ok ? parsed.variables : []) out.push({ ref: { type: 'ref/resource', uri: t.uriTemplate }, argument: v, label: `template ${t.uriTemplate}, variable ${v}` });
    }
  }
  return out.slice(0, MAX_TARGETS);
}

export const completionValues = defineCheck({
  id: 'completion/values',
  shares: [listWalk],
  title: 'completion/complete returns at most 100 values, with total and hasMore consistent',
  level: 'MUST',
  kind: 'S',
  requirements: ['COMP-3', 'COMP-2'],
  spec: 'server/utilities/completion#completion-results',
  revisions: WITH_STATELESS,
  async run(ctx) {
    const gate = completionGate(ctx);
    if (gate) return ctx.skip(gate);
    const list = await targets(ctx);
    if (list.length === 0) return ctx.skip('the server exposes no prompt argument or template variable to complete');
    const answers = await mapLimited(list, 5, async (t) => {
      const params = { ref: t.ref, argument: { name: t.argument, value: '' } };
      return { t, ...(await exchangeOn(ctx.session, 'completion/complete', params, { tag: ctx.check.id })) };
    });
    if (ctx.revision === '2024-11-05' && answers.every((a) => errorCode(a.outcome) === -32601)) return ctx.skip('the server does not implement completion/complete (-32601)');
    const completed = answers.filter((a) => a.outcome.kind === 'result');
    for (const a of answers.filter((x) => x.outcome.kind !== 'result').slice(0, 5)) ctx.note(`${a.t.label}: ${describeOutcome(a.outcome)}`);
    for (const a of completed) {
      const c = (a.outcome as Extract<Outcome, { kind: 'result' }>).result.completion;
      if (!isObject(c) || !Array.isArray(c.values)) continue; // the schema finding says it
      const n = c.values.length;
      if (n > MAX_VALUES) {
        recordExchange(ctx, a);
        return ctx.violation(`${a.t.label}: ${n} values`, `at most ${MAX_VALUES} values`, `${n} values`);
      }
      const total = typeof c.total === 'number' ? c.total : undefined;
      if (total !== undefined && total < n) {
        recordExchange(ctx, a);
        return ctx.warn(`${a.t.label}: total ${total} is less than the ${n} values returned`, `total ≥ ${n}`, String(total));
      }
      if (total !== undefined && total > n && c.hasMore !== true) {
        recordExchange(ctx, a);
        return ctx.warn(`${a.t.label}: total ${total} exceeds the ${n} values returned, but hasMore is not true`, 'hasMore: true', JSON.stringify(c.hasMore));
      }
    }
    if (completed.length === 0) return ctx.info(`none of ${plural(answers.length, 'completion request')} was answered with a result (see the notes)`);
    return ctx.pass(`${plural(completed.length, 'completion')} checked`);
  },
});

export const unknownPromptRef = defineCheck({
  id: 'completion/unknown-prompt',
  title: 'completion/complete for an unknown prompt is answered with -32602',
  level: 'SHOULD',
  requirements: ['COMP-5'],
  spec: 'server/utilities/completion#error-handling',
  // COMP-5: 25-03→26-07.
  revisions: andStateless(['2025-03-26', '2025-06-18', '2025-11-25']),
  needs: ['completions'],
  async run(ctx) {
    const o = await ctx.request('completion/complete', { ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument: { name: 'name', value: '' } });
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error') return ctx.warn(`an unknown prompt in ref got error ${String(o.error.code)}`, '-32602 (another error code: warn)', describeOutcome(o));
    if (o.kind === 'result') return ctx.violation(`an unknown prompt in ref was not rejected: ${describeOutcome(o)}`, 'error -32602', describeOutcome(o));
    return ctx.violation(`completion/complete for an unknown prompt ${whatHappened(o)}`, 'error -32602', describeOutcome(o));
  },
});

export const contextAccepted = defineCheck({
  id: 'completion/context-arguments',
  shares: [listWalk],
  title: 'completion/complete accepts context.arguments (values already resolved)',
  level: 'MUST',
  kind: 'D',
  requirements: ['COMP-7'],
  spec: 'server/utilities/completion#completerequest',
  revisions: andStateless(['2025-06-18', '2025-11-25']),
  needs: ['completions'],
  async run(ctx) {
    const list = await targets(ctx);
    if (list.length === 0) return ctx.skip('the server exposes no prompt argument or template variable to complete');
    const t = list[0];
    const argument = { name: t.argument, value: '' };
    const plain = await ctx.request('completion/complete', { ref: t.ref, argument });
    if (plain.kind !== 'result') return ctx.skip(`${t.label} is not completed even without context (${describeOutcome(plain)})`);
    // The other arguments of the same prompt or template, as a client that resolved them would send.
    const others = list.filter((o) => o !== t && JSON.stringify(o.ref) === JSON.stringify(t.ref));
    const resolved = Object.fromEntries(others.map((o) => [o.argument, 'mcp-conform']));
    const o = await ctx.request('completion/complete', { ref: t.ref, argument, context: { arguments: resolved } });
    if (o.kind === 'result') return ctx.pass();
    return ctx.violation(`${t.label}: completed without context, but not with context.arguments ${JSON.stringify(resolved)}: ${describeOutcome(o)}`, 'a result, as without context', describeOutcome(o));
  },
});

export const completionChecks: Check[] = [completionValues, unknownPromptRef, contextAccepted];
