// What a server's stderr says about why it stopped, for the one line that reports an exit at
// start. The last line is often noise: a Node crash ends with its version line, after the stack.
// So the thrown error's line is preferred, else the last lines that are not noise.
import { oneLine } from './limits.js';

/** The reason as shown: at most this many lines, each cut to LINE_CHARS. */
const REASON_LINES = 2;
const LINE_CHARS = 200;

/** Lines that never say why: runtime banners, stack frames, the caret under a source excerpt. */
const NOISE = [
  /^\s*$/,
  /^Node\.js v\d/, // Node's last line after an uncaught exception
  /^\s+at\s/, // JavaScript stack frames
  /^\s*\^+\s*$/, // the caret under the excerpt of the throwing line
  /^\s*[{}]\s*$/, // the braces around an error's properties
  /^\s+\w+: .*,?$/, // an error's properties (code: 'MODULE_NOT_FOUND', requireStack: [])
  /^\(Use `node --trace-/,
  /^Traceback \(most recent call last\):$/, // Python
  /^\s+File ".*", line \d+/,
  /^goroutine \d+ \[/, // Go
  /^\s*exit status \d+$/,
  /^note: run with `RUST_BACKTRACE/, // Rust
];

/** `file:///x.mjs:1` or `node:internal/…:123`: the header of a source excerpt; the next line is the excerpt. */
const SOURCE_HEADER = /^(?:file:\/\/\S+|node:\S+|\/\S+|[A-Za-z]:\\\S+):\d+$/;

/** A line that names an error: `Error: …`, `TypeError [ERR_X]: …`, `ModuleNotFoundError: …`, `panic: …`. */
const ERROR_LINE = /^(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?: \S|^(?:panic|fatal error|fatal|FATAL|ERROR|Error|error): \S/;

/** The line(s) of `stderr` that say why the process stopped, as one line; undefined when none do. */
export function exitReason(stderr: readonly string[]): string | undefined {
  const meaningful: string[] = [];
  for (let i = 0; i < stderr.length; i++) {
    const line = stderr[i]!;
    if (SOURCE_HEADER.test(line.trim())) {
      i++; // and the excerpt of the source line below it
      continue;
    }
    if (!NOISE.some((noise) => noise.test(line))) meaningful.push(line.trim());
  }
  const error = meaningful.findLast((line) => ERROR_LINE.test(line));
  const chosen = error ? [error] : meaningful.slice(-REASON_LINES);
  if (chosen.length === 0) return undefined;
  return chosen.map((line) => oneLine(line, LINE_CHARS)).join(' / ');
}

/** Where to look when the process said nothing: it may log to a file instead. */
export const NOTHING_ON_STDERR = 'it wrote nothing to stderr (if it logs to a file, look there)';

/** `: <reason>` for an exit message, or where to look when stderr said nothing. */
export function exitReasonSuffix(stderr: readonly string[]): string {
  // Only noise: the last of it still shows what there was.
  const reason = exitReason(stderr) ?? stderr.findLast((line) => line.trim() !== '');
  return reason ? `: ${oneLine(reason, LINE_CHARS)}` : `; ${NOTHING_ON_STDERR}`;
}
