// Flag parsing for every command: node:util parseArgs, with its errors (which quote unbalanced
// and advise on positionals) turned into one line that names the command and, for a typo, the
// flag that was probably meant.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from './did-you-mean.js';
import { UsageError } from './errors.js';


export interface FlagUsage {
  /** The command, as the user typed it: "run", "fuzz", … */
  command: string;
  /** Flags taken out before parsing (fuzz's own), still worth suggesting. */
  also?: readonly string[];
  /** Said when there is no better advice (default: see mcp-conform <command> --help). */
  hint?: string;
}

/** parseArgs (strict) of `config`; a mistake is a UsageError of one line. */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T, usage: FlagUsage): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config); // strict unless the config says otherwise
  } catch (err) {
    throw new UsageError(flagProblem(err as Error & { code?: string }, Object.keys(config.options ?? {}), usage));
  }
}

function flagProblem(err: Error & { code?: string }, names: string[], usage: FlagUsage): string {
  const hint = usage.hint ?? `see mcp-conform ${usage.command} --help`;
  const quoted = /'([^']*)'/.exec(err.message)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = quoted ?? '';
      const guess = flag.startsWith('--') ? closest(flag.slice(2), [...names, ...(usage.also ?? [])]) : undefined;
      return `unknown option ${flag} for ${usage.command} (${guess ? `did you mean --${guess}?` : hint})`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      // "Option '--timeout <value>' argument missing" / "Option '-v, --verbose' does not take an argument"
      const flag = /--[\w-]+/.exec(quoted ?? '')?.[0] ?? quoted ?? '';
      return / argument missing$/.test(err.message) ? `${flag} needs a value (${hint})` : `${flag} takes no value (${hint})`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `${usage.command} takes no argument "${quoted ?? ''}" (${hint})`;
    default:
      return `${err.message.split('\n')[0]} (${hint})`;
  }
}
