// Exit codes of CONTRACT.md, and the errors that map to them.
export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 4, internal: 5 } as const;

/** Bad flags, unreadable or invalid input files: one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
