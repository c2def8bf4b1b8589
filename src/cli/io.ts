// What a command needs from the outside world; tests pass their own.
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
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    color: tty && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb',
    interactive: Boolean(process.stderr.isTTY) && !env.CI,
    env,
    cwd: process.cwd(),
  };
}
