// Values for a prompt's required arguments (prompt arguments are strings and carry no schema):
// the server's own first completion when it offers completions, else a placeholder guessed
// from the argument's name.
import type { Session } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';

/** A placeholder for a string argument: '1' for names that look like ids or counts, else 'mcp-conform'. */
export function placeholderFor(name: string): string {
  const numeric = /^(id|count|number|num|index|limit|size|page)$/i.test(name) || /(Id|ID|Count|Number|Index|Limit|Size)$/.test(name) || /[_-](id|count|number|index|limit|size)$/i.test(name);
  return numeric ? '1' : 'mcp-conform';
}

/** Values for the prompt's required arguments. Untagged: these are background requests. */
export async function promptArguments(session: Session, prompt: Item, useCompletions: boolean): Promise<Record<string, string>> {
  const args: Record<string, string> = {};
  const required = (Array.isArray(prompt.arguments) ? prompt.arguments : []).filter((a): a is Item => isObject(a) && a.required === true && typeof a.name === 'string');
  for (const a of required) {
    const name = a.name as string;
    let value: string | undefined;
    if (useCompletions) {
      const o = await session.request('completion/complete', { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name, value: '' } });
      const first = o.kind === 'result' && isObject(o.result.completion) && Array.isArray(o.result.completion.values) ? o.result.completion.values[0] : undefined;
      if (typeof first === 'string') value = first;
    }
    args[name] = value ?? placeholderFor(name);
  }
  return args;
}
