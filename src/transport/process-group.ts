// Process-group bookkeeping for stdio servers. Each server runs as the leader of its own group
// (spawned detached), so signalling -pid reaches it and every descendant that stayed in the group.

const liveGroups = new Set<number>();
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let hooksInstalled = false;

/** Sends a signal to a whole process group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Remembers a group so it is killed if our own process exits without closing the transport. */
export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  installHooks();
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
  if (liveGroups.size === 0) removeHooks();
}

function killAllGroups(): void {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}

// A signal ends Node without running 'exit' hooks, and our detached children do not get the
// terminal's Ctrl-C, so we kill them on those signals too. When we are the only listener, the
// default behaviour (dying by that signal) is restored and the signal re-raised.
function onSignal(signal: NodeJS.Signals): void {
  killAllGroups();
  removeHooks();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAllGroups);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
}

function removeHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off('exit', killAllGroups);
  for (const signal of FORWARDED_SIGNALS) process.off(signal, onSignal);
}
