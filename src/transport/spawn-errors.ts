// Why a server command could not be started, as one line (shared by the transport and the proxy).
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
