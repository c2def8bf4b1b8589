// Helpers for the stdio transport checks: watching stdout framing problems while probing, and
// finding an echo-type tool.
import type { CheckContext } from '../../src/checks/index.js';
import type { Outcome, Session } from '../../src/session/index.js';
import type { FramingProblem } from '../../src/transport/index.js';
import { isObject } from './json-object.js';
import { listAll, objectsOf } from './list-all.js';
import { within } from './delay.js';
import { callPermission, type ToolDef } from './tool-survey.js';

export interface SeenProblem {
  problem: FramingProblem;
  raw: string;
}

/** Collects the framing problems a session's transport reports that `relevant` selects. */
export class FramingWatch {
  readonly seen: SeenProblem[] = [];
  private wake: () => void = () => {};
  /** Settles at the first relevant problem. */
  readonly first: Promise<void>;
  private readonly listener = (problem: FramingProblem, raw: string) => {
    if (!this.relevant(problem, raw)) return;
    this.seen.push({ problem, raw });
    this.wake();
  };

  constructor(
    private readonly session: Session,
    private readonly relevant: (problem: FramingProblem, raw: string) => boolean,
  ) {
    this.first = new Promise((resolve) => (this.wake = resolve));
    session.transport.on('framing', this.listener);
  }

  /** Runs `work`, but stops waiting for it once a relevant problem shows (the answer may never come). */
  async until<T>(work: Promise<T>): Promise<T | 'framing'> {
    return Promise.race([work, this.first.then(() => 'framing' as const)]);
  }

  stop(): void {
    this.session.transport.off('framing', this.listener);
  }
}

/** Waits for `sentinel`, then at most `graceMs` more for `outcomes` (answers written earlier should be in by then). */
export async function settleAfter(sentinel: Promise<Outcome>, outcomes: Promise<Outcome>[], graceMs: number): Promise<Array<Outcome | undefined>> {
  const last = await sentinel;
  const answered: Array<Outcome | undefined> = outcomes.map(() => undefined);
  outcomes.forEach((o, i) => void o.then((v) => (answered[i] = v)));
  await within(Promise.all(outcomes), last.kind === 'result' || last.kind === 'error' ? graceMs : 0);
  return answered.map((o) => (o?.kind === 'timeout' ? undefined : o));
}

const BRACKET_LINE = /^[{[]$|^[}\]]+,?$/; // `{`, `[`, `}`, `]},` …
const MEMBER_LINE = /^[{[]?\s*"(?:[^"\\]|\\.)*"\s*:/; // `"id": 1,` or `{"jsonrpc":"2.0","result":{"text":"cut`

/**
 * Lines of a message spread over several lines look like pieces of JSON (a lone bracket, or a
 * member `"key": …`); banners and logs (`[INFO] ready`, prose) do not, and are left to STDIO-3.
 */
export function looksLikeJsonFragment(raw: string): boolean {
  const t = raw.trim();
  return BRACKET_LINE.test(t) || MEMBER_LINE.test(t);
}

export interface EchoTool {
  name: string;
  /** The single required string argument. */
  argument: string;
}


/**
 * A tool we may call (see callPermission) that looks like an echo: its name or
 * description says echo, and its only required argument is a string. Undefined when there is none.
 * Read from the run's shared listing (list walk): a catalog's page is costly to build again.
 */
export async function findEchoTool(ctx: CheckContext): Promise<EchoTool | undefined> {
  if (!ctx.declares('tools')) return undefined;
  const walk = await listAll(ctx, 'tools/list', 'tools');
  if (walk.end === 'error' && walk.items.length === 0) {
    ctx.note(`tools/list for an echo-type tool: ${walk.detail}`);
    return undefined;
  }
  for (const tool of objectsOf(walk)) {
    if (typeof tool.name !== 'string') continue;
    const callable = callPermission(tool as ToolDef, ctx.options).allowed;
    const text = `${tool.name} ${typeof tool.title === 'string' ? tool.title : ''} ${typeof tool.description === 'string' ? tool.description : ''}`;
    if (!callable || !/echo/i.test(text)) continue;
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const properties = isObject(schema.properties) ? schema.properties : {};
    const only = required.length === 1 && typeof required[0] === 'string' ? (required[0] as string) : undefined;
    if (only && isObject(properties[only]) && properties[only].type === 'string') return { name: tool.name, argument: only };
  }
  return undefined;
}

/** Every text string in a tools/call result's content. */
export function textsOf(result: Record<string, unknown>): string[] {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.filter((c): c is Record<string, unknown> => isObject(c) && typeof c.text === 'string').map((c) => c.text as string);
}
