// Turns fetch failures into one-line texts, and tells "could not reach the server at all"
// (TargetUnreachable) apart from failures of a server that was reached.

/** Abort reason used when an exchange runs out of time. */
export class ExchangeTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no complete response within ${ms} ms`);
    this.name = 'ExchangeTimeout';
  }
}

/** Abort reason used when the transport is closed while an exchange is running. */
export class ExchangeClosed extends Error {
  constructor(why = 'transport closed') {
    super(`aborted: ${why}`);
    this.name = 'ExchangeClosed';
  }
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
};

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** A one-line reason when a socket error code means the server cannot be reached at all. */
export function unreachableReason(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  if (code in UNREACHABLE) return UNREACHABLE[code];
  if (code === 'ETIMEDOUT') return 'connect timed out';
  if (TLS_CODE.test(code)) return `TLS error (${code})`;
  return undefined;
}

export function describeFetchError(error: unknown): { unreachable: boolean; text: string } {
  if (error instanceof ExchangeTimeout || error instanceof ExchangeClosed) return { unreachable: false, text: error.message };
  const cause = (error as { cause?: unknown } | undefined)?.cause as
    | { code?: string; message?: string; errors?: { code?: string }[] }
    | undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  const reason = code === 'ETIMEDOUT' ? undefined : unreachableReason(code);
  if (reason) return { unreachable: true, text: reason };
  const text = cause?.message ?? (error instanceof Error ? error.message : String(error));
  // fetch refuses some ports outright (the Fetch standard's "bad port" list).
  if (text === 'bad port') return { unreachable: true, text: 'port blocked by fetch (bad port)' };
  return { unreachable: false, text: code ? `${text} (${code})` : text };
}
