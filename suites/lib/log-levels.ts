// The logging levels MCP uses (RFC 5424 severities).

/** In increasing order of severity. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
