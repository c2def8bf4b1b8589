/** send() was called on a transport that is closed or whose process/connection has ended. */
export class TransportClosed extends Error {
  constructor(message = 'transport is closed') {
    super(message);
    this.name = 'TransportClosed';
  }
}
