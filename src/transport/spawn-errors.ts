// Why a server command could not be started, as one line (shared by the transport and the proxy).
import { exitReasonSuffix } from './exit-reason.js';
import { oneLine } from './limits.js';

export function describeSpawnError(error: NodeJS.ErrnoException | undefined, file: string): string {
  switch (error?.code) {
    case 'ENOENT':
      return oneLine(`command not found: ${file}`);
    case 'EACCES':
      return oneLine(`command is not executable: ${file}`);
    default:
      return oneLine(`cannot start ${file}: ${error?.message ?? 'no process id'}`);
  }
}

export interface ExitStatus {
  code: number | null;
  signal: string | null;
}

/** `code 1` or `signal SIGKILL`. */
export function describeExit(info: ExitStatus): string {
  return info.signal ? `signal ${info.signal}` : `code ${info.code}`;
}

/** A process that exited before it started: its status and what its stderr says about why. */
export function describeEarlyExit(file: string, info: ExitStatus, stderr: readonly string[]): string {
  const hint = info.code === 127 ? ' (command not found)' : info.code === 126 ? ' (not executable)' : '';
  return oneLine(`${file} exited immediately (${describeExit(info)})${hint}${exitReasonSuffix(stderr)}`, 400);
}
