// A write that failed because the server ended the connection (its process exited, its stdin
// closed), not because we closed it: no error of ours, and a check cannot judge what it did not see.
import { TransportClosed } from '../transport/errors.js';

export class ServerClosedConnection extends TransportClosed {
  constructor(message: string) {
    super(message);
    this.name = 'ServerClosedConnection';
  }
}

/** A TransportClosed on a connection we were not closing is the server's doing. */
export function blameServer(err: unknown, weAreClosing: boolean): unknown {
  return err instanceof TransportClosed && !weAreClosing ? new ServerClosedConnection(err.message) : err;
}
