// Exit codes of CONTRACT.md, and the errors that map to them.
export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 4, internal: 5 } as const;

/** Bad flags, unreadable or invalid input files: one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A config file that does not fit its schema: `<file>: <json pointer>: <problem>`, exit 2. Printed
 * without the `mcp-conform:` prefix so editors and CI problem matchers can jump to the file.
 */
export class ConfigError extends UsageError {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly problem: string,
  ) {
    super(`${file}: ${pointer || '/'}: ${problem}`);
    this.name = 'ConfigError';
  }
}
