import { connect } from 'node:net';
import { TargetUnreachable } from './types.js';
import { unreachableReason } from './http-errors.js';
import { oneLine } from './limits.js';

/**
 * Opens and closes a TCP connection to the URL's host and port: tells "nothing listens there"
 * (TargetUnreachable) apart from everything else without sending any HTTP request, so the
 * server sees no extra traffic.
 */
export async function probeTcp(url: URL, timeoutMs: number): Promise<void> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const failure = await new Promise<string | undefined>((resolve) => {
    const socket = connect({ host, port });
    const done = (reason: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done('connect timed out'), timeoutMs);
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }) => {
      const code = error.code ?? error.errors?.[0]?.code;
      // Other socket errors: let the first real request find out and report it.
      done(unreachableReason(code));
    });
  });
  if (failure) throw new TargetUnreachable(oneLine(`cannot reach ${url.href}: ${failure}`));
}
