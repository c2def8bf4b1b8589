// A main connection whose process exited before it wrote anything, its handshake unanswered:
// did the server fail to start, or did our first request end it? Node alone can take longer to
// boot on a busy machine than the transport's window for an exit "at once", so the timing of the
// first copy proves nothing. A copy started again and sent nothing tells: if it exits on its own,
// the server cannot start (exit 4, with what its stderr says); if it keeps running, our input
// ended the first one, and the checks judge that.
import { createStdioTransport } from '../transport/index.js';
import type { Session, TargetSpec } from '../session/index.js';

/** Least time the silent copy is given to exit on its own; longer when the first took longer. */
const WATCH_MIN_MS = 3000;

/** Throws TargetUnreachable when `main` exited at start and a copy sent nothing exits too. */
export async function confirmStarted(main: Session, target: TargetSpec, startTimeoutMs: number): Promise<void> {
  const exit = main.exitedAtStart;
  if (target.transport !== 'stdio' || !exit || main.startMs !== undefined) return;
  const watchMs = Math.min(startTimeoutMs, Math.max(WATCH_MIN_MS, 2 * exit.afterMs));
  const copy = createStdioTransport({ command: target.command, env: target.env, cwd: target.cwd, startupWindowMs: watchMs });
  try {
    await copy.start(); // rejects with TargetUnreachable when the copy exits within the window
  } finally {
    await copy.close({ graceMs: 25 }).catch(() => undefined);
  }
}
