// Why a file named on the command line could not be read or written: one wording for every
// command (validate's log, the baseline, the config, the proxy's recording).
import { UsageError } from './errors.js';

/** The reason in words ("no such file"), or the system's code when we have none. */
export function fileProblem(err: unknown, writing = false): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return writing ? 'no such folder' : 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return code ?? String((err as Error)?.message ?? err).split(/\r?\n/)[0]!;
  }
}

/** `cannot read baseline nope.json: no such file` (exit 2). `what` names the file's role and path. */
export function cannotRead(what: string, err: unknown): UsageError {
  return new UsageError(`cannot read ${what}: ${fileProblem(err)}`);
}

/** `cannot write x.jsonl: no such folder` (exit 2). */
export function cannotWrite(what: string, err: unknown): UsageError {
  return new UsageError(`cannot write ${what}: ${fileProblem(err, true)}`);
}
