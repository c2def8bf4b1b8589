// Prompts: listing, getting each listed prompt with its required arguments filled, and the
// -32602 answers for unknown prompts and missing required arguments.
// Proof of each check (the fixture fault that must break it): test/proof/prompts.ts.
import { defineCheck, describeOutcome, errorCode, mapLimited, type Check, type CheckContext } from '../src/checks/index.js';
import { base64Problem } from './lib/base64.js';
import { isMimeType } from './lib/mime.js';
import { exchangeOn, recordExchange } from './lib/exchange.js';
import { findingsVerdict } from './lib/findings-verdict.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, SAMPLE_LIMIT, listWalk } from './lib/list-all.js';
import { listWalkVerdict } from './lib/list-verdict.js';
import { isInputRequired } from './lib/mrtr-client.js';
import { plural } from './lib/plural.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { knownValues } from './lib/known-values.js';
import { promptArguments } from './lib/prompt-args.js';
import { whatHappened } from './lib/answered.js';
import type { Outcome } from '../src/session/index.js';

/** A prompt name no server offers. */
export const UNKNOWN_PROMPT = '__mcp_conform_no_such_prompt__';

const requiredArgs = (p: Item): Item[] => (Array.isArray(p.arguments) ? p.arguments.filter((a): a is Item => isObject(a) && a.required === true) : []);

export const promptsList = defineCheck({
  id: 'prompts/list',
  shares: [listWalk],
  title: 'prompts/list answers with named prompts',
  level: 'MUST',
  kind: 'S',
  requirements: ['PROMPT-2'],
  spec: 'server/prompts#listing-prompts',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const walk = await listAll(ctx, 'prompts/list', 'prompts');
    const failed = listWalkVerdict(ctx, walk, 'a ListPromptsResult');
    if (failed) return failed;
    if (walk.findings.length) return findingsVerdict(ctx, walk.findings, 'prompts/list results');
    return ctx.pass(`${plural(objectsOf(walk).length, 'prompt')} on ${plural(walk.pages.length, 'page')}`);
  },
});

/** prompts/get of each prompt with sample arguments, tagged with the asking check. */
function getEach(ctx: CheckContext, prompts: Item[], completions: boolean, known: Awaited<ReturnType<typeof knownValues>>) {
  return mapLimited(prompts, 5, async (p) => {
    const args = await promptArguments(ctx.session, p, completions, known);
    const params: Item = { name: p.name };
    if (Object.keys(args).length) params.arguments = args;
    return { prompt: p, args, ...(await exchangeOn(ctx.session, 'prompts/get', params, { tag: ctx.check.id })) };
  });
}

export const promptsGet = defineCheck({
  id: 'prompts/get',
  shares: [listWalk],
  title: 'prompts/get renders each listed prompt as well-formed messages',
  level: 'MUST',
  kind: 'S',
  requirements: ['PROMPT-3'],
  spec: 'server/prompts#getting-a-prompt',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const prompts = objectsOf(await listAll(ctx, 'prompts/list', 'prompts')).filter((p) => typeof p.name === 'string').slice(0, SAMPLE_LIMIT);
    if (prompts.length === 0) return ctx.skip('the server lists no prompts');
    const completions = ctx.declares('completions');
    const known = await knownValues(ctx);
    // Message shapes are judged by the session's schema validation (tagged with this check).
    const gets = await getEach(ctx, prompts, completions, known);
    // 2026-07-28: a prompt may ask for input first (an InputRequiredResult, S26-8); it is not a rendering.
    const askedInput = gets.filter((g) => isInputRequired(g.outcome));
    for (const g of askedInput) ctx.note(`prompts/get ${String(g.prompt.name)} asked for client input (input_required); not rendered`);
    const rendered = gets.filter((g) => g.outcome.kind === 'result' && !isInputRequired(g.outcome));
    const failed = gets.filter((g) => g.outcome.kind !== 'result');
    for (const g of failed) ctx.note(`prompts/get ${String(g.prompt.name)} ${JSON.stringify(g.params?.arguments ?? {})}: ${describeOutcome(g.outcome)}`);
    // A prompt that needs no arguments has no excuse; sample arguments may be rejected (PROMPT-7).
    const broken = failed.find((g) => requiredArgs(g.prompt).length === 0);
    if (broken) {
      recordExchange(ctx, broken);
      return ctx.warn(`prompts/get ${String(broken.prompt.name)} (which needs no arguments) ${whatHappened(broken.outcome)}`, 'a GetPromptResult', describeOutcome(broken.outcome));
    }
    const noMessages = rendered.find((g) => g.outcome.kind === 'result' && !Array.isArray(g.outcome.result.messages));
    if (noMessages) {
      recordExchange(ctx, noMessages);
      return ctx.violation(`prompts/get ${String(noMessages.prompt.name)} has no messages array`);
    }
    if (rendered.length === 0) return ctx.info(`no prompt could be rendered with sample arguments (${plural(failed.length, 'attempt')}; see the notes)`);
    const rejected = failed.filter((g) => g.outcome.kind === 'error' || g.outcome.kind === 'http-error').length;
    const unanswered = failed.length - rejected;
    return ctx.pass(`${plural(rendered.length, 'prompt')} rendered${rejected ? `; ${rejected} rejected our sample arguments` : ''}${unanswered ? `; ${unanswered} got no answer` : ''}`);
  },
});

export const unknownPrompt = defineCheck({
  id: 'prompts/unknown-prompt',
  title: 'prompts/get of an unknown prompt is answered with -32602',
  level: 'SHOULD',
  requirements: ['PROMPT-4'],
  spec: 'server/prompts#error-handling',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const o = await ctx.request('prompts/get', { name: UNKNOWN_PROMPT });
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error') return ctx.warn(`an unknown prompt got error ${String(o.error.code)}`, '-32602 (another error code: warn)', describeOutcome(o));
    if (o.kind === 'result') return ctx.violation(`an unknown prompt was not rejected: ${describeOutcome(o)}`, 'error -32602', describeOutcome(o));
    return ctx.violation(`prompts/get of an unknown prompt ${whatHappened(o)}`, 'error -32602', describeOutcome(o));
  },
});

export const missingArgument = defineCheck({
  id: 'prompts/missing-argument',
  shares: [listWalk],
  title: 'prompts/get without a required argument is answered with -32602',
  level: 'SHOULD',
  requirements: ['PROMPT-5'],
  spec: 'server/prompts#error-handling',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const listed = objectsOf(await listAll(ctx, 'prompts/list', 'prompts'));
    const prompt = listed.find((p) => typeof p.name === 'string' && requiredArgs(p).length > 0);
    if (!prompt) return ctx.skip(listed.length ? 'no listed prompt has a required argument' : 'the server lists no prompts');
    const o = await ctx.request('prompts/get', { name: prompt.name, arguments: {} });
    const missing = requiredArgs(prompt).map((a) => String(a.name)).join(', ');
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error') return ctx.warn(`${String(prompt.name)} without ${missing} got error ${String(o.error.code)}`, '-32602 (another error code: warn)', describeOutcome(o));
    return ctx.violation(notRefused(`${String(prompt.name)} without its required ${missing}`, o, `${String(prompt.name)} was rendered without its required ${missing}`), 'error -32602', describeOutcome(o));
  },
});

/**
 * Why a prompts/get with bad arguments was not refused with an error: `rendered` only when a
 * result came back, never when the connection closed or the request went unanswered.
 */
function notRefused(what: string, o: Outcome, rendered: string): string {
  if (o.kind !== 'result') return `prompts/get ${what} ${whatHappened(o)}`;
  return isInputRequired(o) ? `prompts/get ${what} asked for client input (input_required) instead of refusing` : rendered;
}

export const nonStringArgument = defineCheck({
  id: 'prompts/non-string-argument',
  shares: [listWalk],
  title: 'prompts/get with an argument value that is not a string is refused with -32602',
  level: 'SHOULD',
  requirements: ['PROMPT-7'],
  spec: 'server/prompts#implementation-considerations',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const listed = objectsOf(await listAll(ctx, 'prompts/list', 'prompts'));
    const prompt = listed.find((p) => typeof p.name === 'string' && Array.isArray(p.arguments) && p.arguments.some((a) => isObject(a) && typeof a.name === 'string'));
    if (!prompt) return ctx.skip(listed.length ? 'no listed prompt takes arguments' : 'the server lists no prompts');
    // Every argument a number: the schema says argument values are strings.
    const args = Object.fromEntries((prompt.arguments as unknown[]).filter(isObject).map((a) => [String(a.name), 42]));
    const o = await ctx.request('prompts/get', { name: prompt.name, arguments: args });
    if (errorCode(o) === -32602) return ctx.pass();
    if (o.kind === 'error') return ctx.warn(`${String(prompt.name)} with number arguments got error ${String(o.error.code)}`, '-32602 (another error code: warn)', describeOutcome(o));
    const rendered = `${String(prompt.name)} was rendered with argument values that are numbers, not strings (${JSON.stringify(args)})`;
    return ctx.violation(notRefused(`${String(prompt.name)} with argument values that are numbers (${JSON.stringify(args)})`, o, rendered), 'error -32602', describeOutcome(o));
  },
});

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;

/** PROMPT-8 and PROMPT-9 for one content block: breaches (MUST) and lesser problems (the doc's mimeType). */
export function promptBlockProblems(block: unknown, ours: ReadonlySet<string>): { breaches: string[]; lesser: string[] } {
  const breaches: string[] = [];
  const lesser: string[] = [];
  if (!isObject(block)) return { breaches, lesser };
  if (block.type === 'image' || block.type === 'audio') {
    const bad = base64Problem(block.data);
    if (bad) breaches.push(`${block.type} data ${bad}`);
    if (!isMimeType(block.mimeType)) breaches.push(`${block.type} mimeType ${JSON.stringify(block.mimeType)} is not a MIME type`);
  } else if (block.type === 'resource' && isObject(block.resource)) {
    const r = block.resource;
    // A URI we passed in as an argument and the server echoed is our input, not its fault.
    if (typeof r.uri !== 'string' || (!URI.test(r.uri) && !ours.has(r.uri))) breaches.push(`embedded resource uri ${JSON.stringify(r.uri)} is not a URI`);
    if (('text' in r) === ('blob' in r)) breaches.push(`embedded resource ${JSON.stringify(r.uri)} has ${'text' in r ? 'both text and blob' : 'neither text nor blob'}`);
    else if ('blob' in r && base64Problem(r.blob)) breaches.push(`embedded resource ${JSON.stringify(r.uri)} blob ${base64Problem(r.blob)}`);
    if (r.mimeType === undefined) lesser.push(`embedded resource ${JSON.stringify(r.uri)} has no mimeType`);
    else if (!isMimeType(r.mimeType)) breaches.push(`embedded resource ${JSON.stringify(r.uri)} mimeType ${JSON.stringify(r.mimeType)} is not a MIME type`);
  }
  return { breaches, lesser };
}

export const promptContentBlocks = defineCheck({
  id: 'prompts/content-blocks',
  shares: [listWalk],
  title: 'images and audio in prompt messages are base64 with a MIME type; embedded resources have a URI and text or blob',
  level: 'MUST',
  requirements: ['PROMPT-8', 'PROMPT-9'],
  spec: 'server/prompts#image-content',
  revisions: WITH_STATELESS,
  needs: ['prompts'],
  async run(ctx) {
    const prompts = objectsOf(await listAll(ctx, 'prompts/list', 'prompts')).filter((p) => typeof p.name === 'string').slice(0, SAMPLE_LIMIT);
    if (prompts.length === 0) return ctx.skip('the server lists no prompts');
    const gets = await getEach(ctx, prompts, ctx.declares('completions'), await knownValues(ctx));
    const breaches: string[] = [];
    const lesser: string[] = [];
    let judged = 0;
    for (const g of gets) {
      if (g.outcome.kind !== 'result' || !Array.isArray(g.outcome.result.messages)) continue;
      const ours = new Set(Object.values(g.args).filter((v): v is string => typeof v === 'string'));
      for (const m of g.outcome.result.messages.filter(isObject)) {
        const blocks = Array.isArray(m.content) ? m.content : [m.content];
        for (const block of blocks) {
          if (!isObject(block) || !['image', 'audio', 'resource'].includes(block.type as string)) continue;
          judged++;
          const found = promptBlockProblems(block, ours);
          breaches.push(...found.breaches.map((p) => `${String(g.prompt.name)}: ${p}`));
          lesser.push(...found.lesser.map((p) => `${String(g.prompt.name)}: ${p}`));
        }
      }
    }
    if (breaches.length) return ctx.violation(breaches.slice(0, 3).join('; '), 'base64 data with a MIME type; a URI and text or blob for embedded resources', breaches[0]);
    if (lesser.length) return ctx.warn(`${lesser.slice(0, 3).join('; ')} (the spec asks for one; the schema leaves it optional)`, 'a mimeType on embedded resources', lesser[0]);
    const rendered = gets.filter((g) => g.outcome.kind === 'result' && Array.isArray(g.outcome.result.messages)).length;
    if (rendered === 0) return ctx.skip(`no prompt was rendered: none of ${plural(gets.length, 'prompts/get request')} came back with messages (see prompts/get)`);
    if (judged === 0) return ctx.skip('no rendered prompt holds image, audio or embedded resource content');
    return ctx.pass(`${plural(judged, 'content block')} judged`);
  },
});

export const promptChecks: Check[] = [promptsList, promptsGet, unknownPrompt, missingArgument, nonStringArgument, promptContentBlocks];
