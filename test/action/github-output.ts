// Reads back what a step wrote to $GITHUB_OUTPUT, as the runner would, for the action's tests.
import { readFileSync } from 'node:fs';

/** A $GITHUB_OUTPUT file's outputs: `name=value` lines and `name<<DELIM` heredocs; later lines win. */
export function readOutputs(path: string): Record<string, string> {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('=')) {
      out[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
    }
  }
  return out;
}
