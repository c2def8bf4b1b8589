// Turns HTTP client failures (node:http socket, DNS and TLS errors) into one-line texts, and
// tells "could not reach the server at all" (TargetUnreachable) apart from failures of a server
// that was reached.

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

type SocketError = Error & { code?: string; errors?: { code?: string }[] };

/** node:http's texts for a connection the server dropped say little; these say what happened. */
function droppedConnection(error: SocketError): string | undefined {
  if (error.code === 'ECONNRESET' && error.message === 'socket hang up') return 'the server closed the connection without a response';
  if (error.code === 'ECONNRESET' && error.message === 'aborted') return 'the server closed the connection before the response ended';
  if (error.code === 'ECONNRESET') return 'connection reset by the server';
  if (error.code === 'EPIPE') return 'the server closed the connection while the request was being sent';
  return undefined;
}

export function describeHttpError(error: unknown): { unreachable: boolean; text: string } {
  if (error instanceof ExchangeTimeout || error instanceof ExchangeClosed) return { unreachable: false, text: error.message };
  if (!(error instanceof Error)) return { unreachable: false, text: String(error) };
  const failure = error as SocketError;
  // A connect tried on several addresses (IPv4 and IPv6) fails with an AggregateError of them.
  const code = failure.code ?? failure.errors?.[0]?.code;
  // ETIMEDOUT after connecting is a stalled server, not an unreachable one.
  const reason = code === 'ETIMEDOUT' ? undefined : unreachableReason(code);
  if (reason) return { unreachable: true, text: reason };
  const dropped = droppedConnection(failure);
  if (dropped) return { unreachable: false, text: dropped };
  const text = failure.message || failure.name;
  return { unreachable: false, text: code && !text.includes(code) ? `${text} (${code})` : text };
}
