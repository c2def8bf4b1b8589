// Which of the tools we may call a run calls (issue 28 item 4): all of them up to TOOL_SAMPLE_SIZE;
// past that, a sample the run's seed decides, the same in every check that calls tools (the survey,
// the client-request runs, the tool-argument fuzzing), so a catalog of a thousand tools costs what
// one of fifty does. The sample is drawn by name, not by list position: a server that lists its
// tools in another order gets the same sample from the same seed. --all-tools calls every one.
// The sample first takes one tool of each kind the listing shows (its name with numbers left out,
// the shape of its input and output schemas, its annotations, its task support), so a generated
// catalog of a thousand look-alikes beside a few tools unlike them still has those few called:
// their checks would skip otherwise. What a tool does when called (ask the client, embed a
// resource) no listing shows: a sample can miss it, and says so.
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

/**
 * What the listing says a tool is, without title or descriptions: a server's hand-written tools
 * are mostly each of a kind of its own, a generated catalog's look-alikes (`catalog-tool-0001`…,
 * one schema) are one kind.
 */
export function toolKind(tool: { name: string } & Record<string, unknown>): string {
  return JSON.stringify([tool.name.replace(/\d+/g, '#'), shape(tool.inputSchema), shape(tool.outputSchema), tool.annotations ?? null, shape(tool.execution)]);
}

/** A schema's structure: keys and types, descriptions and titles left out. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null || typeof value !== 'object') return value ?? null;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (key === 'description' || key === 'title' || key === 'examples') continue;
    kept[key] = shape((value as Record<string, unknown>)[key]);
  }
  return kept;
}

/** The tools to call of `callable`: all of them with --all-tools or when few, else the seeded sample. */
export function sampleTools<T extends { name: string }>(callable: readonly T[], options: Pick<CheckOptions, 'seed' | 'allTools'>): ToolSample<T> {
  if (options.allTools || callable.length <= TOOL_SAMPLE_SIZE) return { tools: [...callable], of: callable.length };
  const seed = options.seed ?? 1;
  const ranked = callable
    .map((tool, index) => ({ index, rank: rank(seed, tool.name), kind: toolKind(tool as T & Record<string, unknown>) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.index - b.index));
  // The best-ranked tool of each kind first (in rank order), then the best-ranked of the rest.
  const seen = new Set<string>();
  const firstOfKind = ranked.filter((r) => !seen.has(r.kind) && seen.add(r.kind));
  const taken = new Set(firstOfKind);
  const chosen = new Set([...firstOfKind, ...ranked.filter((r) => !taken.has(r))].slice(0, TOOL_SAMPLE_SIZE).map((r) => r.index));
  return { tools: callable.filter((_, i) => chosen.has(i)), of: callable.length, seed };
}

/** Whether the sample left tools out. */
export function isPartial(sample: ToolSample<unknown>): boolean {
  return sample.tools.length < sample.of;
}

/** One line for the evidence, when the sample left tools out. */
export function describeSample(sample: ToolSample<unknown>): string | undefined {
  if (!isPartial(sample)) return undefined;
  return `called a sample of ${sample.tools.length} of the ${sample.of} tools we may call, one of each kind the listing shows first, drawn by --seed ${sample.seed} (the same seed draws the same tools; --all-tools calls every one)`;
}

/** Notes the sample in the check's evidence and its report record (JSON `toolSample`), when it left tools out. */
export function noteSample(ctx: CheckContext, sample: ToolSample<unknown>): void {
  const line = describeSample(sample);
  // Several shared runs may say it to one check: once is enough.
  if (!line || ctx.toolSample) return;
  ctx.note(line);
  ctx.toolSample = { sampled: sample.tools.length, of: sample.of, seed: sample.seed! };
}
