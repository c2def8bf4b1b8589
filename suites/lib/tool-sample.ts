// Which of the tools we may call a run calls (issue 28 item 4): all of them up to TOOL_SAMPLE_SIZE;
// past that, a sample the run's seed decides, the same in every check that calls tools (the survey,
// the client-request runs, the tool-argument fuzzing), so a catalog of a thousand tools costs what
// one of fifty does. The sample is drawn by name, not by list position: a server that lists its
// tools in another order gets the same sample from the same seed. --all-tools calls every one.
import { createHash } from 'node:crypto';
import type { CheckContext, CheckOptions } from '../../src/checks/index.js';

/** Tools called at most without --all-tools. */
export const TOOL_SAMPLE_SIZE = 50;

export interface ToolSample<T> {
  /** The tools to call, in list order. */
  tools: T[];
  /** How many we could have called. */
  of: number;
  /** The seed that drew the sample; undefined when every tool is taken. */
  seed?: number;
}

/** A stable draw per seed and name: the sample is the tools with the lowest ranks. */
function rank(seed: number, name: string): string {
  return createHash('sha256').update(`${seed}\u0000${name}`).digest('hex');
}

/** The tools to call of `callable`: all of them with --all-tools or when few, else the seeded sample. */
export function sampleTools<T extends { name: string }>(callable: readonly T[], options: Pick<CheckOptions, 'seed' | 'allTools'>): ToolSample<T> {
  if (options.allTools || callable.length <= TOOL_SAMPLE_SIZE) return { tools: [...callable], of: callable.length };
  const seed = options.seed ?? 1;
  const ranked = callable.map((tool, index) => ({ index, rank: rank(seed, tool.name) })).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.index - b.index));
  const chosen = new Set(ranked.slice(0, TOOL_SAMPLE_SIZE).map((r) => r.index));
  return { tools: callable.filter((_, i) => chosen.has(i)), of: callable.length, seed };
}

/** Whether the sample left tools out. */
export function isPartial(sample: ToolSample<unknown>): boolean {
  return sample.tools.length < sample.of;
}

/** One line for the evidence, when the sample left tools out. */
export function describeSample(sample: ToolSample<unknown>): string | undefined {
  if (!isPartial(sample)) return undefined;
  return `called a sample of ${sample.tools.length} of the ${sample.of} tools we may call, drawn by --seed ${sample.seed} (the same seed draws the same tools; --all-tools calls every one)`;
}

/** Notes the sample in the check's evidence and its report record (JSON `toolSample`), when it left tools out. */
export function noteSample(ctx: CheckContext, sample: ToolSample<unknown>): void {
  const line = describeSample(sample);
  // Several shared runs may say it to one check: once is enough.
  if (!line || ctx.toolSample) return;
  ctx.note(line);
  ctx.toolSample = { sampled: sample.tools.length, of: sample.of, seed: sample.seed! };
}
