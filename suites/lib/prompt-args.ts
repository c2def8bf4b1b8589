// Values for a prompt's required arguments (prompt arguments are strings and carry no schema):
// the server's own first completion when it offers completions, else a value plausible for
// the argument's name (plausible-value.ts).
import type { Session } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';
import { NOTHING_KNOWN, valueForName, type KnownValues } from './plausible-value.js';

/** Values for the prompt's required arguments. Untagged: these are background requests. */
export async function promptArguments(session: Session, prompt: Item, useCompletions: boolean, known: KnownValues = NOTHING_KNOWN): Promise<Record<string, string>> {
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
    args[name] = value ?? valueForName(name, known);
  }
  return args;
}
