// What a command needs from the outside world; tests pass their own.
import type { Writable } from 'node:stream';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colors on: a TTY and NO_COLOR unset. */
  color: boolean;
  /** A live progress line is allowed (TTY, not CI). */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIO(): CliIO {
  const tty = Boolean(process.stdout.isTTY);
  const env = process.env;
  return {
    stdout: writerTo(process.stdout),
    stderr: writerTo(process.stderr),
    color: tty && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb',
    interactive: Boolean(process.stderr.isTTY) && !env.CI,
    env,
    cwd: process.cwd(),
  };
}

/**
 * Writes to `stream` until its reader goes away (`mcp-conform list | head`, a client that closes
 * the proxy's stderr), then drops what follows: a closed pipe is not our failure, so the command
 * finishes its work (reports, recordings) and exits with the code it would have had.
 */
export function writerTo(stream: Writable): (text: string) => void {
  ignoreClosedPipe(stream);
  return (text) => {
    if (isOpen(stream)) stream.write(text);
  };
}

/** Whether writing to `stream` can still reach a reader. */
export function isOpen(stream: Writable): boolean {
  return !stream.destroyed && !stream.writableEnded && !(stream as { errored?: unknown }).errored;
}

const guarded = new WeakSet<Writable>();

/** EPIPE (and any other write error) on our own output ends that output, never the process. */
export function ignoreClosedPipe(stream: Writable): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', () => stream.destroy());
}
