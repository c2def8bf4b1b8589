// Which requests of a server ask the client for input (2026-07-28 MRTR), found by trying them:
// read-only tools with sampled arguments, prompts/get and resources/read of listed items, each
// declaring every client capability an input request can need. Those answering input_required
// are the targets of the MRTR checks; each is then driven to its end once, answering every
// round. Both are memoized per run, sent untagged on the main session (requests stand alone in
// 2026-07-28), and keep the schema findings of their answers for the checks that judge them.
import { mapLimited, describeOutcome, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { META_CLIENT_CAPABILITIES, type Evidence } from '../../src/session/index.js';
import { exchangeEvidence, exchangeOn, type Judged } from './exchange.js';
import { isObject, type Item } from './json-object.js';
import { listAll, objectsOf } from './list-all.js';
import { ALL_INPUT_CAPABILITIES, inputRequired, isInputRequired, retryParams, type MrtrMethod } from './mrtr-client.js';
import { knownFromResources } from './plausible-value.js';
import { promptArguments } from './prompt-args.js';
import { argumentsFor, CALL_BUDGET_MS, callableTools, toolsOf } from './tool-survey.js';

/** Most items of each kind tried (a server may list thousands). */
const TRY_LIMIT = 12;
const CONCURRENCY = 4;
/** Rounds a drive answers before giving up (a server could ask forever). */
const MAX_ROUNDS = 5;

/** A request that answered input_required. */
export interface MrtrTarget {
  method: MrtrMethod;
  /** e.g. `tool "ask-name"`. */
  label: string;
  /** Its params without _meta, inputResponses or requestState. */
  params: Item;
  /** The first answer: an InputRequiredResult. */
  first: Judged;
}

export interface MrtrSurvey {
  targets: MrtrTarget[];
  /** What was tried, for notes: label → how it answered. */
  tried: Array<{ label: string; answer: string }>;
}

/** The per-request _meta that declares these client capabilities. */
export function declaring(capabilities: Item): Item {
  return { [META_CLIENT_CAPABILITIES]: capabilities };
}

export function budgetMs(ctx: CheckContext): number {
  return Math.min(ctx.options.requestTimeoutMs, CALL_BUDGET_MS);
}

export const mrtrSurvey = defineSharedScenario<MrtrSurvey>({ name: 'MRTR survey' });

export function surveyMrtr(ctx: CheckContext): Promise<MrtrSurvey> {
  return ctx.shared(mrtrSurvey, () => runSurvey(ctx));
}

async function candidates(ctx: CheckContext): Promise<Array<{ method: MrtrMethod; label: string; params: () => Promise<Item> }>> {
  const [tools, prompts, resources] = await Promise.all([
    ctx.declares('tools') ? listAll(ctx, 'tools/list', 'tools') : undefined,
    ctx.declares('prompts') ? listAll(ctx, 'prompts/list', 'prompts') : undefined,
    ctx.declares('resources') ? listAll(ctx, 'resources/list', 'resources') : undefined,
  ]);
  const known = knownFromResources(resources ? objectsOf(resources) : []);
  const list: Array<{ method: MrtrMethod; label: string; params: () => Promise<Item> }> = [];
  for (const tool of tools ? callableTools(toolsOf(tools), ctx.options).slice(0, TRY_LIMIT) : []) {
    const built = argumentsFor(tool, ctx, known);
    if ('args' in built) list.push({ method: 'tools/call', label: `tool "${tool.name}"`, params: async () => ({ name: tool.name, arguments: built.args }) });
  }
  for (const prompt of prompts ? objectsOf(prompts).filter((p) => typeof p.name === 'string').slice(0, TRY_LIMIT) : []) {
    list.push({
      method: 'prompts/get',
      label: `prompt "${prompt.name as string}"`,
      params: async () => ({ name: prompt.name, arguments: await promptArguments(ctx.session, prompt, false, known) }),
    });
  }
  for (const resource of resources ? objectsOf(resources).filter((r) => typeof r.uri === 'string').slice(0, TRY_LIMIT) : []) {
    list.push({ method: 'resources/read', label: `resource ${resource.uri as string}`, params: async () => ({ uri: resource.uri }) });
  }
  return list;
}

async function runSurvey(ctx: CheckContext): Promise<MrtrSurvey> {
  const survey: MrtrSurvey = { targets: [], tried: [] };
  const list = await candidates(ctx);
  const answers = await mapLimited(list, CONCURRENCY, async (c) => {
    if (ctx.signal.aborted) return undefined;
    const params = await c.params();
    const first = await exchangeOn(ctx.session, c.method, params, { meta: declaring(ALL_INPUT_CAPABILITIES), timeoutMs: budgetMs(ctx) });
    return { ...c, params, first };
  });
  for (const a of answers) {
    if (!a) continue;
    const input = isInputRequired(a.first.outcome);
    survey.tried.push({ label: a.label, answer: input ? 'input_required' : describeOutcome(a.first.outcome).slice(0, 80) });
    if (input) survey.targets.push({ method: a.method, label: a.label, params: a.params, first: a.first });
  }
  return survey;
}

/** A note on what the survey tried. */
export function noteSurvey(ctx: CheckContext, survey: MrtrSurvey): void {
  const asked = survey.targets.map((t) => t.label);
  ctx.note(`tried ${survey.tried.length} request(s) declaring elicitation, sampling and roots; input_required from: ${asked.length ? asked.join(', ') : 'none'}`);
}

export function skipReason(survey: MrtrSurvey): string {
  return `no request asked for input: ${survey.tried.length} read-only tool call(s), prompts/get and resources/read of listed items, each declaring elicitation, sampling and roots, answered without input_required`;
}

/** One target driven to its end with all capabilities declared: the first answer, then every retry. */
export interface Drive {
  target: MrtrTarget;
  /** rounds[0] is the first answer; rounds[i + 1] answers the retry of rounds[i]. */
  rounds: Judged[];
}

export const mrtrDrive = defineSharedScenario<Drive>({ name: 'MRTR drive' });

export function driveTarget(ctx: CheckContext, target: MrtrTarget): Promise<Drive> {
  return ctx.shared(mrtrDrive, async () => {
    const rounds: Judged[] = [target.first];
    let earlier: Item = {};
    while (rounds.length <= MAX_ROUNDS && !ctx.signal.aborted) {
      const last = inputRequired(rounds[rounds.length - 1].outcome);
      if (!last) break;
      const params = retryParams(target.params, last, earlier);
      if (isObject(params.inputResponses)) earlier = { ...earlier, ...params.inputResponses };
      rounds.push(await exchangeOn(ctx.session, target.method, params, { meta: declaring(ALL_INPUT_CAPABILITIES), timeoutMs: ctx.options.requestTimeoutMs }));
    }
    return { target, rounds };
  }, `${target.method} ${target.label}`);
}

/** The evidence of a drive's rounds (bounded). */
export function driveEvidence(drive: Drive, max = 4): Evidence[] {
  return drive.rounds.slice(0, max).flatMap((r) => exchangeEvidence(r));
}
